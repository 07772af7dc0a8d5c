"""The unseen month: the production extract as the grader reads it back, the delivered plan, and the 28 days.

`simulate(conn, plan_rows, params, days)` rebuilds the cabinets and the store from the extract (`stock_on_hand`,
open `store_orders`), applies the delivered par levels the way the cabinets' engine loads them, and replays the
wards' real demand of the month - the extract's hidden key and the grader's secret decide it - under the
variant's truth.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

from _pharmacy_stock_history import base_of, consignment_level, used_keys
from _pharmacy_stock_sim import Engine, Line, Plan, StoreLine, add_line
from _pharmacy_stock_world import (
    PRODUCTION_START,
    PRODUCTS,
    SPARE_BIN,
    STORE,
    SUPPLIERS,
    Truth,
    code_of,
    demand_rate,
    real_lead,
    supplier_on,
    wards_on,
)

from worktrial.kit.grader import keyed_uniform, number

SECRET = "pharmacy_stock/demand/v1"  # decides the month's demand; never leaves the grader


def code_index(truth: Truth) -> dict[str, str]:
    """product code -> product key, for every code any supplier lists."""
    return {code_of(k, s): k for k in used_keys(truth) for s in SUPPLIERS}


def _int(v: object, hi: int = 100_000) -> int | None:
    x = number(str(v)) if v is not None else None
    if x is None:
        return None
    return max(0, min(hi, round(x)))


def read_plan(
    truth: Truth, rows: list[dict], lines: dict, current: dict[str, str], wards: set[str]
) -> tuple[Plan, dict]:
    """The engine's reading of the delivered rows: a row counts for the line whose current product it names."""
    idx, base = code_index(truth), base_of(truth)
    ward, store = {}, {}
    counts = {"rows": len(rows), "loaded": 0, "rejected": 0, "new_lines": 0}
    for r in rows:
        loc, code = r.get("location_id", "").strip().upper(), r.get("product_code", "").strip().upper()
        key = idx.get(code)
        par, rop = _int(r.get("par_level")), _int(r.get("reorder_point"))
        if key is None or par is None or rop is None or (loc not in wards and loc != STORE):
            counts["rejected"] += 1
            continue
        b = base[key]
        if current.get(b) != code:
            counts["rejected"] += 1  # not the product the line holds now (a discontinued or replaced code)
            continue
        if loc == STORE:
            sup = r.get("supplier_code", "").strip().upper() or supplier_on(truth, key, PRODUCTION_START)
            store.setdefault(b, (par, rop, sup))
        else:
            if (loc, b) not in lines:
                counts["new_lines"] += 1
            ward.setdefault((loc, b), (par, rop))
        counts["loaded"] += 1
    return Plan(ward, store), counts


def simulate(
    conn: sqlite3.Connection, plan_rows: list[dict], params: dict, truth: Truth, n_days: int, record: bool = False
) -> dict:
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    start = date.fromisoformat(meta["extract_day"]) + timedelta(days=1)
    key = meta.get("extract_id", "")
    idx, base = code_index(truth), base_of(truth)
    lines: dict[tuple[str, str], Line] = {}
    current: dict[str, str] = {}
    for loc, code, bin_max in conn.execute("SELECT location_id, product_code, bin_max_packs FROM cabinet_lines"):
        b = base[idx[code]]
        current[b] = code
        add_line(lines, loc, b, int(bin_max) if bin_max is not None else None)
    for code, status in conn.execute("SELECT product_code, status FROM products"):
        if status == "ACTIVE" and code in idx:
            current.setdefault(base[idx[code]], code)
    wards = {w for (w,) in conn.execute("SELECT location_id FROM locations WHERE kind = 'WARD'")}
    plan, counts = read_plan(truth, plan_rows, lines, current, wards)
    for loc, b in plan.ward:
        kind = PRODUCTS[b].storage
        add_line(lines, loc, b, SPARE_BIN.get(kind))
    days = [start + timedelta(days=i) for i in range(n_days)]

    def rate(w: str, b: str, d: date) -> float:
        return demand_rate(truth, w, b, d, production=d >= PRODUCTION_START) * (
            0.9 + 0.2 * keyed_uniform(SECRET, key, "drift", w, b)
        )

    for w in sorted(wards_on(truth, start)):
        for b in sorted({b for b in base.values()}):
            if b in PRODUCTS and any(rate(w, b, d) > 0 for d in days):
                add_line(lines, w, b, SPARE_BIN.get(PRODUCTS[b].storage))
    shelves = {base[idx[c]]: int(n) for c, n in conn.execute("SELECT product_code, max_packs FROM store_shelves")}
    store = {b: StoreLine(b, cap=shelves.get(b)) for b in sorted({b for _, b in lines} | set(plan.store))}
    for loc, code, packs, expires, status in conn.execute("SELECT * FROM stock_on_hand"):
        b = base[idx[code]]
        if loc == STORE:
            store.setdefault(b, StoreLine(b)).on_hand += int(packs)
        elif status == "IN_TRANSIT":
            add_line(lines, loc, b, None).incoming += int(packs)
        else:
            exp = (date.fromisoformat(expires) - start).days if expires else None
            add_line(lines, loc, b, None).batches.append([exp, int(packs)])
    for ordered, sup, code, packs, _, _, _ in conn.execute("SELECT * FROM store_orders WHERE status = 'OPEN'"):
        o = date.fromisoformat(ordered)
        arrive = (o + timedelta(days=real_lead(truth, sup, o)) - start).days
        store.setdefault(base[idx[code]], StoreLine(base[idx[code]])).orders.append([max(0, arrive), int(packs), sup])
    for (loc, b), line in lines.items():  # a closed ward's lines with no par are emptied back to the store
        if plan.ward.get((loc, b), (0, 0))[0] == 0 and all(rate(loc, b, d) == 0 for d in days) and line.batches:
            store.setdefault(b, StoreLine(b)).on_hand += line.on_hand() + line.incoming
            line.batches, line.incoming = [], 0
    eng = Engine(truth, start, lines, store, rate, f"{SECRET}/{key}", record=record)
    consign = consignment_level(truth)
    for i, d in enumerate(days):
        eng.day(i, d, plan, consign)
    eng.close(days[-1], {k: n / len(days) for k, n in eng.demand.items()})
    return {"cost_gbp": eng.out.total(), "by_cost": {k: round(v, 2) for k, v in eng.out.cost.items()},
            "counts": eng.out.counts, "plan": counts, **({"events": eng.out.events} if record else {})}  # fmt: skip
