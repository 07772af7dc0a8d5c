"""A plausible first pass that skips the definitions: every 5xx counts (health checks too, stray ones too),
the first and last 5xx bound the incident, the first ERROR of each file is "the first error", the chat's
clock is taken as UTC and the first change of the day is blamed."""

import csv
import datetime as dt
import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _report import write_report  # noqa: E402

IN, OUT = Path("input"), Path("output")
MONTHS = {m: i + 1 for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}
ACCESS = re.compile(r'\[(\d{2})/(\w{3})/(\d{4}):(\d{2}):(\d{2}):(\d{2}) [^\]]*\] "[^"]*" (\d{3})')

total, bad, fails = Counter(), Counter(), []
for f in sorted(p for p in (IN / "gateway").rglob("*") if p.is_file()):
    for line in gzip.decompress(f.read_bytes()).decode().splitlines():
        m = ACCESS.search(line)
        if not m:
            continue
        d, mon, y, hh, mm, ss, status = m.groups()
        when = dt.datetime(int(y), MONTHS[mon], int(d), int(hh), int(mm), int(ss))
        total[when.replace(second=0)] += 1
        if status.startswith("5"):
            bad[when.replace(second=0)] += 1
            fails.append(when)
start, end = min(fails), max(fails)
peak = max(bad[m] / total[m] for m in bad) * 100
impact = {"start": start.strftime("%Y-%m-%dT%H:%M:%SZ"), "end": end.strftime("%Y-%m-%dT%H:%M:%SZ"),
          "duration_minutes": int((end - start).total_seconds() // 60), "failed_requests": len(fails),
          "error_rate_peak": round(peak, 2)}
(OUT / "impact.json").write_text(json.dumps(impact, indent=2))

app = [json.loads(x) for x in (IN / "app" / "checkout-api.log").read_text().splitlines() if x.startswith("{")]
changes = [r for r in app if r.get("event") in ("deploy", "config_change")]
first_app_error = next(r for r in app if r["level"] == "ERROR")
db_lines = next((IN / "db").iterdir()).read_text().splitlines()
first_db_error = next(x for x in db_lines if " ERROR: " in x or " FATAL: " in x)
chat = (IN / "oncall_chat.txt").read_text().splitlines()
day = start.strftime("%Y-%m-%d")


def chat_time(word):
    line = next(x for x in chat if word in x)
    return f"{day}T{line[1:9]}Z", line[11:]


rows = [
    (changes[0]["ts"][:19] + "Z", "app", "Change: " + changes[0]["msg"]),
    (first_db_error[:19].replace(" ", "T") + "Z", "database", "First database error"),
    (first_app_error["ts"][:19] + "Z", "app", "First application error: " + first_app_error["msg"]),
    (impact["start"], "gateway", "First 5xx at the gateway"),
    (*chat_time("Triggered")[:1], "oncall", "Alert fired"),
    (*chat_time("declared")[:1], "oncall", "Incident declared"),
    (changes[-1]["ts"][:19] + "Z", "app", "Mitigation: " + changes[-1]["msg"]),
    (impact["end"], "gateway", "Last 5xx at the gateway"),
    (*chat_time("RESOLVED")[:1], "oncall", "Incident resolved"),
]
with open(OUT / "timeline.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["timestamp", "component", "event"])
    w.writerows(rows)

write_report(
    OUT / "incident_report.docx", "Incident report",
    [
        ("Summary", [f"Checkout returned errors from {start:%H:%M} to {end:%H:%M} UTC; {len(fails)} requests failed."]),
        ("Timeline", []),
        ("Impact", [f"{len(fails)} failed requests over {impact['duration_minutes']} minutes, "
                    f"peak {impact['error_rate_peak']}%."]),
        ("Root cause", [f"Database overload after the change: {changes[0]['msg']}."]),
        ("Actions", ["Add database capacity.", "Improve monitoring.", "Review change management."]),
    ],
    rows,
)
