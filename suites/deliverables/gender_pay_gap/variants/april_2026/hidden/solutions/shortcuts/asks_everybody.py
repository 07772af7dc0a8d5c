"""Asks everybody everything: every person gets the same open questions, whatever their area, and whatever comes
back is applied; no question shows anything worked out from the data."""

import sys

sys.path.insert(0, "/solution")
import _gpg_calc as calc
import reference
import worktrial_kit as kit

QUESTIONS = [
    "Is there anything I should know before I finalise the gender pay gap figures?",
    "Has anything changed since these files were produced?",
    "Are there any payments or people that are not in the exports?",
    "Who should be counted as an employee for the gender pay gap?",
    "Are the owner-drivers and the agency temps our employees?",
    "What is the gender of the Hull staff?",
    "Were there any bonuses not in the ledger?",
    "Are the contracted hours in the HR master right?",
]
PEOPLE = ["joanna", "martin", "dawn", "greg", "kerry", "sunil", "anthony"]

texts = {}
for person in PEOPLE:
    for q in QUESTIONS:
        r = kit.ask(person, q)
        if r.answered:
            texts[f"{person}:{q}"] = r.text
reference.deliver(calc.load(), reference.parse_answers(texts))
