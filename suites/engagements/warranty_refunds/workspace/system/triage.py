#!/usr/bin/env python3
"""Nightly warranty claim triage - Vellmar Home Appliances, after-sales service centre Brackenfield.

Run by the scheduler on the claims server at 01:30 every night on the claims database refreshed from the
retail portal and the repair centres' feeds:

    python3 system/triage.py --db /data/claims.db --out /out

Decides every claim with status 'received' (approve / deny / inspect, see rules.py) and writes
  <out>/decisions.csv        imported by the claims platform at 06:00 (keep the name and the columns
                             claim_id and decision; a claim missing from it stays undecided)
  <out>/triage_summary.json  counts for the Warranty Operations morning report

For tests on the history: --month YYYY-MM re-decides every claim received in that month.
The database is opened read-only. Everything the job produces goes under --out.
"""

import argparse
import csv
import json
import sqlite3
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rules  # noqa: E402

COLUMNS = ["claim_id", "received_date", "model_code", "serial_no", "rc_id", "failure_code", "refund_eur",
           "decision", "reason_code", "reason_text", "rule_version"]


def open_db(path):
    """The production database is mounted read-only; never write to it."""
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)


def load_claims(conn, month=None):
    conn.row_factory = sqlite3.Row
    if month:
        rows = conn.execute("SELECT * FROM claims WHERE substr(received_date, 1, 7) = ? "
                            "ORDER BY received_date, claim_id", (month,)).fetchall()
    else:
        rows = conn.execute("SELECT * FROM claims WHERE status = 'received' "
                            "ORDER BY received_date, claim_id").fetchall()
    claims = [dict(r) for r in rows]
    reports = {}
    for r in conn.execute("SELECT * FROM repair_reports ORDER BY claim_id, report_date, report_id"):
        reports[r["claim_id"]] = dict(r)  # the latest report of a claim wins
    conn.row_factory = None
    return claims, reports


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="claims database (SQLite)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--month", help="re-decide every claim received in this month (YYYY-MM), for tests")
    args = ap.parse_args(argv)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        ctx = rules.Context(conn, HERE / "config")
        claims, reports = load_claims(conn, args.month)
        rows = []
        for claim in claims:
            report = reports.get(claim["claim_id"])
            decision, reason = rules.decide(claim, report, ctx)
            rows.append({
                "claim_id": claim["claim_id"], "received_date": claim["received_date"],
                "model_code": claim["model_code"], "serial_no": claim["serial_no"], "rc_id": claim["rc_id"],
                "failure_code": (report or {}).get("failure_code", ""), "refund_eur": claim["refund_eur"],
                "decision": decision, "reason_code": reason, "reason_text": rules.reason_text(reason, ctx),
                "rule_version": ctx.policy.get("rule_version", ""),
            })
    finally:
        conn.close()

    with open(out / "decisions.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    counts = Counter(r["decision"] for r in rows)
    summary = {"claims": len(rows), "decisions": dict(sorted(counts.items())),
               "reasons": dict(sorted(Counter(r["reason_code"] for r in rows).items())),
               "refund_eur_approved": round(sum(float(r["refund_eur"]) for r in rows if r["decision"] == "approve"), 2)}
    (out / "triage_summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(f"triage: {len(rows)} claims - " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
