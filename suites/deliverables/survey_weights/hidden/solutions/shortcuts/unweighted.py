"""Skips the weighting: every valid interview gets weight 1 and the tables are unweighted percentages."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _survey import codebook, deliver, responses  # noqa: E402

header, rows = responses()
deliver(header, rows, [1.0] * len(rows), codebook(), "post-stratification")
