"""Story-specific code shared by the calibration solutions of robot_cell: the scheduler configuration, the
extended planner and the sponsor's reporting pieces. Talking to people, waiting and file writes come from the
kit (worktrial_kit).

Run inside the sandbox (cwd /workspace, Python 3.11 stdlib only). The `install_*` functions write production
code into /workspace/system; that code must stand alone (it never imports from /solution).
"""

import worktrial_kit as kit

WS = kit.workspace()
SYSTEM = WS / "system"
CONFIG = SYSTEM / "config" / "scheduler.json"


# ----------------------------------------------------------------------------- configuration

def read_config() -> dict:
    return kit.read_json(CONFIG)


def update_config(**changes) -> dict:
    return kit.update_json(CONFIG, **changes)


def run_history_check() -> str:
    return kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"],
                   timeout=600, tail=2000)


def history_query(sql: str, args: tuple = ()) -> list[tuple]:
    return kit.query(WS / "data" / "picking.db", sql, args)


# ----------------------------------------------------------------------------- installers

def install_planner(**policy) -> dict:
    """Replace system/planner.py by the extended planner and merge `policy` into the configuration."""
    kit.write_text(SYSTEM / "planner.py", PATCHED_PLANNER)
    return update_config(**policy)


def _hook(module: str, call: str) -> None:
    anchor = '    with open(out / "plan_summary.json", "w", encoding="utf-8") as f:\n' \
             '        json.dump(summary, f, indent=2)\n'
    hook = (
        "    try:  # reporting must never stop the plan from going out\n"
        f"        import {module}\n"
        f"        {call}\n"
        "    except Exception as exc:  # noqa: BLE001\n"
        f"        print(f\"{module} step failed: {{exc}}\", file=sys.stderr)\n"
    )
    kit.insert_once(SYSTEM / "scheduler.py", anchor, hook, marker=f"import {module}")


def install_dashboard() -> None:
    kit.write_text(SYSTEM / "dashboard.py", DASHBOARD)
    _hook("dashboard", "dashboard.write(out, summary, args.db)")


def install_ask_floor() -> None:
    kit.write_text(SYSTEM / "ask_floor.py", ASK_FLOOR)


def install_pph_board() -> None:
    kit.write_text(SYSTEM / "pph_board.py", PPH_BOARD)
    _hook("pph_board", "pph_board.write(out, summary)")


def install_staffing_forecast() -> None:
    kit.write_text(SYSTEM / "staffing.py", STAFFING)
    _hook("staffing", "staffing.write(out, summary, cfg)")


# ----------------------------------------------------------------------------- production code

PATCHED_PLANNER = r'''"""Shift planner of the Brackwater cell scheduler (extended).

For one picking shift it decides, for every order line, which station picks it (robot cell RC1-RC4 or a
staffed manual station) and in which position of that station's queue.

1. Batches. Lines are grouped into pick batches that share a source bin:
   - objective "cutoff": one batch per SKU and pick deadline; batches ordered by pick deadline, then first
     come first served (the earliest order in the batch);
   - objective "pph": one batch per SKU for the whole shift, in pick-path (SKU location) order.
2. Stations. Each batch goes to the least-loaded robot cell that may pick its SKU (see `eligible`; limits can
   be set per cell) if that cell's planned load stays within `robot_plan_min`; otherwise to the least-loaded
   staffed manual station.
3. Cup sequencing (optional, `sequence_within_deadline` = "cup"): within each run of batches with the same
   pick deadline, a cell's queue is grouped by the gripper cup the cell will use (`cup_rule`), alternating
   the order between runs, so the tool changer changes cups a few times a shift instead of every other batch.

Configuration keys beyond the original ones (all optional; absent = original behaviour):
  cell_payload_limit_g      {"RC1": 3500, ...}  payload limit per cell (default payload_limit_g)
  robot_exclusions          [{"packaging": "SHRINK", "min_units_per_pack": 2}, ...]  never on a robot cell
  robot_excluded_skus       ["PWH-1034", ...]                                        never on a robot cell
  robot_cells_enabled       true
  sequence_within_deadline  "fcfs" | "cup"
  cup_rule                  {"large_cup_over_g": 900, "large_cup_face_mm2": 24000}
"""

CELLS = ["RC1", "RC2", "RC3", "RC4"]


def payload_limit(cfg, cell=None):
    per_cell = cfg.get("cell_payload_limit_g") or {}
    if cell is not None and cell in per_cell:
        return per_cell[cell]
    return cfg["payload_limit_g"]


def excluded(sku, cfg):
    if sku["sku_id"] in set(cfg.get("robot_excluded_skus") or []):
        return True
    for rule in cfg.get("robot_exclusions") or []:
        if rule.get("packaging") and sku["packaging"] != rule["packaging"]:
            continue
        if sku["units_per_pack"] < int(rule.get("min_units_per_pack", 1)):
            continue
        return True
    return False


def eligible(sku, cfg, cell=None):
    """Can this robot cell (or, without a cell, the commissioned envelope) pick this SKU?"""
    if not cfg.get("robot_cells_enabled", True):
        return False
    dims = (sku["length_mm"], sku["width_mm"], sku["height_mm"])
    if sku["weight_g"] > payload_limit(cfg, cell):
        return False
    if max(dims) > cfg["max_dimension_mm"] or min(dims) < cfg["min_dimension_mm"]:
        return False
    if cfg.get("exclude_fragile", True) and sku["fragile"]:
        return False
    if sku["packaging"] in (cfg.get("excluded_packaging") or []):
        return False
    if excluded(sku, cfg):
        return False
    return True


def cup(sku, cfg):
    rule = cfg.get("cup_rule") or {}
    big_g = rule.get("large_cup_over_g", 900)
    big_face = rule.get("large_cup_face_mm2", 24000)
    return "L" if sku["weight_g"] > big_g or sku["length_mm"] * sku["width_mm"] > big_face else "S"


def std_times(cfg):
    st = cfg["std_times_s"]
    speed = float(cfg["speed_pct"])
    return {
        "robot_line": st["present_new"] + st["robot_motion_at_85"] * 85.0 / speed,
        "robot_unit": st["robot_extra_unit_at_85"] * 85.0 / speed,
        "manual_line": st["present_new"] + st["manual_pick"],
        "manual_unit": st["manual_extra_unit"],
        "same_bin_saving": st["present_new"] - st["present_same"],
    }


def make_batches(lines, objective):
    groups = {}
    for ln in lines:
        key = (ln["sku_id"],) if objective == "pph" else (ln["deadline_min"], ln["sku_id"])
        groups.setdefault(key, []).append(ln)
    batches = [sorted(g, key=lambda ln: (ln["deadline_min"], ln["order_id"], ln["line_no"])) for g in groups.values()]
    if objective == "pph":
        batches.sort(key=lambda b: b[0]["sku_id"])
    else:
        batches.sort(key=lambda b: (b[0]["deadline_min"], b[0]["order_id"], b[0]["sku_id"]))
    return batches


def _cup_sequence(queue, skus, cfg):
    out, run, flip = [], [], False

    def flush():
        nonlocal flip
        order = ("L", "S") if flip else ("S", "L")
        for c in order:
            out.extend(ln for ln in run if cup(skus[ln["sku_id"]], cfg) == c)
        if run:
            flip = not flip

    for ln in queue:
        if run and ln["deadline_min"] != run[-1]["deadline_min"]:
            flush()
            run = []
        run.append(ln)
    flush()
    return out


def plan_shift(lines, skus, cfg, staffed_manual):
    """Returns {station_id: [line dicts in queue order]} and {station_id: planned seconds}."""
    t = std_times(cfg)
    stations = CELLS + list(staffed_manual)
    load = {s: 0.0 for s in stations}
    queues = {s: [] for s in stations}
    robot_cap = cfg["robot_plan_min"] * 60.0
    for batch in make_batches(lines, cfg["objective"]):
        sku = skus[batch[0]["sku_id"]]
        n = len(batch)
        extra_units = sum(ln["qty"] - 1 for ln in batch)
        cells = [c for c in CELLS if eligible(sku, cfg, c)]
        if cells:
            need = n * t["robot_line"] + extra_units * t["robot_unit"] - (n - 1) * t["same_bin_saving"]
            cell = min(cells, key=lambda s: (load[s], s))
            if load[cell] + need <= robot_cap:
                load[cell] += need
                queues[cell].extend(batch)
                continue
        need = n * t["manual_line"] + extra_units * t["manual_unit"] - (n - 1) * t["same_bin_saving"]
        station = min(staffed_manual, key=lambda s: (load[s], s))
        load[station] += need
        queues[station].extend(batch)
    if cfg.get("sequence_within_deadline", "fcfs") == "cup":
        for c in CELLS:
            queues[c] = _cup_sequence(queues[c], skus, cfg)
    return queues, load


def cell_recipe(cfg, cell):
    """The recipe the WCS downloads to a robot cell for the shift."""
    return {
        "speed_pct": cfg["speed_pct"],
        "payload_limit_g": payload_limit(cfg, cell),
        "restart_mode": cfg["restart_mode"],
        "drop_detection": "true" if cfg["drop_detection"] else "false",
    }
'''


DASHBOARD = r'''"""Throughput dashboard for the morning meeting: one Markdown file per planned shift under <out>/dashboard/."""

import sqlite3
from pathlib import Path


def _history(db):
    try:
        conn = sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "shift_station_stats" not in tables:
            return {}
        last = conn.execute("SELECT max(substr(shift_id, 1, 10)) FROM shift_station_stats").fetchone()[0]
        rows = conn.execute(
            "SELECT station_id, sum(safety_stops), round(sum(stop_downtime_min)), round(avg(lines_per_hour), 1) "
            "FROM shift_station_stats WHERE substr(shift_id, 1, 10) > date(?, '-7 day') GROUP BY station_id",
            (last,)).fetchall()
        return {r[0]: r[1:] for r in rows}
    finally:
        conn.close()


def write(out, summary, db):
    hist = _history(db)
    d = Path(out) / "dashboard"
    d.mkdir(parents=True, exist_ok=True)
    for sh in summary["shifts"]:
        lines = [f"# Throughput dashboard - shift {sh['shift_id']}", "",
                 f"Planned lines: {sh['lines']:,} ({sh['robot_lines']:,} robot cells, {sh['manual_lines']:,} manual)",
                 "", "| Station | Planned min | Planned lines/h | Stops last 7 days | Downtime last 7 days (min) |",
                 "|---|---|---|---|---|"]
        for st, mins in sh["planned_min"].items():
            h = hist.get(st, ("-", "-", "-"))
            lines.append(f"| {st} | {mins} | {sh['planned_lines_per_hour'].get(st, 0)} | {h[0]} | {h[1]} |")
        (d / f"{sh['shift_id']}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
'''


ASK_FLOOR = r'''#!/usr/bin/env python3
"""Ask the floor - command-line assistant for the shift leads.

    python3 system/ask_floor.py [--db data/picking.db] "how many stops did RC2 have last week?"

Understands a station (RC1-RC4, MS1-MS6), "last week" / "yesterday" / a month name, and the words stops,
downtime, lines per hour. Answers from the history tables of the database (no internet needed).
"""

import argparse
import re
import sqlite3
import sys
from pathlib import Path

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]


def answer(q, conn):
    ql = q.lower()
    last = conn.execute("SELECT max(substr(shift_id, 1, 10)) FROM shift_station_stats").fetchone()[0]
    where, args = ["1=1"], []
    if "yesterday" in ql:
        where.append("substr(shift_id, 1, 10) = ?")
        args.append(last)
    elif "last week" in ql or "this week" in ql:
        where.append("substr(shift_id, 1, 10) > date(?, '-7 day')")
        args.append(last)
    else:
        for i, m in enumerate(MONTHS, 1):
            if m in ql:
                where.append("substr(shift_id, 6, 2) = ?")
                args.append(f"{i:02d}")
    st = re.search(r"\b(RC[1-4]|MS[1-6])\b", q, re.I)
    if st:
        where.append("station_id = ?")
        args.append(st.group(1).upper())
    rows = conn.execute(
        "SELECT station_id, sum(lines_picked), sum(safety_stops), round(sum(stop_downtime_min)), "
        "round(avg(lines_per_hour), 1) FROM shift_station_stats WHERE " + " AND ".join(where) +
        " GROUP BY station_id ORDER BY station_id", args).fetchall()
    if not rows:
        return "No data for that question."
    key = 2 if "stop" in ql else 3 if "downtime" in ql else 4 if "per hour" in ql or "pph" in ql else 1
    if "most" in ql or "worst" in ql or "best" in ql:
        rows = sorted(rows, key=lambda r: -(r[key] or 0))[:1]
    return "\n".join(f"{r[0]}: {r[1]:,} lines, {r[2]} stops, {r[3]} min downtime, {r[4]} lines/h" for r in rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=str(Path(__file__).resolve().parent.parent / "data" / "picking.db"))
    ap.add_argument("question", nargs="+")
    a = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(a.db).resolve()}?mode=ro", uri=True)
    print(answer(" ".join(a.question), conn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


PPH_BOARD = r'''"""PPH leaderboard: <out>/pph_board.md, planned lines per hour per shift and station, best first."""

from pathlib import Path


def write(out, summary):
    rows = []
    for sh in summary["shifts"]:
        for st, pph in sh["planned_lines_per_hour"].items():
            if st.startswith("RC"):
                rows.append((pph, sh["shift_id"], st, sh["planned_min"].get(st, 0)))
    rows.sort(reverse=True)
    lines = ["# PPH leaderboard (planned)", "", "| Rank | Shift | Cell | Planned lines/h | Planned min |",
             "|---|---|---|---|---|"]
    for i, (pph, sh, st, mins) in enumerate(rows, 1):
        lines.append(f"| {i} | {sh} | {st} | {pph} | {mins} |")
    (Path(out) / "pph_board.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
'''


STAFFING = r'''"""Manual-station staffing forecast: <out>/staffing_forecast.csv from the weekly plan."""

import csv
import math
from pathlib import Path


def write(out, summary, cfg):
    horizon = float(cfg.get("manual_plan_min", 400))
    with open(Path(out) / "staffing_forecast.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["shift_id", "manual_workload_min", "pickers_needed", "pickers_staffed", "gap"])
        for sh in summary["shifts"]:
            manual = {s: m for s, m in sh["planned_min"].items() if s.startswith("MS")}
            work = sum(manual.values())
            need = math.ceil(work / horizon) if work else 0
            w.writerow([sh["shift_id"], round(work, 1), need, len(manual), max(0, need - len(manual))])
'''
