"""Story-specific code shared by the calibration solutions of oil_npt: the attribution table, the patched claim
job and the sponsor's demo pieces. Talking to people, waiting and file writes come from the kit (worktrial_kit).

Run inside the sandbox (cwd /workspace, Python 3.11 stdlib only). The `install_*` functions write production
code into /workspace/system; that code must stand alone (it never imports from /solution).
"""

import worktrial_kit as kit

WS = kit.workspace()
SYSTEM = WS / "system"


# ----------------------------------------------------------------------------- attribution table

RULES_HEADER = "priority,pattern,contractor_id,basis,notes\n"
RULE_ROWS_EQUIPMENT = (
    "12,mud pumps?|fluid[- ]end,TDS,Tollund Exhibit B cl. 7.4 (Zero Rate),rig equipment (DP-OPS-017 s.3)\n"
    "13,mud motor,SXD,Sextant contract cl. 8.1,DD downhole tools (DP-OPS-017 s.3)\n"
    "14,hydraulic fluid|iron roughneck|top drive|drawworks,TDS,Tollund Exhibit B cl. 7.4 (Zero Rate),"
    "rig equipment (DP-OPS-017 s.3)\n"
)


def read_rules() -> str:
    return (SYSTEM / "config" / "attribution_rules.csv").read_text(encoding="utf-8")


def rules_with_equipment_rows(text: str) -> str:
    """Insert the equipment rows (mud pumps, mud motors, rig hydraulics) before the fluids row."""
    lines = text.splitlines(keepends=True)
    if any(ln.startswith("12,") for ln in lines):
        return text
    out = []
    for ln in lines:
        if ln.startswith("20,"):
            out.append(RULE_ROWS_EQUIPMENT)
        out.append(ln if ln.endswith("\n") else ln + "\n")
    return "".join(out)


# ----------------------------------------------------------------------------- installers

def install_claims(policy: dict, rules_text: str | None = None) -> None:
    kit.write_text(SYSTEM / "npt_claims.py", PATCHED_NPT_CLAIMS)
    kit.write_json(SYSTEM / "config" / "claim_policy.json", policy)
    if rules_text is not None:
        kit.write_text(SYSTEM / "config" / "attribution_rules.csv", rules_text)


def install_daily_summary() -> None:
    kit.write_text(SYSTEM / "daily_summary.py", DAILY_SUMMARY)
    anchor = "        for cid, tot in sorted(result[\"by_contractor\"].items()):\n" \
             "            print(f\"  {cid:4s} {tot['lines']:3d} lines  USD {tot['amount_usd']:>12,.2f}\")\n"
    hook = (
        "        try:  # the claim must go out even if the e-mail step fails\n"
        "            import daily_summary\n"
        "            n = daily_summary.write_daily(conn, month, out / \"daily\", HERE / \"config\")\n"
        "            print(f\"daily summary e-mails: {n} files in {out / 'daily'}\")\n"
        "        except Exception as exc:  # noqa: BLE001\n"
        "            print(f\"daily summary step failed: {exc}\", file=sys.stderr)\n"
    )
    kit.insert_once(SYSTEM / "nightly.py", anchor, hook, marker="daily_summary")


def install_ask_well() -> None:
    kit.write_text(SYSTEM / "ask_well.py", ASK_WELL)


def run_history_check(month: str = "2026-02") -> str:
    return kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
                    "--month", month], timeout=300)


# ----------------------------------------------------------------------------- production code

PATCHED_NPT_CLAIMS = r'''"""Monthly NPT claim against contractors (set-off notice).

Attribution has two stages.
1. Keyword table config/attribution_rules.csv: rows are tried in increasing `priority`; the first row whose
   regular expression (case-insensitive) matches the event description gives the candidate party.
   OPERATOR (Company risk) and unmatched events are not claimed.
2. Contract tests from config/claim_policy.json (approved under DP-OPS-017 s.6):
   - fluids_clause: a hole problem (npt_code 3-HOLE) attributed to the fluids contractor is claimed only
     when the last mud check on that rig before the event start was outside the mud programme of its well
     and hole section (mud weight, funnel viscosity, fluid loss), or when no check was recorded in the
     `no_check_window_h` hours before the start (deemed out of range). Otherwise it is Company risk.
   - repair_allowance: the first `hours_per_rig_month` hours of the rig contractor's equipment breakdown
     per rig and calendar month (in order of occurrence) are paid at the Operating Rate and not claimed;
     the event that crosses the allowance is claimed for the hours beyond it.
   - mud_weight_sg_threshold: mud weights below this value are specific gravity, converted to ppg.
   - mud_weight_sg_feeds: [{"rig_id", "from"}] rigs whose mud weights are recorded in SG from that date.
A claim line's amount is the claimed hours times the contractor's recovery rate (config/recovery_rates.csv).

Output, imported by the contracts portal on the 3rd working day of the next month (keep names and columns):
  claims/claim_lines_<YYYY-MM>.csv     one row per claimed event
  claims/claim_summary_<YYYY-MM>.json  totals per contractor
  claims/not_claimed_<YYYY-MM>.csv     events not claimed, with the reason
  claims/review_queue_<YYYY-MM>.csv    events held for manual review (only if the policy asks for it)
"""

import csv
import json
import re
from datetime import datetime
from pathlib import Path

LINE_COLUMNS = ["line_no", "event_id", "report_date", "rig_id", "well_id", "contractor_id", "contractor_name",
                "npt_code", "hours", "rate_usd_per_h", "amount_usd", "basis", "description"]
SG_TO_PPG = 8.345
DEFAULT_POLICY = {
    "fluids_clause": {"enabled": False, "contractor_id": "MFL", "hole_problem_code": "3-HOLE",
                      "test": "last_check_before", "apply_to": "hole_problems", "no_check_window_h": 24},
    "repair_allowance": {"enabled": False, "contractor_id": "TDS", "npt_code": "1-EQUIP",
                         "hours_per_rig_month": 0},
    "mud_weight_sg_threshold": 0,
    "mud_weight_sg_feeds": [],
    "exclude_event_ids": [],
    "drop_patterns": [],
    "hold_all_for_review": False,
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
        user = json.loads(p.read_text(encoding="utf-8"))
        for k, v in user.items():
            if isinstance(v, dict) and isinstance(policy.get(k), dict):
                policy[k].update(v)
            else:
                policy[k] = v
    return policy


def attribute(description, rules):
    """First matching rule, or None."""
    for rule in rules:
        if rule["regex"].search(description or ""):
            return rule
    return None


def month_events(conn, month):
    cur = conn.execute(
        "SELECT event_id, report_date, rig_id, well_id, start_time, hours, npt_code, description "
        "FROM npt_events WHERE substr(report_date, 1, 7) = ? ORDER BY report_date, rig_id, start_time",
        (month,))
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def _ts(s):
    return datetime.strptime(s, "%Y-%m-%d %H:%M")


def _mw_ppg(value, policy, rig, check_time):
    if value is None:
        return value
    for feed in policy.get("mud_weight_sg_feeds") or []:
        if feed["rig_id"] == rig and check_time[:10] >= feed["from"]:
            return value * SG_TO_PPG
    thr = float(policy.get("mud_weight_sg_threshold") or 0)
    if thr and value < thr:
        return value * SG_TO_PPG
    return value


def _out_of_programme(conn, check, policy, rig):
    check_time, well, section, mw, fv, fl = check
    prog = conn.execute(
        "SELECT mw_min_ppg, mw_max_ppg, fv_min_s, fv_max_s, fluid_loss_max_ml FROM mud_programme "
        "WHERE well_id = ? AND hole_section = ?", (well, section)).fetchone()
    if prog is None:
        return None
    mw = _mw_ppg(mw, policy, rig, check_time)
    mwmin, mwmax, fvmin, fvmax, flmax = prog
    return not (mwmin <= mw <= mwmax and fvmin <= fv <= fvmax and fl <= flmax)


def mud_test(conn, ev, policy):
    """'out_of_spec', 'no_check' or 'in_spec' for a hole problem, per the fluids clause policy."""
    fc = policy["fluids_clause"]
    if fc.get("test") == "report_day_any":
        rows = conn.execute(
            "SELECT check_time, well_id, hole_section, mud_weight_ppg, funnel_vis_s, fluid_loss_ml "
            "FROM mud_checks WHERE rig_id = ? AND substr(check_time, 1, 10) = ?",
            (ev["rig_id"], ev["report_date"])).fetchall()
        if not rows:
            return "no_check"
        return "out_of_spec" if any(_out_of_programme(conn, r, policy, ev["rig_id"]) for r in rows) else "in_spec"
    row = conn.execute(
        "SELECT check_time, well_id, hole_section, mud_weight_ppg, funnel_vis_s, fluid_loss_ml "
        "FROM mud_checks WHERE rig_id = ? AND check_time < ? ORDER BY check_time DESC LIMIT 1",
        (ev["rig_id"], ev["start_time"])).fetchone()
    if row is None:
        return "no_check"
    gap_h = (_ts(ev["start_time"]) - _ts(row[0])).total_seconds() / 3600
    if gap_h > float(fc.get("no_check_window_h", 24)):
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
        rule = attribute(ev["description"], rules)
        if rule is None:
            not_claimed.append({**ev, "reason": "no attribution rule matched"})
            continue
        cid = rule["contractor_id"]
        if cid == "OPERATOR":
            not_claimed.append({**ev, "reason": f"Company risk ({rule['basis']})"})
            continue
        if cid not in rates:
            not_claimed.append({**ev, "reason": f"no recovery rate for {cid}"})
            continue
        if ev["event_id"] in excluded:
            not_claimed.append({**ev, "reason": "excluded by policy"})
            continue
        if any(rx.search(ev["description"] or "") for rx in drops):
            not_claimed.append({**ev, "reason": "ambiguous description - manual review"})
            continue
        basis = rule["basis"]
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
        used = {}
        keep = []
        for c in sorted(candidates, key=lambda c: (c["rig_id"], c["start_time"])):
            if c["contractor_id"] == ra.get("contractor_id", "TDS") and c["npt_code"] == ra.get("npt_code", "1-EQUIP"):
                key = (c["rig_id"], c["report_date"][:7])
                before = used.get(key, 0.0)
                after = before + float(c["hours"])
                used[key] = after
                chargeable = max(0.0, after - max(allowance, before))
                if chargeable <= 0:
                    not_claimed.append({**c, "reason": f"within the monthly repair allowance ({allowance:g} h)"})
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
    return lines, not_claimed, policy


def write_claim(lines, not_claimed, month, claims_dir, policy=None):
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
    if policy and policy.get("hold_all_for_review"):
        with open(claims_dir / f"review_queue_{month}.csv", "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["event_id", "report_date", "rig_id", "hours", "description"])
            for ev in not_claimed:
                if ev["reason"] == "held for manual review":
                    w.writerow([ev["event_id"], ev["report_date"], ev["rig_id"], ev["hours"], ev["description"]])
    by_contractor = {}
    for line in lines:
        t = by_contractor.setdefault(line["contractor_id"], {"lines": 0, "hours": 0.0, "amount_usd": 0.0})
        t["lines"] += 1
        t["hours"] += float(line["hours"])
        t["amount_usd"] = round(t["amount_usd"] + line["amount_usd"], 2)
    summary = {"month": month, "lines": len(lines),
               "total_usd": round(sum(line["amount_usd"] for line in lines), 2),
               "not_claimed": len(not_claimed), "by_contractor": by_contractor}
    with open(claims_dir / f"claim_summary_{month}.json", "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
    return summary


def run(conn, month, claims_dir, config_dir):
    lines, not_claimed, policy = build_claim(conn, month, config_dir)
    return write_claim(lines, not_claimed, month, claims_dir, policy)
'''


DAILY_SUMMARY = r'''"""Daily summary e-mail: one markdown file per report day for the morning call.

The mail relay sends every file written to <out>/daily/ to the morning-call distribution list (first line
"Subject: ..." is the subject). Each e-mail lists, per rig, the well, section, depth progress, the day's
operations and every NPT event with its hours and the party responsible, then NPT hours by contractor for
the day and month to date.
"""

import datetime as dt
from pathlib import Path

import npt_claims

SECTION_LABELS = {"SURF": "17-1/2in surface", "INT": "12-1/4in intermediate", "PROD": "8-1/2in production"}
PHASES = {"drill": "drilling", "case": "casing and cementing", "move": "rig move"}


def _party(description, rules, rates):
    rule = npt_claims.attribute(description, rules)
    if rule is None or rule["contractor_id"] not in rates:
        return "OPERATOR", "Brennmoor (Company risk / under review)"
    cid = rule["contractor_id"]
    return cid, f"{rates[cid]['name']} ({cid})"


def write_daily(conn, month, out_dir, config_dir):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rules = npt_claims.load_rules(config_dir)
    rates = npt_claims.load_rates(config_dir)
    rigs = dict(conn.execute("SELECT rig_id, rig_name FROM rigs").fetchall())
    wells = dict(conn.execute("SELECT well_id, well_name FROM wells").fetchall())
    days = [r[0] for r in conn.execute(
        "SELECT DISTINCT report_date FROM daily_reports WHERE substr(report_date, 1, 7) = ? ORDER BY 1", (month,))]
    mtd = {}
    written = 0
    for day in days:
        reports = conn.execute(
            "SELECT rig_id, well_id, phase, hole_section, depth_start_m, depth_end_m, productive_h, npt_h, "
            "ops_summary FROM daily_reports WHERE report_date = ? ORDER BY rig_id", (day,)).fetchall()
        events = conn.execute(
            "SELECT event_id, rig_id, start_time, end_time, hours, npt_code, description FROM npt_events "
            "WHERE report_date = ? ORDER BY rig_id, start_time", (day,)).fetchall()
        weekday = dt.date.fromisoformat(day).strftime("%A")
        lines = [f"Subject: Vardell drilling - daily summary {day}", "",
                 f"Morning call summary for report day {day} ({weekday}), generated overnight from the drilling "
                 "database. NPT events below are notified to the contractor named as responsible.", ""]
        day_tot = {}
        for rig, well, phase, sec, d0, d1, prod_h, npt_h, ops in reports:
            lines.append(f"## {rig} - {rigs.get(rig, '')} - {wells.get(well, well)}")
            if phase == "drill":
                lines.append(f"- {PHASES[phase].capitalize()} {SECTION_LABELS.get(sec, sec)}: {d0:,} m -> "
                             f"{d1:,} m (+{d1 - d0:,} m)")
            else:
                lines.append(f"- {PHASES.get(phase, phase).capitalize()}")
            lines.append(f"- Productive {prod_h:g} h, NPT {npt_h:g} h")
            lines.append(f"- {ops}")
            rig_events = [e for e in events if e[1] == rig]
            if rig_events:
                lines.append("- NPT events:")
                for eid, _rig, start, end, hours, code, desc in rig_events:
                    cid, who = _party(desc, rules, rates)
                    day_tot[cid] = day_tot.get(cid, 0.0) + hours
                    mtd[cid] = mtd.get(cid, 0.0) + hours
                    lines.append(f"  - {eid} | {start[11:]}-{end[11:]} | {hours:g} h | {code} | "
                                 f"responsible: {who} | {desc}")
            lines.append("")
        lines.append("## NPT hours by contractor")
        lines.append("| Contractor | Report day (h) | Month to date (h) |")
        lines.append("|---|---|---|")
        for cid in sorted(set(day_tot) | set(mtd)):
            name = rates[cid]["name"] if cid in rates else "Brennmoor (Company risk)"
            lines.append(f"| {name} | {day_tot.get(cid, 0.0):g} | {mtd.get(cid, 0.0):g} |")
        lines.append("")
        (out_dir / f"{day}.md").write_text("\n".join(lines), encoding="utf-8")
        written += 1
    return written
'''


ASK_WELL = r'''#!/usr/bin/env python3
"""Ask the well - command-line prototype.

    python3 system/ask_well.py [--db data/drilling.db] "what happened on BR-14 last week?"

Understands a rig (BR-11 / BR-14 / BR-17), a contractor name, a month name or "last week" / "yesterday",
and the words NPT / depth / mud. Answers from the drilling database only (no internet needed).
"""

import argparse
import datetime as dt
import re
import sqlite3
import sys
from pathlib import Path

MONTHS = {m: i for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july",
                                        "august", "september", "october", "november", "december"], 1)}
CONTRACTOR_WORDS = {"tollund": "TDS", "mirefield": "MFL", "sextant": "SXD", "quarrystone": "QCS"}


def _period(q, conn):
    last = conn.execute("SELECT max(report_date) FROM daily_reports").fetchone()[0]
    end = dt.date.fromisoformat(last)
    ql = q.lower()
    if "yesterday" in ql or "last day" in ql:
        return end, end
    if "last week" in ql or "this week" in ql:
        return end - dt.timedelta(days=6), end
    for name, num in MONTHS.items():
        if name in ql:
            year = end.year if num <= end.month else end.year - 1
            start = dt.date(year, num, 1)
            nxt = dt.date(year + (num == 12), num % 12 + 1, 1)
            return start, nxt - dt.timedelta(days=1)
    return end.replace(day=1), end


def answer(q, conn):
    rig = re.search(r"BR-?(\d\d)", q, re.I)
    rig_id = f"BR-{rig.group(1)}" if rig else None
    start, end = _period(q, conn)
    where = ["report_date BETWEEN ? AND ?"]
    args = [start.isoformat(), end.isoformat()]
    if rig_id:
        where.append("rig_id = ?")
        args.append(rig_id)
    evs = conn.execute(f"SELECT event_id, rig_id, report_date, hours, npt_code, description FROM npt_events "
                       f"WHERE {' AND '.join(where)} ORDER BY report_date, rig_id", args).fetchall()
    contractor = next((cid for w, cid in CONTRACTOR_WORDS.items() if w in q.lower()), None)
    out = [f"Period {start} to {end}" + (f", rig {rig_id}" if rig_id else ", all rigs") + "."]
    reps = conn.execute(f"SELECT rig_id, min(depth_start_m), max(depth_end_m), sum(npt_h) FROM daily_reports "
                        f"WHERE {' AND '.join(where)} GROUP BY rig_id", args).fetchall()
    for r in reps:
        out.append(f"{r[0]}: depth {r[1]:,} -> {r[2]:,} m, NPT {r[3] or 0:g} h.")
    if contractor:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import npt_claims
        rules = npt_claims.load_rules(Path(__file__).resolve().parent / "config")
        mine = [e for e in evs if (npt_claims.attribute(e[5], rules) or {}).get("contractor_id") == contractor]
        out.append(f"NPT attributed to {contractor}: {sum(e[3] for e in mine):g} h in {len(mine)} events.")
        evs = mine
    for e in evs[:25]:
        out.append(f"- {e[2]} {e[1]} {e[0]} {e[3]:g} h [{e[4]}] {e[5]}")
    if len(evs) > 25:
        out.append(f"... and {len(evs) - 25} more events.")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=str(Path(__file__).resolve().parent.parent / "data" / "drilling.db"))
    ap.add_argument("question", nargs="+")
    a = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(a.db).resolve()}?mode=ro", uri=True)
    print(answer(" ".join(a.question), conn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


# ----------------------------------------------------------------------------- policy of the fix

BASE_POLICY = {
    "fluids_clause": {"enabled": True, "contractor_id": "MFL", "hole_problem_code": "3-HOLE",
                      "test": "last_check_before", "apply_to": "hole_problems", "no_check_window_h": 24},
    "repair_allowance": {"enabled": False},
    "mud_weight_sg_threshold": 0,
}
