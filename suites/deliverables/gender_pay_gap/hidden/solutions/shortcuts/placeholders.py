"""The right files and layout, with placeholder figures to be filled in later."""

import json

keys = ["mean_hourly_pay_gap_pct", "median_hourly_pay_gap_pct", "mean_bonus_gap_pct", "median_bonus_gap_pct"]
with open("output/gpg_figures.json", "w", encoding="utf-8") as f:
    json.dump({"snapshot_date": "2026-04-05", **{k: "TBD" for k in keys}, "quartiles": {}}, f)
with open("output/gpg_employees.csv", "w", encoding="utf-8") as f:
    f.write("employee_id,gender,payroll,relevant,full_pay,ordinary_pay,bonus_in_period,period_days,weekly_hours,")
    f.write("hourly_rate,bonus_12m,quartile,notes\nTBD,,,yes,yes,,,,,TBD,TBD,,\n")
with open("output/note_to_hr_director.md", "w", encoding="utf-8") as f:
    f.write("# Gender pay gap 2026\n\nFigures: TBD\n")
