"""Plausible invented marks: every student on the class list, random marks per question within the maximum."""

import random
import sys

sys.path.insert(0, "/solution")
import reference

rng = random.Random(11)


def mark_question(answer, criteria, concession=False, carried=None):
    got = sum(c["marks"] for c in criteria if rng.random() < 0.6)
    return got, ["see the mark scheme"] if got < sum(c["marks"] for c in criteria) else []


reference.mark_question = mark_question
reference.main()
