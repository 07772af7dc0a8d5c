"""Deterministic generator of the committed historical data of the airline_rebooking family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder):
  workspace/data/irops_history.db             eight disruption weeks (5 Jan - 1 Mar 2026) under the base truth
  variants/<id>/workspace/data/irops_history.db   the same weeks under each variant's truth

History is decided by the shipped job itself (workspace/system/rebook.py with the variant's shipped
config/rules.json) and priced with the variant's truth, so what a worker finds in the outcomes is what the
staff of that variant know. In a variant whose shipped job has interline switched off, the desk's manual
partner rebookings (for passengers the job refunded) are in the history too. Parameters are read from
task.toml and variants/<id>/variant.toml.
"""

import importlib.util
import json
import sqlite3
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
sys.path.insert(0, str(HERE))


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


CATEGORIES = [
    ("compensation", "compensation (UK261 Art. 7)"),
    ("hotels_and_meals", "hotels and meals"),
    ("care_claims", "care claims (receipts)"),
    ("refunds", "refunds"),
    ("denied_boarding", "denied boarding"),
    ("stranded_passengers", "stranded passengers"),
    ("downgrades", "downgrades (Art. 10)"),
]


def _pct(a: float, b: float) -> str:
    if a == 0:
        return "new" if b else "-"
    return f"{(b - a) / a * 100:+.0f} %"


def finance_report(db: Path, note: str) -> str:
    """Finance's January / February report, written from the history's own weekly cost ledger."""
    conn = sqlite3.connect(db)
    try:
        q = "SELECT category, SUM(amount_gbp) FROM weekly_costs WHERE week {} '2026-02-02' GROUP BY category"
        jan = dict(conn.execute(q.format("<")).fetchall())
        feb = dict(conn.execute(q.format(">=")).fetchall())
        cxl = conn.execute(
            "SELECT week >= '2026-02-02', COUNT(*) FROM disruptions WHERE status = 'CANCELLED' GROUP BY 1 ORDER BY 1"
        ).fetchall()
        pax = conn.execute("SELECT week >= '2026-02-02', COUNT(*) FROM disrupted_pax GROUP BY 1 ORDER BY 1").fetchall()
        care = conn.execute(
            "SELECT week >= '2026-02-02', SUM(hotel_nights), SUM(meal_vouchers) FROM reaccommodation "
            "GROUP BY 1 ORDER BY 1"
        ).fetchall()
    finally:
        conn.close()
    rows = "\n".join(
        f"| {label} | {jan.get(k, 0):,.0f} | {feb.get(k, 0):,.0f} | {_pct(jan.get(k, 0), feb.get(k, 0))} |"
        for k, label in CATEGORIES
    )
    hm_jan = jan.get("hotels_and_meals", 0) + jan.get("care_claims", 0)
    hm_feb = feb.get("hotels_and_meals", 0) + feb.get("care_claims", 0)
    return f"""# Cost of disruption - January and February 2026 (Finance, for Customer Operations)

Four disruption weeks each (weeks starting 5 - 26 January and 2 - 23 February), GBP, from the weekly cost
ledger (`weekly_costs` in the history database).

| category | January | February | change |
|---|---|---|---|
{rows}

Cancelled flights: {cxl[0][1]} in January, {cxl[1][1]} in February ({_pct(cxl[0][1], cxl[1][1])}). \
Disrupted passengers: {pax[0][1]:,} and {pax[1][1]:,}.

Customer Operations' reading: hotels, meals and care claims together were GBP {hm_feb:,.0f} in February against
GBP {hm_jan:,.0f} in January ({_pct(hm_jan, hm_feb)}), more than the growth in cancellations. The hotel nights and
meal vouchers issued by the job rose by {_pct(care[0][1], care[1][1])} and {_pct(care[0][2], care[1][2])}.{note}
"""


def main() -> int:
    job = _load("shipped_rebook", FAMILY / "workspace" / "system" / "rebook.py")
    hist = _load("_airline_rebooking_history", HERE / "_airline_rebooking_history.py")
    variants = ["base", *sorted(p.name for p in (FAMILY / "variants").iterdir() if p.is_dir() and p.name != "base")]
    for variant in variants:
        params, rules = _params(variant), _rules(variant)

        def decide(conn: sqlite3.Connection, week: str, rules: dict = rules) -> list[dict]:
            rows, _ = job.run(conn, json.loads(json.dumps(rules)), week)
            return rows

        desk = None
        if params.get("desk_interline"):
            desk_rules = {
                **json.loads(json.dumps(rules)),
                "interline_partners": ["SU", "CV"],
                "min_connect_minutes": 40,
            }

            def desk(conn: sqlite3.Connection, week: str, rules: dict = desk_rules) -> list[dict]:
                rows, _ = job.run(conn, json.loads(json.dumps(rules)), week)
                return rows

        carriers = {c.strip() for c in str(params.get("carriers", "HD,SU,CV")).split(",") if c.strip()}
        path = (
            FAMILY / "workspace" / "data" / "irops_history.db"
            if variant == "base"
            else FAMILY / "variants" / variant / "workspace" / "data" / "irops_history.db"
        )
        totals = hist.build_history(path, params, decide, desk, carriers)
        docs = path.parents[1] / "docs" / "finance"
        docs.mkdir(parents=True, exist_ok=True)
        note = str(params.get("finance_note", ""))
        (docs / "disruption_cost_report_2026-02.md").write_text(finance_report(path, note), encoding="utf-8")
        cost = sum(t["cost"] for t in totals.values())
        print(f"{path.relative_to(FAMILY)}: {path.stat().st_size // 1024} KiB, {len(totals)} weeks, GBP {cost:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
