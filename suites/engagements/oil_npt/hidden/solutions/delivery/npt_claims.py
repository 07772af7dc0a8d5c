"""Monthly NPT claim against contractors (set-off notice).

Attribution, in this order (config/claim_policy.json, approved under DP-OPS-017 s.6):
1. Double bookings: an event starting at 00:00 with the same rig, description and end time as an event of the
   previous report day is the after-midnight part of that event, already booked whole on the day it started
   (DP-OPS-017 2.4). It is never claimed (`skip_midnight_repeats`).
2. With `attribution` = "code_and_owner": the NPT code and the owner of the equipment decide (DP-OPS-017 s.2-3):
   1-EQUIP is the directional contractor's when a downhole tool of theirs failed (MWD/LWD, RSS, mud motors /
   PDM), the fluids contractor's for its centrifuges and mud lab, else the rig contractor's; 3-HOLE is a
   candidate for the fluids contractor (see 3); 4-CMT is the cementing contractor's; 5-WAIT is the fluids
   contractor's for late delivery of its products, else Company risk. Anything else falls back to the keyword
   table. With "keywords" only the table config/attribution_rules.csv is used (first matching row by priority).
3. Fluids clause (`fluids_clause.enabled`): a hole problem is the fluids contractor's only when the last mud
   check on that rig before the event start was outside the mud programme of its well and hole section by more
   than the `tolerance` (mud weight ppg, funnel viscosity s, fluid loss mL), or when no check was recorded in
   the `no_check_window_h` hours before the start. Otherwise it is Company risk.
4. Repair allowance (`repair_allowance.enabled`): the first `hours_per_rig_month` hours of the rig contractor's
   equipment breakdown per rig and calendar month are paid at the Operating Rate and not claimed; the event that
   crosses the allowance is claimed for the hours beyond it. `overrides` lists [{"rig_id", "month", "hours"}] for a
   rig whose allowance differs in one month.
5. Mud weights: `mud_weight_sg_feeds` lists [{"rig_id", "from"}] whose mud weights arrive in SG from that date
   (converted to ppg x 8.345).
6. Self-credited NPT (`self_credited`): [{"contractor_id", "rig_ids", "from"}] - a contractor that credits the NPT
   its own equipment causes on its invoice under a call-off (on those rigs, from that report date) is not set off.
   `not_claimed_contractors`: [{"contractor_id", "from"}] - a contractor simply not claimed from that report date.
A claim line's amount is the claimed hours times the contractor's recovery rate (config/recovery_rates.csv).

Output, imported by the contracts portal on the 3rd working day of the next month (keep names and columns):
  claims/claim_lines_<YYYY-MM>.csv     one row per claimed event
  claims/claim_summary_<YYYY-MM>.json  totals per contractor
  claims/not_claimed_<YYYY-MM>.csv     events not claimed, with the reason
"""

import csv
import json
import re
from datetime import datetime, timedelta
from pathlib import Path

LINE_COLUMNS = ["line_no", "event_id", "report_date", "rig_id", "well_id", "contractor_id", "contractor_name",
                "npt_code", "hours", "rate_usd_per_h", "amount_usd", "basis", "description"]
SG_TO_PPG = 8.345
DEFAULT_POLICY = {
    "attribution": "keywords",
    "skip_midnight_repeats": False,
    "fluids_clause": {"enabled": False, "contractor_id": "MFL", "hole_problem_code": "3-HOLE",
                      "test": "last_check_before", "apply_to": "hole_problems", "no_check_window_h": 24,
                      "tolerance": {"mw_ppg": 0.0, "fv_s": 0.0, "fl_ml": 0.0}},
    "repair_allowance": {"enabled": False, "contractor_id": "TDS", "npt_code": "1-EQUIP",
                         "hours_per_rig_month": 0},
    "mud_weight_sg_feeds": [],
    "self_credited": [],
    "not_claimed_contractors": [],
    "exclude_event_ids": [],
    "drop_patterns": [],
    "hold_all_for_review": False,
}
DOWNHOLE_TOOLS = re.compile(r"\bmwd\b|\blwd\b|\brss\b|rotary steerable|mud motor|\bpdm\b|positive displacement|"
                            r"downhole motor|pulser|gamma ray tool", re.IGNORECASE)
FLUIDS_EQUIPMENT = re.compile(r"centrifuge|mud lab", re.IGNORECASE)
FLUIDS_PRODUCTS = re.compile(r"barite|base oil|weighting material|mirefield|drilling fluid products", re.IGNORECASE)
BASIS = {
    "TDS": "Tollund Exhibit B cl. 7.4 (Zero Rate); rig equipment (DP-OPS-017 s.3)",
    "SXD": "Sextant contract cl. 8.1; downhole tools (DP-OPS-017 s.3)",
    "QCS": "Quarrystone contract cl. 11.2",
    "MFL": "Mirefield MSA cl. 14.3",
    "MFL_SUPPLY": "Mirefield MSA cl. 14.5 (late delivery of products)",
}


def latest_month(conn):
    row = conn.execute("SELECT max(substr(report_date, 1, 7)) FROM npt_events").fetchone()
    return row[0] if row and row[0] else None


def load_rules(config_dir):
    rules = []
    with open(Path(config_dir) / "attribution_rules.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rules.append({
                "priority": int(row["priority"]),
                "regex": re.compile(row["pattern"], re.IGNORECASE),
                "contractor_id": row["contractor_id"].strip(),
                "basis": (row.get("basis") or "").strip(),
            })
    rules.sort(key=lambda r: r["priority"])
    return rules


def load_rates(config_dir):
    rates = {}
    with open(Path(config_dir) / "recovery_rates.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rates[row["contractor_id"].strip()] = {"name": row["contractor_name"].strip(),
                                                   "rate": float(row["rate_usd_per_h"])}
    return rates


def load_policy(config_dir):
    policy = json.loads(json.dumps(DEFAULT_POLICY))
    p = Path(config_dir) / "claim_policy.json"
    if p.exists():
        for k, v in json.loads(p.read_text(encoding="utf-8")).items():
            if isinstance(v, dict) and isinstance(policy.get(k), dict):
                policy[k].update(v)
            else:
                policy[k] = v
    return policy


def attribute(description, rules):
    """First matching keyword rule, or None."""
    for rule in rules:
        if rule["regex"].search(description or ""):
            return rule
    return None


def attribute_event(ev, rules, policy):
    """(contractor_id or OPERATOR or None, basis) for one event."""
    desc = ev["description"] or ""
    code = (ev["npt_code"] or "").strip().upper()
    if policy.get("attribution") == "code_and_owner":
        if code == "1-EQUIP":
            if DOWNHOLE_TOOLS.search(desc):
                return "SXD", BASIS["SXD"]
            if FLUIDS_EQUIPMENT.search(desc):
                return "MFL", BASIS["MFL"]
            return "TDS", BASIS["TDS"]
        if code == "3-HOLE":
            return "MFL", BASIS["MFL"]
        if code == "4-CMT":
            return "QCS", BASIS["QCS"]
        if code == "5-WAIT":
            if FLUIDS_PRODUCTS.search(desc):
                return "MFL", BASIS["MFL_SUPPLY"]
            return "OPERATOR", "Company risk (waiting)"
    rule = attribute(desc, rules)
    if rule is None:
        return None, ""
    return rule["contractor_id"], rule["basis"]


def month_events(conn, month):
    cur = conn.execute(
        "SELECT event_id, report_date, rig_id, well_id, start_time, end_time, hours, npt_code, description "
        "FROM npt_events WHERE substr(report_date, 1, 7) = ? ORDER BY report_date, rig_id, start_time",
        (month,))
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def _ts(s):
    return datetime.strptime(s, "%Y-%m-%d %H:%M")


def midnight_repeat_of(conn, ev):
    """The event of the previous report day that this 00:00 event repeats, or None."""
    if not (ev["start_time"] or "").endswith(" 00:00"):
        return None
    prev_day = (_ts(ev["start_time"]) - timedelta(days=1)).strftime("%Y-%m-%d")
    row = conn.execute(
        "SELECT event_id FROM npt_events WHERE rig_id = ? AND report_date = ? AND end_time = ? "
        "AND lower(trim(description)) = lower(trim(?))",
        (ev["rig_id"], prev_day, ev["end_time"], ev["description"] or "")).fetchone()
    return row[0] if row else None


def _mw_ppg(value, policy, rig, check_time):
    for feed in policy.get("mud_weight_sg_feeds") or []:
        if value is not None and feed["rig_id"] == rig and check_time[:10] >= feed["from"]:
            return value * SG_TO_PPG
    return value


def _out_of_programme(conn, check, policy, rig):
    check_time, well, section, mw, fv, fl = check
    prog = conn.execute(
        "SELECT mw_min_ppg, mw_max_ppg, fv_min_s, fv_max_s, fluid_loss_max_ml FROM mud_programme "
        "WHERE well_id = ? AND hole_section = ?", (well, section)).fetchone()
    if prog is None or None in (mw, fv, fl):
        return None
    tol = policy["fluids_clause"].get("tolerance") or {}
    t_mw, t_fv, t_fl = (float(tol.get("mw_ppg", 0)), float(tol.get("fv_s", 0)), float(tol.get("fl_ml", 0)))
    mw = _mw_ppg(mw, policy, rig, check_time)
    mwmin, mwmax, fvmin, fvmax, flmax = prog
    eps = 1e-6
    return not (mwmin - t_mw - eps <= mw <= mwmax + t_mw + eps and fvmin - t_fv - eps <= fv <= fvmax + t_fv + eps
                and fl <= flmax + t_fl + eps)


def mud_test(conn, ev, policy):
    """'out_of_spec', 'no_check' or 'in_spec' for a hole problem, per the fluids clause policy."""
    fc = policy["fluids_clause"]
    cols = "check_time, well_id, hole_section, mud_weight_ppg, funnel_vis_s, fluid_loss_ml"
    if fc.get("test") == "report_day_any":
        rows = conn.execute(f"SELECT {cols} FROM mud_checks WHERE rig_id = ? AND substr(check_time, 1, 10) = ?",
                            (ev["rig_id"], ev["report_date"])).fetchall()
        if not rows:
            return "no_check"
        return "out_of_spec" if any(_out_of_programme(conn, r, policy, ev["rig_id"]) for r in rows) else "in_spec"
    row = conn.execute(f"SELECT {cols} FROM mud_checks WHERE rig_id = ? AND check_time < ? "
                       "ORDER BY check_time DESC LIMIT 1", (ev["rig_id"], ev["start_time"])).fetchone()
    if row is None:
        return "no_check"
    if (_ts(ev["start_time"]) - _ts(row[0])).total_seconds() / 3600 > float(fc.get("no_check_window_h", 24)):
        return "no_check"
    oos = _out_of_programme(conn, row, policy, ev["rig_id"])
    return "out_of_spec" if oos or oos is None else "in_spec"


def build_claim(conn, month, config_dir):
    rules = load_rules(config_dir)
    rates = load_rates(config_dir)
    policy = load_policy(config_dir)
    fc = policy["fluids_clause"]
    ra = policy["repair_allowance"]
    excluded = set(policy.get("exclude_event_ids") or [])
    drops = [re.compile(p, re.IGNORECASE) for p in policy.get("drop_patterns") or []]
    candidates, not_claimed = [], []
    for ev in month_events(conn, month):
        if policy.get("skip_midnight_repeats"):
            first = midnight_repeat_of(conn, ev)
            if first:
                not_claimed.append({**ev, "reason": f"after-midnight part of {first}, already booked whole"})
                continue
        cid, basis = attribute_event(ev, rules, policy)
        if cid is None:
            not_claimed.append({**ev, "reason": "no attribution rule matched"})
            continue
        if cid == "OPERATOR":
            not_claimed.append({**ev, "reason": f"Company risk ({basis})"})
            continue
        if cid not in rates:
            not_claimed.append({**ev, "reason": f"no recovery rate for {cid}"})
            continue
        credit = next((c for c in policy.get("self_credited") or [] if c["contractor_id"] == cid
                       and ev["rig_id"] in c.get("rig_ids", []) and ev["report_date"] >= c.get("from", "")), None)
        if credit is not None:
            not_claimed.append({**ev, "reason": f"credited by {cid} on its invoice (call-off from {credit['from']})"})
            continue
        if any(c["contractor_id"] == cid and ev["report_date"] >= c.get("from", "")
               for c in policy.get("not_claimed_contractors") or []):
            not_claimed.append({**ev, "reason": f"{cid} not claimed by policy"})
            continue
        if ev["event_id"] in excluded:
            not_claimed.append({**ev, "reason": "excluded by policy"})
            continue
        if any(rx.search(ev["description"] or "") for rx in drops):
            not_claimed.append({**ev, "reason": "ambiguous description - manual review"})
            continue
        if fc.get("enabled") and cid == fc.get("contractor_id", "MFL") and (
                fc.get("apply_to") == "all" or ev["npt_code"] == fc.get("hole_problem_code", "3-HOLE")):
            status = mud_test(conn, ev, policy)
            if status == "in_spec":
                not_claimed.append({**ev, "reason": "Company risk: mud within programme at the last check "
                                                    "before the event (MSA cl. 14.3.3)"})
                continue
            basis += " / 14.3.2 no mud check in 24 h" if status == "no_check" else " / 14.3.1 mud out of programme"
        candidates.append({**ev, "contractor_id": cid, "basis": basis, "claim_hours": float(ev["hours"])})

    if ra.get("enabled") and float(ra.get("hours_per_rig_month") or 0) > 0:
        allowance = float(ra["hours_per_rig_month"])
        overrides = {(o["rig_id"], o["month"]): float(o["hours"]) for o in ra.get("overrides") or []}
        used = {}
        keep = []
        for c in sorted(candidates, key=lambda c: (c["rig_id"], c["start_time"])):
            if c["contractor_id"] == ra.get("contractor_id", "TDS") and c["npt_code"] == ra.get("npt_code", "1-EQUIP"):
                key = (c["rig_id"], c["report_date"][:7])
                limit = overrides.get(key, allowance)
                before = used.get(key, 0.0)
                after = before + float(c["hours"])
                used[key] = after
                chargeable = max(0.0, after - max(limit, before))
                if chargeable <= 0:
                    not_claimed.append({**c, "reason": f"within the monthly repair allowance ({limit:g} h)"})
                    continue
                if chargeable < float(c["hours"]):
                    c["basis"] += f" / {float(c['hours']) - chargeable:g} h within repair allowance"
                c["claim_hours"] = chargeable
            keep.append(c)
        candidates = sorted(keep, key=lambda c: (c["report_date"], c["rig_id"], c["start_time"]))

    if policy.get("hold_all_for_review"):
        for c in candidates:
            not_claimed.append({**c, "reason": "held for manual review"})
        candidates = []

    lines = []
    for c in candidates:
        cid = c["contractor_id"]
        rate = rates[cid]["rate"]
        lines.append({
            "event_id": c["event_id"], "report_date": c["report_date"], "rig_id": c["rig_id"],
            "well_id": c["well_id"], "contractor_id": cid, "contractor_name": rates[cid]["name"],
            "npt_code": c["npt_code"], "hours": round(c["claim_hours"], 2), "rate_usd_per_h": rate,
            "amount_usd": round(c["claim_hours"] * rate, 2), "basis": c["basis"],
            "description": c["description"],
        })
    for n, line in enumerate(lines, 1):
        line["line_no"] = n
    return lines, not_claimed


def write_claim(lines, not_claimed, month, claims_dir):
    claims_dir = Path(claims_dir)
    claims_dir.mkdir(parents=True, exist_ok=True)
    with open(claims_dir / f"claim_lines_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=LINE_COLUMNS)
        w.writeheader()
        for line in lines:
            w.writerow({k: line[k] for k in LINE_COLUMNS})
    with open(claims_dir / f"not_claimed_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event_id", "report_date", "rig_id", "hours", "npt_code", "reason", "description"])
        for ev in not_claimed:
            w.writerow([ev["event_id"], ev["report_date"], ev["rig_id"], ev["hours"], ev["npt_code"],
                        ev["reason"], ev["description"]])
    by_contractor = {}
    for line in lines:
        t = by_contractor.setdefault(line["contractor_id"], {"lines": 0, "hours": 0.0, "amount_usd": 0.0})
        t["lines"] += 1
        t["hours"] += float(line["hours"])
        t["amount_usd"] = round(t["amount_usd"] + line["amount_usd"], 2)
    summary = {"month": month, "lines": len(lines), "total_usd": round(sum(ln["amount_usd"] for ln in lines), 2),
               "not_claimed": len(not_claimed), "by_contractor": by_contractor}
    with open(claims_dir / f"claim_summary_{month}.json", "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
    return summary


def run(conn, month, claims_dir, config_dir):
    lines, not_claimed = build_claim(conn, month, config_dir)
    return write_claim(lines, not_claimed, month, claims_dir)
