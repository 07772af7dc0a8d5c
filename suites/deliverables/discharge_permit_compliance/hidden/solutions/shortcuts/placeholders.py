"""The right files and layout, with placeholder figures to be filled in later."""

import json

with open("output/sample_register.csv", "w", encoding="utf-8") as f:
    f.write("sample_id,works_id,sampled_on,determinand,result_mg_l,counted,reason\nTBD,TBD,TBD,BOD,TBD,TBD,TBD\n")
with open("output/conditions_assessment.csv", "w", encoding="utf-8") as f:
    f.write(
        "works_id,determinand,condition,valid_from,limit,samples,failures,failures_allowed,statistic,compliant\n"
        "TBD,BOD,lut,2025-01-01,TBD,TBD,TBD,TBD,,TBD\n"
    )
with open("output/compliance_summary.json", "w", encoding="utf-8") as f:
    json.dump({"year": 2025, "works": {}, "determinands": {}, "works_compliant": "TBD", "works_failing": "TBD"}, f)
with open("output/note_to_head_of_compliance.md", "w", encoding="utf-8") as f:
    f.write("# Compliance 2025\n\nHeadline: TBD\n")
