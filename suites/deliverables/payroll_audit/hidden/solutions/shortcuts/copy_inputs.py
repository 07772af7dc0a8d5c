"""Delivers the inputs under the output names: the payroll export as the register, the holiday calendar as the
totals and an e-mail as the note."""
import shutil

shutil.copy("input/payroll_export_Q3_2026.csv", "output/underpayment_register.csv")
shutil.copy("input/public_holidays_2026.csv", "output/totals.json")
shutil.copy("input/emails/04_export_note.eml", "output/note_to_hr_director.md")
