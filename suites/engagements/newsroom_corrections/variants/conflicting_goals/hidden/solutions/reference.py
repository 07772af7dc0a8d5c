"""Reference (conflicting_goals): neither side's demands whole - the legal desk's capacity decides.

- Digital is right about Legal's January words (police, arrest, charged, court, crime, victim, jury): the
  legal desk clears about ten items a day and they flood it (one cut of the history: LEGAL_LATE piling up on
  busy days); take them out. "Names a person" (the ask) would bury it.
- Legal is right about court copy (COURTS), confirmed with the four-hour window when shown the claims.
- Digital is right about social: every social mention to the Readers' Editor (January rule) is noise and makes
  legal threats late; social mentions go through the ordinary rules, legal terms first.
- Since 2 March the sport desk's online work is on the digital desk: SPORT -> DIGITAL (the sponsor; hinted
  nowhere). NSC referrals within 48 hours since 1 February (the NSC's notice).
- From 10 March the youth court sits in Wenmouth and its reports are filed under a new section, YOUTH: a
  complaint about one goes to Legal within the hour (the chief court reporter, asked what is changing in the
  courts; hinted nowhere). Corrections to them are the news desk's.
- From 9 March Northshire's app republishes syndicated stories within minutes (not court or inquest copy): a
  legal item on a syndicated story of another section gets a HOLD in the partner feed at once (the
  syndication manager, once shown how many legal complaints came in on syndicated stories in the history: 68
  by the outcomes; hinted nowhere).
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

JANUARY_WORDS = ["police", "arrest", "charged", "court", "crime", "victim", "jury"]
APP_SECTIONS = ["NEWS", "POLITICS", "SPORT", "BUSINESS", "LIFESTYLE", "OPINION"]  # not court or inquest copy
SYNDICATED_LEGAL = """SELECT count(*) FROM items i JOIN outcomes o USING (item_id) JOIN stories s USING (story_id)
                      WHERE s.syndicated = 1 AND o.resolution LIKE 'LEGAL%'"""


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="290,000"))
    kit.ask("helen", "Helen, has anything changed on the desks since the job was set up - desks merged or moved?")
    kit.ask(
        "priya",
        "Priya, complaints about court reports (stories in the COURTS section) reached the legal desk too late: "
        "they waited in the queue behind everything the January words bring in, and 76 of them ended in legal "
        "claims or warnings from the court since January. What is the rule for complaints about court copy?",
    )
    kit.ask(
        "nia",
        "Nia, is anything changing in the courts we cover over the coming weeks - new sittings, reporting "
        "restrictions, or how court reports are filed?",
    )
    (synd,) = kit.query(fixes.HISTORY, SYNDICATED_LEGAL)[0]  # 68: what the desks and Legal logged
    kit.ask(
        "marcus",
        f"Marcus, legal complaints land on syndicated stories quite often: {synd} legal complaints came in on "
        "syndicated stories in the eight weeks of history. Is anything changing in syndication or with the "
        "partner titles next month?",
    )
    rules = fixes.careful(
        drop={"legal_terms": JANUARY_WORDS},
        legal_sections={"COURTS": 3, "YOUTH": 0.75},
        social_review=False,
        desk_moves={"SPORT": {"desk": "DIGITAL", "from": "2026-03-02"}},
        hold_legal_on_syndicated=True,
        hold_sections=APP_SECTIONS,
    )
    kit.write_json(fixes.RULES, {**rules, "desk_by_section": {**rules["desk_by_section"], "YOUTH": "NEWS"}})
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? The January words (police, "
        "arrest, charged, court, crime, victim, jury) come out of the legal terms; every complaint on a COURTS "
        "story goes to the legal desk with a 3-hour deadline and every complaint on a YOUTH (youth court) story "
        "within 45 minutes; social mentions go through the ordinary rules, legal terms first; nothing by names; "
        "a legal item on a syndicated story outside courts and inquests gets a HOLD in the partner feed at once.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? The January words out of "
        "the legal terms, complaints on COURTS stories to Legal within 3 hours and on YOUTH stories within 45 "
        "minutes, social mentions through the ordinary rules, sport to the digital desk, NSC referrals within 24 "
        "hours, a HOLD for legal items on syndicated stories. Helen backs it and Priya has reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
