"""Shortcut: asks everybody everything - an open question to every person about their own area (what is
changing in April, what the job does not cover, anything else) on top of what the last blind playtests
found, signed off. The duty is found (Deborah); the direct-repair scheme is not: open questions do not
unlock it, and nobody looked past the repeat notifications among the audit's duplicate payments."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit

OPEN = {
    "ruth": "Ruth, is anything changing in claims operations in April that the fast-track job should allow for?",
    "tomasz": "Tomasz, is anything changing in counter-fraud or the audit in April? Which claims does the job miss?",
    "deborah": "Deborah, is anything changing in the regulation of claims handling from April?",
    "hamish": "Hamish, is anything changing in the wordings or the rule book in April?",
    "nadia": "Nadia, is anything changing with the panel, the repairers or the adjusters in April?",
}
ANYTHING = "Is there anything else about the fast-track I should know, or anything it does not cover?"


def main() -> int:
    for person, question in OPEN.items():
        if person == "hamish":
            kit.ask_when_in(person, question, ["mon"])
        else:
            kit.ask(person, question)
        kit.ask(person, ANYTHING)
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
