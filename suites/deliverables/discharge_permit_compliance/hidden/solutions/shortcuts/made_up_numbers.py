"""Plausible invented figures: the reference's reading of the files and its layout, but the sample counts, failures
and statistics of the conditions nudged a little either side, a few decisions guessed, and the headline counted from
those guesses instead of assessed."""

import os
import random
import runpy
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL = "/solution" if os.path.exists("/solution/reference.py") else HERE
sys.path.insert(0, SOL)
import dpc_assess as ax  # noqa: E402
import dpc_read as rd  # noqa: E402

kit = rd.kit
runpy.run_path(os.path.join(SOL, "reference.py"), init_globals={"ASK": False}, run_name="__main__")
rng = random.Random(11)
fields, rows = kit.read_csv("output/conditions_assessment.csv")
for r in rows:
    for col in ("samples", "failures"):
        if r[col] and rng.random() < 0.45:
            r[col] = str(max(0, int(r[col]) + rng.choice([-1, 1])))
    if r["statistic"]:
        r["statistic"] = f"{float(r['statistic']) * rng.uniform(0.95, 1.05):.3f}"
    if rng.random() < 0.25:
        r["compliant"] = "no" if r["compliant"] == "yes" else "yes"
kit.write_csv("output/conditions_assessment.csv", fields, rows)
kit.write_json("output/compliance_summary.json", ax.summary(rows, sorted({r["works_id"] for r in rows})))
fields, reg = kit.read_csv("output/sample_register.csv")
for r in reg:
    if rng.random() < 0.12:
        r["counted"] = "no" if r["counted"] == "yes" else "yes"
kit.write_csv("output/sample_register.csv", fields, reg)
