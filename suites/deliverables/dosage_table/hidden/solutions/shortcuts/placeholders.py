"""The right rows (every drug and indication), every value left as a placeholder."""

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
for name, _, entries in read_formulary():
    for indication, *_ in entries:
        ws.append([name, indication, "TBD", "TBD", "TBD", "TBD", "TBD", "TBD"])
wb.save("output/dosage.xlsx")
with open("output/warnings.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
    w.writerow(["TODO", "TODO", "TBD", "TBD"])
