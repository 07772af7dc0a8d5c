"""Story-specific code shared by the calibration solutions of warranty_refunds: the extended triage rules, the
policies of the fixes and the sponsor's customer replies and dashboard. Talking to people, waiting and file
writes come from the kit (worktrial_kit).

Run inside the sandbox (cwd /workspace, Python 3.11 stdlib only). The `install_*` functions write production
code into /workspace/system; that code must stand alone (it never imports from /solution).
"""

import worktrial_kit as kit

WS = kit.workspace()
SYSTEM = WS / "system"
CONFIG = SYSTEM / "config"


# ----------------------------------------------------------------------------- history helpers

def history(sql: str, args: tuple = ()) -> list[tuple]:
    return kit.query(WS / "data" / "claims.db", sql, args)


def run_history_check(month: str = "2026-02") -> str:
    return kit.run(["python3", "system/triage.py", "--db", "data/claims.db", "--out", "/tmp/triage_check",
                    "--month", month], timeout=300)


# ----------------------------------------------------------------------------- people

def agree_scope(evidence: str) -> None:
    """The sponsor lets the rules into scope once shown what they cost."""
    kit.ask("annelie", f"Annelie, {evidence} That money comes from the triage rules, not from the replies. May I "
                       "work on the rules as part of this project, with Tobias signing the change off?")


def sign_off(change: str) -> None:
    """The Head of Warranty & Returns approves the change under WOP-04 s.5 (away on Mondays and on 3 March)."""
    kit.ask_when_in("tobias", f"Tobias, could you sign off a change request to the triage rules: {change} "
                              "Annelie has agreed that I work on the rules. Everything else stays as it is.",
                    away=["mon", "2026-03-03"])


# ----------------------------------------------------------------------------- installers

def install_rules(policy_extra: dict) -> None:
    """Replace rules.py by the extended engine and merge `policy_extra` into triage_policy.json; the job then
    skips repair-centre intake placeholders when it picks a claim's report."""
    kit.write_text(SYSTEM / "rules.py", PATCHED_RULES)
    kit.update_json(CONFIG / "triage_policy.json", **policy_extra)
    kit.insert_once(SYSTEM / "triage.py", '        reports[r["claim_id"]] = dict(r)',
                    "        if rules.is_placeholder(dict(r), ctx_policy):\n            continue\n",
                    before=True, marker="rules.is_placeholder")
    kit.insert_once(SYSTEM / "triage.py", "    reports = {}\n",
                    "    ctx_policy = rules.load_policy(HERE / \"config\")\n", before=True, marker="ctx_policy = ")


def install_replies_and_dashboard() -> None:
    kit.write_text(SYSTEM / "replies.py", REPLIES)
    kit.write_text(SYSTEM / "dashboard.py", DASHBOARD)
    anchor = "    counts = Counter(r[\"decision\"] for r in rows)\n"
    hook = (
        "    try:  # the decisions must go out even if the customer e-mails fail\n"
        "        import replies\n"
        "        n_replies = replies.write_replies(rows, out / \"replies\", args.db)\n"
        "        print(f\"replies: {n_replies} customer e-mails in {out / 'replies'}\")\n"
        "    except Exception as exc:  # noqa: BLE001\n"
        "        print(f\"replies step failed: {exc}\", file=sys.stderr)\n"
        "    try:\n"
        "        import dashboard\n"
        "        page = dashboard.write_dashboard(args.db, out / \"dashboard\", args.month)\n"
        "        print(f\"dashboard: {page}\")\n"
        "    except Exception as exc:  # noqa: BLE001\n"
        "        print(f\"dashboard step failed: {exc}\", file=sys.stderr)\n"
    )
    kit.insert_once(SYSTEM / "triage.py", anchor, hook, before=True, marker="import replies")


# ----------------------------------------------------------------------------- policies of the fixes

DW4_VENT = {
    "id": "DW4-VENT", "model": "DW4", "plant": "K", "build_week_before": 2536, "codes": ["X02"],
    "component_rx": "main.*(board|pcb)|(board|pcb).*main", "decision": "approve",
    "basis": "Product Engineering (I. Vandermeer): door-vent condensation on the main board, "
             "DW-4 built before week 36/2025; CR-2026-04",
}
FR6_LOT = {
    "id": "FR6-ARVENT-RELAY", "model": "FR6", "plant": "K", "build_weeks": [2519, 2520, 2521, 2522, 2523, 2526, 2527],
    "codes": ["N00"], "decision": "approve",
    "basis": "Supplier quality Kolsby (M. Dobrowski): Arvent start-relay lot, 8D SQ-8D-2025-031; CR-2026-04",
}
WESTHOLM_SPELLING = {"code_normalise": True}   # Westholm's tablets: 'x-02', 'X-02', 'x 02' are v3 codes
DELIVERY_START = {"warranty_start": "delivery_date"}   # published terms s.3.1: 24 months from delivery
BALT_DOMESTIC = {"domestic_markets": ["NORD", "BALT"]}   # market addendum 2025/1: Baltic programme builds
EASTMERE_INTAKE = {"intake_report_rx": r"-P(RE|\d)?$"}   # FixFlow 4.2 intake placeholders are not reports
SOUTHGATE_V2 = {
    "rc_id": "RC-S", "from_report_date": "2026-01-19", "technicians": ["D. Okoro", "L. Fairweather"], "map": {"X01": "E21", "E21": "X01", "X03": "E10", "E10": "X03"},
    "basis": "Claims Systems (F. Haddad): ServiceDesk 9 loaded the 2019 v2 code list; CR-2026-04",
}


# ----------------------------------------------------------------------------- production code

PATCHED_RULES = r'''"""Warranty refund claim triage rules (rule version TR-3.3).

Every new claim gets exactly one decision:
  approve  - refund is paid by the claims platform
  deny     - refusal
  inspect  - the appliance is collected and inspected at the Brackenfield bay before a decision

Rules, in order (the first that applies decides):
  1. Serial check (production_batches)                          -> deny SERIAL_UNKNOWN
  2. Market of the batch (policy domestic_markets)              -> deny GREY_IMPORT
  3. Refund already paid for the serial (refund_register)       -> deny DUPLICATE_REFUND
  4. Fault reported more than warranty_months after purchase    -> deny OUT_OF_WARRANTY
  5. Failure code of the latest repair report that is not an intake placeholder (policy intake_report_rx,
     matched on the report id). Before it is read: code_normalise (true: "x-02", "X 02" -> "X02");
       feed_code_translations: [{"rc_id", "from_report_date", "map": {reported: actual}}] - a repair
       centre whose feed reports in another code list from that date is translated to the v3 list.
  6. known_defects: [{"id", "model", "plant", "build_week_before" | "build_weeks", "codes", "component"?,
       "decision", "basis"}] - confirmed product defects that the repair centres code as an external cause
       or as no fault found; the listed decision applies (reason KNOWN_DEFECT_<id>).
  7. code_overrides: {code: decision} (policy), then the code's category in config/failure_codes.csv:
       misuse -> deny EXCLUSION_<code>, nff -> deny NO_FAULT_FOUND, inspect -> inspect INSPECT_<code>,
       unknown code / no report -> inspect
  8. High value: refund above high_value_eur -> inspect HIGH_VALUE
  9. Otherwise approve DEFECT_<code>
  Options: approve_serials / approve_claim_ids, deny_to_inspect (every refusal of step 7 inspected instead),
  inspect_all.

Changes to these rules, to config/failure_codes.csv or to config/triage_policy.json need a change request
approved by the Head of Warranty & Returns before they run (procedure WOP-04, section 5).
"""

import calendar
import csv
import json
import re
from datetime import date, datetime
from pathlib import Path

SERIAL_RX = re.compile(r"^([A-Z]{2}\d)([A-Z])-(\d{4})-(\d{5})$")

REASON_TEXT = {
    "SERIAL_UNKNOWN": "Serial number not found in the production register",
    "GREY_IMPORT": "Appliance built for a non-domestic market",
    "DUPLICATE_REFUND": "A refund was already paid for this serial number",
    "OUT_OF_WARRANTY": "Fault reported after the guarantee period",
    "NO_FAULT_FOUND": "Repair centre found no fault",
    "HIGH_VALUE": "Refund above the high-value threshold",
    "NO_REPAIR_REPORT": "No repair report received",
    "UNKNOWN_CODE": "Failure code not in the code list",
    "MANUAL_OVERRIDE": "Decision set by policy for this claim",
    "INSPECT_ALL": "Every claim is inspected",
}


def load_policy(config_dir):
    return json.loads((Path(config_dir) / "triage_policy.json").read_text(encoding="utf-8"))


def load_codes(config_dir):
    codes = {}
    with open(Path(config_dir) / "failure_codes.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            codes[row["code"].strip()] = {"description": row["description"].strip(),
                                          "category": row["category"].strip()}
    return codes


def add_months(d, months):
    m = d.month - 1 + months
    y = d.year + m // 12
    m = m % 12 + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def parse_serial(serial):
    m = SERIAL_RX.match((serial or "").strip().upper())
    if not m:
        return None
    return m.group(1), m.group(2), int(m.group(3)), int(m.group(4))


class Context:
    """Reference data the rules need, loaded once per run."""

    def __init__(self, conn, config_dir):
        self.policy = load_policy(config_dir)
        self.codes = load_codes(config_dir)
        self.batches = {}
        for model, plant, week, qty, market in conn.execute(
                "SELECT model_code, plant, build_week, qty, market FROM production_batches"):
            self.batches[(model, plant, int(week))] = (int(qty), market)
        self.refunds = {}
        for serial, refund_date in conn.execute("SELECT serial_no, refund_date FROM refund_register"):
            self.refunds.setdefault(serial, []).append(refund_date)


def is_placeholder(report, policy):
    rx = policy.get("intake_report_rx")
    return bool(rx) and re.search(rx, report.get("report_id") or "", re.I) is not None


def reported_code(claim, report, policy):
    code = (report or {}).get("failure_code") or ""
    code = code.strip()
    if policy.get("code_normalise"):
        code = re.sub(r"[^A-Z0-9]", "", code.upper())
    for tr in policy.get("feed_code_translations") or []:
        if tr.get("technicians") and (report or {}).get("technician") not in tr["technicians"]:
            continue
        if claim.get("rc_id") == tr.get("rc_id") and (report or {}).get("report_date", "") >= tr.get(
                "from_report_date", ""):
            return tr.get("map", {}).get(code, code)
    return code


def parse_day(text):
    t = (text or "").strip()
    for fmt in ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return datetime.strptime(t, fmt).date()
        except ValueError:
            continue
    return None


def guarantee_start(claim, policy):
    field = policy.get("warranty_start", "purchase_date")
    return parse_day(claim.get(field)) or date.fromisoformat(claim["purchase_date"])


def known_defect(claim, report, serial, code, policy):
    for kd in policy.get("known_defects") or []:
        if serial[0] != kd.get("model") or (kd.get("plant") and serial[1] != kd["plant"]):
            continue
        if "build_week_before" in kd and not serial[2] < int(kd["build_week_before"]):
            continue
        if "build_weeks" in kd and serial[2] not in [int(w) for w in kd["build_weeks"]]:
            continue
        if kd.get("codes") and code not in kd["codes"]:
            continue
        comp = kd.get("component")
        if comp and ((report or {}).get("component") or "").strip().lower() != comp.lower():
            continue
        rx = kd.get("component_rx")
        if rx and not re.search(rx, ((report or {}).get("component") or "").lower()):
            continue
        return kd
    return None


def _decide(claim, report, ctx):
    policy = ctx.policy
    s = parse_serial(claim["serial_no"])
    if s is None or s[0] != claim["model_code"]:
        return "deny", "SERIAL_UNKNOWN"
    batch = ctx.batches.get((s[0], s[1], s[2]))
    if batch is None or s[3] > batch[0]:
        return "deny", "SERIAL_UNKNOWN"
    if batch[1] not in policy.get("domestic_markets", ["NORD"]):
        return "deny", "GREY_IMPORT"
    if any(d < claim["received_date"] for d in ctx.refunds.get(claim["serial_no"], [])):
        return "deny", "DUPLICATE_REFUND"
    basis = claim[policy.get("warranty_date_basis", "fault_reported_date")]
    if date.fromisoformat(basis) > add_months(guarantee_start(claim, policy), int(policy.get("warranty_months", 24))):
        return "deny", "OUT_OF_WARRANTY"
    if claim["claim_id"] in (policy.get("approve_claim_ids") or []) or \
            claim["serial_no"] in (policy.get("approve_serials") or []):
        return "approve", "MANUAL_OVERRIDE"
    if report is None or not report.get("failure_code"):
        return "inspect", "NO_REPAIR_REPORT"
    code = reported_code(claim, report, policy)
    kd = known_defect(claim, report, s, code, policy)
    if kd is not None:
        return kd.get("decision", "approve"), f"KNOWN_DEFECT_{kd.get('id', code)}"
    override = (policy.get("code_overrides") or {}).get(code)
    if override:
        return override, f"OVERRIDE_{code}"
    entry = ctx.codes.get(code)
    if entry is None:
        return policy.get("unknown_code_decision", "inspect"), "UNKNOWN_CODE"
    category = entry["category"]
    if category == "misuse":
        return "deny", f"EXCLUSION_{code}"
    if category == "nff":
        return "deny", "NO_FAULT_FOUND"
    if category == "inspect":
        return "inspect", f"INSPECT_{code}"
    if float(claim["refund_eur"]) > float(policy.get("high_value_eur", 1200)):
        return "inspect", "HIGH_VALUE"
    return "approve", f"DEFECT_{code}"


def decide(claim, report, ctx):
    """Return (decision, reason_code) for one claim (dict) and its latest repair report (dict or None)."""
    if ctx.policy.get("inspect_all"):
        return "inspect", "INSPECT_ALL"
    decision, reason = _decide(claim, report, ctx)
    if decision == "deny" and ctx.policy.get("deny_to_inspect"):
        return "inspect", reason
    return decision, reason


def reason_text(reason_code, ctx):
    if reason_code in REASON_TEXT:
        return REASON_TEXT[reason_code]
    if reason_code.startswith("KNOWN_DEFECT_"):
        for kd in ctx.policy.get("known_defects") or []:
            if reason_code == f"KNOWN_DEFECT_{kd.get('id')}":
                return f"Known product defect: {kd.get('basis', kd.get('id'))}"
        return "Known product defect"
    code = reason_code.split("_", 1)[-1]
    desc = ctx.codes.get(code, {}).get("description", code)
    if reason_code.startswith("EXCLUSION_"):
        return f"Excluded: {desc}"
    if reason_code.startswith("INSPECT_"):
        return f"Inspection needed: {desc}"
    if reason_code.startswith("OVERRIDE_"):
        return f"Policy override for {desc}"
    return f"Covered defect: {desc}"
'''


REPLIES = r'''"""Customer auto-replies: one e-mail per decided claim, written to <out>/replies/<claim_id>.txt.

The CRM mailer sends every file in <out>/replies/ to the claimant's e-mail address that night; the first
line "Subject: ..." is the subject. Each reply says what we decided, why in plain words, what happens next
and, for a refusal, how the customer can contest it (our own review, or the Consumer Disputes Board).
"""

import sqlite3
from pathlib import Path

MODEL_NAMES = {}

PLAIN = {
    "SERIAL_UNKNOWN": "we could not find the serial number {serial_no} in our production records, so we cannot "
                      "confirm that the appliance was made by Vellmar",
    "GREY_IMPORT": "your appliance (serial {serial_no}) was built for a market outside this country, and our "
                   "domestic guarantee does not cover it - please contact the seller about the guarantee of the "
                   "country it was made for",
    "DUPLICATE_REFUND": "we have already paid a refund for this appliance (serial {serial_no})",
    "OUT_OF_WARRANTY": "the fault was reported more than 24 months after the purchase date, so it is outside the "
                       "guarantee period",
    "NO_FAULT_FOUND": "the repair centre tested your appliance and could not find a fault",
    "EXCLUSION_X01": "the repair centre found a foreign object (such as a coin or other item) in the pump, drum or "
                     "sump, which caused the damage",
    "EXCLUSION_X02": "the repair centre found that liquid had got into the electrical parts",
    "EXCLUSION_X03": "the repair centre found impact or transport damage",
    "EXCLUSION_X04": "the repair centre found that the appliance had not been installed according to the "
                     "instructions",
    "EXCLUSION_X05": "the repair centre found heavy limescale because the appliance had not been descaled",
}


def _model_names(db_path):
    if MODEL_NAMES or not db_path:
        return MODEL_NAMES
    try:
        conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
        for code, name in conn.execute("SELECT model_code, model_name FROM models"):
            MODEL_NAMES[code] = name
        conn.close()
    except sqlite3.Error:
        pass
    return MODEL_NAMES


def _reason(row):
    rc = row["reason_code"]
    text = PLAIN.get(rc)
    if text is None and rc.startswith("EXCLUSION_"):
        text = "the repair centre found a cause that our guarantee does not cover: " + row["reason_text"]
    if text is None:
        text = row["reason_text"]
    return text.format(**row)


def render(row, db_path=None):
    names = _model_names(db_path)
    product = names.get(row["model_code"], "Vellmar appliance")
    cid = row["claim_id"]
    amount = f"EUR {float(row['refund_eur']):,.2f}"
    d = row["decision"]
    if d == "approve":
        subject = f"Your Vellmar warranty claim {cid}: approved"
        body = (f"Good news: we have approved your warranty claim {cid} for your {product} (serial "
                f"{row['serial_no']}).\n\nReason: the repair centre confirmed a fault that our guarantee covers.\n\n"
                f"What happens next: the refund of {amount} will be paid to you within 5 working days. "
                "You do not need to do anything else.")
    elif d == "inspect":
        subject = f"Your Vellmar warranty claim {cid}: we need to look at your appliance"
        body = (f"Thank you for your warranty claim {cid} for your {product} (serial {row['serial_no']}).\n\n"
                "Before we can decide, one of our technicians needs to inspect the appliance. A courier will "
                "contact you within 2 working days to arrange a free collection.\n\nWhat happens next: you will "
                "have our decision within 14 days of your claim.")
    else:
        subject = f"Your Vellmar warranty claim {cid}: our decision"
        body = (f"Thank you for your warranty claim {cid} for your {product} (serial {row['serial_no']}). "
                "We are sorry, but we cannot approve it.\n\n"
                f"Reason: {_reason(row)}.\n\n"
                "If you disagree: reply to this e-mail within 8 weeks and a senior claims handler will review "
                "the decision with you. You can also refer it, free of charge, to the Consumer Disputes Board "
                f"(www.consumer-disputes-board.example), quoting claim {cid}.")
    return (f"Subject: {subject}\n\nDear customer,\n\n{body}\n\nKind regards,\n"
            "Vellmar Customer Care\nClaim reference: " + cid + "\n")


SV_REFUSAL = ("Ditt garantiärende {cid} har fått avslag.\nSkäl: {reason}.\n"
              "Du kan kostnadsfritt hänskjuta beslutet till Konsumenttvistnämnden inom 8 veckor.\n\n")


def _contacts(db_path):
    """claim_id -> (e-mail or '', language) from the claims table."""
    if not db_path:
        return {}
    try:
        conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
        try:
            return {cid: ((mail or "").strip(), (lang or "en").strip().lower()) for cid, mail, lang in
                    conn.execute("SELECT claim_id, contact_email, language FROM claims")}
        finally:
            conn.close()
    except sqlite3.Error:
        return {}


def write_replies(rows, folder, db_path=None):
    """One file per claim: replies/<id>.txt (e-mailed) where the claim has an address, else post/<id>.txt
    (printed and posted); refusals to claimants who wrote in Swedish open with the Swedish decision."""
    folder = Path(folder)
    post = folder.parent / "post"
    folder.mkdir(parents=True, exist_ok=True)
    post.mkdir(parents=True, exist_ok=True)
    contacts = _contacts(db_path)
    n = 0
    for row in rows:
        mail, lang = contacts.get(row["claim_id"], ("?", "en"))
        text = render(row, db_path)
        if row["decision"] == "deny" and lang == "sv":
            subject, _, body = text.partition("\n")
            text = subject + "\n\n" + SV_REFUSAL.format(cid=row["claim_id"], reason=_reason(row)) + body.lstrip("\n")
        (folder if mail else post).joinpath(f"{row['claim_id']}.txt").write_text(text, encoding="utf-8")
        n += 1
    return n
'''


DASHBOARD = r'''"""Complaint sentiment dashboard: <out>/dashboard/complaints_<YYYY-MM>.html and .csv.

A simple lexicon score per complaint (-1 .. +1), grouped by channel and topic, with the worst and best
verbatims and the change against the previous month when the database holds it.
"""

import csv
import html
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

NEG = {"unacceptable", "disappointed", "terrible", "awful", "frustrating", "waited", "blame", "still", "never",
       "not", "no", "confusing", "refused", "worse", "fault", "why"}
POS = {"happy", "thank", "thanks", "quick", "quickly", "friendly", "good", "great", "helpful", "improve"}
TOPICS = [("refusal", r"refus|blame|fault|decision"), ("appeal", r"appeal|disputes board"),
          ("waiting", r"waited|still|heard back|weeks|did not come"), ("process", r"website|form|receipt"),
          ("praise", r"thank|happy|friendly|good experience")]


def score(text):
    words = re.findall(r"[a-z']+", text.lower())
    if not words:
        return 0.0
    s = sum(1 for w in words if w in POS) - sum(1 for w in words if w in NEG)
    return max(-1.0, min(1.0, s / 3))


def topic(text):
    for name, rx in TOPICS:
        if re.search(rx, text, re.I):
            return name
    return "other"


def write_dashboard(db_path, folder, month=None):
    conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
    try:
        if not month:
            row = conn.execute("SELECT max(substr(received_date, 1, 7)) FROM complaints").fetchone()
            month = row[0] if row and row[0] else "none"
        rows = conn.execute("SELECT complaint_id, received_date, channel, claim_id, text FROM complaints "
                            "WHERE substr(received_date, 1, 7) = ? ORDER BY received_date", (month,)).fetchall()
    finally:
        conn.close()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    scored = [(cid, d, ch, claim, text, score(text), topic(text)) for cid, d, ch, claim, text in rows]
    with open(folder / f"complaints_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["complaint_id", "received_date", "channel", "claim_id", "topic", "sentiment", "text"])
        for cid, d, ch, claim, text, s, t in scored:
            w.writerow([cid, d, ch, claim or "", t, f"{s:.2f}", text])
    by = defaultdict(list)
    for r in scored:
        by[("channel", r[2])].append(r[5])
        by[("topic", r[6])].append(r[5])
    lines = [f"<html><head><meta charset='utf-8'><title>Complaints {month}</title></head><body>",
             f"<h1>Customer complaints - {html.escape(month)}</h1>", f"<p>{len(scored)} complaints</p>",
             "<table border='1'><tr><th>group</th><th>value</th><th>complaints</th><th>avg sentiment</th></tr>"]
    for (g, v), ss in sorted(by.items()):
        lines.append(f"<tr><td>{g}</td><td>{html.escape(v)}</td><td>{len(ss)}</td>"
                     f"<td>{sum(ss) / len(ss):+.2f}</td></tr>")
    lines.append("</table><h2>Worst verbatims</h2><ul>")
    for r in sorted(scored, key=lambda r: r[5])[:5]:
        lines.append(f"<li>{html.escape(r[4])} ({r[2]}, {r[1]})</li>")
    lines.append("</ul><h2>Best verbatims</h2><ul>")
    for r in sorted(scored, key=lambda r: -r[5])[:5]:
        lines.append(f"<li>{html.escape(r[4])} ({r[2]}, {r[1]})</li>")
    lines.append("</ul></body></html>")
    page = folder / f"complaints_{month}.html"
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return page
'''
