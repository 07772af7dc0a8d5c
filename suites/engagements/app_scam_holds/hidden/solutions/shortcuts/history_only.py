"""Shortcut: everything the history shows, nothing about next month - the count-tuned rules retuned for
net benefit (R06 off, R01 replaced by the own-account safe-account hold, matched completions released),
with Declan's figures and the sign-off, but without asking what changes in the app from 2 March."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"
BASE_FIX = [
    {"rule_id": "R01", "enabled": "0"},
    {"rule_id": "R06", "enabled": "0"},
    {"rule_id": "R05", "priority": "50", "enabled": "1", "action": "HOLD",
     "condition": "purpose == 'own_account' and payee_new and amount >= 1000 and "
                  "(cop_result != 'MATCH' or device_new_h <= 72)", "name": "Safe-account pattern"},
    {"rule_id": "R09", "priority": "65", "enabled": "1", "action": "ALLOW",
     "condition": "purpose == 'property' and payee_type == 'business' and cop_result == 'MATCH'",
     "name": "House-purchase completions"},
]


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and do safe-account victims reach your queue?")
    kit.merge_csv(RULES, "rule_id", BASE_FIX)
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: disable R06, "
                            "retire R01 in favour of a hold on new own-account payees of GBP 1,000 or more with a "
                            "name mismatch or a new device in the last 72 hours (R05), and release completion "
                            "payments to conveyancers whose name matches (R09)? Declan puts a hold at GBP 14.",
                    ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
