"""The right files and layout, with placeholder amounts to be filled in later."""

import json

with open("output/validation_register.csv", "w", encoding="utf-8") as f:
    f.write("invoice_no,site_code,charge,billed_gbp,expected_gbp,difference_gbp,cause\n")
    f.write("TBD,S01,energy,TBD,TBD,TBD,TBD\n")
with open("output/totals.json", "w", encoding="utf-8") as f:
    json.dump(
        {
            "total_overbilled_gbp": "TBD",
            "total_underbilled_gbp": "TBD",
            "overbilled_by_site": {},
            "underbilled_by_site": {},
            "by_cause": {},
        },
        f,
    )
with open("output/note_to_finance_director.md", "w", encoding="utf-8") as f:
    f.write("# Brightwater invoices\n\nFindings: TBD\n")
