"""Kelderby Royal Infirmary - ward stock par review job (procedure PHS-STK-04).

Run by Pharmacy Systems at every par review (every four weeks, Monday night):

    python3 system/reorder.py --db /data/pharmacy.db --out /out [--review-date 2026-03-09]

It reads the pharmacy stock database - the product catalogue, the ward cabinets' lines, the packs issued from
every line - and sets, for every cabinet line and for every product the central store keeps, a par level and a
reorder point from the last weeks of use. The cabinets' replenishment engine (MedVault) loads
<out>/par_levels.csv as it is (keep the columns): every night it tops each ward line at or below its reorder
point up to par from the store, and orders each store line at or below its reorder point up to par from the
line's supplier. <out>/summary.json goes to the stock team. The rules live in config/rules.json.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = [
    "location_id",
    "product_code",
    "product_name",
    "par_level",
    "reorder_point",
    "supplier_code",
    "managed_by",
]
STORE = "STORE"


def load_rules(path: Path | None = None) -> dict:
    return json.loads((path or HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def review_day(conn: sqlite3.Connection, given: str | None) -> date:
    if given:
        return date.fromisoformat(given)
    row = conn.execute("SELECT value FROM meta WHERE key = 'extract_day'").fetchone()
    return date.fromisoformat(row[0]) + timedelta(days=1)


def usage(conn: sqlite3.Connection, first: date, last: date) -> dict[tuple[str, str], int]:
    """Packs issued per (location, product code) from `first` to `last` inclusive."""
    rows = conn.execute(
        "SELECT location_id, product_code, SUM(packs) FROM issues WHERE day >= ? AND day <= ? GROUP BY 1, 2",
        (first.isoformat(), last.isoformat()),
    )
    return {(loc, code): int(n or 0) for loc, code, n in rows}


def par_and_rop(rules: dict, use_per_day: float, crit: str, lead_days: float, cover_days: float) -> tuple[int, int]:
    """PHS-STK-04 s.4: par covers the review cover, the lead time and the safety days; reorder at lead + safety."""
    safety = float(rules["safety_days"].get(crit, 1))
    par = max(int(rules["min_par"].get(crit, 1)), math.ceil(round(use_per_day * (cover_days + lead_days + safety), 6)))
    rop = max(1, math.ceil(round(use_per_day * (lead_days + safety), 6)))
    return par, min(rop, par)


def run(conn: sqlite3.Connection, rules: dict, given_day: str | None = None) -> tuple[list[dict], dict]:
    conn.row_factory = sqlite3.Row
    day = review_day(conn, given_day)
    span = 7 * int(rules["usage_window_weeks"])
    used = usage(conn, day - timedelta(days=span), day - timedelta(days=1))
    products = {r["product_code"]: r for r in conn.execute("SELECT * FROM products")}
    consignment = {(c["location_id"], c["product_code"]): c for c in rules.get("consignment_lines", [])}
    ward = rules["ward"]
    rows, store_use = [], {}
    lines = conn.execute("SELECT * FROM cabinet_lines ORDER BY location_id, product_code").fetchall()
    for line in lines:
        loc, code = line["location_id"], line["product_code"]
        p = products.get(code)
        if p is None:
            continue
        if (loc, code) in consignment:
            c = consignment[(loc, code)]
            rows.append(_row(loc, p, "", "", c.get("supplier_code", p["supplier_code"]), "CONSIGNMENT"))
            continue
        use = used.get((loc, code), 0) / span
        store_use[code] = store_use.get(code, 0.0) + use
        par, rop = par_and_rop(rules, use, p["criticality"], float(ward["topup_lead_days"]), float(ward["cover_days"]))
        rows.append(_row(loc, p, par, rop, STORE, "CABINET"))
    for code in sorted(store_use):
        p = products[code]
        lead = float(rules["supplier_lead_days"].get(p["supplier_code"], 2))
        par, rop = par_and_rop(rules, store_use[code], p["criticality"], lead, float(rules["store"]["cover_days"]))
        rows.append(_row(STORE, p, par, rop, p["supplier_code"], "STORE"))
    summary = {
        "review_day": day.isoformat(),
        "rules_version": rules.get("rules_version", ""),
        "lines": len(rows),
        "cabinet_lines": sum(1 for r in rows if r["managed_by"] == "CABINET"),
        "store_lines": sum(1 for r in rows if r["managed_by"] == "STORE"),
        "consignment_lines": sum(1 for r in rows if r["managed_by"] == "CONSIGNMENT"),
    }
    return rows, summary


def _row(loc: str, p: sqlite3.Row, par: object, rop: object, supplier: str, managed_by: str) -> dict:
    return {
        "location_id": loc,
        "product_code": p["product_code"],
        "product_name": p["name"],
        "par_level": par,
        "reorder_point": rop,
        "supplier_code": supplier,
        "managed_by": managed_by,
    }


def write(out: Path, rows: list[dict], summary: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "par_levels.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--review-date", default=None, help="YYYY-MM-DD (default: the day after the extract)")
    ap.add_argument("--rules", default=None)
    args = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    try:
        rows, summary = run(conn, load_rules(Path(args.rules) if args.rules else None), args.review_date)
    finally:
        conn.close()
    write(Path(args.out), rows, summary)
    print(f"par review {summary['review_day']}: {summary['lines']} lines written to {args.out}/par_levels.csv")
    return 0


if __name__ == "__main__":
    sys.exit(main())
