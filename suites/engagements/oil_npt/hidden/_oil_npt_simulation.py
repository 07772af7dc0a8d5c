"""oil_npt's simulated drilling: rig days, NPT events, checks and how they are described
in the daily reports. Part of the grader (grader.py)."""

import datetime as dt
import math
import random
import re
from dataclasses import dataclass, field
from typing import Any

from _oil_npt_contract import (
    CASING,
    CHECK_MINUTES,
    FIELDS,
    FL_KINDS,
    KINDS,
    MUD_ENGINEERS,
    MUD_TOLERANCE,
    PROG_BASE,
    RIG_IDS,
    SECTIONS,
    SLOTS,
    _old_wording,
)

# ----------------------------------------------------------------------------- simulation

def _d(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def _ts(day: dt.date, hours: float) -> str:
    t = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=round(hours * 60))
    return t.strftime("%Y-%m-%d %H:%M")


def _parse_ts(s: str) -> dt.datetime:
    return dt.datetime.strptime(s, "%Y-%m-%d %H:%M")


@dataclass
class Well:
    well_id: str
    name: str
    field: str
    rig: str
    spud: dt.date
    tds: dict[str, int]
    prog: dict[str, tuple[float, float, int, int, float]]


@dataclass
class DayRec:
    rig: str
    day: dt.date
    phase: str  # drill / case / move
    well: Well
    section: str | None
    sec_day: int  # index of this drill day within its section
    sec_days: int = 1  # drill days the section takes
    depth0: int = 0
    depth1: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class World:
    wells: list[Well]
    days: list[DayRec]
    checks: list[dict[str, Any]]


class _Scheduler:
    """Builds the per-rig day schedule (phase, well, section) with nominal rates of penetration."""

    def __init__(self, rng: random.Random, pad_base: int):
        self.rng = rng
        self.wells: list[Well] = []
        self.pad = pad_base
        self.field_i = rng.randrange(len(FIELDS))

    def new_well(self, rig: str, spud: dt.date) -> Well:
        rng = self.rng
        code, fname = FIELDS[self.field_i % len(FIELDS)]
        self.field_i += 1
        self.pad += rng.randint(1, 3)
        k = rng.randint(2, 14)
        tds = {}
        for sec, _label, _sys, (lo, hi), _rop in SECTIONS:
            tds[sec] = int(round(rng.randint(lo, hi), -1))
        prog = {}
        for sec, base in PROG_BASE.items():
            shift = 0.1 * rng.randint(-1, 2)
            prog[sec] = (round(base[0] + shift, 1), round(base[1] + shift, 1), base[2], base[3], base[4])
        w = Well(f"{code}-{self.pad:02d}-{k:02d}H", f"{fname} {self.pad}-{k}H", fname, rig, spud, tds, prog)
        self.wells.append(w)
        return w

    def schedule(self, rig: str, start: dt.date, end: dt.date) -> list[DayRec]:
        rng = self.rng
        out: list[DayRec] = []
        day = start - dt.timedelta(days=rng.randint(0, 24))
        while day <= end:
            well = self.new_well(rig, day)
            top = 0
            for sec, _label, _sys, _td, (rlo, rhi) in SECTIONS:
                length = well.tds[sec] - top
                ndays = max(2, math.ceil(length / rng.uniform(rlo, rhi)))
                for i in range(ndays):
                    out.append(DayRec(rig, day, "drill", well, sec, i, ndays))
                    day += dt.timedelta(days=1)
                out.append(DayRec(rig, day, "case", well, sec, -1))
                day += dt.timedelta(days=1)
                top = well.tds[sec]
            for _ in range(rng.randint(2, 4)):
                out.append(DayRec(rig, day, "move", well, None, -1))
                day += dt.timedelta(days=1)
        return [r for r in out if start <= r.day <= end]


def _eligible(rec: DayRec, kind: str) -> bool:
    k = KINDS[kind]
    if rec.phase not in k.phases or rec.section not in k.sections:
        return False
    if kind in FL_KINDS and rec.sec_day < 1:
        return False
    return True


def _place_times(rng: random.Random, rec: DayRec, hours: float) -> float | None:
    busy = [(e["t0"], e["t0"] + e["hours"]) for e in rec.events]
    if sum(b - a for a, b in busy) + hours > 20:
        return None
    for _ in range(60):
        hi = 23.75 - hours
        if hi < 0.25:
            return None
        s = rng.randint(1, int(hi * 4)) / 4
        if all(s + hours + 0.25 <= a or s >= b + 0.25 for a, b in busy):
            return s
    return None


def _hours(rng: random.Random, kind: str, scale: float = 1.0) -> float:
    lo, hi = KINDS[kind].hours
    h = max(1.0, round(rng.uniform(lo, hi) * scale * 2) / 2)
    return min(h, 18.0) if scale > 1.0 else h  # a scaled-up event still fits in one report day


def _add_event(rng: random.Random, rec: DayRec, kind: str, design: str | None, hours: float,
               t0: float | None = None) -> bool:
    if len(rec.events) >= 2:
        return False
    if t0 is None:
        t0 = _place_times(rng, rec, hours)
        if t0 is None:
            return False
    rec.events.append({"kind": kind, "design": design, "hours": hours, "t0": t0})
    rec.events.sort(key=lambda e: e["t0"])
    return True


def _fl_ok(recs_by_rig: dict[str, list[DayRec]], rec: DayRec) -> bool:
    """Hole problems on one rig are at least three report days apart (keeps mud-check designs apart)."""
    for r in recs_by_rig[rec.rig]:
        if abs((r.day - rec.day).days) < 3 and any(e["kind"] in FL_KINDS for e in r.events):
            return False
    return True


RANDOM_RATES = {  # expected events per eligible rig-day (history months)
    "EQ_TD": 0.10, "EQ_MUDPUMP": 0.035, "EQ_HYD": 0.02, "DD_MWD": 0.045, "DD_RSS": 0.03, "DD_MOTOR": 0.03,
    "CMT": 0.28, "FL": 0.11, "SUP_BARITE": 0.012, "OP_WEATHER": 0.05, "OP_ORDERS": 0.03, "OP_SUPPLY": 0.12,
    "OP_REG": 0.12,
}


FL_DESIGN_WEIGHTS = [("oos", 0.40), ("inspec", 0.33), ("inspec_trap", 0.19), ("nocheck", 0.08)]


def _pick(rng: random.Random, weighted: list[tuple[str, float]]) -> str:
    x = rng.random() * sum(w for _, w in weighted)
    for v, w in weighted:
        x -= w
        if x <= 0:
            return v
    return weighted[-1][0]


def _random_events(rng: random.Random, recs_by_rig: dict[str, list[DayRec]], no_fl_before: dt.date,
                   pinned_days: set[tuple[str, dt.date]]) -> None:
    for rig in RIG_IDS:
        for rec in recs_by_rig[rig]:
            if rec.phase == "move" or (rig, rec.day) in pinned_days:
                continue
            for key, rate in RANDOM_RATES.items():
                if rng.random() >= rate:
                    continue
                if key == "FL":
                    kind = rng.choice(FL_KINDS)
                    if rec.day < no_fl_before or not _eligible(rec, kind) or not _fl_ok(recs_by_rig, rec):
                        continue
                    _add_event(rng, rec, kind, _pick(rng, FL_DESIGN_WEIGHTS), _hours(rng, kind))
                elif _eligible(rec, key):
                    _add_event(rng, rec, key, None, _hours(rng, key))


def _allocate_depths(rng: random.Random, recs_by_rig: dict[str, list[DayRec]]) -> None:
    for rig in RIG_IDS:
        recs = recs_by_rig[rig]
        i = 0
        while i < len(recs):
            r = recs[i]
            if r.phase != "drill":
                i += 1
                continue
            j = i
            while j < len(recs) and recs[j].phase == "drill" and recs[j].section == r.section \
                    and recs[j].well is r.well:
                j += 1
            group = recs[i:j]
            sec_idx = [s[0] for s in SECTIONS].index(r.section)
            top = 0 if sec_idx == 0 else r.well.tds[SECTIONS[sec_idx - 1][0]]
            bottom = r.well.tds[r.section]
            # a group cut by the window edges covers only part of the section
            n = r.sec_days
            top, bottom = (int(top + (bottom - top) * group[0].sec_day / n),
                           int(top + (bottom - top) * (group[-1].sec_day + 1) / n))
            weights = [max(0.5, 24 - sum(e["hours"] for e in g.events)) * rng.uniform(0.75, 1.25) for g in group]
            tot = sum(weights)
            depth = top
            for g, w in zip(group, weights, strict=True):
                g.depth0 = depth
                depth = min(bottom, depth + int(round((bottom - top) * w / tot)))
                g.depth1 = depth
            group[-1].depth1 = bottom
            i = j
        for r in recs:
            if r.phase == "case":
                r.depth0 = r.depth1 = r.well.tds[r.section]
            elif r.phase == "move":
                r.depth0 = r.depth1 = 0


def _check_values(rng: random.Random, prog: tuple[float, float, int, int, float], bad: str | None,
                  mild: bool = False) -> tuple[float, int, float]:
    mwmin, mwmax, fvmin, fvmax, flmax = prog
    mw = round(rng.uniform(mwmin + 0.15, mwmax - 0.15), 1)
    fv = rng.randint(fvmin + 2, fvmax - 2)
    fl = round(rng.uniform(flmax * 0.5, flmax - 0.6), 1)
    k = 0.5 if mild else 1.0
    if bad == "mw_high":
        mw = round(mwmax + rng.uniform(0.2, 0.2 + 0.4 * k), 1)
    elif bad == "mw_low":
        mw = round(mwmin - rng.uniform(0.2, 0.2 + 0.3 * k), 1)
    elif bad == "fv_high":
        fv = fvmax + rng.randint(3, int(3 + 9 * k))
    elif bad == "fv_low":
        fv = fvmin - rng.randint(3, int(3 + 5 * k))
    elif bad == "fl_high":
        fl = round(flmax + rng.uniform(0.8, 0.8 + 2.2 * k), 1)
    # just outside the programme but inside the measurement tolerance minuted on 14 October 2025
    elif bad == "mw_edge":
        mw = round(rng.choice([mwmax + MUD_TOLERANCE["mw"], mwmin - MUD_TOLERANCE["mw"]]), 1)
    elif bad == "fv_edge":
        fv = rng.choice([fvmax + rng.randint(1, int(MUD_TOLERANCE["fv"])), fvmin - rng.randint(1, int(MUD_TOLERANCE["fv"]))])
    elif bad == "fl_edge":
        fl = round(flmax + rng.choice([0.2, 0.3, 0.4, MUD_TOLERANCE["fl"]]), 1)
    return mw, fv, fl


BADS = ["mw_high", "mw_low", "fv_high", "fv_low", "fl_high"]


EDGES = ["mw_edge", "fv_edge", "fl_edge"]


def _make_checks(rng: random.Random, recs_by_rig: dict[str, list[DayRec]], emit_from: dt.date) -> list[dict]:
    checks: list[dict[str, Any]] = []
    for rig in RIG_IDS:
        for r in recs_by_rig[rig]:
            if r.phase == "move" or r.day < emit_from:
                continue
            times = [6 + rng.choice(CHECK_MINUTES) / 60 - (1 if rng.random() < 0.3 else 0),
                     18 + rng.choice(CHECK_MINUTES) / 60 - (1 if rng.random() < 0.3 else 0)]
            if r.phase == "drill" and rng.random() < 0.18:
                times.append(rng.randint(9, 15) + rng.choice(CHECK_MINUTES) / 60)
            for t in sorted(times):
                bad = rng.choice(BADS) if rng.random() < 0.07 else None
                mw, fv, fl = _check_values(rng, r.well.prog[r.section], bad, mild=True)
                frac = t / 24
                depth = int(r.depth0 + (r.depth1 - r.depth0) * frac)
                checks.append({
                    "rig": rig, "well": r.well, "section": r.section, "time": _ts(r.day, t), "depth": depth,
                    "mw": mw, "fv": fv, "fl": fl, "remarks": "",
                    "engineer": MUD_ENGINEERS[rig][(r.day.toordinal() // 14) % 2],
                })
    return checks


def _apply_designs(rng: random.Random, recs_by_rig: dict[str, list[DayRec]], checks: list[dict]) -> list[dict]:
    by_rig: dict[str, list[dict]] = {rig: [] for rig in RIG_IDS}
    for c in checks:
        by_rig[c["rig"]].append(c)
    for rig in RIG_IDS:
        lst = sorted(by_rig[rig], key=lambda c: c["time"])
        for r in recs_by_rig[rig]:
            for e in r.events:
                if e["kind"] not in FL_KINDS:
                    continue
                start = _ts(r.day, e["t0"])
                prior = [c for c in lst if c["time"] < start]
                design = e["design"]
                if design == "nocheck":
                    cut = (_parse_ts(start) - dt.timedelta(hours=24)).strftime("%Y-%m-%d %H:%M")
                    lst = [c for c in lst if not (cut <= c["time"] < start)]
                    continue
                if not prior:
                    continue
                last = prior[-1]
                prog = last["well"].prog[last["section"]]
                if design == "oos":
                    last["mw"], last["fv"], last["fl"] = _check_values(rng, prog, rng.choice(BADS))
                elif design == "marginal":
                    last["mw"], last["fv"], last["fl"] = _check_values(rng, prog, rng.choice(EDGES))
                else:
                    last["mw"], last["fv"], last["fl"] = _check_values(rng, prog, None)
                    if design == "inspec_trap":
                        t = e["t0"] + rng.uniform(1.0, 2.5)
                        t = math.floor(t) + rng.choice(CHECK_MINUTES) / 60
                        if t < 24:
                            bad = "mw_high" if e["kind"] in ("FL_GAS", "FL_STUCK") else rng.choice(
                                ["fl_high", "fv_high", "mw_low"])
                            mw, fv, fl = _check_values(rng, r.well.prog[r.section], bad)
                            lst.append({
                                "rig": rig, "well": r.well, "section": r.section, "time": _ts(r.day, t),
                                "depth": int(r.depth0 + (r.depth1 - r.depth0) * t / 24), "mw": mw, "fv": fv,
                                "fl": fl, "remarks": "post-event check after treatment",
                                "engineer": last["engineer"],
                            })
                            lst.sort(key=lambda c: c["time"])
        by_rig[rig] = lst
    return [c for rig in RIG_IDS for c in by_rig[rig]]


def _fmt_depth(d: int) -> str:
    return f"{d:,}"


def _describe(rng: random.Random, rec: DayRec, e: dict, new_share: float = 0.0) -> str:
    kind = KINDS[e["kind"]]
    if new_share and kind.new_templates and rng.random() < new_share:
        t = rng.choice(kind.new_templates)
    else:
        t = rng.choice(kind.templates)
    depth = int(rec.depth0 + (rec.depth1 - rec.depth0) * e["t0"] / 24)
    mp = rng.randint(1, 3)
    vals = {
        "d": _fmt_depth(depth), "r": str(rng.choice([15, 20, 30, 40, 60, 80])), "o": str(rng.randint(25, 80)),
        "w": str(rng.randint(55, 85)), "gen": str(rng.randint(1, 4)), "mp": str(mp), "mp2": str(mp % 3 + 1),
        "csg": CASING.get(rec.section or "SURF", "9-5/8in"),
    }
    for k, opts in SLOTS.items():
        vals[k] = rng.choice(opts)
    return re.sub(r"\{([a-z0-9]+)\}", lambda m: vals[m.group(1)], t)


def simulate(seed: str, start: str, end: str, *, emit_from: str, events_from: str,
             forced: list[dict] | None = None, pinned: list[dict] | None = None,
             pad_base: int = 1, new_share: float = 0.0, crossings: list[dict] | None = None) -> World:
    rng = random.Random(seed)
    d0, d1 = _d(start), _d(end)
    sched = _Scheduler(rng, pad_base)
    recs_by_rig = {rig: sched.schedule(rig, d0, d1) for rig in RIG_IDS}
    ev_from = _d(events_from)
    if forced is not None:
        if not _place_forced(rng, recs_by_rig, forced, ev_from):
            raise _Retry
    else:
        pinned_days = set()
        for p in pinned or []:
            rec = _find_pinned_day(recs_by_rig, p)
            pinned_days.add((rec.rig, rec.day))
            _add_event(rng, rec, p["kind"], p.get("design"), p["hours"], p.get("t0"))
        _random_events(rng, recs_by_rig, ev_from + dt.timedelta(days=2), pinned_days)
        for rig in RIG_IDS:
            for r in recs_by_rig[rig]:
                if r.day < ev_from:
                    r.events.clear()
    _allocate_depths(rng, recs_by_rig)
    checks = _make_checks(rng, recs_by_rig, _d(emit_from))
    checks = _apply_designs(rng, recs_by_rig, checks)
    days = [r for rig in RIG_IDS for r in recs_by_rig[rig]]
    for r in days:
        for e in r.events:
            e["description"] = _describe(rng, r, e, new_share)
            e["new_wording"] = not _old_wording(e["kind"], e["description"])
    # events that run past midnight, drawn from their own stream so the rest of the world stays as it was
    _cross_midnight(random.Random(f"{seed}/crossings"), recs_by_rig, crossings or [])
    return World(sched.wells, days, checks)


CROSS_KINDS = ("EQ_TD", "DD_MWD", "DD_RSS")


def _cross_midnight(rng: random.Random, recs_by_rig: dict[str, list[DayRec]], crossings: list[dict]) -> None:
    """Move some equipment events to the end of their day so that they run past midnight.

    Each item of `crossings` is {"rig", "from", "to", "n", "kinds"?}: n events of that rig whose report day lies in
    [from, to]. Only the last event of a day is moved, and only when the next day has no event, so no event
    id changes.
    """
    for item in crossings:
        recs = recs_by_rig[item["rig"]]
        lo, hi = _d(item["from"]), _d(item["to"])
        cands = []
        for i, r in enumerate(recs[:-1]):
            nxt = recs[i + 1]
            if not (lo <= r.day <= hi) or not r.events or nxt.events or nxt.phase == "move" \
                    or nxt.day != r.day + dt.timedelta(days=1):
                continue
            e = r.events[-1]
            if e["kind"] not in item.get("kinds", CROSS_KINDS) or e.get("crossed") \
                    or (e.get("new_wording") and not item.get("allow_new")) \
                    or e["hours"] < 3 \
                    or nxt.day.day == 1:
                continue
            cands.append((r, e))
        for r, e in rng.sample(cands, min(item["n"], len(cands))):
            prev_end = r.events[-2]["t0"] + r.events[-2]["hours"] if len(r.events) > 1 else 0.0
            lo_f, hi_f = item.get("spill", (0.3, 0.6))
            spill = max(1.0, round(e["hours"] * rng.uniform(lo_f, hi_f) * 4) / 4)
            t0 = 24 - e["hours"] + spill
            if t0 < prev_end + 0.25:
                continue
            e["t0"] = t0
            e["crossed"] = True


class _Retry(Exception):
    pass


def _find_pinned_day(recs_by_rig: dict[str, list[DayRec]], p: dict) -> DayRec:
    target = _d(p["date"])
    cands = [r for r in recs_by_rig[p["rig"]] if _eligible(r, p["kind"]) and len(r.events) < 2]
    if p["kind"] in FL_KINDS:
        cands = [r for r in cands if _fl_ok(recs_by_rig, r)]
    cands.sort(key=lambda r: (abs((r.day - target).days), r.day))
    if not cands:
        raise ValueError(f"cannot pin {p}")
    return cands[0]


def _place_forced(rng: random.Random, recs_by_rig: dict[str, list[DayRec]], forced: list[dict],
                  ev_from: dt.date) -> bool:
    items = list(forced)
    rng.shuffle(items)
    # hole problems first: they have the tightest constraints
    items.sort(key=lambda it: 0 if it["kind"] in FL_KINDS else (1 if it["kind"] in ("CMT", "OP_SUPPLY", "OP_REG")
                                                                    else 2))
    for it in items:
        rigs = [it["rig"]] if it.get("rig") else rng.sample(RIG_IDS, len(RIG_IDS))
        target = ev_from + dt.timedelta(days=rng.randint(0, 27))
        best = None
        for rig in rigs:
            for rec in recs_by_rig[rig]:
                if rec.day < ev_from or not _eligible(rec, it["kind"]) or len(rec.events) >= 2:
                    continue
                if it["kind"] in FL_KINDS and not _fl_ok(recs_by_rig, rec):
                    continue
                key = (0 if rec.day >= target else 1, abs((rec.day - target).days), len(rec.events))
                if best is None or key < best[0]:
                    best = (key, rec)
        if best is None:
            if it.get("optional"):
                continue
            return False
        rec = best[1]
        if not _add_event(rng, rec, it["kind"], it.get("design"), _hours(rng, it["kind"], it.get("scale", 1.0))):
            return False
    return True
