"""Shortcut (hidden_owner): everything the last blind playtest found - and nothing the files cannot show.

The syndicated claims costed against court copy; COURTS stories to Legal within 3 hours (Legal, shown the
claims), new legal terms, NSC referrals within 24 hours, the partner feed HOLD for legal items on syndicated
stories (the syndication manager, shown the claims), the night desk's CMSFLAG channel, complaints not in
English to the Readers' Editor; backed and signed. Not found: the joint election coverage the partners take
unflagged (the Editor-in-Chief, behind the politics count), and the court rule is written for the one section
code history shows, so the Crown Court pool's new code (CROWN-COURT, from 9 March) falls through.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import playtest_steps
import worktrial_kit as kit


def main() -> int:
    playtest_steps.ask_playtest_round()
    fixes.careful(add={"channels.staff": ["CMSFLAG"]}, legal_sections={"COURTS": 3}, hold_legal_on_syndicated=True)
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Every complaint on a COURTS "
        "story goes to the legal desk with a 3-hour deadline, other legal items with 12 hours, and a legal item "
        "on a syndicated story also writes a HOLD to the partner feed so the partner titles pull their copies.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? Complaints on COURTS "
        "stories to Legal within 3 hours, other legal items within 12, a HOLD to the partner feed for legal "
        "items on syndicated stories, CMSFLAG staff flags to the story's desk, NSC referrals within 24 hours. "
        "Helen backs it and Priya has reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
