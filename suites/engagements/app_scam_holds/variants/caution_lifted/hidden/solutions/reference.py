"""Reference (caution_lifted variant): the CoP caution exception is gone, so R03 must go too.

- PSCB policy statement PS-25/07 withdrew ARC 4.3 for payments made from 1 January 2026 (Compliance): a
  scam paid after a Confirmation of Payee no-match warning is now reimbursed like any other.
- R03 releases every no-match payment before any hold rule looks at it; retire it, and hold first payments
  of GBP 1,000+ to new payees whose name check says no match (R10).
- Since December invoice-redirection fraudsters open accounts one letter off the real firm's name: the claims
  show them as CLOSE_MATCH, which no rule holds below R07's GBP 5,000 - hold new business payees for trades,
  bills and completions with a close match from GBP 1,000 (R12).
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
NO_MATCH_HOLD = {
    "rule_id": "R10", "priority": "55", "enabled": "1", "action": "HOLD",
    "condition": "cop_result == 'NO_MATCH' and payee_new and amount >= 1000",
    "name": "CoP no match, new payee", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "ARC 4.3 withdrawn for payments from 1 Jan 2026 (PS-25/07): no-match scams are reimbursable",
}
CLOSE_MATCH_HOLD = {
    "rule_id": "R12", "priority": "56", "enabled": "1", "action": "HOLD",
    "condition": "cop_result == 'CLOSE_MATCH' and payee_type == 'business' and payee_new and amount >= 1000 and "
                 "purpose in ('trades', 'bills', 'property')",
    "name": "Close-match business payee", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "Invoice redirection to look-alike business names since Dec 2025 (claims data)",
}
SAFE_ACCOUNT = {"rule_id": "R05", "condition": "purpose in ('own_account', 'savings') and "
                                             "amount >= 1000 and (cop_result != 'MATCH' or device_new_h <= 168)"}


def main() -> int:
    kit.ask("gwen", "Gwen, is the ARC 4.3 caution exception for Confirmation of Payee no-match payments still in "
                    "force? Rule R03 releases every no-match payment on that basis, yet the claims team has "
                    "reimbursed no-match scams since January.")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R03", "enabled": "0"}, NO_MATCH_HOLD, CLOSE_MATCH_HOLD,
                                     SAFE_ACCOUNT, INVESTMENT, DRAINING])
    kit.run(["python3", "system/run_holds.py", "--db", "data/payments.db", "--out", "/tmp/holds_check",
             "--month", "2026-02"])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens? Also, is anything changing in the app's payment "
                     "journey next month - new purpose options in the picker, for instance?")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: retire R03 (the "
                            "no-match release), since Gwen confirms the ARC 4.3 caution exception was withdrawn for "
                            "payments from 1 January 2026, add R10 holding first payments of GBP 1,000 or more "
                            "to new payees whose name check returns no match, add R12 holding close-match payments "
                            "of GBP 1,000 or more to new business payees for trades, bills and completions, and let "
                            "R05 cover the app's new savings purpose? Declan puts a hold at GBP 14."
                            " Also add R14, holding investment or other payments of GBP 1,000 or more that take 40% or more "
                            "of the balance: investment scams are the largest typology no rule holds; and R15, holding "
                            "any payment of GBP 1,000 or more that takes 60% or more of the balance.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
