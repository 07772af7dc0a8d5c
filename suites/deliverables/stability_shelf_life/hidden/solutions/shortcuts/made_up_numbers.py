"""Plausible invented figures: the reference's reading of the files and its layout, but every slope, intercept and
crossing time nudged a little either side and the shelf life rounded to the nearest half year, instead of computed
as ICH Q1E says."""

import csv
import json
import os
import random
import runpy
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL = "/solution" if os.path.exists("/solution/reference.py") else HERE
sys.path.insert(0, SOL)
runpy.run_path(os.path.join(SOL, "reference.py"), init_globals={"ASK": False}, run_name="__main__")
rng = random.Random(7)
with open("output/regression_by_batch.csv", newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
for r in rows:
    r["slope_per_month"] = f"{float(r['slope_per_month']) * rng.uniform(0.9, 1.1):.6f}"
    r["intercept"] = f"{float(r['intercept']) * rng.uniform(0.97, 1.03):.4f}"
with open("output/regression_by_batch.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
with open("output/shelf_life_decision.json", encoding="utf-8") as f:
    d = json.load(f)
for s in d["strengths"].values():
    for a in s["attributes"].values():
        if a["crossing_months"] is not None:
            a["crossing_months"] = round(a["crossing_months"] + rng.choice([-1, 1]) * rng.uniform(0.5, 2.5), 1)
    s["shelf_life_months"] = int(round(s["shelf_life_months"] / 6.0) * 6)
d["proposed_shelf_life_months"] = min(s["shelf_life_months"] for s in d["strengths"].values())
with open("output/shelf_life_decision.json", "w", encoding="utf-8") as f:
    json.dump(d, f, indent=2)
