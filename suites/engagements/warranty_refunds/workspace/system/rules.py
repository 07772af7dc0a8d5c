"""Warranty refund claim triage rules (rule version TR-3.2).

Every new claim gets exactly one decision:
  approve  - refund is paid by the claims platform
  deny     - refusal; the claims platform sends the refusal letter
  inspect  - the appliance is collected and inspected at the Brackenfield bay before a decision

Rules, in order (the first that applies decides):
  1. Serial check: the serial must have the form <model><plant>-<YYWW>-<seq>, belong to the claimed model and
     exist in production_batches (sequence not above the quantity built that week)  -> else deny SERIAL_UNKNOWN
  2. Market: the batch must have been built for a domestic market (policy domestic_markets) -> else deny
     GREY_IMPORT
  3. Duplicate: no refund already paid for the serial (refund_register, before the claim) -> else deny
     DUPLICATE_REFUND
  4. Guarantee period: the fault must have been reported within warranty_months of the purchase date
     -> else deny OUT_OF_WARRANTY
  5. Failure code of the repair report, by its category in config/failure_codes.csv:
       misuse  -> deny EXCLUSION_<code>       nff -> deny NO_FAULT_FOUND
       inspect -> inspect INSPECT_<code>      unknown code / no report -> inspect
  6. High value: refund above high_value_eur -> inspect HIGH_VALUE
  7. Otherwise approve DEFECT_<code>

Changes to these rules, to config/failure_codes.csv or to config/triage_policy.json need a change request
approved by the Head of Warranty & Returns before they run (procedure WOP-04, section 5).
"""

import calendar
import csv
import json
import re
from datetime import date
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


def decide(claim, report, ctx):
    """Return (decision, reason_code) for one claim (dict) and its latest repair report (dict or None)."""
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
    if date.fromisoformat(basis) > add_months(date.fromisoformat(claim["purchase_date"]),
                                              int(policy.get("warranty_months", 24))):
        return "deny", "OUT_OF_WARRANTY"
    if report is None or not report.get("failure_code"):
        return "inspect", "NO_REPAIR_REPORT"
    code = report["failure_code"].strip()
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


def reason_text(reason_code, ctx):
    if reason_code in REASON_TEXT:
        return REASON_TEXT[reason_code]
    code = reason_code.split("_", 1)[-1]
    desc = ctx.codes.get(code, {}).get("description", code)
    if reason_code.startswith("EXCLUSION_"):
        return f"Excluded: {desc}"
    if reason_code.startswith("INSPECT_"):
        return f"Inspection needed: {desc}"
    return f"Covered defect: {desc}"
