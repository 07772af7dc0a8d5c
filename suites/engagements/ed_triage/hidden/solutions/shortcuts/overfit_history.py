"""Shortcut: learn the exceptions from the history alone and ask nobody.

Every presenting complaint whose category 3 walk-ins streamed to minors were escalated in 10% or more of
attendances since October becomes a red flag (any age). Fits the past; no clinical owner, no sign-off.
"""
import sqlite3
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    conn = sqlite3.connect("data/ed.db")
    rows = conn.execute(
        "SELECT complaint, COUNT(*), SUM(escalated_to IN ('MAJORS', 'RESUS')) FROM attendances "
        "WHERE triage_category = 3 AND arrival_mode = 'WALK' AND stream = 'MINORS' AND arrival_time >= '2025-10-06' "
        "GROUP BY complaint").fetchall()
    flags = [comp for comp, n, esc in rows if n >= 10 and (esc or 0) / n >= 0.10]
    p = c.read_protocol()
    have = {r["complaint"] for r in p["category3_walk_in"].get("red_flags", []) if not r.get("min_age")}
    p["category3_walk_in"].setdefault("red_flags", []).extend({"complaint": f} for f in flags if f not in have)
    c.write_protocol(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
