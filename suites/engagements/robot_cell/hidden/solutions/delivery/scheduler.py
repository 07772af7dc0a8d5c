#!/usr/bin/env python3
"""Cell scheduler - Brackwater DC, Keldmoor Fulfilment.

Run by the WCS batch server before each planning week, on the order pool released from the WMS:

    python3 system/scheduler.py --db /data/picking.db --out /out

For every picking shift in the database it assigns each order line to a station (robot cell RC1-RC4 or a
staffed manual station MS1-MS6) and a position in that station's queue (planner.py), and it writes the
recipe each robot cell downloads for the shift (speed, payload limit, restart mode, drop detection).

Output (imported by the WCS; keep file names and columns):
  assignments.csv    shift_id, line_id, order_id, sku_id, station_id, seq
  cell_plan.csv      shift_id, cell_id, speed_pct, payload_limit_g, restart_mode, drop_detection
  plan_summary.json  planned lines and minutes per station and shift (for the planning meeting)

The database is opened read-only. Python 3.11 standard library only.
"""

import argparse
import csv
import datetime
import json
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import planner  # noqa: E402


def open_db(path):
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)


def load_config(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def hm(text):
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def staffed_for(shift, cfg):
    """The manual stations with a picker on this shift: the WCS roster minus known absences.

    Config `manual_absent`: [{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4],
    "from": "2026-03-16", "to": "2026-03-20"}] - every key but `station` optional.
    """
    staffed = [s for s in (shift["staffed_manual"] or "").split(",") if s]
    day = shift["shift_date"]
    weekday = datetime.date.fromisoformat(day).weekday()
    for rule in cfg.get("manual_absent") or []:
        if rule.get("shift_code") and rule["shift_code"] != shift["shift_code"]:
            continue
        if "weekdays" in rule and weekday not in rule["weekdays"]:
            continue
        if rule.get("from") and day < rule["from"] or rule.get("to") and day > rule["to"]:
            continue
        staffed = [s for s in staffed if s != rule["station"]]
    return staffed


def collection_time(collections, carrier, shift, cfg):
    """The carrier's collection for this shift: carrier_collections, unless `collection_changes` says the
    carrier collects at another time from a date on: [{"carrier": "ARD", "shift_code": "E", "time": "09:00",
    "from": "2026-03-16"}] (`shift_code` and `from` optional)."""
    t = collections.get((carrier, shift["shift_code"]))
    for rule in cfg.get("collection_changes") or []:
        if rule.get("carrier") != carrier:
            continue
        if rule.get("shift_code") and rule["shift_code"] != shift["shift_code"]:
            continue
        if rule.get("from") and shift["shift_date"] < rule["from"]:
            continue
        t = rule["time"]
    if t is None:  # a carrier without a collection for this shift: plan it with the latest one of the shift
        t = max(v for (_c, code), v in collections.items() if code == shift["shift_code"])
    return t


def cells_down(shift, cfg):
    """Robot cells out of service on this shift: `cell_outages` [{"cell": "RC1", "date": "2026-03-17"}]
    (optional `shift_code`)."""
    out = []
    for rule in cfg.get("cell_outages") or []:
        if rule.get("date") and rule["date"] != shift["shift_date"]:
            continue
        if rule.get("shift_code") and rule["shift_code"] != shift["shift_code"]:
            continue
        out.append(rule["cell"])
    return out


def load_week(conn, date_from=None, date_to=None):
    conn.row_factory = sqlite3.Row
    skus = {r["sku_id"]: dict(r) for r in conn.execute("SELECT * FROM skus")}
    collections = {(r["carrier_id"], r["shift_code"]): r["collection_time"]
                   for r in conn.execute("SELECT carrier_id, shift_code, collection_time FROM carrier_collections")}
    where, args = "", []
    if date_from:
        where += " AND shift_date >= ?"
        args.append(date_from)
    if date_to:
        where += " AND shift_date <= ?"
        args.append(date_to)
    shifts = [dict(r) for r in conn.execute(
        "SELECT shift_id, shift_date, shift_code, start_time, staffed_manual FROM shifts "
        "WHERE shift_id IN (SELECT DISTINCT shift_id FROM orders)" + where + " ORDER BY shift_id", args)]
    lines_by_shift = {}
    for r in conn.execute(
            "SELECT o.shift_id, l.line_id, l.order_id, l.line_no, l.sku_id, l.qty, o.carrier_id "
            "FROM order_lines l JOIN orders o ON o.order_id = l.order_id ORDER BY l.line_id"):
        lines_by_shift.setdefault(r["shift_id"], []).append(dict(r))
    return skus, collections, shifts, lines_by_shift


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="order pool database (SQLite)")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--config", default=str(HERE / "config" / "scheduler.json"))
    ap.add_argument("--from", dest="date_from", help="first shift date to plan (YYYY-MM-DD)")
    ap.add_argument("--to", dest="date_to", help="last shift date to plan (YYYY-MM-DD)")
    args = ap.parse_args(argv)

    cfg = load_config(args.config)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        skus, collections, shifts, lines_by_shift = load_week(conn, args.date_from, args.date_to)
    finally:
        conn.close()

    summary = {"objective": cfg["objective"], "shifts": []}
    with open(out / "assignments.csv", "w", newline="", encoding="utf-8") as fa, \
            open(out / "cell_plan.csv", "w", newline="", encoding="utf-8") as fc:
        wa = csv.writer(fa)
        wa.writerow(["shift_id", "line_id", "order_id", "sku_id", "station_id", "seq"])
        wc = csv.writer(fc)
        wc.writerow(["shift_id", "cell_id", "speed_pct", "payload_limit_g", "restart_mode", "drop_detection"])
        for sh in shifts:
            start = hm(sh["start_time"])
            lines = []
            for ln in lines_by_shift.get(sh["shift_id"], []):
                collect = hm(collection_time(collections, ln["carrier_id"], sh, cfg))
                lines.append({**ln, "deadline_min": collect - start - cfg["pack_buffer_min"]})
            staffed = staffed_for(sh, cfg)
            shift_cfg = dict(cfg, cells_down=cells_down(sh, cfg))
            queues, load = planner.plan_shift(lines, skus, shift_cfg, staffed)
            for station, queue in queues.items():
                for seq, ln in enumerate(queue, 1):
                    wa.writerow([sh["shift_id"], ln["line_id"], ln["order_id"], ln["sku_id"], station, seq])
            for cell in planner.CELLS:
                r = planner.cell_recipe(cfg, cell)
                wc.writerow([sh["shift_id"], cell, r["speed_pct"], r["payload_limit_g"], r["restart_mode"],
                             r["drop_detection"]])
            robot = sum(len(queues[c]) for c in planner.CELLS)
            summary["shifts"].append({
                "shift_id": sh["shift_id"], "lines": len(lines), "robot_lines": robot,
                "manual_lines": len(lines) - robot,
                "planned_min": {s: round(v / 60.0, 1) for s, v in load.items()},
                "planned_lines_per_hour": {s: round(len(queues[s]) / (load[s] / 3600.0), 1) if load[s] else 0.0
                                           for s in queues},
            })
            print(f"{sh['shift_id']}: {len(lines):5d} lines, {robot:5d} to robot cells, "
                  f"{len(lines) - robot:5d} to manual stations")
    with open(out / "plan_summary.json", "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
    for name in cfg.get("reports") or []:
        try:  # a report must never stop the plan from going out
            __import__(name).write(out, summary, cfg, args.db)
        except Exception as exc:  # noqa: BLE001
            print(f"report {name} failed: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
