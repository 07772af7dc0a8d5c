"""A competent but hurried pass: both bank exports merged without double counting, references compared without
punctuation, keying errors and double postings found, the ledger balance proven from its lines, live formulas.
It never opens the last reconciliation (so lines clearing items outstanding then become bank-only items and a
cheque still outstanding is forgotten), lists a posting and its reversal as two unpresented items, and raises
nothing beyond routine postings."""
import re
import sys

import openpyxl

sys.path.insert(0, "/solution")
from rec_files import OUTPUT, monthly, read_bank, read_ledger, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
opening, bank = read_bank(dedupe=True)
gl_open, gl, _ = read_ledger()


def norm(s):
    return re.sub(r"[^A-Z0-9]", "", str(s).upper())


used, units, left = set(), [], []
for b in bank:
    g = next((g for g in gl if norm(b["ref"]) and g["entry"] not in used and norm(g["ref"]) == norm(b["ref"])
              and g["amount"] == b["amount"]), None)
    if g:
        used.add(g["entry"])
        units.append((b, g, "matched"))
    else:
        left.append(b)
for b in left:
    g = next((g for g in gl if norm(b["ref"]) and g["entry"] not in used and norm(g["ref"]) == norm(b["ref"])
              and (g["amount"] > 0) == (b["amount"] > 0)), None)
    if g:
        used.add(g["entry"])
        units.append((b, g, "amount_mismatch"))
    else:
        units.append((b, None, "bank_only"))
keys = {(norm(g["ref"]), g["amount"]) for _, g, s in units if s == "matched"}
for g in gl:
    if g["entry"] not in used:
        units.append((None, g, "duplicate_in_gl" if (norm(g["ref"]), g["amount"]) in keys else "gl_only"))


def total(status, side, sign=0):
    vals = [(b if side == "b" else g)["amount"] for b, g, s in units if s == status]
    return sum(v for v in vals if sign == 0 or (v > 0) == (sign > 0)) / 100


bank_close = (opening + sum(b["amount"] for b in bank)) / 100
gl_close = (gl_open + sum(g["amount"] for g in gl)) / 100
corrections = sum(b["amount"] - g["amount"] for b, g, s in units if s == "amount_mismatch") / 100
wb = openpyxl.Workbook()
rec = wb.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
for b, g, s in units:
    rec.append([b["id"] if b else None, g["entry"] if g else None, (b or g)["ref"], b["amount"] / 100 if b else None,
                g["amount"] / 100 if g else None, s])
st = wb.create_sheet("Statement")
st.append(["Item", "Amount"])
for label, v in [("Bank balance", bank_close), ("Receipts in transit", total("gl_only", "g", 1)),
                 ("Outstanding payments", total("gl_only", "g", -1)), ("Adjusted bank", "=B2+B3+B4"),
                 ("Ledger balance", gl_close), ("Bank items", total("bank_only", "b")), ("Corrections", corrections),
                 ("Duplicates", -total("duplicate_in_gl", "g")), ("Adjusted ledger", "=SUM(B6:B9)"),
                 ("Difference", "=B5-B10")]:
    st.append([label, v])
cf = wb.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
for k, (m, o, i, p) in enumerate(monthly(opening, bank)):
    r = k + 2
    cf.append([m, o / 100 if k == 0 else f"=F{r - 1}", i / 100, p / 100, f"=C{r}-D{r}", f"=B{r}+E{r}"])
cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
wb.save(OUTPUT / "cashflow.xlsx")
write_memo([
    f"Bank statement closing balance {bank_close:,.2f}; ledger balance proven from the lines {gl_close:,.2f}.",
    f"{sum(1 for u in units if u[2] != 'matched')} reconciling items, listed on the Reconciliation sheet.",
    "The running balance shows #REF! errors and the Summary total leaves out a month; figures were recomputed.",
    "See the CashFlow sheet.",
    "Post the bank-only items and correct the keying errors and double postings.",
])
