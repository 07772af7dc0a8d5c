"""A hurried marker: the whole pipeline, but with the marking rules read loosely.

The final answer is taken to be the last number written anywhere in the answer, a unit counts when any
accepted unit appears anywhere in the answer in any capitals, and keywords must match with their spaces.
"""

import re
import sys

sys.path.insert(0, "/solution")
import reference


def final_answer(text):
    found = reference.NUMBER.findall(text)
    return (float(found[-1]), text) if found else (None, "")


def unit_ok(rest, accept):
    low = rest.lower()
    return any(u.lower() in low for u in accept["symbols"] + accept["words"])


def squash(s):
    return re.sub(r"\s+", " ", s).strip().lower()


reference.final_answer = final_answer
reference.unit_ok = unit_ok
reference.squash = squash
reference.main()
