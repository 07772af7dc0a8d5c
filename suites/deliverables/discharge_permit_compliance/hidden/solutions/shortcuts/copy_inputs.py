"""Delivers the inputs under the output names: the LIMS export as the register, the sampling calendar as the
conditions, an audit schedule as the summary and an e-mail as the note."""

import shutil
from pathlib import Path

shutil.copy(sorted(Path("input/lims").glob("*.csv"))[0], "output/sample_register.csv")
shutil.copy(sorted(Path("input/sampling").glob("*.csv"))[0], "output/conditions_assessment.csv")
shutil.copy(sorted(Path("input/regulator").glob("*.pdf"))[0], "output/compliance_summary.json")
shutil.copy(sorted(Path("input/emails").glob("*.eml"))[0], "output/note_to_head_of_compliance.md")
