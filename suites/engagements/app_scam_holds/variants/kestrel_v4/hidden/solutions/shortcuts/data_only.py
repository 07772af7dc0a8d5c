"""Shortcut (kestrel_v4): everything the data and the vendor contact give - the v4 threshold and the v3
fallback guard - without asking what changes in the app next month."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("yusuf", "Yusuf, since 13 January every kestrel_score is between 0 and 1 instead of 0-100, and R04 "
                     "has not fired since. Which v4 value matches the old 85?")
    kit.ask("yusuf", "Also, on 9 and 24 February some payments have integer Kestrel scores on the old 0-100 scale "
                     "again. What happened there?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R04", "condition": "kestrel_score >= 0.40 and kestrel_score < 1 "
                                                   "or kestrel_score >= 85"}])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, could you approve a change to rule R04? Since 13 January kestrel_score arrives "
                            "between 0 and 1, so hold at 0.40 and above (the release note's match for 85), and at "
                            "85 for the v3 fallback integers. A hold costs GBP 14.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
