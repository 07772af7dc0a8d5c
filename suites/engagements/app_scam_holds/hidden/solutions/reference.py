"""Reference (base variant): retune the count-tuned rules for net benefit, with the facts and the sign-off.

- R06 (marketplace purchases) holds ~200 genuine payments a month for purchase scams worth little after the
  excess and the receiving PSP's half: disable it.
- R01 releases every own-account transfer, which is how safe-account (impersonation) victims pay: replace it
  by a hold on new own-account payees of GBP 1,000+ with a name mismatch or a new device in the last 72 h.
- R07 holds completion payments to conveyancers whose name matches: release those (R09).
- Fraud Operations' impact figures (Declan), then the FRCB chair's sign-off (Ines, away on Mondays).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam? Separately, do "
                      "safe-account scam victims ever reach your queue, or does the own-account release R01 let "
                      "them through?")
    c.edit_rules(c.base_fix)
    c.run_history_check("2026-02")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to the hold rules: disable R06 "
                            "(marketplace purchases), retire R01 in favour of a hold on new own-account payees of "
                            "GBP 1,000 or more with a name mismatch or a new device in the last 72 hours (R05), and "
                            "release completion payments to conveyancers whose name matches (R09)? Declan has "
                            "confirmed GBP 14 per hold and the stop rates.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
