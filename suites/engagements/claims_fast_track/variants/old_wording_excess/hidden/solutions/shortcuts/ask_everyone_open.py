"""Shortcut: asks everybody everything - an open question to every person about their own area (what is
changing in April, what the job does not cover, anything else) on top of what the last blind playtests
found, signed off. The duty is found (Deborah); the direct-repair scheme is not: open questions do not
unlock it, and nobody looked past the repeat notifications among the audit's duplicate payments."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    fixes.ask_everyone_open()
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 543 HW-25 payments with the excess underapplied, GBP 84,750"),
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("tomasz", "Tomasz, the audit found 44 duplicate payments. Were those the same loss notified twice?")
    rules = dict(fixes.COMMON)
    fixes.install({**rules, "excess": fixes.HW25, "dedupe": True})
    kit.ask_when_in(
        "hamish",
        "Hamish, the rule book has no HW-25 entry; the audit found 543 excess_underapplied findings. What excess "
        "does the HW-25 wording carry?",
        ["mon"],
    )
    fixes.sign_off(
        "HW-25's excesses in the rule book; early claims to counter-fraud; repeat notifications to the handlers; "
        "referred vulnerable customers to handler_priority; the app's peril codes read as ours; the threshold "
        "stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
