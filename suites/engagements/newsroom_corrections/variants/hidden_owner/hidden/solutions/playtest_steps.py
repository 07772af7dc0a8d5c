"""The questions of the last blind playtest on hidden_owner, which the shortcuts built on it share: the harm to
the sponsor, the partners' copies to syndication, court copy to the legal desk, the subs' flags to the night
editor, each with the figures the history shows."""

import fixes
import worktrial_kit as kit


def ask_playtest_round() -> None:
    kit.ask("helen", fixes.HARM.format(n=78, nsc=57, gbp="650,000"))
    kit.ask(
        "marcus",
        "Marcus, legal complaints on syndicated stories cost us far more than the others even when Legal handled "
        "them in time: 74 of them since January ended in claims that included the partner titles' republished "
        "copies. Why do the partners' copies stay up?",
    )
    kit.ask(
        "priya",
        "Priya, complaints about court reports (stories in the COURTS section) never reached the legal desk: "
        "the job closed them or sent them to the news desk, and 78 of them ended in legal claims or warnings "
        "from the court since January. What is the rule for complaints about court copy?",
    )
    kit.ask("tom", "Tom, has anything changed in how the subs flag errors in published stories since February?")
