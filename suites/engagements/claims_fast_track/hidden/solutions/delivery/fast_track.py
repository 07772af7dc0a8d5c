#!/usr/bin/env python3
"""Nightly fast-track of home claims (Harrowgate Mutual): settle small claims at once, refer the rest.

    python3 system/fast_track.py --data /data --out /out

As the shipped job (see system/README.md), with these rule-book entries (config/rules.json), each optional:
  peril_aliases            {"WATER-ESC": "EOW", ...}: the claims app's peril codes
  early_claim              {"max_policy_age_days": 45, "perils": ["EOW", "AD"], "min_amount": 600}: a claim
                           this soon after the policy started is a counter-fraud candidate
  counter_fraud_daily_cap  flags sent to counter-fraud per notification day (highest risk first); the other
                           candidates go to the handlers
  vulnerable_priority      a referred claim of a customer flagged vulnerable goes to `handler_priority`
  dedupe                   a repeat notification of the same loss (policy, loss date, peril) goes to the handlers
  storm_footprints         [{"storm", "first_loss_date", "last_loss_date", "districts": [...]}] added to the
                           footprints in storm_events
  ignore_storm_events      true: only `storm_footprints` count (the storm_events feed is not confirmed)
  channel_flag_score       {"web": 0.3}: a lower fraud_flag_score for claims from that channel
  direct_repair            {"perils": ["EOW"], "districts": [...]}: claims the panel repairer repairs and invoices
                           go to the handlers, never cash-settled
The payments file keeps Finance's format (FIN-PAY-07).
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAYMENT_HEADER = ["claim_id", "policy_id", "amount_gbp", "settlement_code"]


def load_rules() -> dict:
    return json.loads((HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def excess(rules: dict, wording: str, peril: str) -> float:
    table = rules["excess"].get(wording) or rules["excess"]["default"]
    return float(table.get(peril, table["default"]))


def footprints(conn: sqlite3.Connection, rules: dict) -> list[tuple[str, str, str]]:
    rows = (
        []
        if rules.get("ignore_storm_events")
        else list(conn.execute("SELECT first_loss_date, last_loss_date, district FROM storm_events"))
    )
    for s in rules.get("storm_footprints", []):
        rows += [(s["first_loss_date"], s["last_loss_date"], d) for d in s["districts"]]
    return rows


def is_early(c: dict, peril: str, rule: dict | None) -> bool:
    if not rule:
        return False
    age = (date.fromisoformat(c["notified"]) - date.fromisoformat(c["policy_start"])).days
    return (
        age < int(rule.get("max_policy_age_days", 45))
        and peril in rule.get("perils", ["EOW", "AD"])
        and float(c["claimed_amount"]) > float(rule.get("min_amount", 0))
    )


def decide(c: dict, rules: dict, storms: list, seen: set) -> tuple[str, float, str, float]:
    """(queue or 'settle', amount, reason, risk) for one claim; risk ranks counter-fraud candidates."""
    peril = rules.get("peril_aliases", {}).get(c["peril"], c["peril"])
    if peril not in rules["perils"]:
        return "handler", 0.0, "unknown_peril", 0.0
    key = (c["policy_id"], c["loss_date"], peril)
    if rules.get("dedupe") and key in seen:
        return "handler", 0.0, "duplicate_notification", 0.0
    seen.add(key)
    score = float(c["fraud_score"])
    early = is_early(c, peril, rules.get("early_claim"))
    flag = float(rules.get("channel_flag_score", {}).get(c["channel"], rules["fraud_flag_score"]))
    if score >= flag or early:
        return "counter_fraud", 0.0, "early_claim" if early else "fraud_score", score + (0.5 if early else 0.0)
    if peril == "STORM" and not any(a <= c["loss_date"] <= b and d == c["district"] for a, b, d in storms):
        return "handler", 0.0, "storm_not_validated", 0.0
    repair = rules.get("direct_repair")
    if repair and peril in repair.get("perils", ["EOW"]) and c["district"] in repair.get("districts", []):
        return "handler", 0.0, "direct_repair_scheme", 0.0
    amount = float(c["claimed_amount"])
    if amount > float(rules["auto_settle_limit"]):
        return "handler", 0.0, "over_limit", 0.0
    pay = round(amount - excess(rules, c["wording"], peril), 2)
    if pay <= 0:
        return "handler", 0.0, "within_excess", 0.0
    return "settle", pay, "fast_track", 0.0


def plan(claims: list[dict], rules: dict, storms: list) -> list[tuple[dict, str, float, str]]:
    seen: set = set()
    decided = [(c, *decide(c, rules, storms, seen)) for c in claims]
    cap = rules.get("counter_fraud_daily_cap")
    out = []
    for day in sorted({c["notified"] for c in claims}):
        todays = [d for d in decided if d[0]["notified"] == day]
        flagged = sorted((d for d in todays if d[1] == "counter_fraud"), key=lambda d: -d[4])
        keep = {id(d) for d in (flagged if cap is None else flagged[: int(cap)])}
        cf = [d for d in flagged if id(d) in keep]
        for c, queue, amount, reason, _risk in cf + [d for d in todays if id(d) not in keep or d[1] != "counter_fraud"]:
            if queue == "counter_fraud" and cap is not None and not any(c is k[0] for k in cf):
                queue, reason = "handler", reason + "_over_cf_capacity"
            if queue == "handler" and rules.get("vulnerable_priority") and c.get("vulnerable") == "Y":
                queue = "handler_priority"
            out.append((c, queue, amount, reason))
    return out


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
        storms = footprints(conn, rules)
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
        for c, queue, amount, reason in plan(claims, rules, storms):
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
