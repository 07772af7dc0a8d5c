"""Plausible invented figures: the reference's reading of the files and its triangles, but the link ratios guessed
a little either side of the right ones instead of computed as the policy says."""
import random
import sys

sys.path.insert(0, "/solution")
import reference

rng = random.Random(7)
_real = reference.link_ratios


def link_ratios(tri, cls, periods, excluded):
    return {j: round(f * rng.uniform(0.985, 1.02), 6) for j, f in _real(tri, cls, periods, excluded).items()}


reference.link_ratios = link_ratios
reference.ASK = False
reference.main()
