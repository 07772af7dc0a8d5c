"""Reference (kestrel_v4 variant): put R04 on the v4 score scale without breaking on v3 fallback scores, and
cover the app's new savings purpose - without contacting the vendor.

- Kestrel's v4 model (live 13 January 2026) sends a calibrated probability 0-1; R04 (>= 85) never fires.
  The release note went to Yusuf (Kestrel's named contact), who gives it when shown the scores: 0.40 keeps
  the v3 alert volume of 85.
- When v4 is down the hub falls back to the v3 engine, which still sends 0-100 integers (two windows in
  February in the data; longer maintenance windows in March): hold those at the old 85, not at 0.40.
- App release 7.2 (2 March; the sponsor knows) adds the purpose 'savings': the safe-account hold covers it.
- Kestrel staff are off limits (dispute; Legal). Declan's cost of a hold, then Ines's sign-off (away Mondays).
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
R04 = {"rule_id": "R04", "condition": "kestrel_score >= 0.40 and kestrel_score < 1 or kestrel_score >= 85",
       "notes": "Kestrel v4 probability since 13 Jan 2026 (0.40 = v3 85, release note); v3 fallback scores "
                "0-100 at the old 85"}
SAFE_ACCOUNT = {"rule_id": "R05", "condition": "purpose in ('own_account', 'savings') and "
                                             "amount >= 1000 and (cop_result != 'MATCH' or device_new_h <= 168)"}


def main() -> int:
    kit.ask("yusuf", "Yusuf, since 13 January every kestrel_score is between 0 and 1 instead of 0-100, and R04 "
                     "(kestrel_score >= 85) has not fired since. Did Kestrel change the score scale, and which v4 "
                     "value matches the old 85?")
    kit.ask("yusuf", "Also, on 9 and 24 February some payments have integer Kestrel scores on the old 0-100 scale "
                     "again, for a few hours each. What happened there, and will it happen again?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    kit.merge_csv(RULES, "rule_id", [R04, SAFE_ACCOUNT, INVESTMENT, DRAINING])
    kit.run(["python3", "system/run_holds.py", "--db", "data/payments.db", "--out", "/tmp/holds_check",
             "--month", "2026-02"])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens? Also, is anything changing in the app's payment "
                     "journey next month - new purpose options in the picker, for instance?")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules? Since 13 January "
                            "kestrel_score arrives as a probability between 0 and 1 (Kestrel v4), so R04 at 85 has "
                            "not fired since: R04 should hold at 0.40 and above, which Yusuf's release note maps to "
                            "the old 85, and at 85 for the v3 fallback scores. R05 should also cover the app's new "
                            "savings purpose. Declan puts a hold at GBP 14 all in."
                            " Also add R14, holding investment or other payments of GBP 1,000 or more that take 40% or more "
                            "of the balance: investment scams are the largest typology no rule holds; and R15, holding "
                            "any payment of GBP 1,000 or more that takes 60% or more of the balance.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
