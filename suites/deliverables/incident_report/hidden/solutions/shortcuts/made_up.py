"""A confident, well-formatted report whose figures are invented (the date is read from the chat, the rest is
made up to look like a typical outage)."""

import csv
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _report import write_report  # noqa: E402

IN, OUT = Path("input"), Path("output")
day = re.search(r"\d{4}-\d{2}-\d{2}", (IN / "oncall_chat.txt").read_text()).group(0)
impact = {"start": f"{day}T10:00:00Z", "end": f"{day}T10:45:00Z", "duration_minutes": 45,
          "failed_requests": 1250, "error_rate_peak": 35.0}
(OUT / "impact.json").write_text(json.dumps(impact, indent=2))
rows = [
    (f"{day}T09:30:00Z", "app", "Deployment of a new release"),
    (f"{day}T09:55:00Z", "database", "Database CPU saturation"),
    (f"{day}T09:58:00Z", "app", "Connection errors"),
    (f"{day}T10:00:00Z", "gateway", "Impact starts"),
    (f"{day}T10:05:00Z", "oncall", "Alert fired"),
    (f"{day}T10:10:00Z", "oncall", "Incident declared"),
    (f"{day}T10:40:00Z", "app", "Rollback"),
    (f"{day}T10:45:00Z", "gateway", "Impact ends"),
    (f"{day}T11:00:00Z", "oncall", "Incident resolved"),
]
with open(OUT / "timeline.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["timestamp", "component", "event"])
    w.writerows(rows)
write_report(
    OUT / "incident_report.docx", "Incident report",
    [
        ("Summary", ["Between 10:00 and 10:45 UTC checkout was degraded after a deployment; 1,250 requests failed."]),
        ("Timeline", []),
        ("Impact", ["45 minutes, 1,250 failed requests, peak error rate 35%."]),
        ("Root cause", ["A deployment increased database load, which exhausted connections."]),
        ("Actions", ["Load-test releases before production.", "Add alerting on database CPU.",
                     "Automate rollbacks."]),
    ],
    rows,
)
