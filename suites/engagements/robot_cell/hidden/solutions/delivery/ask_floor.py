#!/usr/bin/env python3
"""Ask the floor - command-line assistant for the shift leads.

    python3 system/ask_floor.py [--db data/picking.db] "how many stops did RC2 have last week?"

Understands a station (RC1-RC4, MS1-MS6), "last week" / "yesterday" / a month name, and the words stops,
downtime, lines per hour. Answers from the history tables of the database (no internet needed).
"""

import argparse
import re
import sqlite3
import sys
from pathlib import Path

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]


def answer(q, conn):
    ql = q.lower()
    last = conn.execute("SELECT max(substr(shift_id, 1, 10)) FROM shift_station_stats").fetchone()[0]
    where, args = ["1=1"], []
    if "yesterday" in ql:
        where.append("substr(shift_id, 1, 10) = ?")
        args.append(last)
    elif "last week" in ql or "this week" in ql:
        where.append("substr(shift_id, 1, 10) > date(?, '-7 day')")
        args.append(last)
    else:
        for i, m in enumerate(MONTHS, 1):
            if m in ql:
                where.append("substr(shift_id, 6, 2) = ?")
                args.append(f"{i:02d}")
    st = re.search(r"\b(RC[1-4]|MS[1-6])\b", q, re.I)
    if st:
        where.append("station_id = ?")
        args.append(st.group(1).upper())
    rows = conn.execute(
        "SELECT station_id, sum(lines_picked), sum(safety_stops), round(sum(stop_downtime_min)), "
        "round(avg(lines_per_hour), 1) FROM shift_station_stats WHERE " + " AND ".join(where) +
        " GROUP BY station_id ORDER BY station_id", args).fetchall()
    if not rows:
        return "No data for that question."
    key = 2 if "stop" in ql else 3 if "downtime" in ql else 4 if "per hour" in ql or "pph" in ql else 1
    if "most" in ql or "worst" in ql or "best" in ql:
        rows = sorted(rows, key=lambda r: -(r[key] or 0))[:1]
    return "\n".join(f"{r[0]}: {r[1]:,} lines, {r[2]} stops, {r[3]} min downtime, {r[4]} lines/h" for r in rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=str(Path(__file__).resolve().parent.parent / "data" / "picking.db"))
    ap.add_argument("question", nargs="+")
    a = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(a.db).resolve()}?mode=ro", uri=True)
    print(answer(" ".join(a.question), conn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
