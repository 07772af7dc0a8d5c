"""Shortcut: what the last blind playtests found, signed off - the HW-25 excess (Hamish), early claims (Tomasz),
the app's codes, repeat notifications to the handlers; never asked Deborah, never looked past the repeat
notifications among the audit's duplicate payments (the direct-repair scheme is missed)."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 543 HW-25 payments with the excess underapplied, GBP 84,750"),
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("tomasz", "Tomasz, the audit found 44 duplicate payments. Were those the same loss notified twice?")
    rules = {k: v for k, v in fixes.COMMON.items() if k != "vulnerable_priority"}
    fixes.install({**rules, "excess": fixes.HW25, "dedupe": True})
    kit.ask_when_in(
        "hamish",
        "Hamish, the rule book has no HW-25 entry; the audit found 543 excess_underapplied findings. What excess "
        "does the HW-25 wording carry?",
        ["mon"],
    )
    fixes.sign_off(
        "HW-25's excesses in the rule book; early claims to counter-fraud; repeat notifications to the handlers; "
        "the app's peril codes read as ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
