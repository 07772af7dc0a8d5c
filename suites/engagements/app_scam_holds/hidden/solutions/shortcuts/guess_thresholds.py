"""Shortcut: guess - raise the amount thresholds of the noisy rules without analysis or asking anyone
but the approver's prerequisites. Signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    _fields, rows = kit.read_csv(RULES)
    changes = []
    for r in rows:
        if r["rule_id"] == "R06":
            changes.append({"rule_id": "R06", "condition": r["condition"].replace("amount >= 100", "amount >= 750")})
        if r["rule_id"] == "R07":
            changes.append({"rule_id": "R07", "condition": r["condition"].replace("amount >= 5000",
                                                                                  "amount >= 10000")})
    kit.merge_csv(RULES, "rule_id", changes)
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens?")
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: raise the R06 threshold to GBP 750 and the "
                            "R07 threshold to GBP 10,000 to cut the queue.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
