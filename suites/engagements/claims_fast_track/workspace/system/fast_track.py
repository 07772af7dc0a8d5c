#!/usr/bin/env python3
"""Nightly fast-track of home claims (Harrowgate Mutual): settle small claims at once, refer the rest.

    python3 system/fast_track.py --data /data --out /out

Reads data/claims.db (claims, storm_events) and the rule book in system/config/rules.json (approved by the
Claims Governance Committee under CGC-04). For every claim notified:
  * a peril the rule book does not know goes to the claims handlers;
  * a fraud score at or above `fraud_flag_score` goes to the counter-fraud team;
  * a storm claim is settled only when its postcode district is in a storm's footprint (storm_events) for the
    loss date; otherwise the handlers validate it;
  * a claim above `auto_settle_limit` goes to the handlers;
  * everything else is settled: the claimed amount less the policy wording's excess (`excess`).
Writes <out>/payments/fast_track_payments.csv, which Finance's payment run imports (FIN-PAY-07: the header and
the amount format are fixed), and <out>/referrals/referrals.csv (claim_id, queue, reason) for the work queues.
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAYMENT_HEADER = ["claim_id", "policy_id", "amount_gbp", "settlement_code"]


def load_rules() -> dict:
    return json.loads((HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def excess(rules: dict, wording: str, peril: str) -> float:
    table = rules["excess"].get(wording) or rules["excess"]["default"]
    return float(table.get(peril, table["default"]))


def footprints(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    return list(conn.execute("SELECT first_loss_date, last_loss_date, district FROM storm_events"))


def decide(c: dict, rules: dict, storms: list[tuple[str, str, str]]) -> tuple[str, float, str]:
    """(queue or 'settle', amount, reason) for one claim."""
    peril = c["peril"]
    if peril not in rules["perils"]:
        return "handler", 0.0, "unknown_peril"
    if float(c["fraud_score"]) >= float(rules["fraud_flag_score"]):
        return "counter_fraud", 0.0, "fraud_score"
    if peril == "STORM" and not any(a <= c["loss_date"] <= b and d == c["district"] for a, b, d in storms):
        return "handler", 0.0, "storm_not_validated"
    amount = float(c["claimed_amount"])
    if amount > float(rules["auto_settle_limit"]):
        return "handler", 0.0, "over_limit"
    pay = round(amount - excess(rules, c["wording"], peril), 2)
    if pay <= 0:
        return "handler", 0.0, "within_excess"
    return "settle", pay, "fast_track"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Nightly fast-track of home claims.")
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rules = load_rules()
    conn = sqlite3.connect(Path(args.data) / "claims.db")
    conn.row_factory = sqlite3.Row
    try:
        claims = [dict(r) for r in conn.execute("SELECT * FROM claims ORDER BY notified, claim_id")]
        storms = footprints(conn)
    finally:
        conn.close()
    out = Path(args.out)
    (out / "payments").mkdir(parents=True, exist_ok=True)
    (out / "referrals").mkdir(parents=True, exist_ok=True)
    settled = referred = 0
    with (
        (out / "payments" / "fast_track_payments.csv").open("w", newline="", encoding="utf-8") as pay_f,
        (out / "referrals" / "referrals.csv").open("w", newline="", encoding="utf-8") as ref_f,
    ):
        pay_w, ref_w = csv.writer(pay_f, lineterminator="\n"), csv.writer(ref_f, lineterminator="\n")
        pay_w.writerow(PAYMENT_HEADER)
        ref_w.writerow(["claim_id", "queue", "reason"])
        for c in claims:
            queue, amount, reason = decide(c, rules, storms)
            if queue == "settle":
                pay_w.writerow([c["claim_id"], c["policy_id"], f"{amount:.2f}", "FT"])
                settled += 1
            else:
                ref_w.writerow([c["claim_id"], queue, reason])
                referred += 1
    print(f"{settled} claims settled, {referred} referred")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
