"""The right files and layout, with placeholder amounts to be filled in later."""
import json

with open("output/triangles.csv", "w", encoding="utf-8") as f:
    f.write("class,accident_year,development_year,cumulative_paid,cumulative_incurred\n")
    for cls in ("motor", "household"):
        for ay in range(2017, 2027):
            for dev in range(1, 2028 - ay):
                f.write(f"{cls},{ay},{dev},TBD,TBD\n")
with open("output/reserves.json", "w", encoding="utf-8") as f:
    json.dump({"classes": {}, "total_ultimate": "TBD", "total_ibnr": "TBD", "total_reserve": "TBD"}, f)
with open("output/note_to_reserving_committee.md", "w", encoding="utf-8") as f:
    f.write("# Q4 reserve review\n\nFindings: TBD\n")
