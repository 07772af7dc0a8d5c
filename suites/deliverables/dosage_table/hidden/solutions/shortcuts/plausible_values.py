"""Real drug and indication names, then textbook-looking values: 500 mg every 8 hours, 1.5 g maximum, half the
dose in moderate and avoid in severe renal impairment; no warnings."""

import csv
import os
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from dosing import read_formulary

os.makedirs("output", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Dosage"
ws.append(
    [
        "drug",
        "indication",
        "adult_dose_mg",
        "frequency_h",
        "max_daily_mg",
        "crcl_30_50_daily_mg",
        "crcl_10_29_daily_mg",
        "crcl_below_10_daily_mg",
    ]
)
for name, on_formulary, entries in read_formulary():
    if on_formulary:
        for indication, *_ in entries:
            ws.append([name, indication, 500, 8, 1500, 1500, 750, "avoid"])
wb.save("output/dosage.xlsx")
with open("output/warnings.csv", "w", newline="") as f:
    csv.writer(f).writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
