"""The requested layout, every figure left as a placeholder to fill in later."""
import sys

import openpyxl

sys.path.insert(0, "/solution")
from rec_files import OUTPUT, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
wb = openpyxl.Workbook()
rec = wb.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
rec.append(["TBD", "TBD", "TBD", "TBD", "TBD", "TBD"])
st = wb.create_sheet("Statement")
st.append(["Item", "Amount"])
for i in range(10):
    st.append([f"Line {i + 2}", "TBD"])
cf = wb.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
for i in range(6):
    cf.append([f"Month {i + 1}", "TODO", "TODO", "TODO", "TODO", "TODO"])
cf.append(["Total", "TODO", "TODO", "TODO", "TODO", "TODO"])
wb.save(OUTPUT / "cashflow.xlsx")
write_memo(["TBD"] * 5)
