"""Weights to region only (the easy half of the targets: regions matched by exact name, age ignored)."""

import sys
from collections import Counter
from pathlib import Path

from openpyxl import load_workbook

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _survey import IN, codebook, deliver, responses  # noqa: E402

codes = codebook()
header, rows = responses()
pop = {}
for ws in load_workbook(IN / "population_margins.xlsx", data_only=True).worksheets:
    for row in ws.iter_rows(values_only=True):
        nums = [v for v in row[1:] if isinstance(v, (int, float))]
        if row and isinstance(row[0], str) and nums and row[0] != "Total":
            pop[row[0]] = nums[-1] if len(nums) > 1 else nums[0]   # the Total column, or the only value
label = dict(codes["region"])
total = sum(v for k, v in pop.items() if k in label.values()) or 1
count = Counter(r["region"] for r in rows)
n = len(rows)
weights = [(pop.get(label[r["region"]], total / len(label)) / total) / (count[r["region"]] / n) for r in rows]
s = sum(weights)
deliver(header, rows, [w * n / s for w in weights], codes, "post-stratification")
