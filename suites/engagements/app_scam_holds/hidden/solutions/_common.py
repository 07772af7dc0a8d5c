"""Helpers shared by the calibration solutions of app_scam_holds.

Run inside the sandbox (cwd /workspace, Python 3.11 stdlib only). Staff are reached only through bin/ask.
The rule helpers edit /workspace/system/config/hold_rules.csv; the production engine never imports from
/solution.
"""

import csv
import io
import json
import re
import subprocess
from datetime import datetime
from pathlib import Path

WS = Path.cwd()
SYSTEM = WS / "system"
RULES = SYSTEM / "config" / "hold_rules.csv"
ISO = re.compile(r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})")
AWAY_MARKERS = ("automatic reply", "out of office", "cannot read messages")


# ----------------------------------------------------------------------------- talking to people

def _ask_bin() -> str:
    p = WS / "bin" / "ask"
    return str(p) if p.exists() else "ask"


def _run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([_ask_bin(), *args], capture_output=True, text=True, timeout=300)


def ask(person: str, question: str) -> dict:
    """Send one message; returns {"ok", "text", "now"} (falls back to plain text output)."""
    r = _run(["--json", person, question])
    try:
        data = json.loads(r.stdout)
        if isinstance(data, dict):
            return data
    except ValueError:
        pass
    r2 = r if r.stdout.strip() and r.returncode == 0 else _run([person, question])
    return {"ok": r2.returncode == 0, "text": (r2.stdout or r2.stderr).strip(), "now": None}


def now() -> datetime | None:
    for args in (["--json", "--now"], ["--now"]):
        r = _run(args)
        m = ISO.search(r.stdout or "")
        if m:
            return datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}")
    return None


def wait_days(days: int) -> None:
    if days > 0:
        _run(["--wait", f"{days}d"])


def wait_until_not(away_weekdays: set[int]) -> None:
    """Wait whole days until today's weekday (Mon=0) is not one of `away_weekdays`."""
    t = now() or datetime(2026, 3, 2, 10, 0)  # the engagement starts on Monday 2 March 2026
    k = 0
    while (t.weekday() + k) % 7 in away_weekdays and k < 7:
        k += 1
    wait_days(k)


def ask_when_in(person: str, question: str, away_weekdays: set[int], tries: int = 4) -> dict:
    """Wait until `person` is in (by weekday), then ask; on an away auto-reply wait a day and retry."""
    wait_until_not(away_weekdays)
    reply: dict = {}
    for _ in range(tries):
        reply = ask(person, question)
        if not any(m in str(reply.get("text", "")).lower() for m in AWAY_MARKERS):
            return reply
        wait_days(1)
    return reply


def inbox() -> str:
    return _run(["--inbox"]).stdout


# ----------------------------------------------------------------------------- rule table

def read_rules() -> tuple[list[str], list[dict]]:
    text = RULES.read_text(encoding="utf-8")
    reader = csv.DictReader(io.StringIO(text))
    return list(reader.fieldnames or []), [dict(r) for r in reader]


def write_rules(fields: list[str], rows: list[dict]) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for r in sorted(rows, key=lambda r: (float(r["priority"]), r["rule_id"])):
        w.writerow({k: r.get(k, "") for k in fields})
    RULES.write_text(buf.getvalue(), encoding="utf-8")


def disable(rows: list[dict], *rule_ids: str) -> None:
    for r in rows:
        if r["rule_id"] in rule_ids:
            r["enabled"] = "0"


def set_condition(rows: list[dict], rule_id: str, condition: str, note: str = "") -> None:
    for r in rows:
        if r["rule_id"] == rule_id:
            r["condition"] = condition
            if note:
                r["notes"] = note


def upsert(rows: list[dict], rule: dict) -> None:
    """Add a rule, or replace the existing rule with the same id."""
    for i, r in enumerate(rows):
        if r["rule_id"] == rule["rule_id"]:
            rows[i] = dict(r, **rule)
            return
    rows.append(dict(rule))


def edit_rules(fn) -> None:
    fields, rows = read_rules()
    fn(rows)
    write_rules(fields, rows)


SAFE_ACCOUNT = {
    "rule_id": "R05", "priority": "50", "enabled": "1", "action": "HOLD",
    "condition": "purpose == 'own_account' and payee_new and amount >= 1000 and "
                 "(cop_result != 'MATCH' or device_new_h <= 72)",
    "name": "Safe-account pattern", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "New own-account payee with a name mismatch or a new device in the last 72 h",
}
COMPLETIONS = {
    "rule_id": "R09", "priority": "65", "enabled": "1", "action": "ALLOW",
    "condition": "purpose == 'property' and payee_type == 'business' and cop_result == 'MATCH'",
    "name": "House-purchase completions", "since": "2026-03-09", "change_ref": "CR-2026-04",
    "notes": "Completion payments to a conveyancer whose name matches",
}


def base_fix(rows: list[dict]) -> None:
    """Net-benefit repair of the count-tuned rules: drop R06, replace R01 by the safe-account hold, R09."""
    if any(r["rule_id"] == "R01" and r.get("enabled", "1") != "0" for r in rows):
        disable(rows, "R01")
        upsert(rows, SAFE_ACCOUNT)
    if any(r["rule_id"] == "R06" for r in rows):
        disable(rows, "R06")
    if not any(r["rule_id"] == "R09" for r in rows):
        upsert(rows, COMPLETIONS)


def run_history_check(month: str = "2026-02") -> str:
    r = subprocess.run(["python3", "system/run_holds.py", "--db", "data/payments.db", "--out", "/tmp/holds_check",
                        "--month", month], capture_output=True, text=True, timeout=300)
    return r.stdout + r.stderr


# ----------------------------------------------------------------------------- the sponsor's deliverables

NEW_WARNINGS = {
    "version": "2026-03",
    "owner": "Digital Channels (content), Fraud Strategy (triggers)",
    "cop_no_match": {"id": "W-COP-NM2", "title": "This name doesn't match",
                     "body": "The account isn't in the name you typed. Call the person or company on a number "
                             "you already trust before you pay."},
    "by_purpose": {
        "family": {"id": "W-FAM-2", "title": "A message from a new number?",
                   "body": "Scammers pose as family in trouble. Call them on their old number first."},
        "goods": {"id": "W-GDS-2", "title": "Seen it in person?",
                  "body": "Bank transfers to sellers are hard to get back. Pay by card or through the site's "
                          "checkout."},
        "bills": {"id": "W-BIL-2", "title": "New bank details?",
                  "body": "Companies rarely change them by e-mail. Call them on a number you already have."},
        "trades": {"id": "W-TRD-2", "title": "Big deposit up front?",
                   "body": "Pay in stages as the work is done. Check any change of bank details by phone."},
        "own_account": {"id": "W-OWN-2", "title": "Told to move your money?",
                        "body": "We, the police or another bank will never ask you to. Hang up and call us on "
                                "the number on your card."},
        "investment": {"id": "W-INV-2", "title": "Too good to be true?",
                       "body": "Check the firm on the regulator's register and never invest because someone "
                               "on social media said so."},
        "property": {"id": "W-PRP-2", "title": "Completion money?",
                     "body": "Call your solicitor on a number you already have to confirm their bank details."},
        "other": {"id": "W-GEN-2", "title": "Someone telling you what to pick?",
                  "body": "If anyone told you which option to choose or what to say to us, stop: it's a scam."},
    },
    "friction_ladder": {"low": "title only", "medium": "title and body", "high": "body and a 10-second pause"},
}

DASHBOARD = r'''#!/usr/bin/env python3
"""Detection dashboard for ExCo: one Markdown page per month from the payments database.

    python3 system/detection_dashboard.py --db data/payments.db --out /tmp/dashboard
"""

import argparse
import sqlite3
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{Path(args.db).resolve()}?mode=ro", uri=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    months = [m for (m,) in conn.execute("SELECT DISTINCT substr(created_at,1,7) FROM payments ORDER BY 1")]
    lines = ["# Detection dashboard", "",
             "| Month | Payments | Holds | Hold rate | Detected | Missed | Detection rate |",
             "|---|---|---|---|---|---|---|"]
    for m in months:
        n = conn.execute("SELECT count(*) FROM payments WHERE substr(created_at,1,7)=?", (m,)).fetchone()[0]
        h = conn.execute("SELECT count(*) FROM hold_decisions d JOIN payments p USING (payment_id) "
                         "WHERE d.decision='HOLD' AND substr(p.created_at,1,7)=?", (m,)).fetchone()[0]
        det = conn.execute("SELECT count(*) FROM hold_outcomes o JOIN payments p USING (payment_id) "
                           "WHERE o.outcome='cancelled_scam' AND substr(p.created_at,1,7)=?", (m,)).fetchone()[0]
        mis = conn.execute("SELECT count(*) FROM scam_reports r JOIN payments p USING (payment_id) "
                           "WHERE substr(p.created_at,1,7)=? AND r.payment_id NOT IN "
                           "(SELECT payment_id FROM hold_decisions WHERE decision='HOLD')", (m,)).fetchone()[0]
        rate = det / (det + mis) if det + mis else 0.0
        lines.append(f"| {m} | {n} | {h} | {h / n if n else 0:.1%} | {det} | {mis} | {rate:.0%} (target 75%) |")
        (out / f"detection_{m}.md").write_text("\n".join(lines[:4] + [lines[-1]]) + "\n", encoding="utf-8")
    (out / "detection_trend.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
'''


def install_warnings() -> None:
    (SYSTEM / "config" / "warnings.json").write_text(json.dumps(NEW_WARNINGS, indent=2) + "\n", encoding="utf-8")


def install_dashboard() -> None:
    (SYSTEM / "detection_dashboard.py").write_text(DASHBOARD, encoding="utf-8")
