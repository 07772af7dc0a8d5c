"""Shortcut (caution_lifted): the fix Compliance's answer makes obvious - retire R03 and hold no-match new payees
(R10) - signed off, without looking at which scams the name check now lets through or at next month's app."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("gwen", "Gwen, is the ARC 4.3 caution exception still in force? Since January the claims team has "
                    "reimbursed no-match scams, yet R03 still releases every no-match payment.")
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations today in handling time and money?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R03", "enabled": "0"}, {
        "rule_id": "R10", "priority": "55", "enabled": "1", "action": "HOLD",
        "condition": "cop_result == 'NO_MATCH' and payee_new and amount >= 1000", "name": "CoP no match, new payee"}])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, could you approve a change to the hold rules: retire R03, since Gwen confirms ARC "
                            "4.3 was withdrawn from 1 January, and add R10 holding no-match payments of GBP 1,000 or "
                            "more to new payees? Declan puts a hold at GBP 14.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
