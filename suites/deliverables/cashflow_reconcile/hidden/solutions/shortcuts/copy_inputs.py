"""Hands the ledger export back as the 'cash-flow workbook', with a memo of boilerplate under the right headings."""
import shutil
import sys

sys.path.insert(0, "/solution")
from rec_files import INPUT, OUTPUT, write_memo  # noqa: E402

OUTPUT.mkdir(exist_ok=True)
shutil.copyfile(INPUT / "ledger_1010.xlsx", OUTPUT / "cashflow.xlsx")
write_memo([
    "The ledger export is attached as the cash-flow workbook.",
    "See the ledger lines for the reconciling items.",
    "Some formulas show #REF! and should be checked.",
    "Monthly totals are on the Summary sheet.",
    "Review the workbook before the board meeting.",
])
