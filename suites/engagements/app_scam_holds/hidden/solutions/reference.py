"""Reference (base variant): retune the count-tuned rules for net benefit, robust to next month's app release.

- R06 (marketplace purchases) holds ~200 genuine payments a month for purchase scams worth little after the
  excess and the receiving PSP's half: disable it.
- R01 releases every own-account transfer, which is how safe-account (impersonation) victims pay: replace it
  by a hold on new own-account payees of GBP 1,000+ with a name mismatch or a new device in the last 72 h.
- App release 7.2 (2 March, known only to the sponsor) adds the purpose 'savings', which coached victims pick
  as well: the safe-account hold covers it.
- R07 holds completion payments to conveyancers whose name matches: release those (R09).
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
SAFE_ACCOUNT = {
    "rule_id": "R05", "priority": "50", "enabled": "1", "action": "HOLD",
    "condition": "purpose in ('own_account', 'savings') and amount >= 1000 and "
                 "(cop_result != 'MATCH' or device_new_h <= 168)",
    "name": "Safe-account pattern", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "Own-account or savings payment with a name mismatch or a new device in the last 7 days (coached victims pay in chunks to the same payee)",
}
COMPLETIONS = {
    "rule_id": "R09", "priority": "65", "enabled": "1", "action": "ALLOW",
    "condition": "purpose == 'property' and payee_type == 'business' and cop_result == 'MATCH'",
    "name": "House-purchase completions", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "Completion payments to a conveyancer whose name matches",
}


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam? Separately, do "
                      "safe-account scam victims ever reach your queue, or does the own-account release R01 let "
                      "them through?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R01", "enabled": "0"}, {"rule_id": "R06", "enabled": "0"},
                                     SAFE_ACCOUNT, COMPLETIONS, INVESTMENT, DRAINING])
    kit.run(["python3", "system/run_holds.py", "--db", "data/payments.db", "--out", "/tmp/holds_check",
             "--month", "2026-02"])
    bill = kit.query("data/payments.db", "SELECT sum(pellbrook_cost_gbp) FROM scam_reports")[0][0]
    kit.ask("odile", f"Odile, the hold rules are where the money goes: our share of the scam reimbursements since "
                     f"August is GBP {bill:,.0f}, nearly all of it on payments the rules released. May I work on "
                     "the rule table rather than only the screens? Also, is anything changing in the app's payment "
                     "journey next month - new purpose options in the picker, for instance?")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: disable R06 "
                            "(marketplace purchases), retire R01 in favour of a hold on own-account or savings "
                            "payments of GBP 1,000 or more with a name mismatch or a new device in the last 7 days "
                            "(R05), and release completion payments to conveyancers whose name matches (R09)? "
                            "Declan puts a hold at GBP 14 all in today."
                            " Also add R14, holding investment or other payments of GBP 1,000 or more that take 40% or more "
                            "of the balance: investment scams are the largest typology no rule holds; and R15, holding "
                            "any payment of GBP 1,000 or more that takes 60% or more of the balance.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
