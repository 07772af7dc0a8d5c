"""Shortcut: the prior-year closing schedule handed in as this year's (opening balances as closing)."""
import csv
import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, "/solution")

import worktrial_kit as kit


def main() -> int:
    wb = openpyxl.load_workbook("input/lease_schedule_FY2025.xlsx", data_only=True)
    rows = []
    lines = list(wb.active.iter_rows(values_only=True))
    head = [str(h or "") for h in lines[1]]
    liab = next(i for i, h in enumerate(head) if h.startswith("Lease liability"))
    rou = next(i for i, h in enumerate(head) if h.startswith("ROU"))
    for r in lines[2:]:
        if r[0]:
            rows.append({"lease_id": r[0], "treatment": "capitalised", "currency": r[1], "opening_liability": r[liab],
                         "interest": 0, "payments": 0, "closing_liability": r[liab], "closing_rou": r[rou],
                         "depreciation": 0, "closing_liability_eur": r[liab], "closing_rou_eur": r[rou]})
    Path("output").mkdir(exist_ok=True)
    with open("output/lease_schedule.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    liab = sum(float(r["closing_liability"]) for r in rows)
    kit.write_json("output/summary.json", {"entity": "", "year_end": "2026-12-31", "currency": "EUR",
                                           "journals": {}, "closing_lease_liability": liab,
                                           "closing_rou_assets": sum(float(r["closing_rou"]) for r in rows),
                                           "maturity_analysis": {"total": liab}})
    kit.write_text("output/notes.md", "# Notes\n\nBalances carried forward from the FY2025 schedule.\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
