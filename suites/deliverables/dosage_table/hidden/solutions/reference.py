"""Expert solution: formulary monographs (docx) + renal dosing guide (pdf) -> output/dosage.xlsx and
output/warnings.csv."""

import csv
import os
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dosing import (  # noqa: E402
    BANDS,
    amounts_mg,
    clean,
    frequency_h,
    read_formulary,
    read_renal,
    renal_daily,
    single_dose_mg,
)

HEADERS = [
    "drug",
    "indication",
    "adult_dose_mg",
    "frequency_h",
    "max_daily_mg",
    "crcl_30_50_daily_mg",
    "crcl_10_29_daily_mg",
    "crcl_below_10_daily_mg",
]

drugs = read_formulary()
renal = read_renal({name for name, _, _ in drugs})
rows, warnings = [], []
for name, on_formulary, entries in drugs:
    if not on_formulary:
        continue
    for indication, adult, _paed, max_text in entries:
        dose = single_dose_mg(adult)
        freq = frequency_h(adult)
        max_daily = max(amounts_mg(max_text))
        rules = renal.get(name, {})
        adjusted = []
        for band in BANDS:
            value = renal_daily(rules.get(band), dose, freq)
            adjusted.append(value if value == "avoid" else clean(value))
        rows.append([name, indication, clean(dose), freq, clean(max_daily), *adjusted])
        daily = dose * 24 / freq
        if daily > max_daily + 1e-9:
            warnings.append([name, indication, clean(daily), clean(max_daily)])
rows.sort(key=lambda r: (r[0], r[1]))
warnings.sort(key=lambda r: (r[0], r[1]))

os.makedirs("output", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Dosage"
ws.append(HEADERS)
for r in rows:
    ws.append(r)
for col, width in zip("ABCDEFGH", (16, 44, 14, 12, 14, 20, 20, 22)):
    ws.column_dimensions[col].width = width
ws.freeze_panes = "C2"
wb.save("output/dosage.xlsx")
with open("output/warnings.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
    w.writerows(warnings)
