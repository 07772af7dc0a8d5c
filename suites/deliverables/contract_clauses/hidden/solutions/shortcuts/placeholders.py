"""The right files and columns, the contract references filled in, everything else left as placeholders."""
import csv
import os
import re
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import worktrial_kit as kit  # noqa: E402

ids = []
for path in kit.documents_in("input/contracts"):
    m = re.search(r"Contract reference:\s*(\S+)", kit.document_text(path))
    ids.append(m.group(1) if m else os.path.basename(path))
os.makedirs("output", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Clauses"
ws.append(["contract_id", "counterparty", "governing_law", "term_months", "renewal", "notice_days",
           "liability_cap", "termination_for_convenience"])
for cid in sorted(ids):
    ws.append([cid, "TBD", "TBD", "TBD", "TBD", "TBD", "TBD", "TBD"])
wb.save("output/clauses.xlsx")
with open("output/risks.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["contract_id", "rule_id", "finding"])
    for cid in sorted(ids):
        w.writerow([cid, "TBD", "TODO: review against playbook"])
