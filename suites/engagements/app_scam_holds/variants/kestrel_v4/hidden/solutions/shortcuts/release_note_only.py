"""Shortcut (kestrel_v4): the one planted fact - Yusuf's release note (0.40 = old 85) applied as R04 >= 0.40,
plus the app's savings purpose; every score read as a probability, so the v3 fallback windows are held whole."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"
SAFE_ACCOUNT = {"rule_id": "R05", "condition": "purpose in ('own_account', 'savings') and payee_new and "
                                             "amount >= 1000 and (cop_result != 'MATCH' or device_new_h <= 72)"}


def main() -> int:
    kit.ask("yusuf", "Yusuf, since 13 January every kestrel_score is between 0 and 1 instead of 0-100, and R04 "
                     "has not fired since. Which v4 value matches the old 85?")
    kit.ask("odile", "Odile, is anything changing in the app's payment journey - new purpose options in the "
                     "picker, for instance - that the hold engine will see next month?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R04", "condition": "kestrel_score >= 0.40"}, SAFE_ACCOUNT])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, could you approve a change to the hold rules? Since 13 January kestrel_score "
                            "arrives between 0 and 1, so R04 should hold at 0.40 and above (Yusuf's release note), "
                            "and R05 should cover the new savings purpose. A hold costs GBP 14.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
