"""robot_cell's database: the schema of picking.db and the writers of its master data and of a week.
Part of the grader (grader.py)."""

import sqlite3
from pathlib import Path

from _robot_cell_site import CARRIERS, CELLS, CLIENTS, MANUAL, _p
from _robot_cell_floor import default_collections

# ----------------------------------------------------------------------------- database

SCHEMA = """
CREATE TABLE clients (client_id TEXT PRIMARY KEY, name TEXT NOT NULL, sla_ref TEXT);
CREATE TABLE carriers (carrier_id TEXT PRIMARY KEY, name TEXT NOT NULL, service TEXT NOT NULL);
CREATE TABLE carrier_collections (carrier_id TEXT, shift_code TEXT, collection_time TEXT,
  PRIMARY KEY (carrier_id, shift_code));
CREATE TABLE stations (station_id TEXT PRIMARY KEY, station_type TEXT NOT NULL, description TEXT,
  gripper_head TEXT, commissioned TEXT);
CREATE TABLE skus (sku_id TEXT PRIMARY KEY, description TEXT, client_id TEXT, packaging TEXT,
  units_per_pack INTEGER, weight_g INTEGER, length_mm INTEGER, width_mm INTEGER, height_mm INTEGER,
  fragile INTEGER);
CREATE TABLE shifts (shift_id TEXT PRIMARY KEY, shift_date TEXT, shift_code TEXT, start_time TEXT,
  staffed_manual TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, shift_id TEXT, client_id TEXT, carrier_id TEXT);
CREATE TABLE order_lines (line_id INTEGER PRIMARY KEY, order_id INTEGER, line_no INTEGER, sku_id TEXT,
  qty INTEGER);
"""

HISTORY_SCHEMA = """
CREATE TABLE pick_results (line_id INTEGER PRIMARY KEY, station_id TEXT, seq INTEGER, picked_at TEXT,
  on_time INTEGER);
CREATE TABLE shift_station_stats (shift_id TEXT, station_id TEXT, lines_picked INTEGER, busy_min REAL,
  lines_per_hour REAL, safety_stops INTEGER, stop_downtime_min REAL, tool_changes INTEGER,
  tool_change_min REAL, speed_pct INTEGER, mispicks INTEGER, lines_late INTEGER);
CREATE TABLE service_daily (service_date TEXT, client_id TEXT, orders INTEGER, order_lines INTEGER,
  orders_late INTEGER, express_orders INTEGER, express_late INTEGER, lines_late INTEGER, chargeback_eur REAL);
CREATE TABLE sku_month_stats (month TEXT, sku_id TEXT, robot_lines INTEGER, manual_lines INTEGER,
  robot_mispicks INTEGER, manual_mispicks INTEGER);
CREATE TABLE stop_codes (stop_code TEXT PRIMARY KEY, description TEXT);
CREATE TABLE safety_stops (stop_id INTEGER PRIMARY KEY, station_id TEXT, stopped_at TEXT, stop_code TEXT,
  sku_in_gripper TEXT, speed_pct INTEGER, downtime_min REAL, reset_by TEXT);
CREATE TABLE maintenance_log (wo_id TEXT, logged_at TEXT, station_id TEXT, technician TEXT, work_type TEXT,
  note TEXT);
"""


def station_rows(params: dict, when: str = "9999-12-31") -> list[tuple]:
    heads = {}
    for part in str(_p(params, "gripper_heads", "")).split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            heads[k.strip()] = v.strip()
    rows = []
    for c in CELLS:
        rows.append((c, "robot", f"Vantrel PX-400 piece-picking cell, port {c[-1]} of the shuttle",
                     heads.get(c, "VG-1 single-zone vacuum cup"), "2024-05-20"))
    for m in MANUAL:
        rows.append((m, "manual", f"Goods-to-person manual pick station, port {int(m[-1]) + 4}", None, "2022-09-12"))
    return rows


def write_master(conn: sqlite3.Connection, params: dict, skus: list[dict], shifts: list[dict]) -> None:
    conn.executemany("INSERT INTO clients VALUES (?,?,?)",
                     [(c[0], c[1], f"SLA-{c[0]}-2026") for c in CLIENTS])
    conn.executemany("INSERT INTO carriers VALUES (?,?,?)", [(c[0], c[1], c[2]) for c in CARRIERS])
    conn.executemany("INSERT INTO carrier_collections VALUES (?,?,?)",
                     [(k[0], k[1], v) for k, v in sorted(default_collections().items())])
    conn.executemany("INSERT INTO stations VALUES (?,?,?,?,?)", station_rows(params))
    conn.executemany("INSERT INTO skus VALUES (?,?,?,?,?,?,?,?,?,?)",
                     [(s["sku_id"], s["description"], s["client_id"], s["packaging"], s["units_per_pack"],
                       s["weight_g"], s["length_mm"], s["width_mm"], s["height_mm"], s["fragile"]) for s in skus])
    conn.executemany("INSERT INTO shifts VALUES (?,?,?,?,?)",
                     [(s["shift_id"], s["shift_date"], s["shift_code"], s["start_time"], s["staffed_manual"])
                      for s in shifts])


def write_week_db(path: Path, params: dict, skus: list[dict], shifts: list[dict], orders: list[tuple],
                  lines: list[tuple]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.execute("CREATE INDEX ix_orders_shift ON orders(shift_id)")
    write_master(conn, params, skus, shifts)
    conn.executemany("INSERT INTO orders VALUES (?,?,?,?)", orders)
    conn.executemany("INSERT INTO order_lines VALUES (?,?,?,?,?)", lines)
    conn.commit()
    conn.close()
