"""Manual-station staffing forecast: <out>/staffing_forecast.csv from the weekly plan."""

import csv
import math
from pathlib import Path


def write(out, summary, cfg, db):
    horizon = float(cfg.get("manual_plan_min", 400))
    with open(Path(out) / "staffing_forecast.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["shift_id", "manual_workload_min", "pickers_needed", "pickers_staffed", "gap"])
        for sh in summary["shifts"]:
            manual = {s: m for s, m in sh["planned_min"].items() if s.startswith("MS")}
            work = sum(manual.values())
            need = math.ceil(work / horizon) if work else 0
            w.writerow([sh["shift_id"], round(work, 1), need, len(manual), max(0, need - len(manual))])
