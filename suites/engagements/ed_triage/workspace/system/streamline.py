#!/usr/bin/env python3
"""StreamLine - triage streaming service, emergency department, Corran Valley General Hospital.

At the end of triage the triage terminal calls the service, which decides the patient's stream (resus,
majors, minors or fast track) from the triage observations and shows it on the triage screen and the
department board. The service reads the triage queue from the ED database and writes its decisions under
the output folder; it is also run over whole months for the monthly streaming audit:

    python3 system/streamline.py --db /data/ed.db --out /out

The database is opened read-only. Everything the service produces goes under --out.
"""

import argparse
import csv
import json
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import streaming  # noqa: E402

OBS_COLUMNS = ["attendance_id", "arrival_time", "triage_wait_min", "terminal", "age", "sex", "arrival_mode",
               "mobility", "complaint", "triage_category", "pain_score", "hr", "rr", "sbp", "spo2", "on_oxygen",
               "avpu", "temp"]
OUT_COLUMNS = ["attendance_id", "arrival_time", "triage_wait_min", "terminal", "triage_category", "complaint",
               "news2", "stream", "reason"]


def open_db(path):
    """The live database is mounted read-only; never write to it."""
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)


def latest_month(conn):
    row = conn.execute("SELECT max(substr(arrival_time, 1, 7)) FROM attendances").fetchone()
    return row[0] if row and row[0] else None


def month_attendances(conn, month):
    cur = conn.execute(f"SELECT {', '.join(OBS_COLUMNS)} FROM attendances WHERE substr(arrival_time, 1, 7) = ? "
                       "ORDER BY arrival_time, attendance_id", (month,))
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]


def run(conn, month, out_dir, config_dir):
    protocol = streaming.load_protocol(config_dir)
    rows = []
    for att in month_attendances(conn, month):
        stream, reason, score = streaming.stream_patient(att, protocol)
        rows.append({**att, "news2": score, "stream": stream, "reason": reason})
    sdir = Path(out_dir) / "streams"
    sdir.mkdir(parents=True, exist_ok=True)
    with open(sdir / f"streams_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=OUT_COLUMNS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    summary = {"month": month, "protocol": f"{protocol.get('protocol')} rev {protocol.get('revision')}",
               "attendances": len(rows),
               "by_stream": {s: sum(1 for r in rows if r["stream"] == s) for s in streaming.STREAMS}}
    (sdir / f"summary_{month}.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="ED database (SQLite)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--month", help="YYYY-MM to stream (default: the latest month in attendances)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        month = args.month or latest_month(conn)
        if month is None:
            print("no attendances in the database; nothing to stream")
            return 0
        summary = run(conn, month, out, HERE / "config")
        print(f"{summary['protocol']}: {summary['attendances']} attendances streamed for {month}: "
              + ", ".join(f"{k} {v}" for k, v in summary["by_stream"].items()))
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
