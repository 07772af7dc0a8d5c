"""Deterministic generator of the committed historical data of the pharmacy_stock family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder):
  workspace/data/pharmacy_history.db                 the stock database extracted on Sunday 1 March 2026
  workspace/docs/finance/stock_cost_report_2026-02.md Finance's report, written from that database
  variants/<id>/workspace/...                        the same under each variant's truth

History is replenished against the shipped job's own par levels (the world's copy of the par review, which this
script checks against workspace/system/reorder.py on every database it writes) and priced with the variant's
truth, so what a worker finds in the outcomes is what the staff of that variant know. Parameters are read from
task.toml and variants/<id>/variant.toml.
"""

import importlib.util
import json
import sqlite3
import sys
import tomllib
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
sys.path.insert(0, str(HERE))

from _pharmacy_stock_db import CATEGORIES, create, write, write_outcomes  # noqa: E402
from _pharmacy_stock_history import HISTORY_START, catalogue_on, run_history, shipped_rows  # noqa: E402
from _pharmacy_stock_world import EXTRACT_DAY, PRODUCTS, code_of, first_supplier, name_of, truth_of  # noqa: E402

LABELS = {
    "urgent_topups": "urgent porter top-ups",
    "emergency_purchases": "emergency purchases (courier and premium)",
    "expired_write_offs": "expired stock written off",
    "cold_chain_write_offs": "cold-chain stock discarded",
    "cd_returns": "witnessed CD returns",
}
MONTHS = [("December", "2025-12"), ("January", "2026-01"), ("February", "2026-02")]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text(encoding="utf-8")).get("params", {}))
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text(encoding="utf-8")).get("params", {}))
    return params


def _rules(variant: str) -> dict:
    own = FAMILY / "variants" / variant / "workspace" / "system" / "config" / "rules.json"
    path = own if own.is_file() else FAMILY / "workspace" / "system" / "config" / "rules.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _check(job, db: Path, rules: dict, expected: list[dict], day: date) -> None:
    """The world's copy of the par review must be the shipped job, row for row."""
    conn = sqlite3.connect(db)
    try:
        rows, _ = job.run(conn, rules, day.isoformat())
    finally:
        conn.close()

    def key(r: dict) -> tuple:
        par = r["par_level"] if "par_level" in r else r["par"]
        rop = r["reorder_point"] if "reorder_point" in r else r["rop"]
        return (r.get("location_id", r.get("location")), r["product_code"], str(par or ""), str(rop or ""))

    got, want = sorted(map(key, rows)), sorted(map(key, expected))
    if got != want:
        diff = sorted(set(got) ^ set(want))[:6]
        raise SystemExit(f"{db}: the shipped job and the world's par review differ on {day}: {diff}")


def finance_report(db: Path, note: str) -> str:
    """Finance's December - February report, written from the history's own weekly cost ledger."""
    conn = sqlite3.connect(db)
    try:
        cost = {
            (m, c): v
            for m, c, v in conn.execute(
                "SELECT substr(week, 1, 7), category, SUM(amount_gbp) FROM weekly_costs GROUP BY 1, 2"
            )
        }
        events = dict(
            conn.execute(
                "SELECT substr(day, 1, 7), COUNT(*) FROM stock_events WHERE event != 'CD_RETURN' GROUP BY 1"
            ).fetchall()
        )
        red = dict(
            conn.execute(
                "SELECT substr(e.day, 1, 7), COUNT(*) FROM stock_events e JOIN products p USING (product_code) "
                "WHERE e.event != 'CD_RETURN' AND p.criticality = 'RED' GROUP BY 1"
            ).fetchall()
        )
    finally:
        conn.close()
    head = " | ".join(name for name, _ in MONTHS)
    rows = "\n".join(
        f"| {LABELS[c]} | " + " | ".join(f"{cost.get((m, c), 0):,.0f}" for _, m in MONTHS) + " |" for c in CATEGORIES
    )
    total = " | ".join(f"**{sum(cost.get((m, c), 0) for c in CATEGORIES):,.0f}**" for _, m in MONTHS)
    outs = " | ".join(f"{events.get(m, 0)}" for _, m in MONTHS)
    reds = " | ".join(f"{red.get(m, 0)}" for _, m in MONTHS)
    return f"""# Ward stock - cost of stock-outs and write-offs, December 2025 to February 2026

Finance (pharmacy business partner) for the Pharmacy Operations Manager, 2 March 2026. GBP, from the weekly
cost ledger (`weekly_costs` in the stock database; weeks counted in the month they start in).

| | {head} |
|---|---|---|---|
{rows}
| total | {total} |

Stock-outs at the wards (a cabinet line empty when a dose was due): {outs} - of them on red-list (critical)
medicines: {reds}. The ledger holds only what Finance pays; the clinical side of a late or missed dose is
reported by Medication Safety (see `safety/critical_medicines_list.md`).{note}
"""


def switch_notice(truth) -> str:
    """Procurement's notice of the first wave of the move to Medway (the products switching on or before 1 March)."""
    first = [sw for sw in truth.switches if sw.day <= EXTRACT_DAY]
    rows = []
    for sw in first:
        for key in sw.keys:
            p, was = PRODUCTS[key], first_supplier(truth, key)
            rows.append(
                f"| {name_of(p, was)} | {code_of(key, was)} | {name_of(p, sw.to)} | {code_of(key, sw.to)} | "
                f"{sw.day:%d %B %Y} |"
            )
    table = "\n".join(rows)
    return f"""# Regional framework - products moving to Medway Pharma Supplies (Procurement notice, January 2026)

Under the regional medicines framework the products below move from their current supplier to Medway Pharma
Supplies (MED). Medway lists every product under its own code and in its own wording; the old code is
discontinued on the day and ward services repoint the cabinet lines to the new code.

| product (old) | old code | product (Medway) | Medway code | from |
|---|---|---|---|---|
{table}

A second wave follows in March; Procurement will confirm the products and codes with Pharmacy Systems
before it goes live. Supplier questions to Procurement (Priya Nandakumar) - not to Medway's staff.
"""


def main() -> int:
    job = _load("shipped_reorder", FAMILY / "workspace" / "system" / "reorder.py")
    variants = ["base", *sorted(p.name for p in (FAMILY / "variants").iterdir() if p.is_dir() and p.name != "base")]
    for variant in variants:
        params, rules = _params(variant), _rules(variant)
        truth = truth_of(params)
        hist = run_history(truth, EXTRACT_DAY)
        root = FAMILY / "workspace" if variant == "base" else FAMILY / "variants" / variant / "workspace"
        path = root / "data" / "pharmacy_history.db"
        blank = frozenset(x.strip() for x in str(params.get("vmp_blank", "")).split(",") if x.strip())
        meta = {
            "extract_day": EXTRACT_DAY.isoformat(),
            "extracted_at": "22:00",
            "history_from": HISTORY_START.isoformat(),
        }
        conn = create(path, meta, history=True)
        try:
            write(
                conn,
                truth,
                hist,
                EXTRACT_DAY,
                catalogue_on(truth, EXTRACT_DAY, blank),
                str(params.get("booked_by_supplier", "")),
                str(params.get("orders_outside", "")),
            )
            write_outcomes(conn, truth, hist, HISTORY_START, EXTRACT_DAY)
            conn.commit()
        finally:
            conn.close()
        review = max(d for d, _ in hist.plans)
        _check(job, path, rules, shipped_rows(truth, review, hist.issues), review)
        docs = root / "docs"
        (docs / "finance").mkdir(parents=True, exist_ok=True)
        (docs / "procurement").mkdir(parents=True, exist_ok=True)
        report = finance_report(path, str(params.get("finance_note", "")))
        (docs / "finance" / "stock_cost_report_2026-02.md").write_text(report, encoding="utf-8")
        notice = switch_notice(truth)
        (docs / "procurement" / "medway_switch_notice_2026-01.md").write_text(notice, encoding="utf-8")
        print(f"{path.relative_to(FAMILY)}: {path.stat().st_size // 1024} KiB, cost GBP {hist.engine.out.total():,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
