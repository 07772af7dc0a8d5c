"""The operations database: writing a week (production, pilot or history) and reading it back for the grader.

Tables the job reads: `flights` (every flight of the week's rebooking window with the seats the inventory
shows free), `disruptions` (cancelled and late flights) and `disrupted_pax`; every row carries its `week`.
History adds what happened: `reaccommodation` (what the job - or the desk - decided), `pax_outcomes`,
`flight_events` (denied boardings) and `weekly_costs`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from _airline_rebooking_network import ts
from _airline_rebooking_week import Week

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE flights (week TEXT, flight_key TEXT, flight_no TEXT, carrier TEXT, dep_airport TEXT, arr_airport TEXT,
  sched_dep TEXT, dep_time TEXT, arr_time TEXT, aircraft TEXT, cap_j INTEGER, cap_y INTEGER, km INTEGER,
  seats_free_j INTEGER, seats_free_y INTEGER, status TEXT);
CREATE TABLE disruptions (week TEXT, flight_key TEXT, flight_no TEXT, carrier TEXT, dep_airport TEXT,
  arr_airport TEXT, sched_dep TEXT, sched_arr TEXT, status TEXT, est_dep TEXT, est_arr TEXT, cause_code TEXT,
  cause_text TEXT, decided_at TEXT);
CREATE TABLE disrupted_pax (week TEXT, pax_id TEXT, pnr TEXT, fare_family TEXT, tier TEXT, fare_paid_gbp REAL,
  journey_from TEXT, journey_to TEXT, journey_km INTEGER, at_airport TEXT, ready_at TEXT, sched_dep TEXT,
  sched_arr TEXT, disruption_flight TEXT, reason TEXT, cause_code TEXT);
"""

HISTORY_SCHEMA = """
CREATE TABLE reaccommodation (week TEXT, pax_id TEXT, action TEXT, itinerary TEXT, cabins TEXT, arrive TEXT,
  hotel_nights INTEGER, meal_vouchers INTEGER, decided_by TEXT);
CREATE TABLE pax_outcomes (week TEXT, pax_id TEXT, outcome TEXT, arrived_at TEXT, delay_min INTEGER,
  compensation_gbp REAL, care_issued_gbp REAL, claims_gbp REAL);
CREATE TABLE flight_events (week TEXT, flight_key TEXT, event TEXT, pax INTEGER, remark TEXT);
CREATE TABLE weekly_costs (week TEXT, category TEXT, amount_gbp REAL);
"""

FLIGHT_COLS = [
    "week",
    "flight_key",
    "flight_no",
    "carrier",
    "dep_airport",
    "arr_airport",
    "sched_dep",
    "dep_time",
    "arr_time",
    "aircraft",
    "cap_j",
    "cap_y",
    "km",
    "seats_free_j",
    "seats_free_y",
    "status",
]
DISRUPTION_COLS = [
    "week",
    "flight_key",
    "flight_no",
    "carrier",
    "dep_airport",
    "arr_airport",
    "sched_dep",
    "sched_arr",
    "status",
    "est_dep",
    "est_arr",
    "cause_code",
    "cause_text",
    "decided_at",
]
PAX_COLS = [
    "week",
    "pax_id",
    "pnr",
    "fare_family",
    "tier",
    "fare_paid_gbp",
    "journey_from",
    "journey_to",
    "journey_km",
    "at_airport",
    "ready_at",
    "sched_dep",
    "sched_arr",
    "disruption_flight",
    "reason",
    "cause_code",
]


def _insert(conn: sqlite3.Connection, table: str, cols: list[str], rows: list[dict]) -> None:
    conn.executemany(
        f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
        [[r.get(c) for c in cols] for r in rows],
    )


def week_rows(wk: Week) -> dict[str, list[dict]]:
    w = wk.start.isoformat()
    flights = []
    for f in wk.flights:
        dep, arr = wk.times(f.key)
        j, y = f.cap
        flights.append(
            {
                "week": w,
                "flight_key": f.key,
                "flight_no": f.number,
                "carrier": f.carrier,
                "dep_airport": f.org,
                "arr_airport": f.dst,
                "sched_dep": ts(f.dep),
                "dep_time": ts(dep),
                "arr_time": ts(arr),
                "aircraft": f.aircraft,
                "cap_j": j,
                "cap_y": y,
                "km": f.km,
                "seats_free_j": wk.free[f.key][0],
                "seats_free_y": wk.free[f.key][1],
                "status": wk.status[f.key],
            }
        )
    return {
        "flights": flights,
        "disruptions": [{"week": w, **d} for d in wk.disruptions],
        "disrupted_pax": [{"week": w, **p} for p in wk.pax],
    }


def create(path: Path, history: bool = False, meta: dict | None = None) -> sqlite3.Connection:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA + (HISTORY_SCHEMA if history else ""))
    _insert(conn, "meta", ["key", "value"], [{"key": k, "value": str(v)} for k, v in (meta or {}).items()])
    return conn


def add_week(conn: sqlite3.Connection, wk: Week) -> dict[str, list[dict]]:
    rows = week_rows(wk)
    _insert(conn, "flights", FLIGHT_COLS, rows["flights"])
    _insert(conn, "disruptions", DISRUPTION_COLS, rows["disruptions"])
    _insert(conn, "disrupted_pax", PAX_COLS, rows["disrupted_pax"])
    return rows


def read_rows(conn: sqlite3.Connection, week: str | None = None) -> dict:
    """The grader's view of one week: flights by key (as dicts) and the disrupted passengers."""
    conn.row_factory = sqlite3.Row
    week = week or conn.execute("SELECT MAX(week) FROM disrupted_pax").fetchone()[0]
    flights = {r["flight_key"]: dict(r) for r in conn.execute("SELECT * FROM flights WHERE week = ?", (week,))}
    pax = [dict(r) for r in conn.execute("SELECT * FROM disrupted_pax WHERE week = ? ORDER BY pax_id", (week,))]
    return {"week": week, "flights": flights, "pax": pax}
