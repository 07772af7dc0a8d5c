"""app_scam_holds' payments: one simulated month, what a hold is worth, the
payments database and the committed history. Part of the grader (grader.py)."""

import datetime as dt
import math
import random
import sqlite3
from pathlib import Path

from _app_scam_holds_bank import (
    APP_RELEASE,
    ATTRITION,
    CHUNKED_SAFE_ACCOUNT,
    EXTRACT_CUTOFF,
    HISTORY_MONTHS,
    HISTORY_SCAM_TREND,
    INSTITUTIONS,
    LEGIT_KINDS,
    LEGIT_PER_MONTH,
    MULE_PER_MONTH,
    OPS_COST,
    REIMB_CAP,
    REIMB_EXCESS,
    SCAM_KINDS,
    SCAM_LABELS,
    SCAMS_PER_MONTH,
    SENDING_SHARE,
    TRUSTED_FOR_KIND,
    TRUSTED_IDS,
    TRUSTED_INST,
    _amount,
    _cop,
    _month_days,
    _p,
    _pick,
    _stamp,
    app_purpose,
    caution_in_force,
    decide,
    invoice_cop,
    invoice_surge,
    kestrel_value,
    legacy_rule_rows,
    mule_share,
)

# ----------------------------------------------------------------------------- simulation of one month

# mule_emi: from February the network also opens accounts at a second e-money institution (`mule_spread`).
MULE_SPREAD_SHARE = {"2026-02": 0.3, "2026-03": 0.5}


def _mule_target(rng: random.Random, month: str, params: dict) -> str:
    mule, spread = str(_p(params, "mule_inst", "")) or "QFP", str(_p(params, "mule_spread", ""))
    if spread and rng.random() < MULE_SPREAD_SHARE.get(month, 0.0):
        return spread
    return mule


def _scam_inst(rng: random.Random, kind: str, month: str, params: dict, payee_type: str) -> str:
    mule = str(_p(params, "mule_inst", ""))
    if kind == "mule_fee":
        return _mule_target(rng, month, params) if month in MULE_SPREAD_SHARE else mule or "QFP"
    if mule and payee_type == "personal" and rng.random() < mule_share(month, params):
        return _mule_target(rng, month, params) if month in MULE_SPREAD_SHARE else mule
    return _pick(rng, {i[0]: i[4] for i in INSTITUTIONS})


def simulate_month(rng: random.Random, month: str, params: dict, legit_n: int, scam_counts: dict[str, int],
                   used_payees: set[str]) -> list[dict]:
    """Payments of one month (sorted by time) with their hidden truth (`kind`, `scam`)."""
    days = _month_days(month)
    pays: list[dict] = []

    def new_payee() -> str:
        while True:
            pid = f"PY{rng.getrandbits(28):07x}"
            if pid not in used_payees and pid not in TRUSTED_IDS:
                used_payees.add(pid)
                return pid

    def latent(flag_p: float, scam: bool) -> float:
        if rng.random() < flag_p:
            return 0.85 + 0.1499 * rng.betavariate(1.3, 1.8)
        return 0.85 * (rng.betavariate(3.0, 2.2) if scam else rng.betavariate(1.8, 3.2))

    def device(p_recent: float, recent_h: float = 48.0) -> float | None:
        if rng.random() < p_recent:
            return round(rng.uniform(0.2, recent_h), 1)
        if rng.random() < 0.08:
            return round(rng.uniform(0.2, 720.0), 1)
        return None

    kinds = list(LEGIT_KINDS)
    weights = {k: LEGIT_KINDS[k]["share"] for k in kinds}
    for _ in range(legit_n):
        kind = _pick(rng, weights)
        spec = LEGIT_KINDS[kind]
        business = rng.random() < spec["business"]
        trusted = business and spec["trusted"] and rng.random() < spec["trusted"]
        if trusted:
            payee = rng.choice(TRUSTED_FOR_KIND.get(kind) or TRUSTED_FOR_KIND["bills"])
            inst = TRUSTED_INST[payee]
        else:
            payee = new_payee()
            inst = _pick(rng, {i[0]: i[3] for i in INSTITUTIONS})
        amount = _amount(rng, spec["amount"], spec["round10"])
        day = rng.choice(days)
        cop = _cop(rng, spec["cop"])
        if kind == "own" and rng.random() < 0.5:
            cop = "MATCH"  # own accounts in the customer's own name
        created = _stamp(rng, day)
        pays.append({
            "kind": kind, "scam": False, "created_at": created,
            "customer_id": f"C{rng.randrange(100000, 999999)}",
            "customer_age": max(18, min(92, int(rng.gauss(46, 17)))), "tenure_m": int(rng.uniform(2, 300)),
            "channel": _pick(rng, {"app": 0.78, "web": 0.17, "branch": 0.03, "phone": 0.02}), "amount": amount,
            "balance_before": float(round(amount / rng.uniform(0.03, 0.6))),
            "payee_id": payee, "payee_type": "business" if business else "personal", "payee_inst": inst,
            "payee_new": 1 if rng.random() < spec["new"] else 0, "cop_result": cop,
            "purpose": app_purpose(rng, kind, _pick(rng, spec["purposes"]), created),
            "device_new_h": device(0.006, 72.0),
            "u": latent(0.010, False),
        })
    for kind, n in scam_counts.items():
        spec = SCAM_KINDS[kind]
        for _ in range(n):
            business = rng.random() < spec["business"]
            payee_type = "business" if business else "personal"
            payee = new_payee()
            inst = _scam_inst(rng, kind, month, params, payee_type)
            day = rng.choice(days)
            chunked = kind == "safe_account" and day.isoformat() >= APP_RELEASE
            amount = _amount(rng, CHUNKED_SAFE_ACCOUNT if chunked else spec["amount"], 0.5)
            follow = 0.45 if chunked else spec["follow"]
            age_lo, age_hi = spec["age"]
            base = {
                "kind": kind, "scam": True, "customer_id": f"C{rng.randrange(100000, 999999)}",
                "customer_age": int(rng.uniform(age_lo, age_hi)), "tenure_m": int(rng.uniform(6, 320)),
                "channel": _pick(rng, {"app": 0.82, "web": 0.15, "branch": 0.02, "phone": 0.01}),
                "payee_id": payee, "payee_type": payee_type, "payee_inst": inst,
                "cop_result": _cop(rng, spec["cop"]), "purpose": _pick(rng, spec["purposes"]),
            }
            created = _stamp(rng, day, daytime=kind == "safe_account")
            base["purpose"] = app_purpose(rng, kind, base["purpose"], created)
            base["cop_result"] = invoice_cop(rng, kind, base["cop_result"], created[:10], params)
            first = dict(base, created_at=created, amount=amount,
                         balance_before=float(round(amount / rng.uniform(*spec["share"]))),
                         payee_new=1 if rng.random() < spec["new"] else 0,
                         device_new_h=device(spec["device"]),
                         # the vendor's model has not seen the chunked pattern yet: it scores like genuine traffic
                         u=latent(0.05, False) if chunked else latent(spec["flag"], True))
            pays.append(first)
            if follow and rng.random() < follow:
                later = day + dt.timedelta(days=rng.randint(3, 12))
                if later.strftime("%Y-%m") == month:
                    lo, hi = (CHUNKED_SAFE_ACCOUNT if chunked else spec["amount"])[2:]
                    a2 = _amount(rng, (min(amount * 1.3, hi) if chunked else amount * 1.3, 0.4, lo, hi), 0.5)
                    pays.append(dict(base, created_at=_stamp(rng, later), amount=a2,
                                     balance_before=float(round(a2 / rng.uniform(*spec["share"]))), payee_new=0,
                                     device_new_h=device(spec["device"] / 2),
                                     u=latent(0.05, False) if chunked else latent(spec["flag"], True)))
    pays.sort(key=lambda p: (p["created_at"], p["customer_id"]))
    yymm = month[2:4] + month[5:7]
    for i, p in enumerate(pays, 1):
        p["payment_id"] = f"FP{yymm}-{i:05d}"
        p["kestrel_score"] = kestrel_value(p["u"], p["created_at"], params)
    return pays


def month_scam_counts(rng: random.Random, month_index: int | None, params: dict) -> dict[str, int]:
    counts = {}
    kinds = dict(SCAMS_PER_MONTH)
    if str(_p(params, "mule_inst", "")):
        kinds["mule_fee"] = MULE_PER_MONTH
    for k, mean in kinds.items():
        if month_index is None:
            counts[k] = mean
        else:
            lam = mean * HISTORY_SCAM_TREND[k][month_index] * (invoice_surge(HISTORY_MONTHS[month_index], params)
                                                             if k == "invoice" else 1.0)
            counts[k] = max(0, round(rng.gauss(lam, math.sqrt(max(lam, 0.01)))))
    return counts


# ----------------------------------------------------------------------------- value of a decision

def liability(p: dict, params: dict) -> float:
    """Pellbrook's reimbursement cost if this scam payment goes through (ARC code as in force)."""
    if p["cop_result"] == "NO_MATCH" and caution_in_force(p["created_at"][:10], params):
        return 0.0
    return SENDING_SHARE * max(0.0, min(p["amount"], REIMB_CAP) - REIMB_EXCESS)


def friction(kind: str) -> float:
    pc, comp = LEGIT_KINDS[kind]["friction"]
    return pc * comp


def hold_value(p: dict, params: dict) -> float:
    """Net benefit of holding this payment (truth needed: p['kind'], p['scam'])."""
    if p["scam"]:
        return SCAM_KINDS[p["kind"]]["stop"] * liability(p, params) - OPS_COST
    return -OPS_COST - ATTRITION - friction(p["kind"])


# ----------------------------------------------------------------------------- database

SCHEMA = """
CREATE TABLE institutions (
  inst_code TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT, arc_participant INTEGER);
CREATE TABLE payments (
  payment_id TEXT PRIMARY KEY, created_at TEXT, customer_id TEXT, customer_age INTEGER, tenure_m INTEGER,
  channel TEXT, amount REAL, balance_before REAL, payee_id TEXT, payee_type TEXT, payee_inst TEXT,
  payee_new INTEGER, cop_result TEXT, purpose TEXT, device_new_h REAL, kestrel_score REAL) WITHOUT ROWID;
CREATE TABLE hold_decisions (
  payment_id TEXT PRIMARY KEY, decision TEXT, rule_id TEXT) WITHOUT ROWID;
CREATE TABLE hold_outcomes (
  payment_id TEXT PRIMARY KEY, closed_at TEXT, outcome TEXT, typology TEXT, handling_min INTEGER)
  WITHOUT ROWID;
CREATE TABLE scam_reports (
  report_id TEXT PRIMARY KEY, payment_id TEXT, reported_at TEXT, typology TEXT, amount REAL,
  reimbursed_gbp REAL, pellbrook_cost_gbp REAL, exception_applied TEXT, status TEXT);
CREATE TABLE complaints (
  complaint_id TEXT PRIMARY KEY, payment_id TEXT, received_at TEXT, category TEXT, summary TEXT,
  compensation_gbp REAL);
CREATE TABLE rule_change_log (
  change_ref TEXT, change_date TEXT, rule_id TEXT, change TEXT, requested_by TEXT, approved_by TEXT,
  rationale TEXT);
CREATE INDEX ix_rep_payment ON scam_reports(payment_id);
"""


PAY_COLS = ["payment_id", "created_at", "customer_id", "customer_age", "tenure_m", "channel", "amount",
            "balance_before", "payee_id", "payee_type", "payee_inst", "payee_new", "cop_result", "purpose",
            "device_new_h", "kestrel_score"]


CHANGE_LOG = [
    ("CR-2022-17", "2022-11-14", "R02,R07", "created", "Fraud Strategy", "FRCB",
     "Engine go-live: trusted payee list and large new-payee rule"),
    ("CR-2023-03", "2023-02-20", "R04", "created", "Fraud Strategy", "FRCB",
     "Kestrel Signal score integrated (v3, 0-100); threshold 85 as recommended in the integration guide"),
    ("CR-2023-09", "2023-06-05", "R01", "created", "Fraud Operations", "FRCB",
     "Own-account transfers were 31% of holds in Q1 2023 with no confirmed scam; release without review"),
    ("CR-2024-05", "2024-03-11", "R03", "created", "Fraud Strategy", "FRCB",
     "CoP no-match: the customer gets the no-match warning; under ARC 4.3 the loss stays with a customer "
     "who proceeds, so a hold adds friction without reducing liability"),
    ("CR-2025-22", "2025-09-08", "R06", "created", "Fraud Strategy", "FRCB",
     "Detection rate 61% vs 75% target; purchase scams are the largest typology by count"),
    ("CR-2025-31", "2025-11-17", "R05", "created", "Fraud Strategy", "FRCB",
     "Safe-account scams through own-account transfers: R01 replaced by a targeted hold"),
]


def change_log(params: dict) -> list[tuple]:
    rows = list(CHANGE_LOG)
    if not bool(_p(params, "own_account_fixed", False)):
        rows = [r for r in rows if r[0] != "CR-2025-31"]
    else:
        rows.append(("CR-2025-31", "2025-11-17", "R01", "retired", "Fraud Strategy", "FRCB",
                     "Replaced by R05 (safe-account pattern)"))
    return sorted(rows, key=lambda r: (r[1], r[0], r[3]))


def _write_payments(conn: sqlite3.Connection, pays: list[dict]) -> None:
    conn.executemany(f"INSERT INTO payments VALUES ({','.join('?' * len(PAY_COLS))})",
                     [tuple(p[c] for c in PAY_COLS) for p in pays])


def _new_db(path: Path, params: dict) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO institutions VALUES (?,?,?,?)",
                     [(c, n, k, 1) for c, n, k, _a, _b in INSTITUTIONS])
    conn.executemany("INSERT INTO rule_change_log VALUES (?,?,?,?,?,?,?)", change_log(params))
    return conn


def _fmt(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M")


def build_history(db_path: Path, params: dict, seed: int = 11) -> dict:
    """Write the 7-month history for this variant's params; returns summary numbers for the docs."""
    rng = random.Random(f"app_scam_holds/history/{seed}")
    used: set[str] = set()
    pays: list[dict] = []
    for i, month in enumerate(HISTORY_MONTHS):
        n = round(rng.gauss(LEGIT_PER_MONTH, 40))
        pays += simulate_month(rng, month, params, n, month_scam_counts(rng, i, params), used)
    decisions = decide(legacy_rule_rows(params), pays, on_date=True)
    conn = _new_db(db_path, params)
    _write_payments(conn, pays)
    cutoff = EXTRACT_CUTOFF
    dec_rows, outcomes, reports, complaints = [], [], [], []
    for p in pays:
        t0 = dt.datetime.strptime(p["created_at"], "%Y-%m-%d %H:%M")
        dec, rid = decisions[p["payment_id"]]
        if rid != "DEFAULT":
            dec_rows.append((p["payment_id"], dec, rid))
        goes_through = True
        if dec == "HOLD":
            closed = t0 + dt.timedelta(minutes=rng.randint(25, 600))
            minutes = max(6, int(rng.gauss(17, 5)))
            if p["scam"]:
                if rng.random() < SCAM_KINDS[p["kind"]]["stop"]:
                    goes_through = False
                    typ = SCAM_LABELS[p["kind"]] if rng.random() < 0.9 else "unclear"
                    outcomes.append((p["payment_id"], _fmt(closed), "cancelled_scam", typ, minutes + 8))
                else:
                    outcomes.append((p["payment_id"], _fmt(closed), "released_customer_insisted", "",
                                     minutes + 10))
            else:
                outcomes.append((p["payment_id"], _fmt(closed), "released_genuine", "", minutes))
                pc, comp = LEGIT_KINDS[p["kind"]]["friction"]
                if rng.random() < pc:
                    received = t0 + dt.timedelta(days=rng.randint(1, 9))
                    if _fmt(received) < cutoff:
                        amount = round(comp * rng.uniform(0.6, 1.4) / 5) * 5
                        complaints.append((None, p["payment_id"], _fmt(received), "payment_delay",
                                           _complaint_text(rng, p["kind"]), float(amount)))
        if p["scam"] and goes_through:
            reported = t0 + dt.timedelta(days=min(60.0, rng.expovariate(1 / 9.0)), hours=rng.randint(1, 12))
            if _fmt(reported) >= cutoff:
                continue
            lia = liability(p, params)
            if lia > 0:
                reimb = max(0.0, min(p["amount"], REIMB_CAP) - REIMB_EXCESS)
                reports.append((None, p["payment_id"], _fmt(reported), SCAM_LABELS[p["kind"]], p["amount"],
                                round(reimb, 2), round(lia, 2), "", "reimbursed"))
            else:
                reports.append((None, p["payment_id"], _fmt(reported), SCAM_LABELS[p["kind"]], p["amount"], 0.0,
                                0.0, "ARC 4.3 caution (CoP no match)", "declined"))
    reports.sort(key=lambda r: r[2])
    complaints.sort(key=lambda r: r[2])
    conn.executemany("INSERT INTO hold_decisions VALUES (?,?,?)", dec_rows)
    conn.executemany("INSERT INTO hold_outcomes VALUES (?,?,?,?,?)", outcomes)
    conn.executemany("INSERT INTO scam_reports VALUES (?,?,?,?,?,?,?,?,?)",
                     [(f"SR-{r[2][2:4]}{r[2][5:7]}-{i:04d}", *r[1:]) for i, r in enumerate(reports, 1)])
    conn.executemany("INSERT INTO complaints VALUES (?,?,?,?,?,?)",
                     [(f"CMP-{r[2][2:4]}{r[2][5:7]}-{i:04d}", *r[1:]) for i, r in enumerate(complaints, 1)])
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
    return {"payments": pays, "decisions": decisions}


COMPLAINT_TEXTS = {
    "property": ["House completion missed: deposit to solicitor held, completion moved to next day",
                 "Completion funds delayed by fraud check; chain collapsed for 24 h, solicitor charged extra",
                 "Held the payment to our conveyancer on completion day"],
    "vehicle": ["Car dealer would not release the car while the payment was held",
                "Held payment for a used car; had to return the next day"],
}


def _complaint_text(rng: random.Random, kind: str) -> str:
    opts = COMPLAINT_TEXTS.get(kind) or ["Payment held for a fraud call; customer unhappy with the delay",
                                         "Payment delayed, customer found the call patronising",
                                         "Payment held for hours; customer missed a deadline"]
    return rng.choice(opts)
