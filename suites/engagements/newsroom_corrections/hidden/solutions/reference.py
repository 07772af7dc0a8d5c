"""Reference (base variant): fix what reaches Legal and the Readers' Editor, with the facts staff hold.

- The fast lane (CR-2025-12) checks accuracy words before the legal terms: defamation complaints that say
  'false' go to the story's desk (the code and the history's LEGAL_CLAIM notes show it). Legal terms first.
- Complaints about court reports are legal matters (one cut of the history: COURTS); Legal, shown the claims,
  gives the four-hour window and the new CMS code CRIME-COURTS (in no data).
- The NSC's Code: acknowledge within 48 hours since 1 February (the NSC's notice against the 2023 policy).
- The NSC's Complaints Hub forwards under NSCHUB since 2 March (the Readers' Editor; hinted nowhere).
- The sponsor backs it once shown the money; Legal reviews; the Editor-in-Chief (Mondays away) signs.
The partner feed stays in Northshire's format. No contact with complainants or the NSC.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="360,000"))
    kit.ask(
        "priya",
        "Priya, complaints about court reports (stories in the COURTS section) never reached the legal desk: "
        "the job closed them or sent them to the news desk, and 76 of them ended in legal claims or warnings "
        "from the court since January. What is the rule for complaints about court copy?",
    )
    kit.ask(
        "siobhan",
        "Siobhan, has anything changed since February in how complaints and NSC referrals reach "
        "our intake - new channels or codes?",
    )
    fixes.careful(
        add={"channels.regulator": ["NSCHUB"]},
        legal_sections={"COURTS": 3, "CRIME-COURTS": 3},
    )
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Legal terms are checked before "
        "the accuracy fast lane; every complaint on a COURTS or CRIME-COURTS story goes to the legal desk with a "
        "3-hour deadline, other legal items with 12 hours; NSC and NSCHUB referrals go to Siobhan within 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? Legal terms before the "
        "fast lane, complaints on COURTS and CRIME-COURTS stories to Legal within 3 hours, other legal items "
        "within 12, NSC and NSCHUB referrals to Siobhan within 24 hours. Helen backs it and Priya has reviewed "
        "the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
