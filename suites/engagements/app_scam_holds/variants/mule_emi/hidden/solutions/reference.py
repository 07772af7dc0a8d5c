"""Reference (mule_emi variant): a targeted hold on new personal payees at Quillfort Payments, cleared.

- Mule networks bank at Quillfort Payments (QFP) since November; FCI assessment FCI-2026-011 (Anouk).
- From February the network also uses Voltaic Money (VLT): one cut of the claims; Anouk's addendum
  FCI-2026-011A when shown it; a second targeted hold (R13).
- Institution-based rule: Payments Compliance clearance under CP-12 (Gwen), which needs the assessment.
- App release 7.2 (2 March; the sponsor knows) adds the purpose 'savings': the safe-account hold covers it.
- Fraud Operations' cost of a hold (Declan), then the FRCB chair's sign-off (Ines, away on Mondays).
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"
DRAINING = {
    "rule_id": "R15", "priority": "59", "enabled": "1", "action": "HOLD",
    "condition": "amount >= 1000 and balance_share >= 0.6",
    "name": "Most of the balance", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "A payment of 60 % or more of the available balance is rarely genuine, whatever its purpose",
}
INVESTMENT = {
    "rule_id": "R14", "priority": "58", "enabled": "1", "action": "HOLD",
    "condition": "purpose in ('investment', 'other') and amount >= 1000 and balance_share >= 0.4",
    "name": "Investment pattern", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "Investment scams: the largest typology no rule held; victims move a large share of their balance",
}
QFP_HOLD = {
    "rule_id": "R11", "priority": "45", "enabled": "1", "action": "HOLD",
    "condition": "payee_inst == 'QFP' and payee_type == 'personal' and payee_new and amount >= 250",
    "name": "Quillfort mule accounts", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "FCI-2026-011; CP-12 clearance by Payments Compliance; review in 3 months",
}
VLT_HOLD = dict(QFP_HOLD, rule_id="R13", priority="46", name="Voltaic mule accounts",
                condition="payee_inst == 'VLT' and payee_type == 'personal' and payee_new and amount >= 250",
                notes="FCI-2026-011A; CP-12 clearance by Payments Compliance; review in 3 months")
SAFE_ACCOUNT = {"rule_id": "R05", "condition": "purpose in ('own_account', 'savings') and "
                                             "amount >= 1000 and (cop_result != 'MATCH' or device_new_h <= 168)"}


def main() -> int:
    kit.ask("anouk", "Anouk, since November many of our scam claims went to new personal accounts at "
                     "Quillfort Payments. Do you have an intelligence assessment of mule accounts at Quillfort "
                     "(QFP)? And in February the scam claims on new personal payees at Voltaic Money jumped - from "
                     "about five in January to fifteen. Is the Quillfort network moving there?")
    kit.ask("gwen", "Gwen, could you clear under CP-12 an institution-based hold rule: hold first payments of "
                    "GBP 250 or more to new personal payees at Quillfort Payments (payee_inst QFP), on the basis "
                    "of Anouk's FCI assessment FCI-2026-011, and the same at Voltaic Money (VLT) on her addendum?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    kit.merge_csv(RULES, "rule_id", [QFP_HOLD, VLT_HOLD, SAFE_ACCOUNT, INVESTMENT, DRAINING])
    kit.run(["python3", "system/run_holds.py", "--db", "data/payments.db", "--out", "/tmp/holds_check",
             "--month", "2026-02"])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens? Also, is anything changing in the app's payment "
                     "journey next month - new purpose options in the picker, for instance?")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: add R11 holding "
                            "first payments of GBP 250 or more to new personal payees at Quillfort Payments and R13 "
                            "the same at Voltaic Money, cleared by Gwen under CP-12 on Anouk's FCI-2026-011 and its "
                            "addendum, and let R05 cover the app's new savings purpose? Declan puts a hold at "
                            "GBP 14."
                            " Also add R14, holding investment or other payments of GBP 1,000 or more that take 40% or more "
                            "of the balance: investment scams are the largest typology no rule holds; and R15, holding "
                            "any payment of GBP 1,000 or more that takes 60% or more of the balance.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
