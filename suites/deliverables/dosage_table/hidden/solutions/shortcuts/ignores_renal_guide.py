"""Reads the formulary correctly but never opens the renal guide: every band gets the usual daily amount."""

import csv
import os
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from dosing import amounts_mg, clean, frequency_h, read_formulary, single_dose_mg

rows, warnings = [], []
for name, on_formulary, entries in read_formulary():
    if not on_formulary:
        continue
    for indication, adult, _paed, max_text in entries:
        dose, freq, top = single_dose_mg(adult), frequency_h(adult), max(amounts_mg(max_text))
        daily = dose * 24 / freq
        rows.append([name, indication, clean(dose), freq, clean(top), clean(daily), clean(daily), clean(daily)])
        if daily > top + 1e-9:
            warnings.append([name, indication, clean(daily), clean(top)])
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
for r in sorted(rows):
    ws.append(r)
wb.save("output/dosage.xlsx")
with open("output/warnings.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
    w.writerows(sorted(warnings))
