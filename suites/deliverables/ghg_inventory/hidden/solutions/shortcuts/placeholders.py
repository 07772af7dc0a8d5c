"""The right files and layout, with placeholder figures to be filled in later."""
import csv
import json

import openpyxl

wb = openpyxl.load_workbook("input/site_register.xlsx", data_only=True)
codes = [r[0] for r in wb["Sites"].iter_rows(min_row=4, values_only=True) if r and r[0]]
with open("output/inventory.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["site_id", "site_name", "scope", "source", "activity_value", "activity_unit", "tco2e"])
    for code in codes:
        for scope, source in (("1", "natural_gas"), ("2", "electricity_location"), ("2", "electricity_market")):
            w.writerow([code, "TBD", scope, source, "TBD", "kWh", "TBD"])
with open("output/totals.json", "w", encoding="utf-8") as f:
    json.dump({"scope1_tco2e": "TBD", "scope2_location_tco2e": "TBD", "by_source": {}, "by_site": {}}, f)
with open("output/note_to_audit_committee.md", "w", encoding="utf-8") as f:
    f.write("# 2026 inventory\n\nFigures: TBD\n")
