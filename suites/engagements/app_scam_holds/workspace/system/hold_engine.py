"""Payment hold rules engine - Pellbrook Bank, authorised push payment (APP) scam controls.

Every in-scope outbound Faster Payment (see system/README.md) gets one decision before it leaves the bank:

  HOLD     the payment is parked in the Fraud Operations hold queue; an agent calls the customer and either
           releases it or the customer cancels it;
  RELEASE  the payment goes straight out (the customer still sees the in-app warning for its purpose).

Decisions come from the rule table config/hold_rules.csv. Enabled rules are tried in increasing `priority`
(ties by `rule_id`); the first rule whose `condition` is true decides: action HOLD holds the payment, action
ALLOW releases it without looking at later rules. A payment matched by no rule is released (rule DEFAULT).

Conditions are small expressions over the fields of the payment, for example
    purpose == 'goods' and payee_type == 'personal' and payee_new and amount >= 100
with comparisons, and / or / not, in (...), + - * / and these fields:

  amount          payment amount, GBP
  balance_before  available balance before the payment, GBP
  balance_share   amount / balance_before (1.0 when the balance is unknown)
  customer_age    age of the customer in years
  tenure_m        months since the customer opened their first account
  channel         'app', 'web', 'branch', 'phone'
  payee_type      'personal' or 'business' (as returned by Confirmation of Payee)
  payee_inst      receiving institution code (table `institutions`)
  payee_new       true on the first payment to this payee
  cop_result      Confirmation of Payee: 'MATCH', 'CLOSE_MATCH', 'NO_MATCH', 'UNAVAILABLE'
  purpose         payment purpose the customer picked in the app: 'family', 'goods', 'bills', 'trades',
                  'own_account', 'investment', 'property', 'other'
  device_new_h    hours since a new device or app registration on the customer's profile (9999 when none in
                  the last 30 days)
  kestrel_score   Kestrel Signal risk score of the payment (see the vendor's integration guide)
  trusted_payee   true when the payee is on config/trusted_payees.csv
  hour, weekday   local time of the payment (weekday 0 = Monday)

The in-app warning shown with each payment comes from config/warnings.json (by purpose; the CoP no-match
warning takes precedence). Changes to config/hold_rules.csv and config/trusted_payees.csv are controlled:
policy FRM-09 (docs/policy/FRM-09_hold_rule_governance.md).
"""

import ast
import csv
import json
from collections import Counter
from datetime import datetime
from pathlib import Path

FIELDS = ("amount", "balance_before", "balance_share", "customer_age", "tenure_m", "channel", "payee_type",
          "payee_inst", "payee_new", "cop_result", "purpose", "device_new_h", "kestrel_score", "trusted_payee",
          "hour", "weekday")
NO_DEVICE = 9999.0
DECISION_COLUMNS = ["payment_id", "created_at", "amount", "purpose", "decision", "rule_id", "warning_id"]
PAYMENT_COLUMNS = ["payment_id", "created_at", "customer_id", "customer_age", "tenure_m", "channel", "amount",
                   "balance_before", "payee_id", "payee_type", "payee_inst", "payee_new", "cop_result", "purpose",
                   "device_new_h", "kestrel_score"]

_ALLOWED = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.Compare, ast.Eq,
            ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Name, ast.Load, ast.Constant,
            ast.Tuple, ast.List, ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.Div)


class RuleError(ValueError):
    pass


def compile_condition(text, rule_id="?"):
    """Compile a rule condition after checking that it only uses the allowed syntax and fields."""
    try:
        tree = ast.parse((text or "").strip() or "False", mode="eval")
    except SyntaxError as e:
        raise RuleError(f"rule {rule_id}: cannot parse condition {text!r}: {e.msg}") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise RuleError(f"rule {rule_id}: {type(node).__name__} is not allowed in a condition")
        if isinstance(node, ast.Name) and node.id not in FIELDS and node.id not in ("True", "False"):
            raise RuleError(f"rule {rule_id}: unknown field {node.id!r}")
    return compile(tree, f"<rule {rule_id}>", "eval")


def _enabled(value):
    return str(value if value is not None else "1").strip().lower() not in ("0", "false", "no", "n", "off")


def load_rules(config_dir):
    rules = []
    with open(Path(config_dir) / "hold_rules.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if not _enabled(row.get("enabled")):
                continue
            rid = row["rule_id"].strip()
            action = row["action"].strip().upper()
            if action not in ("HOLD", "ALLOW"):
                raise RuleError(f"rule {rid}: action must be HOLD or ALLOW, not {action!r}")
            rules.append({"rule_id": rid, "priority": float(row["priority"]), "action": action,
                          "code": compile_condition(row["condition"], rid), "name": (row.get("name") or "").strip()})
    rules.sort(key=lambda r: (r["priority"], r["rule_id"]))
    return rules


def load_trusted(config_dir):
    path = Path(config_dir) / "trusted_payees.csv"
    if not path.exists():
        return set()
    with open(path, newline="", encoding="utf-8") as f:
        return {row["payee_id"].strip() for row in csv.DictReader(f) if row.get("payee_id")}


def load_warnings(config_dir):
    path = Path(config_dir) / "warnings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def fields_of(payment, trusted):
    bal = payment["balance_before"] or 0.0
    ts = datetime.strptime(payment["created_at"], "%Y-%m-%d %H:%M")
    dev = payment["device_new_h"]
    return {
        "amount": payment["amount"],
        "balance_before": bal,
        "balance_share": payment["amount"] / bal if bal > 0 else 1.0,
        "customer_age": payment["customer_age"],
        "tenure_m": payment["tenure_m"],
        "channel": payment["channel"],
        "payee_type": payment["payee_type"],
        "payee_inst": payment["payee_inst"],
        "payee_new": bool(payment["payee_new"]),
        "cop_result": payment["cop_result"],
        "purpose": payment["purpose"],
        "device_new_h": NO_DEVICE if dev is None else dev,
        "kestrel_score": payment["kestrel_score"],
        "trusted_payee": payment["payee_id"] in trusted,
        "hour": ts.hour,
        "weekday": ts.weekday(),
    }


def decide(fields, rules):
    """(decision, rule_id) for one payment."""
    for rule in rules:
        if eval(rule["code"], {"__builtins__": {}}, fields):  # whitelisted AST only
            return ("HOLD" if rule["action"] == "HOLD" else "RELEASE"), rule["rule_id"]
    return "RELEASE", "DEFAULT"


def warning_for(payment, warnings):
    by_purpose = warnings.get("by_purpose", {})
    if payment["cop_result"] == "NO_MATCH" and warnings.get("cop_no_match"):
        return warnings["cop_no_match"].get("id", "W-COP-NM")
    entry = by_purpose.get(payment["purpose"]) or by_purpose.get("other") or {}
    return entry.get("id", "")


def latest_month(conn):
    row = conn.execute("SELECT max(substr(created_at, 1, 7)) FROM payments").fetchone()
    return row[0] if row and row[0] else None


def month_payments(conn, month):
    cur = conn.execute(f"SELECT {', '.join(PAYMENT_COLUMNS)} FROM payments WHERE substr(created_at, 1, 7) = ? "
                       "ORDER BY created_at, payment_id", (month,))
    return [dict(zip(PAYMENT_COLUMNS, row, strict=True)) for row in cur.fetchall()]


def run(conn, month, out_dir, config_dir):
    """Decide every payment of `month`; write decisions/ under out_dir; return the summary."""
    rules = load_rules(config_dir)
    trusted = load_trusted(config_dir)
    warnings = load_warnings(config_dir)
    payments = month_payments(conn, month)
    ddir = Path(out_dir) / "decisions"
    ddir.mkdir(parents=True, exist_ok=True)
    by_rule = Counter()
    holds = 0
    with open(ddir / f"hold_decisions_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=DECISION_COLUMNS)
        w.writeheader()
        for p in payments:
            decision, rule_id = decide(fields_of(p, trusted), rules)
            by_rule[rule_id] += 1
            holds += decision == "HOLD"
            w.writerow({"payment_id": p["payment_id"], "created_at": p["created_at"], "amount": p["amount"],
                        "purpose": p["purpose"], "decision": decision, "rule_id": rule_id,
                        "warning_id": warning_for(p, warnings)})
    summary = {"month": month, "payments": len(payments), "holds": holds,
               "hold_rate": round(holds / len(payments), 4) if payments else 0.0,
               "by_rule": dict(sorted(by_rule.items()))}
    (ddir / f"summary_{month}.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary
