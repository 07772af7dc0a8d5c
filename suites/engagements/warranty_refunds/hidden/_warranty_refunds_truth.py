"""warranty_refunds' ground truth: whether each claim is covered, read from the
claims database with the variant's hidden facts. Part of the grader (grader.py)."""

import datetime as dt
import re
import sqlite3
from dataclasses import dataclass

from _warranty_refunds_catalogue import (
    CODES,
    DW4_VENT_FIX_WEEK,
    EASTMERE,
    EASTMERE_FF42_FROM,
    FR6_LOT_WEEKS,
    LINE2_MORE_FROM,
    LINE2_MORE_MODELS,
    MILLBROOK_TECH,
    PRELIM_RX,
    SOUTHGATE,
    SOUTHGATE_CUTOVER,
    V2_TO_V3,
    WARRANTY_MONTHS,
    WESTHOLM,
    WESTHOLM_TABLETS_FROM,
    _d,
    _flag,
    _p,
    add_months,
    e34_invalid,
    line2_from,
    line2_genuine,
    parse_serial,
    southgate_v2,
)
from _warranty_refunds_claims import is_main_board

# ----------------------------------------------------------------------------- ground truth

@dataclass
class Row:
    claim_id: str
    received: str
    model: str
    serial: str
    purchase: str
    delivery: str | None
    fault_reported: str
    refund: float
    rc_id: str
    email: str
    language: str
    report_date: str | None
    code: str | None
    component: str | None
    technician: str = ""


def load_rows(conn: sqlite3.Connection, only_received: bool = True, month: str | None = None) -> list[Row]:
    """The claims with the repair report that describes them: the latest one that is not an intake placeholder
    (the truth reads what the technician found, whatever order a feed files its records in)."""
    where = "c.status = 'received'" if only_received else "substr(c.received_date, 1, 7) = ?"
    args: tuple = () if only_received else (month,)
    rows = conn.execute(
        "SELECT c.claim_id, c.received_date, c.model_code, c.serial_no, c.purchase_date, c.delivery_date, "
        "c.fault_reported_date, c.refund_eur, c.rc_id, c.contact_email, c.language FROM claims c WHERE " + where +
        " ORDER BY c.received_date, c.claim_id", args
    ).fetchall()
    reports: dict[str, tuple] = {}
    for rid, cid, rdate, code, comp, tech in conn.execute(
            "SELECT report_id, claim_id, report_date, failure_code, component, technician FROM repair_reports "
            "ORDER BY claim_id, report_date, report_id"):
        if PRELIM_RX.search(rid or ""):
            continue
        reports[cid] = (rdate, code, comp, tech)
    out = []
    for r in rows:
        rep = reports.get(r[0], (None, None, None, None))
        out.append(Row(r[0], r[1], r[2], r[3], r[4], r[5], r[6], float(r[7]), r[8], r[9] or "", r[10] or "en",
                       rep[0], rep[1], rep[2], rep[3] or ""))
    return out


def load_register(conn: sqlite3.Connection) -> dict[str, list[str]]:
    reg: dict[str, list[str]] = {}
    for s, d in conn.execute("SELECT serial_no, refund_date FROM refund_register"):
        reg.setdefault(s, []).append(d)
    return reg


def load_batches(conn: sqlite3.Connection) -> dict[tuple[str, str, int], tuple[int, str]]:
    return {(m, p, int(w)): (q, mk) for m, p, w, q, mk in conn.execute(
        "SELECT model_code, plant, build_week, qty, market FROM production_batches")}


def parse_day(text: str | None) -> dt.date | None:
    """An ISO date or the day.month.year one retailer portal writes; None when blank or unreadable."""
    t = (text or "").strip()
    if not t:
        return None
    for fmt in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(t, fmt).date()
        except ValueError:
            continue
    return None


def guarantee_start(r: Row, params: dict) -> dt.date:
    """The day the guarantee starts: the purchase, or the delivery where the published terms say so."""
    if _flag(params, "delivery_basis"):
        return parse_day(r.delivery) or _d(r.purchase)
    return _d(r.purchase)


def _validity_checks(r: Row, params: dict, bt: dict, reg: dict) -> str | None:
    """Serial, market, duplicate and guarantee-period facts of a claim under the variant's truth."""
    ps = parse_serial(r.serial)
    if ps is None or ps[0] != r.model:
        return "counterfeit"
    b = bt.get((ps[0], ps[1], ps[2]))
    if b is None or (ps[3] > b[0] and not line2_genuine(params, ps)):
        return "counterfeit"
    domestic = ("NORD", "BALT") if _flag(params, "balt_market") else ("NORD",)
    if b[1] not in domestic:
        return "grey"
    if any(d < r.received for d in reg.get(r.serial, [])):
        return "duplicate"
    if _d(r.fault_reported) > add_months(guarantee_start(r, params), WARRANTY_MONTHS):
        return "out_of_warranty"
    return None


def normal_code(code: str | None) -> str | None:
    """A v3 code however a feed spelled it ("x-02", "X 02", "x02" -> "X02")."""
    if code is None:
        return None
    c = re.sub(r"[^A-Z0-9]", "", code.upper())
    return c or None


def true_code(r: Row, params: dict) -> str | None:
    code = r.code
    if code and _flag(params, "westholm_case") and r.rc_id == WESTHOLM:
        code = normal_code(code)
    if code and southgate_v2(params, r.rc_id, r.technician, r.report_date or ""):
        code = V2_TO_V3.get(code, code)
    return code


def truth_of(r: Row, params: dict, bt: dict, reg: dict) -> tuple[bool, str]:
    """(valid, reason) under the facts of this variant."""
    g = _validity_checks(r, params, bt, reg)
    if g:
        return False, g
    code = true_code(r, params)
    ps = parse_serial(r.serial)
    if _flag(params, "dw4_vent_defect") and r.model == "DW4" and ps[1] == "K" and ps[2] < DW4_VENT_FIX_WEEK \
            and code == "X02" and is_main_board(r.component):
        return True, "dw4_vent_condensation"
    if _flag(params, "fr6_lot_defect") and r.model == "FR6" and ps[1] == "K" and ps[2] in FR6_LOT_WEEKS \
            and code == "N00":
        return True, "fr6_relay_lot"
    if code not in CODES:
        return False, "unknown_code"
    cat = CODES[code][1]
    if cat == "defect":
        return True, f"defect_{code}"
    if cat == "inspect":
        return (False, "limescale_E34") if e34_invalid(r.claim_id, r.serial) else (True, "defect_E34")
    return False, f"{cat}_{code}"


def segment_of(r: Row, params: dict, bt: dict) -> str:
    """Which hidden constraint of the variant a claim belongs to (for the score card's breakdown)."""
    ps = parse_serial(r.serial)
    b = bt.get((ps[0], ps[1], ps[2])) if ps else None
    if _flag(params, "dw4_vent_defect") and r.model == "DW4" and (r.code or "").upper().endswith("02"):
        return "dw4_x02"
    if _flag(params, "fr6_lot_defect") and r.model == "FR6" and ps and ps[1] == "K" and "00" in (r.code or ""):
        return "fr6_nff_kolsby"
    if _flag(params, "balt_market") and b is not None and b[1] == "BALT":
        return "balt_market"
    l2 = line2_from(params)
    if l2 and b is not None and ps[1] == "T" and ps[2] >= l2 and ps[3] > b[0]:
        if not line2_genuine(params, ps):
            return "serial_fakes"
        return "line2_new_models" if ps[2] >= LINE2_MORE_FROM and ps[0] in LINE2_MORE_MODELS else "line2_serials"
    mill = str(_p(params, "millbrook_sd9_from", "") or "")
    if _flag(params, "southgate_v2_feed") and mill and r.rc_id == SOUTHGATE and r.technician == MILLBROOK_TECH \
            and (r.report_date or "") >= mill:
        return "millbrook_feed"
    if _flag(params, "southgate_v2_feed") and r.rc_id == SOUTHGATE and (r.report_date or "") >= SOUTHGATE_CUTOVER:
        return "southgate_feed"
    if _flag(params, "westholm_case") and r.rc_id == WESTHOLM and (r.report_date or "") >= WESTHOLM_TABLETS_FROM:
        return "westholm_feed"
    if _flag(params, "eastmere_intake") and r.rc_id == EASTMERE and (r.report_date or "") >= EASTMERE_FF42_FROM:
        return "eastmere_feed"
    if _flag(params, "delivery_basis") and r.delivery and parse_day(r.delivery) and \
            _d(r.fault_reported) > add_months(_d(r.purchase), WARRANTY_MONTHS):
        return "late_delivery"
    if _flag(params, "notice_gap"):
        return "post" if not r.email else ("swedish" if r.language == "sv" else "email")
    return "other"


def compute_truth(conn: sqlite3.Connection, params: dict, rows: list[Row] | None = None) -> dict[str, dict]:
    bt = load_batches(conn)
    reg = load_register(conn)
    rows = rows if rows is not None else load_rows(conn)
    out = {}
    for r in rows:
        valid, why = truth_of(r, params, bt, reg)
        out[r.claim_id] = {"valid": valid, "why": why, "refund": r.refund, "received": r.received,
                           "model": r.model, "rc": r.rc_id, "code": r.code, "email": r.email,
                           "language": r.language, "segment": segment_of(r, params, bt)}
    return out
