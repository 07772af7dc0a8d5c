"""Daily summary e-mail: one markdown file per report day for the morning call.

The mail relay sends every file written to <out>/daily/ to the morning-call distribution list (first line
"Subject: ..." is the subject). Each e-mail lists, per rig, the well, section, depth progress, the day's
operations and every NPT event with its hours and the party responsible, then NPT hours by contractor for
the day and month to date.
"""

import csv
import datetime as dt
import json
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


def _claim_lines(out_dir, month, config_dir):
    """event_id -> claim line, when config/daily_summary.json makes the e-mail the NPT notice (clause 9.2)."""
    cfg = Path(config_dir) / "daily_summary.json"
    if not cfg.exists() or not json.loads(cfg.read_text(encoding="utf-8")).get("npt_notice"):
        return None
    lines = {}
    claims = Path(out_dir).parent / "claims"
    path = claims / f"not_claimed_{month}.csv"
    if path.exists():  # NPT a contractor credits on its own invoice is notified too, without a set-off
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row["reason"].startswith("credited by "):
                    lines[row["event_id"]] = {**row, "credited": row["reason"].split()[2]}
    path = claims / f"claim_lines_{month}.csv"
    if path.exists():
        with open(path, newline="", encoding="utf-8") as f:
            lines.update({row["event_id"]: row for row in csv.DictReader(f)})
    return lines


def write_daily(conn, month, out_dir, config_dir):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rules = npt_claims.load_rules(config_dir)
    rates = npt_claims.load_rates(config_dir)
    claimed = _claim_lines(out_dir, month, config_dir)
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
                    if claimed is not None:  # the notice: the party and amount exactly as on the claim line
                        line = claimed.get(eid)
                        if line and line.get("credited") in rates:
                            cid = line["credited"]
                            amount = float(line["hours"]) * rates[cid]["rate"]
                            who = (f"{rates[cid]['name']} ({cid}) - NPT USD {amount:,.2f} for {float(line['hours']):g} h, "
                                   "credited on their invoice (no set-off)")
                        elif line:
                            cid = line["contractor_id"]
                            who = (f"{line['contractor_name']} ({cid}) - NPT set-off USD "
                                   f"{float(line['amount_usd']):,.2f} for {float(line['hours']):g} h")
                        else:
                            cid, who = "OPERATOR", "not charged to a contractor"
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
