"""Delivers the inputs under the output names: the payroll export as the working file, the bonus ledger as the
figures and an e-mail as the note."""

import shutil
from pathlib import Path

shutil.copy(next(Path("input/payroll").glob("payroll_elements*.csv")), "output/gpg_employees.csv")
shutil.copy(next(Path("input/bonus").glob("bonus_ledger*.csv")), "output/gpg_figures.json")
shutil.copy("input/emails/01_payroll_exports.eml", "output/note_to_hr_director.md")
