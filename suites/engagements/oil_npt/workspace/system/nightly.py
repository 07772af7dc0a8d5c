#!/usr/bin/env python3
"""Nightly operations job - Vardell Basin drilling, Brennmoor Energy.

Run by the scheduler on the operations server at 02:00 every night, on the database refreshed from the
rigs' daily drilling reports:

    python3 system/nightly.py --db /data/drilling.db --out /out

Steps
  1. NPT claim: attribute the month's non-productive time (NPT) events to contractors and write the
     claim lines that the contracts portal imports (see system/README.md and npt_claims.py).

The database is opened read-only. Everything the job produces goes under --out.
"""

import argparse
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import npt_claims  # noqa: E402


def open_db(path):
    """The production database is mounted read-only; never write to it."""
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="drilling database (SQLite)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--month", help="claim month YYYY-MM (default: the latest month with NPT events)")
    args = ap.parse_args(argv)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        month = args.month or npt_claims.latest_month(conn)
        if month is None:
            print("no NPT events in the database; nothing to claim")
            return 0
        result = npt_claims.run(conn, month, out / "claims", HERE / "config")
        print(f"NPT claim {month}: {result['lines']} lines, USD {result['total_usd']:,.2f}; "
              f"{result['not_claimed']} events not claimed")
        for cid, tot in sorted(result["by_contractor"].items()):
            print(f"  {cid:4s} {tot['lines']:3d} lines  USD {tot['amount_usd']:>12,.2f}")
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
