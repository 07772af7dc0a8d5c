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
        fixes.SPONSOR.format(
            figure="119 settled claims were fraud_confirmed by the audit, and storm claims depend on the footprint"
        ),
    )
    kit.ask(
        "nadia", "Nadia, which districts does Storm Wren's footprint cover, and is the storm_events feed confirmed?"
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("tomasz", "Tomasz, the audit found 38 duplicate payments. Were those the same loss notified twice?")
    rules = dict(fixes.COMMON)
    fixes.install({**rules, "storm_footprints": fixes.WREN, "ignore_storm_events": True, "dedupe": True})
    fixes.sign_off(
        "Storm claims settled only inside Wren's confirmed footprint; early claims to counter-fraud; repeat "
        "notifications to the handlers; referred vulnerable customers to handler_priority; the app's peril codes "
        "read as ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
