"""The right layout with plausible invented figures: every bank line 'matched' to the ledger line in the same
position, and round numbers behind correct-looking formulas."""
import random
import sys

import openpyxl

sys.path.insert(0, "/solution")
from rec_files import OUTPUT, read_bank, read_ledger, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
rng = random.Random(7)
opening, bank = read_bank()
_, gl, _ = read_ledger()
wb = openpyxl.Workbook()
rec = wb.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
for b, g in zip(bank, gl):
    rec.append([b["id"], g["entry"], b["ref"], b["amount"] / 100, b["amount"] / 100, "matched"])
st = wb.create_sheet("Statement")
st.append(["Item", "Amount"])
base = round(opening / 100 * rng.uniform(0.9, 1.3), -2)
for label, v in [("Bank balance", base), ("Receipts in transit", 4500), ("Outstanding payments", -2500),
                 ("Adjusted bank", "=B2+B3+B4"), ("Ledger balance", base + 1800), ("Bank items", 200),
                 ("Corrections", 0), ("Duplicates", 0), ("Adjusted ledger", "=SUM(B6:B9)"),
                 ("Difference", "=B5-B10")]:
    st.append([label, v])
cf = wb.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
months = sorted({f"{b['date']:%Y-%m}" for b in bank})
for k, m in enumerate(months):
    r = k + 2
    cf.append([m, opening / 100 if k == 0 else f"=F{r - 1}", round(rng.uniform(120, 160), 0) * 1000,
               round(rng.uniform(120, 160), 0) * 1000, f"=C{r}-D{r}", f"=B{r}+E{r}"])
cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
wb.save(OUTPUT / "cashflow.xlsx")
write_memo([
    f"The account reconciles at about {base + 2000:,.0f}.",
    "All bank lines were matched to the ledger.",
    "The ledger workbook has #REF! errors in its running balance.",
    "Receipts and payments were broadly stable across the half year.",
    "No further action is needed.",
])
