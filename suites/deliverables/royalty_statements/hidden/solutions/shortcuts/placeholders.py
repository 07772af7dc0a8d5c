"""The right files and layout, with placeholder amounts to be filled in later."""

import json

import openpyxl

ws = openpyxl.load_workbook("input/royalty_ledger.xlsx", data_only=True)["Authors"]
authors = [r[0] for r in ws.iter_rows(min_row=2, values_only=True) if r[0]]
with open("output/statement_lines.csv", "w", encoding="utf-8") as f:
    f.write("contract,isbn,channel,units,royalty_gbp\n")
    f.write("KL-2019-004,9781915623027,home,TBD,TBD\n")
fields = (
    "sales_royalties_gbp",
    "subrights_gbp",
    "reserve_held_gbp",
    "reserve_released_gbp",
    "unearned_advance_gbp",
    "payable_gbp",
)
with open("output/statement_totals.json", "w", encoding="utf-8") as f:
    json.dump(
        {"period": "2026-H2", "authors": {a: {k: "TBD" for k in fields} for a in authors}, "total_payable_gbp": "TBD"},
        f,
    )
with open("output/note_to_managing_director.md", "w", encoding="utf-8") as f:
    f.write("# Royalty statements H2 2026\n\nTotal payable: TBD\n")
