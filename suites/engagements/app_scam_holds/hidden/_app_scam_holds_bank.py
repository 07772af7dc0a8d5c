"""app_scam_holds' bank: payment kinds and scam typologies, the shipped hold rules and
how they decide, and the variant's dated facts (cautions, surges, the Kestrel score). Part of the grader
(grader.py)."""

import ast
import csv
import datetime as dt
import io
import math
import random
from typing import Any

# ----------------------------------------------------------------------------- world constants

PROD_MONTH = "2026-03"


HISTORY_MONTHS = ["2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]


EXTRACT_CUTOFF = "2026-03-01 06:00"  # the history extract was taken then: later reports are not in it


SIGNOFF_FACT = "frcb_signoff"


CLEARANCE_FACT = "institution_rule_clearance"


OPS_COST = 14.0          # GBP per hold: ~17 min of a fraud-ops agent, callback, letter


ATTRITION = 22.0         # GBP per genuine hold: extra account closures / switching (Customer Insight CI-2025-08)


REIMB_CAP = 85000.0      # ARC cap per claim


REIMB_EXCESS = 100.0     # ARC excess per claim


SENDING_SHARE = 0.5      # the receiving PSP reimburses the other half


V4_EXPONENT = math.log(0.40) / math.log(0.85)  # Kestrel v4 probability = u ** k; v3 85 <-> v4 0.40


# App release 7.2 (2 March 2026, after the history extract): the purpose picker gains "Moving money to my
# savings or ISA" (purpose 'savings'). Genuine me-to-me moves and coached safe-account victims both use it.
APP_RELEASE = "2026-03-02"


SAVINGS_SHARE = {"own": 0.4, "safe_account": 0.9, "investment": 0.7}  # of those that would pick own_account


# From March, safe-account scammers tell victims to pay in chunks under GBP 5,000 (below R07's line).
CHUNKED_SAFE_ACCOUNT = (3200, 0.45, 1000, 4990)


# Kestrel v4 outages: the hub falls back to Kestrel's v3 engine, which sends the old 0-100 integers
# (kestrel_v4 variant only). History has two short windows in February; March has longer ones.
KESTREL_FALLBACK = [
    ("2026-02-09 10:00", "2026-02-09 16:30"), ("2026-02-24 07:30", "2026-02-24 12:00"),
    ("2026-03-05 06:00", "2026-03-06 11:00"), ("2026-03-11 09:00", "2026-03-12 08:00"),
    ("2026-03-18 13:00", "2026-03-19 09:00"), ("2026-03-26 08:00", "2026-03-26 22:00"),
]


INSTITUTIONS = [
    # code, name, kind, share of genuine payees, share of scam payees (no mule surge)
    ("NGB", "Northgate Bank", "bank", 0.22, 0.14),
    ("CRM", "Crestmoor Bank", "bank", 0.18, 0.12),
    ("MDL", "Mardale Bank", "bank", 0.14, 0.10),
    ("HSV", "Harland Savings", "building society", 0.10, 0.06),
    ("TWB", "Trewin Building Society", "building society", 0.06, 0.04),
    ("QFP", "Quillfort Payments", "e-money institution", 0.12, 0.17),
    ("VLT", "Voltaic Money", "e-money institution", 0.11, 0.21),
    ("ODX", "Oddfield Digital", "e-money institution", 0.07, 0.16),
]


INST_CODES = [i[0] for i in INSTITUTIONS]


TRUSTED_PAYEES = [
    # payee_id, name, category, institution, added
    ("PY1a04c17", "Severnside Water", "utility", "NGB", "2022-11-14"),
    ("PY1b2290e", "Aldwick Energy", "utility", "CRM", "2022-11-14"),
    ("PY1c31f5a", "Northmoor Gas & Power", "utility", "NGB", "2022-11-14"),
    ("PY1d0b7e3", "Harrowfield Borough Council", "council tax", "MDL", "2022-11-14"),
    ("PY1e6d402", "Kelbrook District Council", "council tax", "NGB", "2022-11-14"),
    ("PY1f18c66", "Tamsin Telecom", "telecoms", "CRM", "2023-01-09"),
    ("PY2091dd8", "Brightline Broadband", "telecoms", "MDL", "2023-01-09"),
    ("PY21a7730", "Revenue & Customs Office", "tax", "NGB", "2022-11-14"),
    ("PY22c9a41", "Copperfield Insurance", "insurance", "CRM", "2023-04-17"),
    ("PY23e5b0f", "Lanyard Mutual Assurance", "insurance", "HSV", "2023-04-17"),
    ("PY24f7c92", "Brightwater Invest", "investment platform", "MDL", "2023-06-05"),
    ("PY2503d1e", "Oakfold Wealth", "investment platform", "NGB", "2023-06-05"),
    ("PY26a1b77", "Stenhouse ISA Platform", "investment platform", "CRM", "2024-02-12"),
    ("PY27bd3c0", "Marlow & Pike Stockbrokers", "investment platform", "MDL", "2024-02-12"),
    ("PY28c0e15", "Fairhaven Pensions", "pension", "NGB", "2023-06-05"),
    ("PY29d4a86", "Grangemoor Retail", "retailer", "CRM", "2023-09-25"),
    ("PY2ae9f20", "Halcyon Home Stores", "retailer", "NGB", "2023-09-25"),
    ("PY2bf0c5b", "Ludgate Student Finance", "loans", "MDL", "2024-05-20"),
    ("PY2c17e9a", "Pennant Car Finance", "loans", "CRM", "2024-05-20"),
    ("PY2d2a6f4", "Ravensworth Housing Association", "rent", "HSV", "2024-09-02"),
]


TRUSTED_IDS = {p[0] for p in TRUSTED_PAYEES}


TRUSTED_BY_CAT: dict[str, list[str]] = {}


for _p in TRUSTED_PAYEES:
    TRUSTED_BY_CAT.setdefault(_p[2], []).append(_p[0])


TRUSTED_FOR_KIND = {
    "bills": [p[0] for p in TRUSTED_PAYEES if p[2] in ("utility", "council tax", "telecoms", "tax", "insurance",
                                                         "loans", "rent")],
    "invest": [p[0] for p in TRUSTED_PAYEES if p[2] in ("investment platform", "pension")],
    "goods_b": [p[0] for p in TRUSTED_PAYEES if p[2] == "retailer"],
}


TRUSTED_INST = {p[0]: p[3] for p in TRUSTED_PAYEES}


COP = ("MATCH", "CLOSE_MATCH", "NO_MATCH", "UNAVAILABLE")


# Genuine payment kinds. amount: (median, sigma, lo, hi); cop: probabilities in COP order.
# friction: (probability that a held payment of this kind leads to a complaint, compensation paid)
LEGIT_KINDS: dict[str, dict[str, Any]] = {
    "family": dict(share=0.22, purposes={"family": 1.0}, business=0.0, amount=(250, 0.9, 100, 6000),
                   cop=(0.86, 0.07, 0.05, 0.02), new=0.35, trusted=0.0, friction=(0.03, 40.0), round10=0.7),
    "goods_p": dict(share=0.17, purposes={"goods": 1.0}, business=0.0, amount=(210, 0.7, 100, 2500),
                    cop=(0.78, 0.10, 0.09, 0.03), new=0.92, trusted=0.0, friction=(0.03, 40.0), round10=0.4),
    "goods_b": dict(share=0.08, purposes={"goods": 1.0}, business=1.0, amount=(380, 0.8, 100, 6000),
                    cop=(0.80, 0.10, 0.07, 0.03), new=0.70, trusted=0.25, friction=(0.03, 40.0), round10=0.2),
    "bills": dict(share=0.10, purposes={"bills": 1.0}, business=1.0, amount=(320, 0.8, 100, 5000),
                  cop=(0.88, 0.06, 0.04, 0.02), new=0.50, trusted=0.60, friction=(0.03, 40.0), round10=0.2),
    "trades": dict(share=0.09, purposes={"trades": 1.0}, business=0.45, amount=(1100, 0.9, 150, 25000),
                   cop=(0.74, 0.13, 0.10, 0.03), new=0.80, trusted=0.0, friction=(0.05, 60.0), round10=0.6),
    "own": dict(share=0.15, purposes={"own_account": 1.0}, business=0.0, amount=(1400, 1.1, 100, 40000),
                cop=(0.89, 0.06, 0.03, 0.02), new=0.25, trusted=0.0, friction=(0.03, 40.0), round10=0.8),
    "invest": dict(share=0.06, purposes={"investment": 1.0}, business=1.0, amount=(2200, 0.9, 250, 50000),
                   cop=(0.92, 0.04, 0.02, 0.02), new=0.40, trusted=0.70, friction=(0.04, 50.0), round10=0.8),
    "property": dict(share=0.03, purposes={"property": 1.0}, business=1.0, amount=(14000, 0.8, 1500, 150000),
                     cop=(0.80, 0.10, 0.08, 0.02), new=0.95, trusted=0.0, friction=(0.42, 300.0), round10=0.5),
    "vehicle": dict(share=0.03, purposes={"goods": 1.0}, business=1.0, amount=(9000, 0.6, 1500, 45000),
                    cop=(0.86, 0.08, 0.04, 0.02), new=0.95, trusted=0.0, friction=(0.15, 80.0), round10=0.7),
    "other": dict(share=0.07, purposes={"other": 1.0}, business=0.3, amount=(300, 1.0, 100, 8000),
                  cop=(0.82, 0.08, 0.07, 0.03), new=0.50, trusted=0.0, friction=(0.03, 40.0), round10=0.5),
}


# Scam typologies. flag: probability that Kestrel's latent risk is above the v3 85 line.
SCAM_KINDS: dict[str, dict[str, Any]] = {
    "purchase": dict(purposes={"goods": 0.9, "other": 0.1}, business=0.05, amount=(280, 0.6, 100, 2500),
                     cop=(0.70, 0.14, 0.13, 0.03), new=0.97, stop=0.80, flag=0.15, device=0.03, follow=0.0,
                     age=(18, 45), share=(0.05, 0.6)),
    "investment": dict(purposes={"investment": 0.5, "other": 0.25, "own_account": 0.25}, business=0.55,
                       amount=(3800, 0.9, 500, 60000), cop=(0.45, 0.20, 0.30, 0.05), new=0.90, stop=0.60,
                       flag=0.60, device=0.10, follow=0.40, age=(30, 75), share=(0.25, 0.9)),
    "safe_account": dict(purposes={"own_account": 0.7, "other": 0.3}, business=0.0,
                         amount=(6800, 0.7, 1000, 50000), cop=(0.30, 0.35, 0.32, 0.03), new=1.0, stop=0.85,
                         flag=0.50, device=0.70, follow=0.0, age=(50, 88), share=(0.6, 1.0)),
    "romance": dict(purposes={"family": 0.8, "other": 0.2}, business=0.0, amount=(1100, 0.8, 150, 15000),
                    cop=(0.82, 0.08, 0.07, 0.03), new=0.60, stop=0.30, flag=0.60, device=0.04, follow=0.35,
                    age=(45, 78), share=(0.1, 0.7)),
    "invoice": dict(purposes={"trades": 0.45, "bills": 0.25, "property": 0.30}, business=0.75,
                    amount=(3400, 1.0, 300, 60000), cop=(0.15, 0.25, 0.57, 0.03), new=1.0, stop=0.90,
                    flag=0.35, device=0.03, follow=0.0, age=(28, 75), share=(0.1, 0.8)),
    # advance-fee scams (rental deposits, tickets, job fees) paid to a mule network's personal accounts at one
    # e-money institution (mule_inst variant)
    "mule_fee": dict(purposes={"goods": 0.35, "family": 0.25, "other": 0.25, "bills": 0.15}, business=0.0,
                     amount=(650, 0.6, 150, 3000), cop=(0.85, 0.08, 0.05, 0.02), new=0.95, stop=0.75,
                     flag=0.08, device=0.05, follow=0.10, age=(18, 60), share=(0.1, 0.8)),
}


SCAM_LABELS = {"purchase": "purchase", "investment": "investment", "safe_account": "impersonation (safe account)",
               "romance": "romance", "invoice": "invoice / mandate redirection", "mule_fee": "advance fee"}


# Monthly volumes: genuine payments and scams per typology (history: mean; production: exact)
LEGIT_PER_MONTH = 1420


SCAMS_PER_MONTH = {"purchase": 22, "investment": 12, "safe_account": 7, "romance": 5, "invoice": 6}


HISTORY_SCAM_TREND = {  # multipliers per history month (safe-account scams rising through the winter)
    "purchase": [0.9, 1.0, 1.0, 1.1, 1.2, 0.9, 1.0],
    "investment": [0.9, 1.0, 1.0, 1.0, 0.9, 1.1, 1.0],
    "safe_account": [0.55, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0],
    "romance": [1.0, 1.0, 1.0, 1.0, 1.2, 1.0, 0.9],
    "invoice": [1.0, 0.9, 1.0, 1.0, 0.8, 1.0, 1.0],
    "mule_fee": [0.0, 0.0, 0.0, 0.45, 0.7, 0.9, 1.0],
}


MULE_PER_MONTH = 30


# ----------------------------------------------------------------------------- rules (shipped engine)

RULE_COLUMNS = ["rule_id", "priority", "enabled", "action", "condition", "name", "since", "change_ref", "notes"]


LEGACY_RULES = [
    # rule_id, priority, action, condition, name, since, change_ref, notes, variants ("all" / "base" / "fixed")
    ("R01", 10, "ALLOW", "purpose == 'own_account'", "Own-account transfers", "2023-06-05", "CR-2023-09",
     "Me-to-me transfers: 31% of holds in Q1 2023 and no confirmed scam; released without review", "base"),
    ("R02", 20, "ALLOW", "trusted_payee", "Trusted payee list", "2022-11-14", "CR-2022-17",
     "Payees in config/trusted_payees.csv (utilities, councils, regulated platforms)", "all"),
    ("R03", 30, "ALLOW", "cop_result == 'NO_MATCH'", "CoP no match: warn, do not hold", "2024-03-11",
     "CR-2024-05", "Customer sees the no-match warning; ARC 4.3 caution exception: loss with the customer "
     "if they proceed", "all"),
    ("R04", 40, "HOLD", "kestrel_score >= 85", "Kestrel high risk", "2023-02-20", "CR-2023-03",
     "Vendor score 0-100, threshold from the Kestrel integration guide", "all"),
    ("R05", 50, "HOLD", "purpose == 'own_account' and payee_new and amount >= 1000 and "
     "(cop_result != 'MATCH' or device_new_h <= 72)", "Safe-account pattern", "2025-11-17", "CR-2025-31",
     "New own-account payee with a name mismatch or a new device in the last 72 h", "fixed"),
    ("R06", 60, "HOLD", "purpose == 'goods' and payee_type == 'personal' and payee_new and amount >= 100",
     "Marketplace purchase", "2025-09-08", "CR-2025-22",
     "Purchase scams are 45% of cases: raises the detection rate towards the 75% target", "base"),
    ("R07", 70, "HOLD", "payee_new and amount >= 5000", "Large payment to a new payee", "2022-11-14",
     "CR-2022-17", "", "all"),
    ("R09", 65, "ALLOW", "purpose == 'property' and payee_type == 'business' and cop_result == 'MATCH'",
     "House-purchase completions", "2025-10-06", "CR-2025-27",
     "Completion payments to a conveyancer whose name matches: held completions cost more than they save",
     "fixed"),
]


def legacy_rule_rows(params: dict) -> list[dict]:
    own_fixed = bool(_p(params, "own_account_fixed", False))
    rows = []
    for rid, prio, action, cond, name, since, ref, notes, which in LEGACY_RULES:
        if (which == "base" and own_fixed) or (which == "fixed" and not own_fixed):
            continue
        rows.append({"rule_id": rid, "priority": prio, "enabled": 1, "action": action, "condition": cond,
                     "name": name, "since": since, "change_ref": ref, "notes": notes})
    return rows


def rules_csv(params: dict) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=RULE_COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in legacy_rule_rows(params):
        w.writerow(r)
    return buf.getvalue()


def trusted_csv() -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["payee_id", "name", "category", "institution", "added", "approved_by"])
    for pid, name, cat, inst, added in TRUSTED_PAYEES:
        w.writerow([pid, name, cat, inst, added, "FRCB"])
    return buf.getvalue()


# A small, safe expression language: comparisons, and/or/not, in, arithmetic, constants and field names.
FIELDS = ("amount", "balance_before", "balance_share", "customer_age", "tenure_m", "channel", "payee_type",
          "payee_inst", "payee_new", "cop_result", "purpose", "device_new_h", "kestrel_score", "trusted_payee",
          "hour", "weekday")


_OK_NODES = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.Compare, ast.Eq,
             ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Name, ast.Load, ast.Constant,
             ast.Tuple, ast.List, ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.Div)


def compile_condition(text: str):
    tree = ast.parse(text.strip() or "False", mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, _OK_NODES):
            raise ValueError(f"not allowed in a rule condition: {type(node).__name__}")
        if isinstance(node, ast.Name) and node.id not in FIELDS and node.id not in ("True", "False"):
            raise ValueError(f"unknown field {node.id!r}")
    return compile(tree, "<rule>", "eval")


def payment_fields(p: dict) -> dict:
    bal = p["balance_before"] or 0.0
    ts = dt.datetime.strptime(p["created_at"], "%Y-%m-%d %H:%M")
    dev = p["device_new_h"]
    return {
        "amount": p["amount"], "balance_before": bal, "balance_share": (p["amount"] / bal) if bal > 0 else 1.0,
        "customer_age": p["customer_age"], "tenure_m": p["tenure_m"], "channel": p["channel"],
        "payee_type": p["payee_type"], "payee_inst": p["payee_inst"], "payee_new": bool(p["payee_new"]),
        "cop_result": p["cop_result"], "purpose": p["purpose"], "device_new_h": 9999.0 if dev is None else dev,
        "kestrel_score": p["kestrel_score"], "trusted_payee": p["payee_id"] in TRUSTED_IDS, "hour": ts.hour,
        "weekday": ts.weekday(),
    }


def decide(rows: list[dict], payments: list[dict], on_date: bool = False) -> dict[str, tuple[str, str]]:
    """payment_id -> (HOLD/RELEASE, rule id). With on_date, a rule applies only from its `since` date."""
    rules = sorted(((float(r["priority"]), r["rule_id"], r["action"].upper(), compile_condition(r["condition"]),
                     r.get("since") or "") for r in rows
                    if str(r.get("enabled", 1)).strip().lower() not in ("0", "false", "no", "n", "off")),
                   key=lambda x: (x[0], x[1]))
    out = {}
    for p in payments:
        f = payment_fields(p)
        res = ("RELEASE", "DEFAULT")
        for _prio, rid, action, code, since in rules:
            if on_date and since and p["created_at"][:10] < since:
                continue
            if eval(code, {"__builtins__": {}}, f):  # compiled from a whitelisted AST
                res = ("HOLD" if action == "HOLD" else "RELEASE", rid)
                break
        out[p["payment_id"]] = res
    return out


# ----------------------------------------------------------------------------- helpers

def _p(params: dict, key: str, default: Any) -> Any:
    v = params.get(key, default)
    return default if v is None else v


def _pick(rng: random.Random, weighted: dict[str, float]) -> str:
    x = rng.random() * sum(weighted.values())
    for k, w in weighted.items():
        x -= w
        if x <= 0:
            return k
    return list(weighted)[-1]


def _cop(rng: random.Random, probs: tuple[float, ...]) -> str:
    return _pick(rng, dict(zip(COP, probs, strict=True)))


def _amount(rng: random.Random, spec: tuple[float, float, float, float], round10: float) -> float:
    med, sigma, lo, hi = spec
    a = min(hi, max(lo, rng.lognormvariate(math.log(med), sigma)))
    if rng.random() < round10:
        step = 100 if a >= 2000 else 10
        a = max(lo, round(a / step) * step)
    return round(a, 2)


def _month_days(month: str) -> list[dt.date]:
    y, m = map(int, month.split("-"))
    d = dt.date(y, m, 1)
    out = []
    while d.month == m:
        out.append(d)
        d += dt.timedelta(days=1)
    return out


HOUR_W = {h: w for h, w in zip(range(24), [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 3, 5, 7, 8, 8, 9, 9, 8, 8, 8, 8, 9, 9,
                                              8, 6, 4, 2], strict=True)}


DAY_HOUR_W = {h: (w if 9 <= h <= 17 else w * 0.15) for h, w in HOUR_W.items()}


def _stamp(rng: random.Random, day: dt.date, daytime: bool = False) -> str:
    h = int(_pick(rng, {str(k): v for k, v in (DAY_HOUR_W if daytime else HOUR_W).items()}))
    return f"{day.isoformat()} {h:02d}:{rng.randrange(60):02d}"


def caution_in_force(date: str, params: dict) -> bool:
    until = str(_p(params, "caution_until", ""))
    return not until or date < until


# caution_lifted: from `close_match_from`, invoice-redirection fraudsters open receiving accounts in a name one letter
# off the real firm's, so Confirmation of Payee says CLOSE_MATCH instead of NO_MATCH.
CLOSE_MATCH_INVOICE_COP = (0.10, 0.62, 0.25, 0.03)


def invoice_surge(month: str, params: dict) -> float:
    """The close-match fraudsters bring more invoice-redirection cases (caution_lifted only)."""
    since = str(_p(params, "close_match_from", ""))
    if not since or month < since[:7]:
        return 1.0
    return 2.6 if month >= PROD_MONTH else 2.0


def invoice_cop(rng: random.Random, kind: str, cop: str, day: str, params: dict) -> str:
    since = str(_p(params, "close_match_from", ""))
    if kind != "invoice" or not since or day < since:
        return cop
    return _cop(rng, CLOSE_MATCH_INVOICE_COP)


def kestrel_fallback(created_at: str) -> bool:
    return any(a <= created_at < b for a, b in KESTREL_FALLBACK)


def kestrel_value(u: float, created_at: str, params: dict) -> float:
    v4_from = str(_p(params, "kestrel_v4_from", ""))
    if v4_from and created_at[:10] >= v4_from and not kestrel_fallback(created_at):
        return round(u ** V4_EXPONENT, 4)
    return float(min(99, int(u * 100)))


def app_purpose(rng: random.Random, kind: str, purpose: str, created_at: str) -> str:
    """The purpose as picked in the app on that day: from release 7.2 some own-account moves are 'savings'."""
    if purpose != "own_account" or created_at[:10] < APP_RELEASE or kind not in SAVINGS_SHARE:
        return purpose
    return "savings" if rng.random() < SAVINGS_SHARE[kind] else purpose


def mule_share(month: str, params: dict) -> float:
    inst = str(_p(params, "mule_inst", ""))
    if not inst:
        return 0.0
    return {"2025-11": 0.35, "2025-12": 0.45, "2026-01": 0.55, "2026-02": 0.6}.get(month, 0.6 if month >= "2026-02"
                                                                                  else 0.0)
