#!/usr/bin/env python3
"""Detection dashboard for ExCo: one Markdown page per month from the payments database.

    python3 system/detection_dashboard.py --db data/payments.db --out /tmp/dashboard
"""

import argparse
import sqlite3
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(args.db).resolve()}?mode=ro", uri=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    months = [m for (m,) in conn.execute("SELECT DISTINCT substr(created_at,1,7) FROM payments ORDER BY 1")]
    lines = ["# Detection dashboard", "",
             "| Month | Payments | Holds | Hold rate | Detected | Missed | Detection rate |",
             "|---|---|---|---|---|---|---|"]
    for m in months:
        n = conn.execute("SELECT count(*) FROM payments WHERE substr(created_at,1,7)=?", (m,)).fetchone()[0]
        h = conn.execute("SELECT count(*) FROM hold_decisions d JOIN payments p USING (payment_id) "
                         "WHERE d.decision='HOLD' AND substr(p.created_at,1,7)=?", (m,)).fetchone()[0]
        det = conn.execute("SELECT count(*) FROM hold_outcomes o JOIN payments p USING (payment_id) "
                           "WHERE o.outcome='cancelled_scam' AND substr(p.created_at,1,7)=?", (m,)).fetchone()[0]
        mis = conn.execute("SELECT count(*) FROM scam_reports r JOIN payments p USING (payment_id) "
                           "WHERE substr(p.created_at,1,7)=? AND r.payment_id NOT IN "
                           "(SELECT payment_id FROM hold_decisions WHERE decision='HOLD')", (m,)).fetchone()[0]
        rate = det / (det + mis) if det + mis else 0.0
        lines.append(f"| {m} | {n} | {h} | {h / n if n else 0:.1%} | {det} | {mis} | {rate:.0%} (target 75%) |")
        (out / f"detection_{m}.md").write_text("\n".join([*lines[:4], lines[-1]]) + "\n", encoding="utf-8")
    (out / "detection_trend.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
