"""An expert who reads every file and gets every documented trap right (complete interviews only, repeated records
once, raking to both margins' shares, the margins' region spellings, routed bases), but asks the client's and the
agency's people nothing: the rejected top-up panel interviews stay in, the age-band targets are the workbook's stale
sheet, the call centre's early interviews keep the spring region codes, and the interviews of the panel members who
withdrew their consent after the file was sent and the client's boost sample are delivered."""

import os
import runpy
import sys
from pathlib import Path

os.environ["SURVEY_ASK"] = "0"
here = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(here))
runpy.run_path(str(here / "reference.py"), run_name="__main__")
