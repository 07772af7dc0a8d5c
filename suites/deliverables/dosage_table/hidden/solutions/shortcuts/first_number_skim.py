"""A surface skim: the first number in each cell taken as mg whatever its unit, 'every N hours' understood but
not qds/tds/bd/od, withdrawn drugs kept, and the renal guide's wording matched with one keyword per band."""

import csv
import os
import re
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import worktrial_kit as kit
from dosing import read_formulary


def first_number(text):
    m = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    return float(m.group(0).replace(",", "")) if m else 0.0


guide = re.sub(r"\s+", " ", kit.pdf_text("input/renal_dosing_guide.pdf"))
rows, warnings = [], []
for name, _on_formulary, entries in read_formulary():
    at = guide.find(name)
    block = guide[at : at + 400] if at >= 0 else ""
    for indication, adult, _paed, max_text in entries:
        dose = first_number(adult)
        m = re.search(r"every (\d+) hours", adult)
        freq = int(m.group(1)) if m else 24
        top = first_number(max_text)
        daily = dose * 24 / freq
        bands = []
        for label in ("30", "10 ", "10 mL"):
            part = block[block.find("CrCl " + label) :][:90] if block else ""
            bands.append("avoid" if "avoid" in part.lower() else daily / 2 if "%" in part else daily)
        rows.append([name, indication, dose, freq, top, *bands])
        if daily > top:
            warnings.append([name, indication, daily, top])
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
for r in rows:
    ws.append(r)
wb.save("output/dosage.xlsx")
with open("output/warnings.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
    w.writerows(warnings)
