#!/usr/bin/env python3
"""Hold decision run - Pellbrook Bank payments hub, APP scam controls.

The payments hub calls this batch every 15 minutes on the payments queued since the last run, and the
platform team runs it over a whole month for releases and shadow evaluations:

    python3 system/run_holds.py --db /data/payments.db --out /out

It decides every payment of the month (default: the latest month in `payments`) with the rule table in
system/config/ and writes /out/decisions/hold_decisions_<YYYY-MM>.csv, which the hub reads: HOLD parks the
payment in the Fraud Operations queue, anything else releases it. The database is opened read-only.
"""

import argparse
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hold_engine  # noqa: E402


def open_db(path):
    """The production database is mounted read-only; never write to it."""
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="payments database (SQLite)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--month", help="YYYY-MM (default: the latest month in payments)")
    args = ap.parse_args(argv)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        month = args.month or hold_engine.latest_month(conn)
        if month is None:
            print("no payments in the database; nothing to decide")
            return 0
        summary = hold_engine.run(conn, month, out, HERE / "config")
    finally:
        conn.close()
    print(f"{month}: {summary['payments']} payments, {summary['holds']} held ({summary['hold_rate']:.1%})")
    for rule_id, n in summary["by_rule"].items():
        print(f"  {rule_id:8s} {n:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
