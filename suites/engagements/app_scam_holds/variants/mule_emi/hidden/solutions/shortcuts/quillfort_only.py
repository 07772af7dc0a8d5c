"""Shortcut (mule_emi): the assessed institution only - R11 on Quillfort with the clearance and the sign-off, no
look at where the network's money went in February, nothing about next month's app."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("anouk", "Anouk, since November many of our scam claims went to new personal accounts at Quillfort "
                     "Payments. Do you have an intelligence assessment of mule accounts at Quillfort (QFP)?")
    kit.ask("gwen", "Gwen, could you clear under CP-12 a hold on first payments of GBP 250 or more to new personal "
                    "payees at Quillfort Payments, on the basis of Anouk's FCI-2026-011?")
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations today in handling time and money?")
    kit.merge_csv(RULES, "rule_id", [{
        "rule_id": "R11", "priority": "45", "enabled": "1", "action": "HOLD",
        "condition": "payee_inst == 'QFP' and payee_type == 'personal' and payee_new and amount >= 250",
        "name": "Quillfort mule accounts"}])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, could you approve a change to the hold rules: add R11 holding first payments of "
                            "GBP 250 or more to new personal payees at Quillfort Payments, cleared by Gwen under "
                            "CP-12 on FCI-2026-011? Declan puts a hold at GBP 14.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
