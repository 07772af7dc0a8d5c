"""The pharmacy stock database: what the par review job reads, and in history what happened afterwards.

Tables the job reads: `locations`, `suppliers`, `products` (every code ever listed, with its status),
`cabinet_lines` (the ward cabinets' lines, fridge and CD bins), `issues` (packs taken from each cabinet line each
day), `stock_on_hand` and `store_orders`. History adds `par_reviews` (the job's output at each review),
`stock_events` (urgent top-ups, emergency purchases, CD returns), `write_offs` and `weekly_costs`.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

from _pharmacy_stock_history import History, Listing, line_code, stock_rows
from _pharmacy_stock_sim import PORTER_GBP
from _pharmacy_stock_world import CRIT, PRODUCTS, SPARE_BIN, STORE, SUPPLIERS, Truth, bin_units, wards_on

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE locations (location_id TEXT PRIMARY KEY, name TEXT, kind TEXT, beds INTEGER, specialty TEXT,
  spare_fridge_bin_packs INTEGER, spare_cd_bin_packs INTEGER);
CREATE TABLE suppliers (supplier_code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE products (product_code TEXT PRIMARY KEY, vmp_id TEXT, name TEXT, storage TEXT, criticality TEXT,
  bnf_chapter TEXT, unit_cost_gbp REAL, supplier_code TEXT, status TEXT, listed_from TEXT, delisted_from TEXT);
CREATE TABLE cabinet_lines (location_id TEXT, product_code TEXT, storage TEXT, bin_max_packs INTEGER,
  PRIMARY KEY (location_id, product_code));
CREATE TABLE store_shelves (product_code TEXT PRIMARY KEY, storage TEXT, max_packs INTEGER);
CREATE TABLE issues (day TEXT, location_id TEXT, product_code TEXT, packs INTEGER);
CREATE TABLE stock_on_hand (location_id TEXT, product_code TEXT, packs INTEGER, expires_on TEXT, status TEXT);
CREATE TABLE store_orders (ordered_on TEXT, supplier_code TEXT, product_code TEXT, packs INTEGER, due_on TEXT,
  received_on TEXT, status TEXT);
CREATE INDEX issues_line ON issues (location_id, product_code, day);
"""

HISTORY_SCHEMA = """
CREATE TABLE par_reviews (review_day TEXT, location_id TEXT, product_code TEXT, par_level INTEGER,
  reorder_point INTEGER, supplier_code TEXT, managed_by TEXT);
CREATE TABLE stock_events (day TEXT, event TEXT, location_id TEXT, product_code TEXT, packs INTEGER,
  cost_gbp REAL, note TEXT);
CREATE TABLE write_offs (day TEXT, reason TEXT, location_id TEXT, product_code TEXT, packs INTEGER, value_gbp REAL);
CREATE TABLE weekly_costs (week TEXT, category TEXT, amount_gbp REAL);
"""

CATEGORIES = ("urgent_topups", "emergency_purchases", "expired_write_offs", "cold_chain_write_offs", "cd_returns")


def create(path: Path, meta: dict, history: bool = False) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA + (HISTORY_SCHEMA if history else ""))
    conn.executemany("INSERT INTO meta VALUES (?,?)", sorted(meta.items()))
    return conn


def write(
    conn: sqlite3.Connection,
    truth: Truth,
    hist: History,
    day: date,
    catalogue: list[Listing],
    booked_by: str = "",
    portal: str = "",
) -> None:
    """The extract at the end of `day`: reference tables, issues to date, stock and orders. Deliveries of the
    suppliers in `booked_by` are booked in by the supplier's driver: the store system has no receipt date. Orders
    to the suppliers in `portal` go through the framework's own portal and are not in the store's orders at all
    (the workspace's copy; the production extract keeps them for the month's replay)."""
    hidden = set(booked_by.replace(",", " ").split())
    outside = set(portal.replace(",", " ").split())
    conn.executemany(
        "INSERT INTO locations VALUES (?,?,?,?,?,?,?)",
        [(STORE, "Central Pharmacy Store", "STORE", None, "pharmacy", None, None)]
        + [
            (w, n, "WARD", beds, spec, SPARE_BIN["FRIDGE"], SPARE_BIN["CD"])
            for w, (n, beds, spec) in wards_on(truth, day).items()
        ],
    )
    conn.executemany("INSERT INTO suppliers VALUES (?,?)", sorted(SUPPLIERS.items()))
    conn.executemany(
        "INSERT INTO products VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [
            (c.code, c.vmp, c.name, PRODUCTS[c.key].storage, CRIT[PRODUCTS[c.key].crit], PRODUCTS[c.key].chapter,
             PRODUCTS[c.key].cost, c.supplier, c.status, c.listed_from, c.delisted_from)
            for c in sorted(catalogue, key=lambda c: c.code)
        ],
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO cabinet_lines VALUES (?,?,?,?)",
        sorted(
            (w, line_code(truth, b, day), PRODUCTS[b].storage, bin_units(truth, w, b))
            for (w, b), line in hist.engine.lines.items()
        ),
    )
    conn.executemany(
        "INSERT INTO store_shelves VALUES (?,?,?)",
        sorted(
            (line_code(truth, b, day), PRODUCTS[b].storage, s.cap)
            for b, s in hist.engine.store.items()
            if s.cap is not None
        ),
    )
    conn.executemany(
        "INSERT INTO issues VALUES (?,?,?,?)",
        sorted(
            (d.isoformat(), loc, code, n)
            for (loc, code), per in hist.issues.items()
            for d, n in per.items()
            if d <= day
        ),
    )
    conn.executemany("INSERT INTO stock_on_hand VALUES (?,?,?,?,?)", stock_rows(truth, hist.engine, day))
    orders = []
    for ordered, sup, base, packs, lead, _, status in hist.engine.out.deliveries:
        if ordered > day or sup in outside:
            continue
        code = line_code(truth, base, ordered)
        due = ordered + timedelta(days=truth.lead.get(sup, 2))
        if status == "UNFULFILLED":
            orders.append((ordered.isoformat(), sup, code, packs, due.isoformat(), "", "UNFULFILLED"))
            continue
        got = ordered + timedelta(days=lead)
        received = got <= day
        when = got.isoformat() if received and sup not in hidden else ""
        orders.append(
            (ordered.isoformat(), sup, code, packs, due.isoformat(), when, "RECEIVED" if received else "OPEN")
        )
    conn.executemany("INSERT INTO store_orders VALUES (?,?,?,?,?,?,?)", orders)


def write_outcomes(conn: sqlite3.Connection, truth: Truth, hist: History, first: date, last: date) -> dict:
    """History only: the reviews, the stock events and write-offs between `first` and `last`, weekly costs."""
    conn.executemany(
        "INSERT INTO par_reviews VALUES (?,?,?,?,?,?,?)",
        [
            (d.isoformat(), r["location"], r["product_code"], r["par"], r["rop"], r["supplier"], r["managed_by"])
            for d, rows in hist.plans
            for r in rows
        ],
    )
    events, offs, weekly = [], [], {}
    for d, kind, loc, base, packs, gbp, note in hist.engine.out.events:
        if not first <= d <= last:
            continue
        code = line_code(truth, base, d)
        week = (d - timedelta(days=d.weekday())).isoformat()
        cell = weekly.setdefault(week, dict.fromkeys(CATEGORIES, 0.0))
        if kind in ("EXPIRED", "COLD_CHAIN"):
            offs.append((d.isoformat(), kind, loc, code, packs, gbp))
            cell["expired_write_offs" if kind == "EXPIRED" else "cold_chain_write_offs"] += gbp
            continue
        events.append((d.isoformat(), kind, loc, code, packs, gbp, note))
        if kind == "URGENT_TOPUP":
            cell["urgent_topups"] += PORTER_GBP
        elif kind == "EMERGENCY_PURCHASE":
            cell["emergency_purchases"] += gbp
        else:
            cell["cd_returns"] += gbp
    conn.executemany("INSERT INTO stock_events VALUES (?,?,?,?,?,?,?)", events)
    conn.executemany("INSERT INTO write_offs VALUES (?,?,?,?,?,?)", offs)
    conn.executemany(
        "INSERT INTO weekly_costs VALUES (?,?,?)",
        [(w, k, round(v, 2)) for w, cell in sorted(weekly.items()) for k, v in cell.items()],
    )
    return weekly


__all__ = ["CATEGORIES", "create", "write", "write_outcomes"]
