"""The right files and layout, with placeholder figures to be filled in later."""

import json

boxes = {f"box{k}": "TBD" for k in range(1, 10)}
with open("output/vat_return.json", "w", encoding="utf-8") as f:
    json.dump({"vat_period": "09/26", "boxes": boxes, "output_tax": {}, "input_tax": {}}, f)
with open("output/vat_schedule.csv", "w", encoding="utf-8") as f:
    f.write(
        "line_id,source,date,tax_point,counterparty,description,net,vat,treatment,output_vat,input_vat,"
        "attribution,box6,box7\n"
    )
    f.write("SL-00001,sales,,,,,TBD,TBD,TBD,TBD,TBD,none,TBD,TBD\n")
with open("output/note_to_finance_director.md", "w", encoding="utf-8") as f:
    f.write("# VAT return 09/26\n\nFigures: TBD\n")
