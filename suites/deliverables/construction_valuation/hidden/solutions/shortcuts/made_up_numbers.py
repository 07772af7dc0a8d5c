"""Plausible invented figures: the reference's reading of the files, but every rate of the Contract Sum Analysis a
few per cent either side of the priced one, as if typed from memory."""

import random
import sys

sys.path.insert(0, "/solution")
import cv_read

rng = random.Random(7)
_real = cv_read.read_csa


def read_csa(path):
    csa = _real(path)
    for it in csa["items"].values():
        it["rate"] = round(it["rate"] * rng.uniform(0.96, 1.05), 2)
    for pr in csa["prelims"].values():
        pr["rate"] = round(pr["rate"] * rng.uniform(0.96, 1.05), 2)
    return csa


cv_read.read_csa = read_csa
import runpy  # noqa: E402

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
