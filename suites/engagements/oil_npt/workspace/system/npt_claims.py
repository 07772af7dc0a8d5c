"""Monthly NPT claim against contractors (set-off notice).

Every NPT event of the claim month is attributed to the party responsible for it with the keyword table
config/attribution_rules.csv: rows are tried in increasing `priority` and the first row whose regular
expression (`pattern`, case-insensitive) matches the event description wins. Events attributed to
OPERATOR (Company risk) or matched by no row are not claimed and are listed for information.

A claim line's amount is the event hours times the contractor's recovery rate (config/recovery_rates.csv).

Output, imported by the contracts portal on the 3rd working day of the next month (keep names and columns):
  claims/claim_lines_<YYYY-MM>.csv     one row per claimed event
  claims/claim_summary_<YYYY-MM>.json  totals per contractor
  claims/not_claimed_<YYYY-MM>.csv     events not claimed, with the reason

Changes to the attribution table or to this logic need the Contracts Manager's written approval
(procedure DP-OPS-017, section 6).
"""

import csv
import json
import re
from pathlib import Path

LINE_COLUMNS = ["line_no", "event_id", "report_date", "rig_id", "well_id", "contractor_id", "contractor_name",
                "npt_code", "hours", "rate_usd_per_h", "amount_usd", "basis", "description"]


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
                "basis": row.get("basis", "").strip(),
            })
    rules.sort(key=lambda r: r["priority"])
    return rules


def load_rates(config_dir):
    rates = {}
    with open(Path(config_dir) / "recovery_rates.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rates[row["contractor_id"].strip()] = {
                "name": row["contractor_name"].strip(),
                "rate": float(row["rate_usd_per_h"]),
            }
    return rates


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


def build_claim(conn, month, config_dir):
    rules = load_rules(config_dir)
    rates = load_rates(config_dir)
    lines, not_claimed = [], []
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
        rate = rates[cid]["rate"]
        lines.append({
            "event_id": ev["event_id"], "report_date": ev["report_date"], "rig_id": ev["rig_id"],
            "well_id": ev["well_id"], "contractor_id": cid, "contractor_name": rates[cid]["name"],
            "npt_code": ev["npt_code"], "hours": ev["hours"], "rate_usd_per_h": rate,
            "amount_usd": round(float(ev["hours"]) * rate, 2), "basis": rule["basis"],
            "description": ev["description"],
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
    summary = {
        "month": month,
        "lines": len(lines),
        "total_usd": round(sum(line["amount_usd"] for line in lines), 2),
        "not_claimed": len(not_claimed),
        "by_contractor": by_contractor,
    }
    with open(claims_dir / f"claim_summary_{month}.json", "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
    return summary


def run(conn, month, claims_dir, config_dir):
    lines, not_claimed = build_claim(conn, month, config_dir)
    return write_claim(lines, not_claimed, month, claims_dir)
