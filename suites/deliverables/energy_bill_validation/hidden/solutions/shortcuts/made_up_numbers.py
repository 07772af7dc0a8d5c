"""Plausible invented figures: the reference's reading of every file, but each expected charge guessed within a few
per cent of the right one instead of computed from the meter data and the rates."""

import random
import sys

sys.path.insert(0, "/solution")
import reference

rng = random.Random(7)
_expected = reference.expected


def expected(books, inv, known):
    want, info = _expected(books, inv, known)
    return {c: reference.money(v * reference.D(str(round(rng.uniform(0.97, 1.03), 4)))) for c, v in want.items()}, info


reference.expected = expected
reference.ASK = False
reference.main()
