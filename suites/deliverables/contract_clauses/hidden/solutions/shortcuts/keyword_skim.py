"""A quick keyword skim: Word files only (the PDF is skipped), the first figure after each keyword, no
amendments, no currency or percentage conversion, and last edition's rule numbers and limits."""
import csv
import os
import re
import sys

import openpyxl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import worktrial_kit as kit  # noqa: E402

LAWS = ["Northern Ireland", "England and Wales", "Scotland", "Ireland", "Netherlands", "Germany", "New York"]
rows = []
for name in sorted(os.listdir("input/contracts")):
    if not name.endswith(".docx"):
        continue
    text = kit.plain(kit.docx_text(os.path.join("input/contracts", name)))
    cid = re.search(r"Contract reference:\s*(\S+)", text).group(1)
    supplier = re.search(r"\(2\)\s*(.+?),", text).group(1)
    law_part = text[text.find("governed by"):]
    law = next((l for l in LAWS if l in law_part[:300]), "England and Wales")
    term = re.search(r"\((\d+)\) (months|years)", text[text.find("Term"):])
    months = int(term.group(1)) * (12 if term.group(2) == "years" else 1) if term else 12
    renewal = "auto" if "automatic" in text else "manual"
    notice = re.search(r"\((\d+)\) days' written notice", text)
    cap = re.search(r"shall not exceed [£€]([\d,]+)", text)
    rows.append([
        cid, supplier, law, months, renewal,
        int(notice.group(1)) if notice and renewal == "auto" else None,
        int(cap.group(1).replace(",", "")) if cap else None,
        "yes" if "for convenience" in text else "no",
    ])
rows.sort(key=lambda r: r[0])
os.makedirs("output", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Clauses"
ws.append(["contract_id", "counterparty", "governing_law", "term_months", "renewal", "notice_days",
           "liability_cap", "termination_for_convenience"])
for r in rows:
    ws.append(r)
wb.save("output/clauses.xlsx")
with open("output/risks.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["contract_id", "rule_id", "finding"])
    for cid, _, law, months, renewal, notice, cap, tfc in rows:
        if law not in ("England and Wales", "Scotland"):
            w.writerow([cid, "PB-01", f"law of {law}"])
        if months > 36:
            w.writerow([cid, "PB-02", f"term {months} months"])
        if renewal == "auto" and notice and notice > 90:
            w.writerow([cid, "PB-03", f"notice {notice} days"])
        if cap is not None and cap < 1000000:
            w.writerow([cid, "PB-04", f"cap {cap}"])
        if months > 12 and tfc == "no":
            w.writerow([cid, "PB-05", "no termination for convenience"])
