"""Well-formed files, but the analysis crashed and its stack trace went into the report and the timeline."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _report import write_report  # noqa: E402

OUT = Path("output")
trace = ('Traceback (most recent call last):\n  File "analyse.py", line 42, in <module>\n'
         '    window = find_window(minutes)\n  File "analyse.py", line 17, in find_window\n'
         "    return hot[0], hot[-1]\nIndexError: list index out of range")
write_report(
    OUT / "incident_report.docx", "Incident report",
    [(h, [trace]) for h in ["Summary", "Timeline", "Impact", "Root cause", "Actions"]],
    [("-", "app", "analysis failed")] * 6,
)
(OUT / "timeline.csv").write_text('timestamp,component,event\n2026-01-01T00:00:00Z,app,"' + trace.replace('"', "'") + '"\n')
(OUT / "impact.json").write_text(json.dumps({"start": "", "end": "", "duration_minutes": 0, "failed_requests": 0,
                                             "error_rate_peak": 0, "error": trace}))
