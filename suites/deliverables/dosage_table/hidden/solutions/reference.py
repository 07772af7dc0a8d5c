"""Expert solution: formulary monographs (docx) + renal dosing guide (pdf) -> output/dosage.xlsx and
output/warnings.csv; where the client's staff can be asked, what only they know (_table.py)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _table import run

run()
