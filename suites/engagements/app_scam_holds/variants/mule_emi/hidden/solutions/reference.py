"""Reference (mule_emi variant): a targeted hold on new personal payees at Quillfort Payments, cleared.

- Mule networks bank at Quillfort Payments (QFP) since November; FCI assessment FCI-2026-011 (Anouk).
- Institution-based rule: Payments Compliance clearance under CP-12 (Gwen), which needs the assessment.
- Fraud Operations' impact figures (Declan), then the FRCB chair's sign-off (Ines, away on Mondays).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402

QFP_HOLD = {
    "rule_id": "R11", "priority": "45", "enabled": "1", "action": "HOLD",
    "condition": "payee_inst == 'QFP' and payee_type == 'personal' and payee_new and amount >= 250",
    "name": "Quillfort mule accounts", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "FCI-2026-011; CP-12 clearance by Payments Compliance; review in 3 months",
}


def main() -> int:
    kit.ask("anouk", "Anouk, since November many of our investment-scam claims went to new personal accounts at "
                     "Quillfort Payments. Do you have an intelligence assessment of mule accounts at Quillfort "
                     "(QFP)?")
    kit.ask("gwen", "Gwen, could you clear under CP-12 an institution-based hold rule: hold first payments of "
                    "GBP 250 or more to new personal payees at Quillfort Payments (payee_inst QFP), on the basis "
                    "of Anouk's FCI assessment FCI-2026-011?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    c.edit_rules(lambda rows: c.upsert(rows, QFP_HOLD))
    c.run_history_check("2026-02")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: add R11 holding "
                            "first payments of GBP 250 or more to new personal payees at Quillfort Payments, "
                            "cleared by Gwen under CP-12 on Anouk's FCI-2026-011? Declan has confirmed GBP 14 per "
                            "hold.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
