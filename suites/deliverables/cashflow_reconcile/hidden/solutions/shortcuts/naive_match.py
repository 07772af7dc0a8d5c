"""Quick pass: matches references character for character, trusts the ledger workbook's own Summary closing
balance, types every figure in as a constant and never looks for keying errors or double postings."""
import sys

import openpyxl

sys.path.insert(0, "/solution")
from rec_files import OUTPUT, monthly, read_bank, read_ledger, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
opening, bank = read_bank()
gl_open, gl, summary = read_ledger()
used, rows = set(), []
for b in bank:
    g = next((g for g in gl if g["entry"] not in used and g["ref"] == b["ref"] and g["amount"] == b["amount"]), None)
    if g:
        used.add(g["entry"])
        rows.append([b["id"], g["entry"], b["ref"], b["amount"] / 100, g["amount"] / 100, "matched"])
    else:
        rows.append([b["id"], None, b["ref"], b["amount"] / 100, None, "bank_only"])
for g in gl:
    if g["entry"] not in used:
        rows.append([None, g["entry"], g["ref"], None, g["amount"] / 100, "gl_only"])
bank_close = opening + sum(b["amount"] for b in bank)
ledger_close = next((v for k, v in summary.items() if k.lower().startswith("closing balance per summary")), 0)
ledger_close = round(ledger_close or 0, 2) if isinstance(ledger_close, (int, float)) else 0.0
transit = sum(r[4] for r in rows if r[5] == "gl_only" and r[4] > 0)
outstanding = sum(r[4] for r in rows if r[5] == "gl_only" and r[4] < 0)
bank_only = sum(r[3] for r in rows if r[5] == "bank_only")
adj_bank = bank_close / 100 + transit + outstanding
adj_book = ledger_close + bank_only

wb = openpyxl.Workbook()
rec = wb.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
for r in rows:
    rec.append(r)
st = wb.create_sheet("Statement")
st.append(["Item", "Amount"])
for label, v in [("Bank balance", bank_close / 100), ("Receipts in transit", transit),
                 ("Outstanding payments", outstanding), ("Adjusted bank", adj_bank), ("Ledger balance", ledger_close),
                 ("Bank items", bank_only), ("Corrections", 0), ("Duplicates", 0), ("Adjusted ledger", adj_book),
                 ("Difference", round(adj_bank - adj_book, 2))]:
    st.append([label, v])
cf = wb.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
months = monthly(opening, bank)
for m, o, i, p in months:
    cf.append([m, o / 100, i / 100, p / 100, (i - p) / 100, (o + i - p) / 100])
cf.append(["Total", opening / 100, sum(x[2] for x in months) / 100, sum(x[3] for x in months) / 100,
           (bank_close - opening) / 100, bank_close / 100])
wb.save(OUTPUT / "cashflow.xlsx")
write_memo([
    f"Adjusted bank balance {adj_bank:,.2f}; ledger balance per the ledger workbook {ledger_close:,.2f}.",
    f"{sum(1 for r in rows if r[5] != 'matched')} lines did not match.",
    "The running balance shows #REF! errors.",
    "See the CashFlow sheet.",
    "Investigate the unmatched lines.",
])
