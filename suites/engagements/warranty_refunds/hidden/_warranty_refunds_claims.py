"""warranty_refunds' claims: the simulated claim months and the claims database
they are written to. Part of the grader (grader.py)."""

import calendar
import datetime as dt
import random
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from _warranty_refunds_catalogue import (
    CODES,
    DEFECT_CODES,
    DIAG,
    DIAG_FR6_NFF,
    DIAG_X02,
    DW4_VENT_FIX_WEEK,
    E34_MODELS,
    EASTMERE,
    EASTMERE_FF42_FROM,
    FR6_GAP_WEEKS,
    FR6_LOT_WEEKS,
    LINE2_FIRST_MODELS,
    LINE2_MORE_FROM,
    LINE2_MORE_MODELS,
    MILLBROOK_TECH,
    MISUSE_CODES,
    MODEL_WEIGHTS,
    MODELS,
    REPAIR_CENTRES,
    RETAILERS,
    SOUTHGATE,
    TECHNICIANS,
    V2_TO_V3,
    WARRANTY_MONTHS,
    WESTHOLM,
    WESTHOLM_TABLETS_FROM,
    _flag,
    _p,
    add_months,
    batch_table,
    in_line2_block,
    line2_base,
    line2_from,
    line2_qty,
    monday_of,
    parse_serial,
    serial_of,
    southgate_v2,
    week_code,
)

from worktrial.kit.grader import Traffic

# ----------------------------------------------------------------------------- claims

@dataclass
class Claim:
    claim_id: str
    received: dt.date
    customer_ref: str
    retailer_id: str
    model: str
    serial: str
    purchase: dt.date
    fault_reported: dt.date
    refund: float
    rc_id: str
    report_date: dt.date
    technician: str
    code_true: str
    code_reported: str
    component: str
    diagnosis: str
    kind: str                      # generation kind (authors' view; the grader re-derives the truth)
    delivery: dt.date | None = None
    email: str = ""
    language: str = "en"
    prelim: str = ""               # report id suffix of an intake placeholder report ("" = none)
    extra: dict[str, Any] = field(default_factory=dict)


KIND_WEIGHTS = [("defect", 0.64), ("e34", 0.05), ("misuse", 0.13), ("nff", 0.04), ("oow", 0.04),
                ("counterfeit", 0.015), ("grey", 0.015), ("duplicate", 0.02)]


ONLINE = ("R03", "R04")


# How Westholm's tablet app writes a v3 code (history) and the forms that turn up later (production only).
WESTHOLM_STYLES_HISTORY = ("lower_dash", "dash")


WESTHOLM_STYLES_NEW = ("lower_dash", "dash", "space", "lower", "dot")


MAIN_BOARD_WORDINGS_NEW = ("main control board", "Main control board", "main PCB", "control board (main)",
                           "main control board ")


def westholm_form(code: str, style: str) -> str:
    head, tail = code[0], code[1:]
    return {"lower_dash": f"{head.lower()}-{tail}", "dash": f"{head}-{tail}", "space": f"{head} {tail}",
            "lower": code.lower(), "dot": f"{head}.{tail}"}.get(style, code)


def _diagnosis(rng: random.Random, model: str, code: str, component: str) -> str:
    if code == "X02":
        key = "main control board" if is_main_board(component) else component
        return DIAG_X02.get(key, DIAG_X02["power supply board"])
    if code == "N00" and model == "FR6":
        return DIAG_FR6_NFF
    if code == "X01" and model == "TD2":
        return "Coins and a hairgrip caught behind the drum paddle, drum scratched."
    if code == "X03" and model == "FR6":
        return "Cabinet dented at rear corner, compressor mounting bent: transport damage."
    return rng.choice(DIAG[code])


def is_main_board(component: str | None) -> bool:
    c = (component or "").strip().lower()
    return "main" in c and ("board" in c or "pcb" in c)


def _component(rng: random.Random, model: str, code: str) -> str:
    if code == "X02":
        if model == "DW4":
            return rng.choice(["door keypad", "power supply board"])
        return rng.choice(["main control board", "power supply board", "door keypad"])
    if code == "X01":
        return "drum" if model == "TD2" else "drain pump"
    if code == "X05":
        return rng.choice(["heating element", "drain pump"])
    if code == "R14" and model == "OV3":
        return "oven thermostat"
    return CODES[code][2]


class _Gen:
    """Draws claims for one month with a fixed RNG. `production` switches on what history has not seen yet."""

    def __init__(self, traffic: Traffic, month: str, params: dict, register_serials: list[tuple[str, str]],
                 production: bool = False):
        self.traffic = traffic
        self.rng = traffic.rng
        self.month = month
        self.params = params
        self.production = production
        self.batches = batch_table(params)
        y, m = int(month[:4]), int(month[5:7])
        self.d0 = dt.date(y, m, 1)
        self.d1 = dt.date(y, m, calendar.monthrange(y, m)[1])
        self.register = register_serials  # (serial, refund_date) refunded before this month
        self.used_serials: set[str] = set()

    def _week_ok(self, model: str, plant: str, wc: int, market: str | None = "NORD") -> bool:
        b = self.batches.get((model, plant, wc))
        return b is not None and (market is None or b[1] == market)

    def _serial(self, model: str, plant: str, wc: int, bad: bool = False, line2: int | None = None) -> str:
        qty = self.batches[(model, plant, wc)][0]
        for _ in range(50):
            seq = self.rng.randint(qty + 300, 99000) if bad else self.rng.randint(1, qty)
            if bad and line2_from(self.params) and in_line2_block(seq):
                continue  # a made-up number, not one of line 2's
            if line2 is not None:
                seq = line2_base(model) - 1 + self.rng.randint(1, line2)
            s = serial_of(model, plant, wc, seq)
            if s not in self.used_serials:
                self.used_serials.add(s)
                return s
        raise RuntimeError("serial space exhausted")

    def _delivery(self, retailer: str, purchase: dt.date, late: int | None) -> dt.date | None:
        rng = self.rng
        if late is not None:
            return purchase + dt.timedelta(days=late)
        if retailer in ONLINE:
            return purchase + dt.timedelta(days=rng.randint(2, 9) if rng.random() < 0.85 else rng.randint(10, 20))
        if rng.random() < 0.45:
            return None  # taken home from the store: no delivery recorded
        return purchase + dt.timedelta(days=rng.randint(0, 4))

    def make(self, spec: dict) -> Claim | None:
        rng = self.rng
        kind = spec["kind"]
        model = spec.get("model") or self.traffic.pick(dict(MODEL_WEIGHTS))
        if kind == "e34" and model not in E34_MODELS:
            kind = "defect"
        plants = MODELS[model][2]
        received = self.d0 + dt.timedelta(days=rng.randint(0, (self.d1 - self.d0).days))
        report_date = received - dt.timedelta(days=rng.randint(1, 6))
        fault = report_date - dt.timedelta(days=rng.randint(1, 10))
        late = spec.get("late_delivery")
        duplicate_of = None
        for _ in range(200):
            plant = spec.get("plant") or rng.choice(plants)
            weeks = spec.get("weeks")
            if kind == "duplicate":
                cands = [s for s, rd in self.register if s[:3] == model and rd < received.isoformat()]
                if not cands:
                    return None
                duplicate_of = rng.choice(cands)
                ps = parse_serial(duplicate_of)
                plant, wc = ps[1], ps[2]
                build = monday_of(wc) + dt.timedelta(days=rng.randint(0, 4))
                purchase = build + dt.timedelta(days=rng.randint(14, 120))
            elif weeks:
                wc = rng.choice(list(weeks))
                if not self._week_ok(model, plant, wc):
                    continue
                build = monday_of(wc) + dt.timedelta(days=rng.randint(0, 4))
                purchase = build + dt.timedelta(days=rng.randint(14, 120))
            elif late is not None:
                # bought more than 24 months before the fault, delivered less than 24 months before it
                purchase = add_months(fault, -WARRANTY_MONTHS) - dt.timedelta(days=rng.randint(3, late - 3))
                build = purchase - dt.timedelta(days=rng.randint(14, 140))
                wc = week_code(build)
                if not self._week_ok(model, plant, wc):
                    continue
                break
            else:
                age = rng.randint(750, 880) if kind == "oow" else int(rng.triangular(20, 725, 250))
                purchase = fault - dt.timedelta(days=age)
                build = purchase - dt.timedelta(days=rng.randint(14, 140))
                wc = week_code(build)
                market = "EXP" if kind == "grey" else spec.get("market", "NORD")
                if not self._week_ok(model, plant, wc, market):
                    continue
            if kind != "oow" and fault > add_months(purchase, WARRANTY_MONTHS) - dt.timedelta(days=60):
                continue
            if kind == "oow" and fault <= add_months(purchase, WARRANTY_MONTHS) + dt.timedelta(days=25):
                continue
            if purchase > fault - dt.timedelta(days=10):
                continue
            if spec.get("week_pred") and not spec["week_pred"](plant, wc):
                continue
            if not (kind in ("duplicate", "grey") or weeks) and (model, plant) == ("FR6", "K") and \
                    2519 <= wc <= 2527 and kind == "nff":
                continue
            break
        else:
            return None
        if kind == "duplicate":
            serial = duplicate_of
        elif kind == "counterfeit":
            serial = self._serial(model, plant, wc, bad=True)
        elif spec.get("line2"):
            serial = self._serial(model, plant, wc, line2=line2_qty(model, wc))
        else:
            serial = self._serial(model, plant, wc)
        if kind in ("defect", "oow", "counterfeit", "grey", "duplicate"):
            code = spec.get("code") or rng.choice(DEFECT_CODES[model])
        elif kind == "e34":
            code = "E34"
        elif kind == "misuse":
            code = spec.get("code") or rng.choice(MISUSE_CODES[model])
        else:
            code = "N00"
        component = spec.get("component") or _component(rng, model, code)
        diagnosis = _diagnosis(rng, model, code, component)
        if self.production and is_main_board(component):
            component = rng.choice(MAIN_BOARD_WORDINGS_NEW)  # the centres' new app lists parts its own way
        rc = spec.get("rc") or self.traffic.pick({k: v[3] for k, v in REPAIR_CENTRES.items()})
        reported = code
        technician = spec.get("technician") or rng.choice(TECHNICIANS[rc])
        if southgate_v2(self.params, rc, technician, report_date.isoformat()):
            reported = V2_TO_V3.get(code, code)
        if _flag(self.params, "westholm_case") and rc == WESTHOLM and \
                report_date.isoformat() >= WESTHOLM_TABLETS_FROM and rng.random() < 0.4:
            styles = WESTHOLM_STYLES_NEW if self.production else WESTHOLM_STYLES_HISTORY
            reported = westholm_form(code, rng.choice(styles))
        prelim = ""
        if _flag(self.params, "eastmere_intake") and rc == EASTMERE and \
                report_date.isoformat() >= EASTMERE_FF42_FROM and rng.random() < 0.3:
            prelim = rng.choice(("-P", "-PRE", "-P1")) if self.production else "-P"
        retailer = spec.get("retailer") or self.traffic.pick({"R01": 0.25, "R02": 0.22, "R03": 0.2, "R04": 0.2,
                                                                "R05": 0.13})
        price = float(rng.choice(MODELS[model][3]))
        cref = f"C{rng.randint(100000, 999999)}"
        no_mail = rng.random() < (0.5 if retailer == "R05" else 0.07)
        email = "" if no_mail else f"{cref.lower()}@{rng.choice(MAIL_DOMAINS)}"
        language = "sv" if rng.random() < (0.5 if rc == WESTHOLM else 0.14) else "en"
        return Claim(
            claim_id="", received=received, customer_ref=cref, retailer_id=retailer,
            model=model, serial=serial, purchase=purchase, fault_reported=fault, refund=price, rc_id=rc,
            report_date=report_date, technician=technician, code_true=code,
            code_reported=reported, component=component, diagnosis=diagnosis, kind=kind,
            delivery=self._delivery(retailer, purchase, late), email=email, language=language, prelim=prelim,
        )


MAIL_DOMAINS = ("mailbox.example", "posten.example", "webmail.example", "nordnet.example")


def _forced_specs(params: dict, scale: float, month: str) -> list[dict]:
    """Claims every month must contain, so that each variant's rule matters (and each wrong rule hurts)."""
    def n(x: float) -> int:
        return max(1, int(round(x * scale)))

    dw4_vent = _flag(params, "dw4_vent_defect")
    lot = _flag(params, "fr6_lot_defect")
    specs: list[dict] = []
    # DW-4 X02 on the main control board: built before the baffle, after it, and X02 on other parts
    specs += [{"kind": "misuse", "model": "DW4", "plant": "K", "code": "X02", "component": "main control board",
               "week_pred": lambda p, w: w < DW4_VENT_FIX_WEEK}] * n(20 if dw4_vent else 4)
    specs += [{"kind": "misuse", "model": "DW4", "plant": "K", "code": "X02", "component": "main control board",
               "weeks": [w for w in range(2536, 2553)] + [w for w in range(2601, 2604)]}] * n(6)
    specs += [{"kind": "misuse", "model": "DW4", "code": "X02"}] * n(4)
    # FR-6 no-fault-found: in the Arvent relay lot, next to it (second source), and from Tarnowo
    ramp = {"2025-09": 0.45, "2025-10": 0.6, "2025-11": 0.75, "2025-12": 0.85}.get(month, 1.0)
    specs += [{"kind": "nff", "model": "FR6", "plant": "K", "code": "N00", "weeks": FR6_LOT_WEEKS}] * n(
        16 * ramp if lot else 4)
    specs += [{"kind": "nff", "model": "FR6", "plant": "K", "code": "N00", "weeks": FR6_GAP_WEEKS}] * n(3)
    specs += [{"kind": "nff", "model": "FR6", "plant": "T", "code": "N00",
               "weeks": [w for w in range(2517, 2530)]}] * n(3)
    # Southgate pump / motor / foreign object / impact cases (the codes its v2 feed swaps)
    sg = float(_p(params, "southgate_cases_scale", 1.0))
    specs += [{"kind": "defect", "model": m, "code": "E21", "rc": SOUTHGATE} for m in ("WM5", "WM7", "DW4")] * n(4 * sg)
    specs += [{"kind": "defect", "model": m, "code": "E10", "rc": SOUTHGATE} for m in ("WM5", "WM7", "TD2")] * \
        n(2.7 * sg)
    specs += [{"kind": "misuse", "model": m, "code": "X01", "rc": SOUTHGATE} for m in ("WM5", "DW4")] * n(3 * sg)
    specs += [{"kind": "misuse", "model": m, "code": "X03", "rc": SOUTHGATE} for m in ("WM7", "FR6", "OV3")] * n(2 * sg)
    # from its ServiceDesk 9 go-live Millbrook also takes the Harbour Road jobs it cannot fit in (unseen months)
    mill = str(_p(params, "millbrook_sd9_from", "") or "")
    if _flag(params, "southgate_v2_feed") and mill and month >= mill[:7]:
        specs += [{"kind": "defect", "model": m, "code": "E21", "rc": SOUTHGATE, "technician": MILLBROOK_TECH}
                  for m in ("WM5", "DW4")] * n(2)
        specs += [{"kind": "defect", "model": m, "code": "E10", "rc": SOUTHGATE, "technician": MILLBROOK_TECH}
                  for m in ("WM7", "TD2")] * n(1)
        specs += [{"kind": "misuse", "model": m, "code": "X01", "rc": SOUTHGATE, "technician": MILLBROOK_TECH}
                  for m in ("WM5", "DW4")] * n(1)
    specs += _line2_specs(params, scale, month)
    # online orders delivered weeks after the purchase, failing between the two 24-month anniversaries
    late = float(_p(params, "late_delivery_claims", 16)) if _flag(params, "delivery_basis") else 4
    specs += [{"kind": "defect", "retailer": r, "late_delivery": d} for r, d in
              (("R03", 30), ("R04", 41), ("R04", 52), ("R03", 26))] * n(late / 4)
    # appliances of the Baltic retail programme (where that market exists)
    if _flag(params, "balt_market"):
        specs += [{"kind": "defect", "model": m, "plant": "K", "market": "BALT"} for m in ("FR6", "WM7")] * n(9)
        specs += [{"kind": "misuse", "model": m, "plant": "K", "market": "BALT"} for m in ("FR6", "WM7")] * n(1.5)
    return specs


# Claims on Tarnowo line 2's appliances per month and model (bad_data): few in the history, many once the line
# runs at full rate; washers and fridge-freezers from line 2 reach the unseen months only.
LINE2_RAMP = {"2025-11": 1, "2025-12": 2, "2026-01": 3, "2026-02": 4}


def _line2_specs(params: dict, scale: float, month: str) -> list[dict]:
    start = line2_from(params)
    if not start:
        return []
    last = week_code(dt.date(int(month[:4]), int(month[5:7]), 1) - dt.timedelta(days=28))
    weeks = [w for w in range(start, last + 1) if 1 <= w % 100 <= 52]
    if not weeks:
        return []
    unseen = month > "2026-02"
    first = LINE2_RAMP.get(month, 14 if unseen else 0)
    specs: list[dict] = []
    for m in LINE2_FIRST_MODELS:
        specs += [{"kind": "defect", "model": m, "plant": "T", "weeks": weeks, "line2": True}] * round(first * scale)
        specs += [{"kind": "misuse", "model": m, "plant": "T", "weeks": weeks, "line2": True}] * \
            round(first * scale / 5)
    more = [w for w in weeks if w >= LINE2_MORE_FROM]
    if unseen and more:
        for m in LINE2_MORE_MODELS:
            specs += [{"kind": "defect", "model": m, "plant": "T", "weeks": more, "line2": True}] * round(24 * scale)
    # made-up serials on recent Tarnowo builds: refusals that must stand (a wave of them in the unseen months)
    fakes = 20 if unseen else (1 if month >= "2025-11" else 0)
    for m in LINE2_FIRST_MODELS + LINE2_MORE_MODELS:
        specs += [{"kind": "counterfeit", "model": m, "plant": "T", "weeks": weeks}] * round(fakes * scale / 2)
    return specs


def simulate_month(traffic: Traffic, month: str, params: dict, n_regular: int, scale: float,
                   register: list[tuple[str, str]], production: bool = False) -> list[Claim]:
    gen = _Gen(traffic, month, params, register, production)
    specs = [{"kind": traffic.pick(dict(KIND_WEIGHTS))} for _ in range(n_regular)] + _forced_specs(params, scale, month)
    claims = []
    for spec in specs:
        c = gen.make(spec)
        if c is not None:
            claims.append(c)
    claims.sort(key=lambda c: (c.received, c.customer_ref))
    yymm = month[2:4] + month[5:7]
    for i, c in enumerate(claims, 1):
        c.claim_id = f"WR-{yymm}-{i:05d}"
    return claims


# ----------------------------------------------------------------------------- database

SCHEMA = """
CREATE TABLE models (
  model_code TEXT PRIMARY KEY, product_type TEXT, model_name TEXT, plants TEXT, launched TEXT);
CREATE TABLE production_batches (
  model_code TEXT, plant TEXT, build_week TEXT, qty INTEGER, market TEXT,
  PRIMARY KEY (model_code, plant, build_week));
CREATE TABLE repair_centres (
  rc_id TEXT PRIMARY KEY, name TEXT, region TEXT, feed_system TEXT);
CREATE TABLE retailers (retailer_id TEXT PRIMARY KEY, name TEXT, channel TEXT);
CREATE TABLE claims (
  claim_id TEXT PRIMARY KEY, received_date TEXT, customer_ref TEXT, retailer_id TEXT, model_code TEXT,
  serial_no TEXT, purchase_date TEXT, delivery_date TEXT, fault_reported_date TEXT, refund_eur REAL, rc_id TEXT,
  contact_email TEXT, language TEXT, status TEXT);
CREATE TABLE repair_reports (
  report_id TEXT PRIMARY KEY, claim_id TEXT, rc_id TEXT, report_date TEXT, technician TEXT,
  failure_code TEXT, component TEXT, diagnosis TEXT);
CREATE TABLE refund_register (serial_no TEXT, refund_date TEXT, claim_id TEXT);
CREATE TABLE decisions (
  claim_id TEXT PRIMARY KEY, decided_date TEXT, decision TEXT, reason_code TEXT, rule_version TEXT);
CREATE TABLE inspections (
  claim_id TEXT PRIMARY KEY, booked_date TEXT, inspected_date TEXT, result TEXT, finding TEXT);
CREATE TABLE appeals (
  appeal_id TEXT PRIMARY KEY, claim_id TEXT, lodged_date TEXT, board_case_ref TEXT, grounds TEXT,
  outcome TEXT, outcome_date TEXT, board_reason TEXT);
CREATE TABLE audit_findings (
  finding_id TEXT PRIMARY KEY, claim_id TEXT, found_date TEXT, finding TEXT, detail TEXT);
CREATE TABLE customer_letters (
  letter_id INTEGER PRIMARY KEY, claim_id TEXT, template TEXT, sent_date TEXT);
CREATE TABLE complaints (
  complaint_id TEXT PRIMARY KEY, received_date TEXT, channel TEXT, claim_id TEXT, customer_ref TEXT,
  text TEXT);
CREATE INDEX ix_reports_claim ON repair_reports(claim_id);
"""


def _write_static(conn: sqlite3.Connection, params: dict) -> None:
    conn.executemany("INSERT INTO models VALUES (?,?,?,?,?)",
                     [(m, v[0], v[1], ",".join(v[2]), v[4]) for m, v in MODELS.items()])
    conn.executemany("INSERT INTO production_batches VALUES (?,?,?,?,?)",
                     [(m, p, f"{w:04d}", q, mk) for (m, p, w), (q, mk) in sorted(batch_table(params).items())])
    conn.executemany("INSERT INTO repair_centres VALUES (?,?,?,?)",
                     [(k, v[0], v[1], v[2]) for k, v in REPAIR_CENTRES.items()])
    conn.executemany("INSERT INTO retailers VALUES (?,?,?)", RETAILERS)


def delivery_text(c: Claim) -> str | None:
    """As the retail portal passes it on: Brightmart's marketplace writes day.month.year, the rest ISO."""
    if c.delivery is None:
        return None
    if c.retailer_id == "R04":
        return c.delivery.strftime("%d.%m.%Y")
    return c.delivery.isoformat()


INTAKE_DIAG = "Intake check at the counter - unit booked in, diagnosis to follow."


def _insert_claims(conn: sqlite3.Connection, claims: list[Claim], status: str) -> None:
    for c in claims:
        conn.execute("INSERT INTO claims VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                     (c.claim_id, c.received.isoformat(), c.customer_ref, c.retailer_id, c.model, c.serial,
                      c.purchase.isoformat(), delivery_text(c), c.fault_reported.isoformat(), c.refund, c.rc_id,
                      c.email or None, c.language, status))
        rid = f"RR-{c.rc_id[3:]}-{c.claim_id[3:]}"
        conn.execute("INSERT INTO repair_reports VALUES (?,?,?,?,?,?,?,?)",
                     (rid, c.claim_id, c.rc_id, c.report_date.isoformat(),
                      c.technician, c.code_reported, c.component, c.diagnosis))
        if c.prelim:  # FixFlow 4.2 files the counter's intake record as a second report of the same day
            conn.execute("INSERT INTO repair_reports VALUES (?,?,?,?,?,?,?,?)",
                         (rid + c.prelim, c.claim_id, c.rc_id, c.report_date.isoformat(), "Counter", "N00", "-",
                          INTAKE_DIAG))


def _old_register(rng: random.Random, n: int, until: dt.date) -> list[tuple[str, str, str]]:
    """Refunds paid before the data window: (serial, refund_date, claim_id)."""
    table = batch_table({})
    keys = sorted(table)
    out = []
    seen = set()
    while len(out) < n:
        m, p, w = rng.choice(keys)
        qty, market = table[(m, p, w)]
        if market != "NORD":
            continue
        bd = monday_of(w)
        rd = bd + dt.timedelta(days=rng.randint(120, 700))
        if rd >= until:
            continue
        s = serial_of(m, p, w, rng.randint(1, qty))
        if s in seen:
            continue
        seen.add(s)
        out.append((s, rd.isoformat(), f"WR-{rd.strftime('%y%m')}-{rng.randint(1, 480):05d}"))
    out.sort(key=lambda r: r[1])
    return out
