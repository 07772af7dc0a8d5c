"""All three deliverables in the right formats, filled with template placeholders."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _report import write_report  # noqa: E402

OUT = Path("output")
write_report(
    OUT / "incident_report.docx", "Incident report [insert incident id]",
    [(h, ["TBD"]) for h in ["Summary", "Timeline", "Impact", "Root cause", "Actions"]],
    [("TBD", "TBD", "TBD")] * 6,
)
(OUT / "timeline.csv").write_text("timestamp,component,event\nTBD,app,TODO\nTBD,gateway,TODO\n")
(OUT / "impact.json").write_text('{"start": "TBD", "end": "TBD", "duration_minutes": 0, '
                                 '"failed_requests": 0, "error_rate_peak": 0.0}\n')
