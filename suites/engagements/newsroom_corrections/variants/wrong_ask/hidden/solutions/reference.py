"""Reference (wrong_ask): the desks drown in repeats of social mentions, not in short items.

- The social listening export (Murmur, since 2 February) writes a row per matched keyword: the same mention
  arrives several times with the same ext_ref (one cut of the history: SOCIAL items since February). Triage
  the first, close the repeats. Short items include legal threats and the NSC's referrals: no length rule.
- Complaints about court and inquest reports are legal matters (COURTS, INQUESTS); Legal, shown the claims,
  gives the four-hour window.
- The NSC's Code: acknowledge within 72 hours since 1 February (the NSC's notice against the 2023 policy).
- The NSC's web portal forwards under NSCWEB since 2 March (the Readers' Editor; hinted nowhere).
- The sponsor backs it once shown the money; Legal reviews; the Editor-in-Chief (Mondays away) signs.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=82, nsc=57, gbp="360,000"))
    kit.ask(
        "priya",
        "Priya, complaints about court and inquest reports (stories in the COURTS and INQUESTS sections) never "
        "reached the legal desk: the job closed them or sent them to the news desk, and 82 of them ended in "
        "legal claims or warnings from the court since January. What is the rule for complaints about them?",
    )
    kit.ask(
        "rhys",
        "Rhys, since February the same social mention comes into the intake several times with the "
        "same ext_ref, minutes apart - 232 repeats in four weeks. Are those duplicates?",
    )
    kit.ask(
        "siobhan",
        "Siobhan, has anything changed since February in how complaints and NSC referrals reach "
        "our intake - new channels or codes?",
    )
    fixes.careful(
        add={"channels.regulator": ["NSCWEB"]},
        legal_sections={"COURTS": 3, "INQUESTS": 3},
        dedupe_ext_ref=True,
    )
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Repeats of a social mention are "
        "closed, the first is triaged; every complaint on a COURTS or INQUESTS story goes to the legal desk with "
        "a 3-hour deadline, other legal items with 12 hours; NSC and NSCWEB referrals go to Siobhan in 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? Repeats of social mentions "
        "closed, complaints on COURTS and INQUESTS stories to Legal within 3 hours, other legal items within 12, "
        "NSC and NSCWEB referrals to Siobhan within 24 hours; no length rule. Helen backs it and Priya has "
        "reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
