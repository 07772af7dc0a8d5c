"""robot_cell's shifts and orders, the shipped scheduler's plan (a replica checked against the shipped
system by build_history.py) and the ground truth of executing a plan. Part of the grader (grader.py)."""

import datetime as dt
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from _robot_cell_site import (
    _d,
    AUTO_RESTART_S,
    CARRIERS,
    CELLS,
    CLIENTS,
    COMMISSIONED_PAYLOAD_G,
    EXPRESS_CHARGEBACK,
    FEED_FROM,
    LINE_MARGIN,
    MANUAL,
    MANUAL_EXTRA_UNIT_S,
    MANUAL_MISPICK_P,
    MANUAL_PICK_S,
    MISPICK_COST,
    ORDER_MARGIN,
    PACK_BUFFER_MIN,
    PRESENT_NEW_S,
    PRESENT_SAME_S,
    ROBOT_EXTRA_UNIT_S,
    ROBOT_MOTION_S,
    SHIFT_STARTS,
    STANDARD_CHARGEBACK,
    STOP_COST,
    STOP_DOWNTIME_S,
    Truth,
    VALIDATED_SPEED,
    _p,
    is_shrink_multipack,
    tool_of,
)

# ----------------------------------------------------------------------------- demand

DAY_FACTOR = [1.12, 1.05, 1.0, 1.0, 0.96, 0.84, 0.80]  # Mon..Sun
SHIFT_FACTOR = {"E": 1.0, "L": 1.04}


def shift_rows(start: str, end: str, params: dict) -> list[dict]:
    """Picking shifts between two dates (inclusive) with their staffed manual stations."""
    out = []
    day = _d(start)
    staff_from = str(_p(params, "staff_from", "2000-01-01"))
    while day <= _d(end):
        if day.isoformat() >= staff_from:
            wk = int(_p(params, "manual_staff_weekday", 4))
            we = int(_p(params, "manual_staff_weekend", 3))
            late_wk = int(_p(params, "manual_staff_late", wk))
        else:
            wk, we, late_wk = 4, 3, 4
        for code in ("E", "L"):
            n = we if day.weekday() >= 5 else (late_wk if code == "L" else wk)
            out.append({"shift_id": f"{day.isoformat()}-{code}", "shift_date": day.isoformat(), "shift_code": code,
                        "start_time": SHIFT_STARTS[code], "staffed_manual": ",".join(MANUAL[:n])})
        day += dt.timedelta(days=1)
    return out


def _demand_weights(skus: list[dict], params: dict, when: str) -> dict[str, tuple[list[str], list[float]]]:
    shrink_boost = 1.0 if when >= str(_p(params, "shrink_boost_from", "2000-01-01")) else float(
        _p(params, "shrink_factor_before", 1.0))
    heavy_boost = float(_p(params, "heavy_boost", 1.0)) if when >= str(_p(params, "heavy_boost_from", "2000-01-01")) else 1.0
    by_client: dict[str, tuple[list[str], list[float]]] = {}
    for s in skus:
        w = s["pop"]
        if s.get("feed"):
            w = 0.0 if when < FEED_FROM else w * float(_p(params, "feed_pop", 1.0))
        if is_shrink_multipack(s):
            w *= 0.55 * shrink_boost
        if COMMISSIONED_PAYLOAD_G < s["weight_g"] <= 3500:
            w *= heavy_boost
        ids, ws = by_client.setdefault(s["client_id"], ([], []))
        ids.append(s["sku_id"])
        ws.append(w)
    out = {}
    for c, (ids, ws) in by_client.items():
        cum, t = [], 0.0
        for w in ws:
            t += w
            cum.append(t)
        out[c] = (ids, cum)
    return out


def make_orders(rng: random.Random, shifts: list[dict], skus: list[dict], params: dict,
                first_order_id: int, volume_by_date: Any = None) -> tuple[list[tuple], list[tuple]]:
    """Orders (order_id, shift_id, client_id, carrier_id) and lines (line_id, order_id, line_no, sku_id, qty)."""
    base = float(_p(params, "lines_per_shift", 8000))
    client_ids = [c[0] for c in CLIENTS]
    client_cum = []
    t = 0.0
    for c in CLIENTS:
        t += c[2]
        client_cum.append(t)
    carrier_ids = [c[0] for c in CARRIERS]
    carrier_cum = []
    t = 0.0
    for c in CARRIERS:
        t += c[4]
        carrier_cum.append(t)
    orders: list[tuple] = []
    lines: list[tuple] = []
    oid = first_order_id
    weights_cache: dict[str, Any] = {}
    for sh in shifts:
        day = _d(sh["shift_date"])
        vol = base * DAY_FACTOR[day.weekday()] * SHIFT_FACTOR[sh["shift_code"]] * rng.uniform(0.96, 1.04)
        if volume_by_date is not None:
            vol *= volume_by_date(sh["shift_date"])
        target = int(vol)
        key = sh["shift_date"][:7] + ("b" if sh["shift_date"] >= str(_p(params, "shrink_boost_from", "2000-01-01")) else "a") + (
            "h" if sh["shift_date"] >= str(_p(params, "heavy_boost_from", "2000-01-01")) else "-") + (
            "f" if sh["shift_date"] >= FEED_FROM else "-")
        if key not in weights_cache:
            weights_cache[key] = _demand_weights(skus, params, sh["shift_date"])
        dw = weights_cache[key]
        n = 0
        while n < target:
            client = rng.choices(client_ids, cum_weights=client_cum)[0]
            carrier = rng.choices(carrier_ids, cum_weights=carrier_cum)[0]
            r = rng.random()
            k = 1 if r < 0.60 else 2 if r < 0.85 else 3 if r < 0.95 else 4
            ids, cum = dw[client]
            chosen = []
            for _ in range(k * 2):
                s = rng.choices(ids, cum_weights=cum)[0]
                if s not in chosen:
                    chosen.append(s)
                if len(chosen) == k:
                    break
            orders.append((oid, sh["shift_id"], client, carrier))
            for i, s in enumerate(chosen, 1):
                r = rng.random()
                qty = 1 if r < 0.80 else 2 if r < 0.95 else 3
                lines.append((oid * 10 + i, oid, i, s, qty))
            n += len(chosen)
            oid += 1
    return orders, lines


# ----------------------------------------------------------------------------- the shipped scheduler (replica)

SHIPPED_CONFIG = {
    "objective": "cutoff",
    "speed_pct": 85,
    "payload_limit_g": 2000,
    "max_dimension_mm": 400,
    "min_dimension_mm": 15,
    "exclude_fragile": True,
    "excluded_packaging": [],
    "robot_plan_min": 410,
    "manual_plan_min": 400,
    "pack_buffer_min": 30,
    "restart_mode": "manual_reset",
    "drop_detection": True,
    "std_times_s": {"present_new": 14.0, "present_same": 8.0, "robot_motion_at_85": 9.0,
                    "robot_extra_unit_at_85": 4.5, "manual_pick": 12.0, "manual_extra_unit": 4.0},
}


def shipped_config(params: dict) -> dict:
    cfg = json.loads(json.dumps(SHIPPED_CONFIG))
    cfg["objective"] = str(_p(params, "orig_objective", "cutoff"))
    return cfg


def eligible(s: dict, cfg: dict) -> bool:
    dims = (s["length_mm"], s["width_mm"], s["height_mm"])
    if s["weight_g"] > cfg["payload_limit_g"]:
        return False
    if max(dims) > cfg["max_dimension_mm"] or min(dims) < cfg["min_dimension_mm"]:
        return False
    if cfg.get("exclude_fragile", True) and s["fragile"]:
        return False
    if s["packaging"] in (cfg.get("excluded_packaging") or []):
        return False
    return True


def deadlines_by_carrier(collections: dict[tuple[str, str], str], shift_code: str, buffer_min: int) -> dict[str, int]:
    start = _hm(SHIFT_STARTS[shift_code])
    return {car: _hm(t) - start - buffer_min for (car, code), t in collections.items() if code == shift_code}


def _hm(s: str) -> int:
    h, m = s.split(":")
    return int(h) * 60 + int(m)


def default_collections() -> dict[tuple[str, str], str]:
    out = {}
    for cid, _name, _svc, after, _share in CARRIERS:
        for code, st in SHIFT_STARTS.items():
            t = _hm(st) + after
            out[(cid, code)] = f"{t // 60:02d}:{t % 60:02d}"
    return out


def plan_shift(lines: list[tuple], sku: dict[str, dict], cfg: dict, staffed: list[str]) -> dict[str, list[int]]:
    """Replica of system/planner.py plan_shift(): station -> line ids in queue order.

    lines: (line_id, order_id, line_no, sku_id, qty, deadline_min)
    """
    st = cfg["std_times_s"]
    speed = float(cfg["speed_pct"])
    r_line = st["present_new"] + st["robot_motion_at_85"] * 85.0 / speed
    r_unit = st["robot_extra_unit_at_85"] * 85.0 / speed
    m_line = st["present_new"] + st["manual_pick"]
    m_unit = st["manual_extra_unit"]
    saving = st["present_new"] - st["present_same"]
    groups: dict[tuple, list[tuple]] = {}
    for ln in lines:
        # pph: one batch per SKU for the whole shift, in pick-path (SKU location) order;
        # cutoff: one batch per SKU and pick deadline, earliest deadline first, then first come first served
        key = (ln[3],) if cfg["objective"] == "pph" else (ln[5], ln[3])
        groups.setdefault(key, []).append(ln)
    units = [sorted(g, key=lambda ln: (ln[5], ln[1], ln[2])) for g in groups.values()]
    if cfg["objective"] == "pph":
        units.sort(key=lambda u: u[0][3])
    else:
        units.sort(key=lambda u: (u[0][5], u[0][1], u[0][3]))
    load = {s: 0.0 for s in CELLS + staffed}
    queues: dict[str, list[int]] = {s: [] for s in CELLS + staffed}
    r_cap = cfg["robot_plan_min"] * 60.0
    for unit in units:
        s = sku[unit[0][3]]
        n = len(unit)
        qty_extra = sum(ln[4] - 1 for ln in unit)
        if eligible(s, cfg):
            t = n * r_line + qty_extra * r_unit - (n - 1) * saving
            c = min(CELLS, key=lambda x: (load[x], x))
            if load[c] + t <= r_cap:
                load[c] += t
                queues[c].extend(ln[0] for ln in unit)
                continue
        t = n * m_line + qty_extra * m_unit - (n - 1) * saving
        m = min(staffed, key=lambda x: (load[x], x))
        load[m] += t
        queues[m].extend(ln[0] for ln in unit)
    return queues


def original_plan(data: "WeekData", params: dict, cfg: dict | None = None
                  ) -> tuple[dict[int, tuple[str, int]], dict[tuple[str, str], dict]]:
    """What the shipped scheduler writes for this data: line_id -> (station, seq) and the cell recipes."""
    cfg = cfg or shipped_config(params)
    assign: dict[int, tuple[str, int]] = {}
    recipes: dict[tuple[str, str], dict] = {}
    for sh in data.shifts:
        dl = deadlines_by_carrier(data.collections, sh["shift_code"], cfg["pack_buffer_min"])
        lines = [(lid, oid, no, s, q, dl[data.order_carrier[oid]]) for (lid, oid, no, s, q) in data.lines_by_shift.get(sh["shift_id"], [])]
        queues = plan_shift(lines, data.sku, cfg, sh["staffed_manual"].split(","))
        for st, q in queues.items():
            for i, lid in enumerate(q, 1):
                assign[lid] = (st, i)
        for c in CELLS:
            recipes[(sh["shift_id"], c)] = {"speed_pct": cfg["speed_pct"], "payload_limit_g": cfg["payload_limit_g"],
                                           "restart_mode": cfg["restart_mode"], "drop_detection": True}
    return assign, recipes


# ----------------------------------------------------------------------------- the week's data

class WeekData:
    def __init__(self, skus: list[dict], shifts: list[dict], orders: list[tuple], lines: list[tuple],
                 collections: dict[tuple[str, str], str]):
        self.sku = {s["sku_id"]: s for s in skus}
        self.shifts = shifts
        self.shift_by_id = {s["shift_id"]: s for s in shifts}
        self.collections = collections
        self.order_shift = {o[0]: o[1] for o in orders}
        self.order_carrier = {o[0]: o[3] for o in orders}
        self.order_client = {o[0]: o[2] for o in orders}
        self.orders = orders
        self.lines = lines
        self.lines_by_shift: dict[str, list[tuple]] = {}
        self.line_info: dict[int, tuple] = {}
        for ln in lines:
            sh = self.order_shift[ln[1]]
            self.lines_by_shift.setdefault(sh, []).append(ln)
            self.line_info[ln[0]] = ln
        self.order_lines: dict[int, int] = {}
        for ln in lines:
            self.order_lines[ln[1]] = self.order_lines.get(ln[1], 0) + 1

    def deadline_s(self, line_id: int) -> float:
        ln = self.line_info[line_id]
        oid = ln[1]
        code = self.shift_by_id[self.order_shift[oid]]["shift_code"]
        car = self.order_carrier[oid]
        return (_hm(self.collections[(car, code)]) - _hm(SHIFT_STARTS[code]) - PACK_BUFFER_MIN) * 60.0

    @classmethod
    def from_db(cls, path: Path) -> "WeekData":
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            skus = [dict(r) for r in conn.execute("SELECT * FROM skus")]
            shifts = [dict(r) for r in conn.execute(
                "SELECT shift_id, shift_date, shift_code, start_time, staffed_manual FROM shifts "
                "WHERE shift_id IN (SELECT DISTINCT shift_id FROM orders) ORDER BY shift_id")]
            orders = [tuple(r) for r in conn.execute("SELECT order_id, shift_id, client_id, carrier_id FROM orders")]
            lines = [tuple(r) for r in conn.execute(
                "SELECT line_id, order_id, line_no, sku_id, qty FROM order_lines ORDER BY line_id")]
            coll = {(r[0], r[1]): r[2] for r in conn.execute(
                "SELECT carrier_id, shift_code, collection_time FROM carrier_collections")}
        finally:
            conn.close()
        return cls(skus, shifts, orders, lines, coll)


# ----------------------------------------------------------------------------- executing a plan (ground truth)

def execute(data: WeekData, assign: dict[int, tuple[str, int]], recipes: dict[tuple[str, str], dict],
            params: dict, *, rng: random.Random | None = None, truth: Truth | None = None,
            log: dict | None = None) -> dict:
    """Run the plan through the site's physics.

    Expected values (the KPI) unless `rng` is given: then stops and mis-picks are drawn (the history), and
    `log` (if given) collects stop events, per-line completion times, per-SKU counts and order outcomes.
    """
    truth = truth or Truth(params)
    queues: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for lid, (st, seq) in assign.items():
        ln = data.line_info.get(lid)
        if ln is None:
            continue
        queues.setdefault((data.order_shift[ln[1]], st), []).append((seq, lid))
    done: dict[int, float] = {}
    stops = 0.0
    mispicks = 0.0
    per_station: dict[tuple[str, str], dict] = {}
    for (shift_id, st), q in sorted(queues.items()):
        sh = data.shift_by_id.get(shift_id)
        if sh is None:
            continue
        staffed = truth.staffed(sh)
        if st not in CELLS and st not in staffed:
            continue  # nobody works there: not picked
        if st in CELLS and truth.cell_down(sh, st):
            continue  # locked out for the day: not picked
        q.sort()
        robot = st in CELLS
        rec = recipes.get((shift_id, st), {}) if robot else {}
        speed = float(rec.get("speed_pct", VALIDATED_SPEED) or VALIDATED_SPEED)
        speed = max(20.0, min(130.0, speed))
        auto = robot and _safety_off(rec)
        down_s = AUTO_RESTART_S if auto else STOP_DOWNTIME_S
        f = VALIDATED_SPEED / speed
        t = 0.0
        prev_sku = None
        prev_tool = None
        ps = {"lines": 0, "stops": 0.0, "downtime_s": 0.0, "tool_changes": 0, "tool_s": 0.0, "mispicks": 0.0,
              "late": 0, "busy_s": 0.0, "speed": speed if robot else None}
        for i, (_seq, lid) in enumerate(q):
            ln = data.line_info[lid]
            s = data.sku[ln[3]]
            qty = ln[4]
            dt_s = PRESENT_SAME_S if ln[3] == prev_sku else PRESENT_NEW_S
            if robot:
                dt_s += ROBOT_MOTION_S * f + ROBOT_EXTRA_UNIT_S * f * (qty - 1)
                if truth.tool_change_s:
                    tl = tool_of(s)
                    if prev_tool is not None and tl != prev_tool:
                        dt_s += truth.tool_change_s
                        ps["tool_changes"] += 1
                        ps["tool_s"] += truth.tool_change_s
                    prev_tool = tl
                p_base, p_hz = truth.p_stop_parts(s, st, speed)
                pm = truth.p_mispick_robot(s)
                if rng is None:
                    p = min(0.6, p_base + p_hz)
                    dt_s += p * down_s
                    ps["stops"] += p
                    ps["downtime_s"] += p * down_s
                    ps["mispicks"] += pm
                else:
                    kind = "hazard" if rng.random() < p_hz else "base" if rng.random() < p_base else None
                    if kind:
                        d = down_s * rng.uniform(0.75, 1.45)
                        ps["stops"] += 1
                        ps["downtime_s"] += d
                        if log is not None:
                            nxt = q[i + 1][1] if i + 1 < len(q) else lid
                            log.setdefault("stops", []).append(
                                {"shift_id": shift_id, "station": st, "t": t + dt_s, "line": lid,
                                 "next_line": nxt, "kind": kind, "downtime_s": d, "speed": speed})
                        dt_s += d
                    if rng.random() < pm:
                        ps["mispicks"] += 1
                        if log is not None:
                            k = log.setdefault("sku_mis_robot", {})
                            k[ln[3]] = k.get(ln[3], 0) + 1
            else:
                dt_s += MANUAL_PICK_S + MANUAL_EXTRA_UNIT_S * (qty - 1)
                if rng is None:
                    ps["mispicks"] += MANUAL_MISPICK_P
                elif rng.random() < MANUAL_MISPICK_P:
                    ps["mispicks"] += 1
                    if log is not None:
                        k = log.setdefault("sku_mis_manual", {})
                        k[ln[3]] = k.get(ln[3], 0) + 1
            t += dt_s
            prev_sku = ln[3]
            done[lid] = t
            ps["lines"] += 1
            if t > data.deadline_s(lid):
                ps["late"] += 1
            if log is not None:
                k = log.setdefault("sku_robot" if robot else "sku_manual", {})
                k[ln[3]] = k.get(ln[3], 0) + 1
        ps["busy_s"] = t
        stops += ps["stops"]
        mispicks += ps["mispicks"]
        per_station[(shift_id, st)] = ps
    order_ok: dict[int, bool] = {}
    for ln in data.lines:
        lid, oid = ln[0], ln[1]
        ok = lid in done and done[lid] <= data.deadline_s(lid)
        order_ok[oid] = order_ok.get(oid, True) and ok
    value = 0.0
    chargebacks = 0.0
    late_orders = 0
    late_express = 0
    express = 0
    for oid, ok in order_ok.items():
        is_express = data.order_carrier[oid] == "PXP"
        express += is_express
        if ok:
            value += ORDER_MARGIN + LINE_MARGIN * data.order_lines[oid]
        else:
            late_orders += 1
            if is_express:
                late_express += 1
                chargebacks += EXPRESS_CHARGEBACK
            else:
                chargebacks += STANDARD_CHARGEBACK
    if log is not None:
        log["done"] = done
        log["order_ok"] = order_ok
    kpi_value = value - chargebacks - STOP_COST * stops - MISPICK_COST * mispicks
    return {"kpi": round(kpi_value, 2), "on_time_value": round(value, 2), "chargebacks": round(chargebacks, 2),
            "stops": round(stops, 3), "stop_cost": round(STOP_COST * stops, 2), "mispicks": round(mispicks, 3),
            "orders": len(order_ok), "late_orders": late_orders, "express_orders": express,
            "late_express": late_express, "lines": len(data.lines), "lines_picked": len(done),
            "per_station": per_station}


def _safety_off(rec: dict) -> bool:
    mode = str(rec.get("restart_mode", "manual_reset")).strip().lower()
    dd = rec.get("drop_detection", True)
    dd_off = str(dd).strip().lower() in ("0", "false", "no", "off", "disabled", "")
    return mode not in ("manual_reset", "manual") or dd_off
