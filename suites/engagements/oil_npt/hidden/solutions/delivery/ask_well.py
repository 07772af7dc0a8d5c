#!/usr/bin/env python3
"""Ask the well - command-line prototype.

    python3 system/ask_well.py [--db data/drilling.db] "what happened on BR-14 last week?"

Understands a rig (BR-11 / BR-14 / BR-17), a contractor name, a month name or "last week" / "yesterday",
and the words NPT / depth / mud. Answers from the drilling database only (no internet needed).
"""

import argparse
import datetime as dt
import re
import sqlite3
import sys
from pathlib import Path

MONTHS = {m: i for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july",
                                        "august", "september", "october", "november", "december"], 1)}
CONTRACTOR_WORDS = {"tollund": "TDS", "mirefield": "MFL", "sextant": "SXD", "quarrystone": "QCS"}


def _period(q, conn):
    last = conn.execute("SELECT max(report_date) FROM daily_reports").fetchone()[0]
    end = dt.date.fromisoformat(last)
    ql = q.lower()
    if "yesterday" in ql or "last day" in ql:
        return end, end
    if "last week" in ql or "this week" in ql:
        return end - dt.timedelta(days=6), end
    for name, num in MONTHS.items():
        if name in ql:
            year = end.year if num <= end.month else end.year - 1
            start = dt.date(year, num, 1)
            nxt = dt.date(year + (num == 12), num % 12 + 1, 1)
            return start, nxt - dt.timedelta(days=1)
    return end.replace(day=1), end


def answer(q, conn):
    rig = re.search(r"BR-?(\d\d)", q, re.I)
    rig_id = f"BR-{rig.group(1)}" if rig else None
    start, end = _period(q, conn)
    where = ["report_date BETWEEN ? AND ?"]
    args = [start.isoformat(), end.isoformat()]
    if rig_id:
        where.append("rig_id = ?")
        args.append(rig_id)
    evs = conn.execute(f"SELECT event_id, rig_id, report_date, hours, npt_code, description FROM npt_events "
                       f"WHERE {' AND '.join(where)} ORDER BY report_date, rig_id", args).fetchall()
    contractor = next((cid for w, cid in CONTRACTOR_WORDS.items() if w in q.lower()), None)
    out = [f"Period {start} to {end}" + (f", rig {rig_id}" if rig_id else ", all rigs") + "."]
    reps = conn.execute(f"SELECT rig_id, min(depth_start_m), max(depth_end_m), sum(npt_h) FROM daily_reports "
                        f"WHERE {' AND '.join(where)} GROUP BY rig_id", args).fetchall()
    for r in reps:
        out.append(f"{r[0]}: depth {r[1]:,} -> {r[2]:,} m, NPT {r[3] or 0:g} h.")
    if contractor:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import npt_claims
        rules = npt_claims.load_rules(Path(__file__).resolve().parent / "config")
        mine = [e for e in evs if (npt_claims.attribute(e[5], rules) or {}).get("contractor_id") == contractor]
        out.append(f"NPT attributed to {contractor}: {sum(e[3] for e in mine):g} h in {len(mine)} events.")
        evs = mine
    for e in evs[:25]:
        out.append(f"- {e[2]} {e[1]} {e[0]} {e[3]:g} h [{e[4]}] {e[5]}")
    if len(evs) > 25:
        out.append(f"... and {len(evs) - 25} more events.")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=str(Path(__file__).resolve().parent.parent / "data" / "drilling.db"))
    ap.add_argument("question", nargs="+")
    a = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(a.db).resolve()}?mode=ro", uri=True)
    print(answer(" ".join(a.question), conn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
