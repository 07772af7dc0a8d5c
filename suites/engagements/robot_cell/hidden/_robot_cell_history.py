"""robot_cell's committed history (26 weeks), written by build_history.py through grader.build_history.
Part of the grader (grader.py)."""

import datetime as dt
import random
import sqlite3
from pathlib import Path

from _robot_cell_site import CELLS, EXPRESS_CHARGEBACK, STANDARD_CHARGEBACK, Truth, _p, sku_master
from _robot_cell_floor import (
    WeekData,
    _d,
    default_collections,
    execute,
    make_orders,
    original_plan,
    shift_rows,
    shipped_config,
)
from _robot_cell_db import HISTORY_SCHEMA, SCHEMA, write_master

# ----------------------------------------------------------------------------- history (build_history.py)

HISTORY_RANGE = ("2025-09-08", "2026-03-08")   # 26 weeks, Monday to Sunday
DETAIL_DAY = "2026-03-06"                      # order-line detail is kept for the last full weekday
TEAM_LEADERS = {"E": ["L. McAteer", "D. Osei"], "L": ["R. Halloran", "M. Pryce"]}
NIGHT_TECHS = {0: "B. Zielony", 1: "B. Zielony", 2: "B. Zielony", 3: "B. Zielony", 6: "B. Zielony",
               4: "K. Amadi", 5: "K. Amadi"}
BASE_STOP_CODES = [
    ("LC-IN", "Induction light curtain interrupted (hand or tote edge at the port)", 0.45),
    ("LC-OUT", "Outfeed light curtain interrupted during robot motion", 0.25),
    ("ES-01", "Emergency stop pressed at the cell door panel", 0.18),
    ("DOOR-2", "Maintenance access door interlock opened", 0.12),
]


EXTRA_STOP_CODES = [
    ("VAC-LOW", "Vacuum below hold level during robot motion (item lost or released)", 0.0),
]


def history_config(params: dict, day: str) -> dict:
    cfg = shipped_config(params)
    if cfg["objective"] == "pph" and day < str(_p(params, "pph_from", "2000-01-01")):
        cfg["objective"] = "cutoff"
    return cfg


def _speed_trial(params: dict) -> tuple[str, int, str, str] | None:
    spec = str(_p(params, "speed_trial", ""))
    if not spec:
        return None
    cell, speed, a, b = spec.split(":")
    return cell, int(speed), a, b


def _volume_factor(day: str) -> float:
    d = _d(day)
    base = 0.90 + 0.10 * min(1.0, max(0.0, (d - _d(HISTORY_RANGE[0])).days / 180))
    if "2025-11-24" <= day <= "2025-12-19":
        base *= 1.10
    if "2025-12-24" <= day <= "2026-01-02":
        base *= 0.75
    return base


def _add_minutes(day: str, hhmm: str, seconds: float) -> str:
    t = dt.datetime.fromisoformat(f"{day}T{hhmm}") + dt.timedelta(seconds=seconds)
    return t.strftime("%Y-%m-%d %H:%M:%S")


def _pick(rng: random.Random, items: list[tuple]) -> tuple:
    x = rng.random() * sum(i[-1] for i in items)
    for it in items:
        x -= it[-1]
        if x <= 0:
            return it
    return items[-1]


def build_history(db_path: Path, params: dict, seed: int = 11) -> dict:
    """Write the committed history database for a variant; returns a few totals for the build log."""
    skus = sku_master()
    sku_by = {x["sku_id"]: x for x in skus}
    all_shifts = shift_rows(*HISTORY_RANGE, params)
    trial = _speed_trial(params)
    stats_rows: list[tuple] = []
    service: dict[tuple[str, str], list] = {}
    sku_month: dict[tuple[str, str], list[int]] = {}
    stop_rows: list[tuple] = []
    maint_rows: list[tuple] = []
    detail_orders: list[tuple] = []
    detail_lines: list[tuple] = []
    pick_rows: list[tuple] = []
    totals = {"lines": 0, "stops": 0, "late_orders": 0}
    oid0 = 5_000_000
    week = _d(HISTORY_RANGE[0])
    stop_n = 0
    while week <= _d(HISTORY_RANGE[1]):
        wk = week.isoformat()
        rng = random.Random(f"robot_cell/history/{seed}/{wk}")
        shifts = [sh for sh in all_shifts if wk <= sh["shift_date"] <= (week + dt.timedelta(days=6)).isoformat()]
        orders, lines = make_orders(rng, shifts, skus, params, oid0, volume_by_date=_volume_factor)
        oid0 = orders[-1][0] + 1
        data = WeekData(skus, shifts, orders, lines, default_collections())
        cfg = history_config(params, wk)
        assign, recipes = original_plan(data, params, cfg)
        for (sh_id, cell), rec in recipes.items():
            if trial and cell == trial[0] and trial[2] <= sh_id[:10] <= trial[3]:
                rec["speed_pct"] = trial[1]
        log: dict = {}
        truth = Truth(params, when=wk)
        res = execute(data, assign, recipes, params, rng=rng, truth=truth, log=log)
        totals["lines"] += res["lines"]
        totals["stops"] += int(res["stops"])
        totals["late_orders"] += res["late_orders"]
        # shift x station statistics
        for (sh_id, st), ps in sorted(res["per_station"].items()):
            busy = ps["busy_s"] / 60.0
            stats_rows.append((sh_id, st, ps["lines"], round(busy, 1),
                               round(ps["lines"] / (busy / 60.0), 1) if busy else 0.0, int(ps["stops"]),
                               round(ps["downtime_s"] / 60.0, 1), ps["tool_changes"], round(ps["tool_s"] / 60.0, 1),
                               int(ps["speed"]) if ps["speed"] else None, int(ps["mispicks"]), ps["late"]))
        # service per day and client
        order_ok = log["order_ok"]
        done = log["done"]
        for o in orders:
            key = (data.shift_by_id[o[1]]["shift_date"], o[2])
            r = service.setdefault(key, [0, 0, 0, 0, 0, 0, 0.0])
            n = data.order_lines[o[0]]
            r[0] += 1
            r[1] += n
            express = o[3] == "PXP"
            r[3] += express
            if not order_ok[o[0]]:
                r[2] += 1
                r[4] += express
                r[6] += EXPRESS_CHARGEBACK if express else STANDARD_CHARGEBACK
        for ln in lines:
            if not (ln[0] in done and done[ln[0]] <= data.deadline_s(ln[0])):
                key = (data.shift_by_id[data.order_shift[ln[1]]]["shift_date"], data.order_client[ln[1]])
                service[key][5] += 1
        # SKU x month
        for ln in lines:
            month = data.order_shift[ln[1]][:7]
            r = sku_month.setdefault((month, ln[3]), [0, 0, 0, 0])
            st = assign.get(ln[0], ("", 0))[0]
            if st in CELLS:
                r[0] += 1
            else:
                r[1] += 1
        for k, field_i in (("sku_mis_robot", 2), ("sku_mis_manual", 3)):
            for sku_id, n in log.get(k, {}).items():
                # attribute to the week's last month present (weeks rarely span months in the stats)
                sku_month.setdefault((wk[:7], sku_id), [0, 0, 0, 0])[field_i] += n
        # safety stops and night maintenance notes
        by_day_cell: dict[tuple[str, str], list[dict]] = {}
        for ev in log.get("stops", []):
            stop_n += 1
            sh = data.shift_by_id[ev["shift_id"]]
            at = _add_minutes(sh["shift_date"], sh["start_time"], ev["t"])
            heavy = ev["kind"] == "hazard" and truth.overweight(data.sku[data.line_info[ev["line"]][3]], ev["station"])
            if heavy:
                code = "VAC-LOW"  # the cup cannot hold the item: the controller sees the vacuum fall, item held
            elif ev["kind"] == "hazard":
                code = "LC-OUT"
            else:
                code = _pick(rng, BASE_STOP_CODES)[0]
            # the controller logs what the gripper holds when the stop latches; after a drop it holds nothing
            gripper = None if code == "LC-OUT" else data.line_info[ev["line"]][3]
            leaders = TEAM_LEADERS[sh["shift_code"]]
            stop_rows.append((stop_n, ev["station"], at[:16], code, gripper, int(ev["speed"]),
                              round(ev["downtime_s"] / 60.0, 1), leaders[(_d(sh["shift_date"]).toordinal() // 7) % 2]))
            if code == "LC-OUT":
                item = data.line_info[ev["line"]][3] if ev["kind"] == "hazard" else ""
                by_day_cell.setdefault((sh["shift_date"], ev["station"]), []).append({"item": item})
        for (day, cell), evs in sorted(by_day_cell.items()):
            tech = NIGHT_TECHS[_d(day).weekday()]
            items = [sku_by[e["item"]] for e in evs if e["item"]]
            n_other = len(evs) - len(items)
            if items:
                if rng.random() < 0.12:
                    note = f"{cell} catch tray cleared: {len(evs)} item(s) returned to exceptions desk. Film split again."
                else:
                    note = f"{cell} catch tray cleared: {len(evs)} item(s) returned to exceptions desk."
            else:
                note = (f"{cell} catch tray checked after LC-OUT trip(s): {n_other} x tote label / "
                        f"packing debris, no product.")
            maint_rows.append((day, "22:40", cell, tech, "corrective", note))
        # weekly routines
        for i, cell in enumerate(CELLS):
            day = (week + dt.timedelta(days=i % 5)).isoformat()
            maint_rows.append((day, "23:30", cell, NIGHT_TECHS[_d(day).weekday()], "preventive",
                               f"PM-W {cell}: vacuum cups and filters inspected, light curtains tested, "
                               f"outfeed guard checked. OK."))
            if truth.tool_change_s:
                maint_rows.append((day, "02:10", cell, NIGHT_TECHS[_d(day).weekday()], "preventive",
                                   f"TC-2 tool changer {cell}: coupling seals cleaned, S/L cup docks aligned. "
                                   f"Cycle counter {int(rng.uniform(1100, 1450)):,} changes this week."))
        # detail day
        for o in orders:
            if data.shift_by_id[o[1]]["shift_date"] == DETAIL_DAY:
                detail_orders.append(o)
        detail_ids = {o[0] for o in detail_orders}
        for ln in lines:
            if ln[1] in detail_ids:
                detail_lines.append(ln)
                st, seq = assign[ln[0]]
                sh = data.shift_by_id[data.order_shift[ln[1]]]
                t = done.get(ln[0])
                pick_rows.append((ln[0], st, seq,
                                  _add_minutes(sh["shift_date"], sh["start_time"], t)[11:] if t is not None else None,
                                  int(t is not None and t <= data.deadline_s(ln[0]))))
        week += dt.timedelta(days=7)
    for day, at, cell, tech, kind, note in _history_events(params):
        maint_rows.append((day, at, cell, tech, kind, note))
    maint_rows.sort()
    _write_history_db(db_path, params, skus, all_shifts, detail_orders, detail_lines, pick_rows, stats_rows,
                      service, sku_month, stop_rows, maint_rows)
    return totals


def _history_events(params: dict) -> list[tuple]:
    out = []
    for part in str(_p(params, "history_events", "")).split("|"):
        bits = [b.strip() for b in part.split(";")]
        if len(bits) == 6:
            out.append(tuple(bits))
    return out


def _write_history_db(path: Path, params: dict, skus: list[dict], shifts: list[dict], orders: list[tuple],
                      lines: list[tuple], picks: list[tuple], stats: list[tuple], service: dict, sku_month: dict,
                      stops: list[tuple], maint: list[tuple]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.executescript(HISTORY_SCHEMA)
    write_master(conn, params, skus, shifts)
    conn.executemany("INSERT INTO orders VALUES (?,?,?,?)", orders)
    conn.executemany("INSERT INTO order_lines VALUES (?,?,?,?,?)", lines)
    conn.executemany("INSERT INTO pick_results VALUES (?,?,?,?,?)", picks)
    conn.executemany("INSERT INTO stop_codes VALUES (?,?)", [(c[0], c[1]) for c in BASE_STOP_CODES + EXTRA_STOP_CODES])
    conn.executemany("INSERT INTO shift_station_stats VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", stats)
    conn.executemany("INSERT INTO service_daily VALUES (?,?,?,?,?,?,?,?,?)",
                     [(k[0], k[1], *v[:6], round(v[6], 2)) for k, v in sorted(service.items())])
    conn.executemany("INSERT INTO sku_month_stats VALUES (?,?,?,?,?,?)",
                     [(k[0], k[1], *v) for k, v in sorted(sku_month.items())])
    conn.executemany("INSERT INTO safety_stops VALUES (?,?,?,?,?,?,?,?)", stops)
    conn.executemany("INSERT INTO maintenance_log VALUES (?,?,?,?,?,?)",
                     [(f"WO-{i:05d}", f"{m[0]} {m[1]}", *m[2:]) for i, m in enumerate(maint, 30001)])
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
