"""Warranty refund claim triage rules (rule version TR-3.3).

Every new claim gets exactly one decision:
  approve  - refund is paid by the claims platform
  deny     - refusal
  inspect  - the appliance is collected and inspected at the Brackenfield bay before a decision

Rules, in order (the first that applies decides):
  1. Serial check (production_batches; policy line2_serials: sequence ranges of a line the register does
     not count)                                                  -> deny SERIAL_UNKNOWN
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


def extra_line_serial(serial, policy):
    """Whether a serial above the register quantity belongs to an assembly line the register does not count
    (policy line2_serials: [{"plant", "from_build_week", "seq_from", "seq_to", "models"?}])."""
    for rg in policy.get("line2_serials") or []:
        if rg.get("plant") and serial[1] != rg["plant"]:
            continue
        if rg.get("models") and serial[0] not in rg["models"]:
            continue
        if serial[2] < int(rg.get("from_build_week", 0)):
            continue
        if int(rg.get("seq_from", 1)) <= serial[3] <= int(rg.get("seq_to", 99999)):
            return True
    return False


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
    if batch is None or (s[3] > batch[0] and not extra_line_serial(s, policy)):
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
