"""The instances of marking_scheme, for hidden/build_inputs.py: classes, students, the folder's administrative cases
and, for the hard instance, what the school's staff know (variants/chem/hidden/people.toml).

`MISSPELT` holds recognisable misspellings of a right phrase, per (question, criterion index).
"""

from __future__ import annotations

from _marking_scheme_questions import CHEMISTRY, CHEMISTRY_BANDS, PHYSICS, PHYSICS_BANDS

INSTANCES = {
    "base": {
        "seed": 10_2026_03,
        "class": "10B",
        "subject": "Physics",
        "title": "Year 10 Physics — Forces, energy and power: end-of-topic test",
        "teacher": "Mr D. Okonjo-Price",
        "date": "2026-02-26",
        "questions": PHYSICS,
        "bands": PHYSICS_BANDS,
        "students": [
            "Amira Khan",
            "Tobias Lindqvist",
            "Chidera Okafor",
            "Ruby Ashworth",
            "Mateusz Zielinski",
            "Hana Sato",
            "Owen Pritchard",
            "Leila Haddad",
            "Samuel Adeyemi-Clarke",
            "Freya McAllister",
            "Jonah Whitcombe",
            "Priya Raman",
            "Callum Ferreira",
            "Isla Brennan",
            "Noah Delacroix-Bell",
            "Zainab Yusuf",
        ],
        "absent": ["Owen Pritchard"],
        "no_number": ["Chidera Okafor", "Isla Brennan"],  # header without student number
        "surname_first": ["Chidera Okafor"],
        "outsiders": [("Jaden Morrow", "10C")],
        "duplicates": [],
        "docx": ["Tobias Lindqvist", "Hana Sato", "Leila Haddad", "Priya Raman", "Noah Delacroix-Bell", "Jaden Morrow"],
    },
    "chem": {
        "seed": 10_2026_04,
        "class": "10D",
        "subject": "Chemistry",
        "title": "Year 10 Chemistry — Quantitative chemistry: end-of-topic quiz",
        "teacher": "Ms R. Vasquez-Hale",
        "date": "2026-02-27",
        "questions": CHEMISTRY,
        "bands": CHEMISTRY_BANDS,
        "students": [
            "Aisha Bello",
            "Ethan Marlowe",
            "Sofia Reyes-Grant",
            "Kwame Asante",
            "Lily Thornbury",
            "Daniel Kowalczyk",
            "Maya Fairclough",
            "Reuben Stanfield",
            "Yusuf Demir",
            "Grace Oyelaran",
            "Harvey Quint",
            "Imogen Castell",
            "Tariq Mahmood",
            "Elena Varga",
            "Finn Radley",
        ],
        "absent": ["Harvey Quint"],
        "no_number": ["Reuben Stanfield"],
        "surname_first": ["Reuben Stanfield"],
        "outsiders": [("Bethany Crewe", "10A")],
        "duplicates": [],
        "docx": ["Aisha Bello", "Kwame Asante", "Maya Fairclough", "Grace Oyelaran", "Elena Varga", "Lily Thornbury"],
        # What only the school's staff know (variants/chem/hidden/people.toml). The test ran 09:10-10:00, students
        # with 25% extra time until 10:12 (the invigilator); a file sent after a student's end time was sent after
        # the class had seen the worked answers and is not marked. Each entry: (suffix, time) of the two files.
        "sitting": {"end": "10:00", "extra_end": "10:12"},
        "resubmit": {
            "Lily Thornbury": (("_draft", "09:44"), ("_final", "10:27")),
            "Imogen Castell": (("", "09:51"), ("_final", "10:19")),
            "Tariq Mahmood": (("_draft", "09:36"), ("_final", "10:07")),
        },
        # students with a spelling concession in their learning support plan (the SENCo): a recognisable
        # misspelling of a keyword earns the mark; the others misspell a keyword too, and get no mark for it
        "concession": ["Kwame Asante", "Grace Oyelaran", "Daniel Kowalczyk"],
        "misspellers": ["Aisha Bello", "Ethan Marlowe"],
        # the grade boundaries the department re-based after the scheme was sent out (the Head of Chemistry)
        # students who moved to another set after the class list was exported (the data office): their papers are in
        # the folder and their names on the list, but they are out of 10D's data drop
        "moved": ["Maya Fairclough", "Finn Radley", "Elena Varga"],
        "rebased_bands": [
            ("9", 17),
            ("8", 15),
            ("7", 13),
            ("6", 10),
            ("5", 9),
            ("4", 7),
            ("3", 5),
            ("2", 3),
            ("1", 1),
            ("U", 0),
        ],
        # the portal copy of question 3 read "250 dm3" (the exams officer): two students who sat from it worked from
        # the misprint, nobody else's paper in the folder gives that answer; the exams office withdraws the question
        # for the students who sat from the portal copy, the grade read from the total scaled to the full paper. The
        # students with access arrangements sat in the learning support base from printed copies of the department's
        # master (the SENCo): question 3 stands for them
        "misprint": {
            "question": 3,
            "followers": ["Sofia Reyes-Grant", "Reuben Stanfield"],
            "answer": ("4.0 / 250", "0.016"),
        },
        "void": {"question": 3, "full": 20},
        # error carried forward in question 5 from the student's own Mr in question 1 (agreed at moderation, the KS4
        # lead): these students get question 1 wrong and use their own Mr correctly in question 5
        "ecf": {
            "question": 5,
            "from": 1,
            "numerator": 12.5,
            "times": 44,
            "students": ["Ethan Marlowe", "Sofia Reyes-Grant", "Grace Oyelaran", "Tariq Mahmood", "Daniel Kowalczyk"],
        },
    },
}

# recognisable misspellings of a right phrase, per (question, criterion index)
MISSPELT = {
    (6, 0): ["it reacts with oxigen", "Oxegen is added to it", "it combines with oxygin"],
    (6, 2): ["to make magnesium oxcide", "forming magnesium oxied"],
    (8, 1): ["the reaction is reversable", "the reaction was incompleet"],
}
