"""Plausible invented figures: the reference's reading of the files, but every statement line's royalty guessed a
few per cent either side of the right one, and the statements built on those lines."""

import random
import sys

sys.path.insert(0, "/solution")
import reference

rng = random.Random(11)
_real = reference.statements


def statements(data, known):
    st = _real(data, known)
    lines = {k: [u, round(r * rng.uniform(0.95, 1.06), 2)] for k, (u, r) in st["lines"].items()}
    for acc in st["accounts"].values():
        factor = rng.uniform(0.95, 1.06)
        for key in ("sales", "sub", "payable"):
            acc[key] = round(acc[key] * factor, 2)
    for figs in st["authors"].values():
        factor = rng.uniform(0.95, 1.06)
        for key in ("sales_royalties_gbp", "subrights_gbp", "payable_gbp", "unearned_advance_gbp"):
            figs[key] = round(figs[key] * factor, 2)
    st["lines"] = lines
    st["total_payable_gbp"] = round(sum(f["payable_gbp"] for f in st["authors"].values()), 2)
    return st


reference.statements = statements
reference.ASK = False
reference.main()
