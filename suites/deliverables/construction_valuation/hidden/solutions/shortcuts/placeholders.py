"""The right files and layout, with placeholder amounts to be filled in later."""

import json

with open("output/valuation.csv", "w", encoding="utf-8") as f:
    f.write("ref,kind,section,description,value\n")
    for k in range(1, 23):
        f.write(f"P/{k:02d},preliminaries,,,TBD\n")
    for k in range(1, 14):
        f.write(f"V{k:02d},variation,,,TBD\n")
with open("output/valuation.json", "w", encoding="utf-8") as f:
    json.dump(
        {
            "valuation_number": 12,
            "gross_valuation": "TBD",
            "retention": "TBD",
            "amount_due": "TBD",
            "notices": {"due_date": "TBD"},
        },
        f,
    )
with open("output/note_to_commercial_director.md", "w", encoding="utf-8") as f:
    f.write("# Interim Payment 12\n\nFigures: TBD\n")
