"""The right files and layout, with placeholder amounts to be filled in later."""
import csv
import json

with open("input/payroll_export_Q3_2026.csv", newline="", encoding="utf-8") as f:
    keys = sorted({(r["emp_no"], r["week_ending"]) for r in csv.DictReader(f)})
with open("output/underpayment_register.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["employee_id", "name", "site", "pay_period", "hours_worked", "entitled_gbp", "paid_gbp",
                "difference_gbp", "main_cause"])
    for emp, week in keys:
        w.writerow([emp, "TBD", "TBD", week, "TBD", "TBD", "TBD", "TBD", "TBD"])
with open("output/totals.json", "w", encoding="utf-8") as f:
    json.dump({"total_underpaid_gbp": "TBD", "total_overpaid_gbp": "TBD", "by_site": {}, "by_cause": {}}, f)
with open("output/note_to_hr_director.md", "w", encoding="utf-8") as f:
    f.write("# Q3 pay audit\n\nFindings: TBD\n")
