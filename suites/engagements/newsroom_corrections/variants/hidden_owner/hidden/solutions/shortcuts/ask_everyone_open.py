"""Shortcut (hidden_owner): ask everybody everything - every colleague (the outside contacts left alone) the
same open questions about their own area - and act on whatever the replies give, on top of the history's fix;
backed, signed.

Open questions reach the night desk's flag button and what the history supports, not the partners' HOLD (the
syndication manager wants the claims shown first) nor the joint election coverage (the Editor-in-Chief and the
syndication manager want the politics count first); the court rule is written for the code history shows.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

PEOPLE = ["helen", "olu", "priya", "siobhan", "marcus", "ana", "rhys", "tom", "jo"]
QUESTIONS = [
    "Has anything changed in your area since these files were produced?",
    "Is anything changing next month in your area that the triage job should know about?",
    "What does the triage job get wrong in your area, in your view?",
    "Is there anything else I should know before I change the job?",
]


def main() -> int:
    heard = []
    for person in PEOPLE:
        for q in QUESTIONS:
            if person == "olu":
                heard.append(kit.ask_when_in(person, q, fixes.EIC_AWAY).text)
            else:
                heard.append(kit.ask(person, q).text)
    kit.ask("helen", fixes.HARM.format(n=78, nsc=57, gbp="650,000"))
    said = " ".join(heard)
    fixes.careful(
        add={"channels.staff": ["CMSFLAG"] if "CMSFLAG" in said else []},
        legal_sections={"COURTS": 3},
        hold_legal_on_syndicated="HOLD" in said and "two hours" in said,
        **(
            {"hold_shared": {"sections": ["POLITICS"], "from": "2026-03-09", "to": "2026-03-27"}}
            if "election hub" in said
            else {}
        ),
    )
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? COURTS stories to the legal "
        "desk within 3 hours, other legal items within 12, NSC referrals to Siobhan within 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job: COURTS stories to Legal within 3 "
        "hours, NSC referrals within 24 hours? Helen backs it and Priya has reviewed it."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
