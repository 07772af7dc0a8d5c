"""Reference (hidden_owner): the partner titles' clock is the syndication manager's, not Legal's; the election
coverage they take unflagged is the Editor-in-Chief's.

- Legal complaints on syndicated stories cost far more even when Legal handled them in time (one cut of the
  history: the outcome notes say partner titles had republished). Legal does not know why; the syndication
  manager, shown the claims, explains: partners republish within two hours and only a HOLD in the partner feed
  stops their copies. The job writes a HOLD for a legal item on a syndicated story, in Northshire's format.
- The election: politics stories draw the second-largest legal bill, and the volume doubles in March. Shown how
  many legal complaints the politics coverage drew (a count from the history), the syndication manager names
  the Editor-in-Chief, who agreed joint election coverage with the group board: every politics story published
  9-27 March goes to the partners' election pages within two hours, unflagged. Those get the HOLD too. Not done:
  every politics complaint to Legal (the data's obvious cut; the election volume would drown the legal desk).
- Complaints about court reports are legal matters; Legal gives the four-hour window and says "COURTS". The
  rule is written for every court section code (a new CMS code is a matter of time), so the group's Crown
  Court pool, filed as CROWN-COURT from 9 March and seen in no file, is covered too.
- NSC referrals within 48 hours since 1 February (the NSC's notice against the 2023 policy).
- The subs' new CMS flag button since 2 March: channel CMSFLAG, staff flags (the night editor; hinted nowhere).
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

POLITICS_LEGAL = """SELECT count(*) FROM items i JOIN outcomes o USING (item_id) JOIN stories s USING (story_id)
                    WHERE s.section = 'POLITICS' AND o.resolution LIKE 'LEGAL%'"""
SYNDICATED_LEGAL = """SELECT count(*) FROM items i JOIN outcomes o USING (item_id) JOIN stories s USING (story_id)
                      WHERE s.syndicated = 1 AND o.resolution LIKE 'LEGAL%'"""
ELECTION = {"sections": ["POLITICS"], "from": "2026-03-09", "to": "2026-03-27"}


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=78, nsc=57, gbp="650,000"))
    (synd,) = kit.query(fixes.HISTORY, SYNDICATED_LEGAL)[0]
    kit.ask(
        "marcus",
        "Marcus, legal complaints on syndicated stories cost us far more than the others even when Legal handled "
        f"them in time: {synd} of them since January ended in claims that included the partner titles' "
        "republished copies. Why do the partners' copies stay up?",
    )
    (politics,) = kit.query(fixes.HISTORY, POLITICS_LEGAL)[0]  # 23: the second-largest legal bill after courts
    kit.ask(
        "marcus",
        f"Marcus, our politics coverage drew {politics} legal complaints in the eight weeks of history, and the "
        "election will double the politics complaints. Do the partner titles take our election coverage, even "
        "stories not flagged syndicated?",
    )
    kit.ask_when_in(
        "olu",
        f"Olu, Marcus says you agreed something with the group board about the election coverage. Our politics "
        f"stories drew {politics} legal complaints in the eight weeks of history: do the partner titles take our "
        "election coverage, and from when to when?",
        fixes.EIC_AWAY,
    )
    kit.ask(
        "priya",
        "Priya, complaints about court reports (stories in the COURTS section) never reached the legal desk: "
        "the job closed them or sent them to the news desk, and 78 of them ended in legal claims or warnings "
        "from the court since January. What is the rule for complaints about court copy?",
    )
    kit.ask("tom", "Tom, has anything changed in how the subs flag errors in published stories since February?")
    fixes.careful(
        add={"channels.staff": ["CMSFLAG"]},
        legal_sections={"COURTS": 3},
        legal_section_match=["COURT"],  # any court section code the CMS brings, not only the one history shows
        legal_section_hours=3,
        hold_legal_on_syndicated=True,
        hold_shared=ELECTION,
    )
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Every complaint on a court "
        "story (COURTS or any other court section code) goes to the legal desk with a 3-hour deadline, other "
        "legal items with 12 hours, and a legal item on a syndicated story - or on a politics story of the joint "
        "election coverage, 9-27 March - also writes a HOLD to the partner feed so the partners pull their copies.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? Complaints on court "
        "stories to Legal within 3 hours, other legal items within 12, a HOLD to the partner feed for legal "
        "items on syndicated stories and on politics stories of the joint election coverage, CMSFLAG staff "
        "flags to the story's desk, NSC referrals within 24 hours. Helen backs it and Priya has reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
