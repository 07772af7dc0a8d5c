"""oil_npt's database of daily drilling reports and the ground truth of what is
claimable under the variant's contract terms. Part of the grader (grader.py)."""

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

from _oil_npt_contract import (
    CASING,
    CLAIM_MONTH,
    COMPANY_MEN,
    CONTRACTORS,
    EPS,
    KINDS,
    MUD_TOLERANCE,
    RATES,
    RIG_IDS,
    RIG_NAMES,
    SECTIONS,
    SG_TO_PPG,
    classify,
)
from _oil_npt_simulation import DayRec, World, _d, _fmt_depth, _parse_ts, _ts

# ----------------------------------------------------------------------------- database

SCHEMA = """
CREATE TABLE contractors (
  contractor_id TEXT PRIMARY KEY, name TEXT NOT NULL, service TEXT, contract_ref TEXT, account_contact TEXT);
CREATE TABLE rigs (
  rig_id TEXT PRIMARY KEY, rig_name TEXT, rig_contractor_id TEXT, fluids_contractor_id TEXT,
  directional_contractor_id TEXT, cementing_contractor_id TEXT);
CREATE TABLE wells (
  well_id TEXT PRIMARY KEY, well_name TEXT, field TEXT, rig_id TEXT, spud_date TEXT,
  surf_td_m INTEGER, int_td_m INTEGER, planned_td_m INTEGER);
CREATE TABLE mud_programme (
  well_id TEXT, hole_section TEXT, section_label TEXT, mud_system TEXT,
  mw_min_ppg REAL, mw_max_ppg REAL, fv_min_s INTEGER, fv_max_s INTEGER, fluid_loss_max_ml REAL,
  PRIMARY KEY (well_id, hole_section));
CREATE TABLE daily_reports (
  report_id TEXT PRIMARY KEY, rig_id TEXT, well_id TEXT, report_date TEXT, phase TEXT, hole_section TEXT,
  depth_start_m INTEGER, depth_end_m INTEGER, productive_h REAL, npt_h REAL, ops_summary TEXT,
  company_man TEXT);
CREATE TABLE npt_events (
  event_id TEXT PRIMARY KEY, report_id TEXT, rig_id TEXT, well_id TEXT, report_date TEXT,
  start_time TEXT, end_time TEXT, hours REAL, npt_code TEXT, hole_section TEXT, depth_m INTEGER,
  description TEXT);
CREATE TABLE mud_checks (
  check_id TEXT PRIMARY KEY, rig_id TEXT, well_id TEXT, check_time TEXT, depth_m INTEGER,
  hole_section TEXT, mud_system TEXT, mud_weight_ppg REAL, funnel_vis_s INTEGER, fluid_loss_ml REAL,
  engineer TEXT, remarks TEXT);
CREATE INDEX ix_events_date ON npt_events(report_date);
CREATE INDEX ix_checks_rig_time ON mud_checks(rig_id, check_time);
CREATE INDEX ix_reports_date ON daily_reports(report_date);
"""


NPT_CODE_NAMES = {"1-EQUIP": "equipment failure", "3-HOLE": "hole problem", "4-CMT": "cementing problem",
                  "5-WAIT": "waiting"}


def _ops_summary(r: DayRec, extra_npt: float = 0.0) -> str:
    label = dict((s[0], s[1]) for s in SECTIONS).get(r.section or "", "")
    npt = sum(e["hours"] for e in r.events) + extra_npt
    if r.phase == "move":
        return f"Rig move and rig-up for {r.well.name}."
    if r.phase == "case":
        s = (f"Ran {CASING[r.section]} casing to {_fmt_depth(r.depth1)} m and cemented. "
             f"Nippled up, pressure tested BOP.")
    else:
        s = f"Drilled {label} hole from {_fmt_depth(r.depth0)} m to {_fmt_depth(r.depth1)} m."
        if r.sec_day == 0 and r.section == "SURF":
            s = f"Spudded {r.well.name}. {s}"
        elif r.sec_day == 0 and label:
            s = f"Drilled out shoe track. {s}"
    if npt:
        s += f" NPT {npt:g} h, see NPT events."
    return s


def write_db(world: World, db_path: Path, *, report_from: str, report_to: str, sg_rig: str = "",
             sg_from: str = "", dup_rig: str = "", dup_from: str = "") -> None:
    """Write the database. From `dup_from` on, `dup_rig`'s new reporting app also books the part of an event
    after midnight as an event of the next report day (same description, from 00:00): a double count."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    if db_path.exists():
        db_path.unlink()
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO contractors VALUES (?,?,?,?,?)", CONTRACTORS)
    conn.executemany("INSERT INTO rigs VALUES (?,?,?,?,?,?)",
                     [(r, RIG_NAMES[r], "TDS", "MFL", "SXD", "QCS") for r in RIG_IDS])
    used_wells = {r.well.well_id for r in world.days if report_from <= r.day.isoformat() <= report_to}
    used_wells |= {c["well"].well_id for c in world.checks}
    for w in world.wells:
        if w.well_id not in used_wells:
            continue
        conn.execute("INSERT INTO wells VALUES (?,?,?,?,?,?,?,?)",
                     (w.well_id, w.name, w.field, w.rig, w.spud.isoformat(), w.tds["SURF"], w.tds["INT"],
                      w.tds["PROD"]))
        for sec, label, system, *_ in SECTIONS:
            p = w.prog[sec]
            conn.execute("INSERT INTO mud_programme VALUES (?,?,?,?,?,?,?,?,?)",
                         (w.well_id, sec, label, system, *p))
    carried: dict[tuple[str, dt.date], dict[str, Any]] = {}
    if dup_rig:
        for r in world.days:
            for e in r.events:
                if r.rig in dup_rig.split(",") and e.get("crossed") and r.day.isoformat() >= dup_from:
                    carried[(r.rig, r.day + dt.timedelta(days=1))] = {
                        **e, "t0": 0.0, "hours": e["t0"] + e["hours"] - 24, "end": _ts(r.day, e["t0"] + e["hours"])}
    for r in world.days:
        if not (report_from <= r.day.isoformat() <= report_to):
            continue
        rid = f"DR-{r.rig.replace('-', '')}-{r.day.strftime('%Y%m%d')}"
        cont = carried.get((r.rig, r.day))
        rows = ([cont] if cont else []) + r.events
        npt = sum(e["hours"] for e in rows)
        conn.execute("INSERT INTO daily_reports VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                     (rid, r.rig, r.well.well_id, r.day.isoformat(), r.phase, r.section, r.depth0, r.depth1,
                      round(24 - npt, 2), npt, _ops_summary(r, cont["hours"] if cont else 0.0),
                      COMPANY_MEN[r.rig][(r.day.toordinal() // 7) % 2]))
        for n, e in enumerate(rows, 1):
            eid = f"NPT-{r.rig.replace('-', '')}-{r.day.strftime('%m%d')}-{n}"
            depth = int(r.depth0 + (r.depth1 - r.depth0) * e["t0"] / 24)
            if e is cont:
                end = e["end"]
            else:
                e["event_id"] = eid
                end = _ts(r.day, e["t0"] + e["hours"])
            conn.execute("INSERT INTO npt_events VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                         (eid, rid, r.rig, r.well.well_id, r.day.isoformat(), _ts(r.day, e["t0"]),
                          end, e["hours"], KINDS[e["kind"]].code, r.section, depth, e["description"]))
    rows = []
    for c in sorted(world.checks, key=lambda c: (c["rig"], c["time"])):
        mw = c["mw"]
        if sg_rig and c["rig"] == sg_rig and c["time"][:10] >= sg_from:
            mw = round(mw / SG_TO_PPG, 2)
        rows.append((c["rig"], c["well"].well_id, c["time"], c["depth"], c["section"],
                     dict((s[0], s[2]) for s in SECTIONS)[c["section"]], mw, c["fv"], c["fl"], c["engineer"],
                     c["remarks"]))
    for i, row in enumerate(rows, 1):
        conn.execute("INSERT INTO mud_checks VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                     (f"MC-{row[0].replace('-', '')}-{i:05d}", *row))
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


# ----------------------------------------------------------------------------- the variant's parameters

def _p(params: dict, key: str, default: Any) -> Any:
    v = params.get(key, default)
    return default if v is None else v


def _allowance_change(params: dict) -> tuple[str, str, float]:
    """(rig, month, hours): a rig whose monthly repair allowance differs in one month (agreed, never written down)."""
    return (str(_p(params, "allowance_change_rig", "")), str(_p(params, "allowance_change_month", CLAIM_MONTH)),
            float(_p(params, "allowance_change_h", 0)))


# ----------------------------------------------------------------------------- ground truth

def _month_of(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT max(substr(report_date,1,7)) FROM npt_events").fetchone()
    return row[0] if row and row[0] else CLAIM_MONTH


def _credit(params: dict) -> tuple[str, set[str], str]:
    """(contractor, rigs, from date) whose NPT the contractor credits on its own invoice: no set-off there."""
    rigs = {r.strip() for r in str(_p(params, "credit_rigs", "")).split(",") if r.strip()}
    return str(_p(params, "credit_contractor", "")), rigs, str(_p(params, "credit_from", "2026-03-01"))


def compute_truth(conn: sqlite3.Connection, params: dict, month: str | None = None) -> dict[str, dict]:
    """event_id -> {party, kind, hours, chargeable_h, amount, rig, date, mud_status} under this variant's terms."""
    month = month or _month_of(conn)
    fluids_rule = str(_p(params, "fluids_rule", "spec_check"))
    allowance = float(_p(params, "repair_allowance_h", 0))
    sg_rig = str(_p(params, "sg_rig", ""))
    sg_from = str(_p(params, "sg_from", "2026-01-12"))
    dup_rig = str(_p(params, "dup_rig", ""))
    credit_cid, credit_rigs, credit_from = _credit(params)
    tol = MUD_TOLERANCE if bool(_p(params, "mud_tolerance", True)) else {"mw": 0.0, "fv": 0.0, "fl": 0.0}
    prog = {(r[0], r[1]): r[2:] for r in conn.execute(
        "SELECT well_id, hole_section, mw_min_ppg, mw_max_ppg, fv_min_s, fv_max_s, fluid_loss_max_ml "
        "FROM mud_programme")}
    checks: dict[str, list[tuple]] = {}
    for row in conn.execute("SELECT rig_id, check_time, well_id, hole_section, mud_weight_ppg, funnel_vis_s, "
                            "fluid_loss_ml FROM mud_checks ORDER BY rig_id, check_time"):
        checks.setdefault(row[0], []).append(row[1:])

    def out_of_spec(c: tuple, rig: str) -> bool:
        _t, well, sec, mw, fv, fl = c
        if sg_rig and rig == sg_rig and _t[:10] >= sg_from:
            mw = mw * SG_TO_PPG
        p = prog.get((well, sec))
        if p is None:
            return True
        mwmin, mwmax, fvmin, fvmax, flmax = p
        return not (mwmin - tol["mw"] - EPS <= mw <= mwmax + tol["mw"] + EPS
                    and fvmin - tol["fv"] - EPS <= fv <= fvmax + tol["fv"] + EPS and fl <= flmax + tol["fl"] + EPS)

    events = conn.execute(
        "SELECT event_id, rig_id, report_date, start_time, end_time, hours, description FROM npt_events "
        "WHERE substr(report_date,1,7)=? ORDER BY rig_id, start_time", (month,)).fetchall()
    ends = {(rig, end, desc): eid for eid, rig, _rd, start, end, _h, desc in events if start[11:] != "00:00"}
    truth: dict[str, dict] = {}
    for eid, rig, rdate, start, end, hours, desc in events:
        kind = classify(desc)
        t: dict[str, Any] = {"kind": kind, "rig": rig, "date": rdate, "start": start, "hours": float(hours),
                             "mud_status": None}
        original = ends.get((rig, end, desc)) if start[11:] == "00:00" and dup_rig else None
        if original is not None:  # the after-midnight part of an event already booked whole on its first day
            t.update(party="DUPLICATE", chargeable_h=0.0, duplicate_of=original)
            truth[eid] = t
            continue
        if kind is None:
            party = "OPERATOR"
        else:
            party = KINDS[kind].party
        if party == "HOLE":
            prior = [c for c in checks.get(rig, []) if c[0] < start]
            if not prior or (_parse_ts(start) - _parse_ts(prior[-1][0])).total_seconds() > 24 * 3600:
                t["mud_status"] = "no_check"
            else:
                t["mud_status"] = "out_of_spec" if out_of_spec(prior[-1], rig) else "in_spec"
            later = [c for c in checks.get(rig, []) if start < c[0] <= _ts(_d(start[:10]), 0)[:10] + " 23:59"]
            t["post_event_oos"] = any(out_of_spec(c, rig) for c in later)
            if fluids_rule == "any_fluid":
                party = "MFL"
            else:
                party = "MFL" if t["mud_status"] in ("out_of_spec", "no_check") else "OPERATOR"
        if credit_cid and party == credit_cid and rig in credit_rigs and rdate >= credit_from:
            party = "CREDITED"  # credited by the contractor on its own invoice: a set-off recovers it twice
            t.update(credited_by=credit_cid, credit=round(float(hours) * RATES[credit_cid], 2))
        t["party"] = party
        t["chargeable_h"] = float(hours) if party not in ("OPERATOR", "CREDITED") else 0.0
        truth[eid] = t
    if allowance > 0:
        change_rig, change_month, change_h = _allowance_change(params)
        used: dict[tuple[str, str], float] = {}
        for _eid, t in sorted(truth.items(), key=lambda kv: (kv[1]["rig"], kv[1]["start"])):
            if t["party"] != "TDS":
                continue
            key = (t["rig"], t["date"][:7])
            before = used.get(key, 0.0)
            after = before + t["hours"]
            used[key] = after
            limit = change_h if change_rig and key == (change_rig, change_month) else allowance
            t["chargeable_h"] = max(0.0, after - max(limit, before))
    for t in truth.values():
        p = t["party"]
        t["amount"] = round(t["chargeable_h"] * RATES[p], 2) if p in RATES else 0.0
    return truth


def duplicate_count(conn: sqlite3.Connection, params: dict) -> int:
    return sum(1 for t in compute_truth(conn, params).values() if t["party"] == "DUPLICATE")
