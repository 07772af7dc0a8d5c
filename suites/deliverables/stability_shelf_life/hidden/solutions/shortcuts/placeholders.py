"""The right files and layout, with placeholder figures to be filled in later."""

import json

with open("output/regression_by_batch.csv", "w", encoding="utf-8") as f:
    f.write("strength,batch,attribute,n,slope_per_month,intercept\n10mg,TBD,assay,TBD,TBD,TBD\n")
with open("output/shelf_life_decision.json", "w", encoding="utf-8") as f:
    json.dump({"strengths": {}, "proposed_shelf_life_months": "TBD", "storage_statement": "TBD"}, f)
with open("output/note_to_qp.md", "w", encoding="utf-8") as f:
    f.write("# Ostriclan shelf life\n\nProposal: TBD\n")
