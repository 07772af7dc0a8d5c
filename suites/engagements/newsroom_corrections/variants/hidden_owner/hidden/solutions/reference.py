"""Reference (hidden_owner): the partner titles' clock is the syndication manager's, not Legal's.

- Legal complaints on syndicated stories cost far more even when Legal handled them in time (one cut of the
  history: the outcome notes say partner titles had republished). Legal does not know why; the syndication
  manager, shown the claims, explains: partners republish within two hours and only a HOLD in the partner feed
  stops their copies. The job writes a HOLD for a legal item on a syndicated story, in Northshire's format.
- Complaints about court reports are legal matters (COURTS); Legal gives the four-hour window.
- NSC referrals within 48 hours since 1 February (the NSC's notice against the 2023 policy).
- The subs' new CMS flag button since 2 March: channel CMSFLAG, staff flags (the night editor; hinted nowhere).
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="620,000"))
    kit.ask(
        "marcus",
        "Marcus, legal complaints on syndicated stories cost us far more than the others even when Legal handled "
        "them in time: 68 of them since January ended in claims that included the partner titles' republished "
        "copies. Why do the partners' copies stay up?",
    )
    kit.ask(
        "priya",
        "Priya, complaints about court reports (stories in the COURTS section) never reached the legal desk: "
        "the job closed them or sent them to the news desk, and 76 of them ended in legal claims or warnings "
        "from the court since January. What is the rule for complaints about court copy?",
    )
    kit.ask("tom", "Tom, has anything changed in how the subs flag errors in published stories since February?")
    fixes.careful(
        add={"channels.staff": ["CMSFLAG"]},
        legal_sections={"COURTS": 3},
        hold_legal_on_syndicated=True,
    )
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
