"""Reference (kestrel_v4 variant): put R04 on the v4 score scale, without contacting the vendor.

- Kestrel's v4 model (live 13 January 2026) sends a calibrated probability 0-1; R04 (>= 85) never fires.
  The release note went to Yusuf (Kestrel's named contact): 0.40 keeps the v3 alert volume of 85.
- Kestrel staff are off limits (dispute; Legal).
- Fraud Operations' impact figures (Declan), then the FRCB chair's sign-off (Ines, away on Mondays).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("yusuf", "Yusuf, since 13 January kestrel_score arrives as values between 0 and 1 instead of 0-100, and "
                     "R04 (kestrel_score >= 85) has not fired since. Did Kestrel change the score scale, and which "
                     "v4 value matches the old 85?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money, and how often does the call stop the scam?")
    c.edit_rules(lambda rows: c.set_condition(rows, "R04", "kestrel_score >= 0.40",
                                              "Kestrel v4 probability since 13 Jan 2026; 0.40 = v3 85 (release note)"))
    c.run_history_check("2026-02")
    kit.ask_when_in("ines", "Ines, could you approve, as FRCB chair, a change to rule R04: hold at kestrel_score "
                            ">= 0.40 instead of 85, because Kestrel's v4 model, live since 13 January, sends a 0-1 "
                            "probability and 0.40 matches the old 85 per their release note (Yusuf)? Declan has "
                            "confirmed GBP 14 per hold.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
