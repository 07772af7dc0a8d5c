"""Shortcut: fits everything the history shows, signed off, but asks nobody about what it sees - the fix, early
claims, repeat notifications, no cash settlement of escape of water claims in KN1-KN4 (where the audit found the
unexplained duplicate payments: the pilot only, not April's roll-out), and a lower flag score for web claims (the
ring of February and March, closed in March: a wrong fix that sends genuine customers to counter-fraud)."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit

PILOT = {"direct_repair": {"perils": ["EOW"], "districts": ["KN1", "KN2", "KN3", "KN4"]}}


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 543 HW-25 payments with the excess underapplied, GBP 84,750"),
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    rules = {k: v for k, v in fixes.COMMON.items() if k != "vulnerable_priority"}
    fixes.install({**rules, **PILOT, "excess": fixes.HW25, "dedupe": True, "channel_flag_score": {"web": 0.3}})
    fixes.sign_off(
        "HW-25's excesses in the rule book; early claims to counter-fraud; repeat notifications to the handlers; "
        "no cash settlement of escape of water claims in KN1-KN4; web claims to counter-fraud from a score of "
        "0.3; the app's peril codes."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
