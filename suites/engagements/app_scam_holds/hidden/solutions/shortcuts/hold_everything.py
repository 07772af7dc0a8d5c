"""Shortcut: escalate everything - put every in-scope payment in front of an agent, signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "X01", "priority": "1", "enabled": "1", "action": "HOLD",
                                      "condition": "True", "name": "Review every payment"}])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: add X01 so that every in-scope payment is "
                            "held for an agent call until we understand the losses.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
