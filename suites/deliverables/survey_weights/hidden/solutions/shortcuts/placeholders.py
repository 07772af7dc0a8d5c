"""The three deliverables in the right formats, holding placeholders instead of results."""

import json
import shutil
from pathlib import Path

from openpyxl import Workbook

IN, OUT = Path("input"), Path("output")
wb = Workbook()
ws = wb.active
ws.title = "Tables"
ws.append(["question", "answer", "region", "weighted_pct", "base_n"])
ws.append(["Q1", "TBD", "Total", "TBD", "TBD"])
wb.save(OUT / "tables.xlsx")
with open(IN / "responses.csv") as src, open(OUT / "weighted_responses.csv", "w") as dst:
    lines = src.read().splitlines()
    dst.write(lines[0] + ",weight\n" + "".join(line + ",TBD\n" for line in lines[1:]))
(OUT / "summary.json").write_text(json.dumps({"key_question": "Q1", "method": "TBD", "n_complete": 0,
                                              "effective_sample_size": 0, "design_effect": 0,
                                              "topline": {"TODO": 0}, "net_satisfaction": 0}))
