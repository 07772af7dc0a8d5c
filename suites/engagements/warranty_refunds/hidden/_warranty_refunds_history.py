"""warranty_refunds' committed history (build_history.py): six months of claims
decided by the shipped job, with their Disputes Board outcomes and complaints. Part of the grader (grader.py)."""

import calendar
import datetime as dt
import random
import sqlite3
from pathlib import Path
from typing import Callable

from _warranty_refunds_catalogue import DIAG, INSPECTION_CAPACITY, LETTERS_OFF_FROM, RULE_VERSION, SOUTHGATE, _d, _flag
from _warranty_refunds_claims import SCHEMA, Claim, _insert_claims, _old_register, _write_static, simulate_month
from _warranty_refunds_truth import compute_truth, load_rows

from worktrial.kit.grader import Traffic

# ----------------------------------------------------------------------------- history (build_history.py)

HISTORY_MONTHS = ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]


HISTORY_END = "2026-02-28"


BOARD_REASONS = {
    "dw4_vent_condensation": "Board failure consistent with condensation inside the appliance; no evidence of "
                             "spillage by the consumer. Exclusion not established (CSA s.19(2)).",
    "fr6_relay_lot": "Intermittent fault credibly and repeatedly reported; the manufacturer's quality report "
                     "SQ-8D-2025-031 acknowledges compressor start-relay failures in this product. A bench test "
                     "without fault does not rebut the consumer's account.",
    "southgate": "The repair centre's own diagnosis records a component failure, not an external cause. The "
                 "exclusion code is inconsistent with the findings.",
    "no_notice": "No reasoned written decision was given to the consumer within 14 days of the claim "
                 "(CSA s.23a(3)); the refusal is of no effect.",
    "generic_valid": "The exclusion relied on is not supported by the repair report.",
    "balt": "The appliance was sold new in this country by an authorised Vellmar retailer. The trader has not "
            "shown why its domestic guarantee would not apply.",
    "eastmere": "The repair centre's report records a component failure. The trader's decision cites no fault "
                "found, which the repair centre did not conclude.",
    "late_delivery": "The consumer reported the fault within 24 months of receiving the appliance; the trader's "
                     "published guarantee terms apply.",
}


# With `terse_board` the Board's decisions give no findings, only the result, and every appellant writes the
# same plain objection: the overturned refusals must be traced through the claims and reports themselves.
TERSE_BOARD_REASON = "The trader has not established that the refusal was justified; the refusal is set aside."


UPHELD_REASON = {
    "misuse": "The repair report establishes an external cause; the guarantee exclusion applies.",
    "nff": "No fault could be found by two technicians; the claim is not established.",
    "out_of_warranty": "The fault was reported after the guarantee period ended.",
    "duplicate": "A refund was already paid for this appliance.",
    "counterfeit": "The serial number does not belong to an appliance made by Vellmar.",
    "grey": "The appliance was made for a non-domestic market; the Vellmar domestic guarantee does not apply.",
    "limescale_E34": "Inspection found heavy scale; the maintenance exclusion applies.",
}


GROUNDS = {
    "dw4_vent_condensation": "I never spilled anything on the dishwasher. The technician found moisture inside the "
                             "electronics - that is the machine's own steam, not me.",
    "fr6_relay_lot": "The fridge warms up and clicks every few days. The repair shop tested it for a few hours and "
                     "said no fault - it fails again at home.",
    "southgate": "Your repairer told me the part had failed by itself, but your letter says it was my fault.",
    "balt": "I bought the fridge new from an official Vellmar dealer here. How can it be a grey import?",
    "eastmere": "The repair shop replaced a broken part and told me it was covered. Now you say no fault found.",
    "late_delivery": "The machine was delivered two months after I ordered it. It is not two years old.",
    "no_notice": "I never got any written answer. I only heard my claim was refused when I phoned.",
    "invalid": "I disagree with the decision; the appliance was used normally.",
}


ShippedDecider = Callable[[sqlite3.Connection, str], dict[str, tuple[str, str]]]


BOARD_KEY = {"dw4_x02": "dw4_vent_condensation", "fr6_nff_kolsby": "fr6_relay_lot", "balt_market": "balt",
             "southgate_feed": "southgate", "eastmere_feed": "eastmere", "late_delivery": "late_delivery"}


def build_history(db_path: Path, params: dict, shipped: ShippedDecider, seed: int = 11) -> None:
    """Sep 2025 - Feb 2026: claims, repair reports, decisions, inspections, appeals, audits, letters and
    complaints, all consistent with the truth of the variant given by `params`. `shipped(conn, month)` is the
    shipped triage job itself (build_history.py runs workspace/system), so history shows what it decided."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    if db_path.exists():
        db_path.unlink()
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    _write_static(conn, params)
    rng = random.Random(f"warranty_refunds/history/{seed}")
    register = _old_register(random.Random(f"warranty_refunds/history/{seed}/register"), 1100, _d("2025-09-01"))
    conn.executemany("INSERT INTO refund_register VALUES (?,?,?)", register)
    reg_pairs = [(s, d) for s, d, _ in register]
    notice_gap = _flag(params, "notice_gap")
    terse_board = _flag(params, "terse_board")
    n_app = n_aud = n_let = 0
    for month in HISTORY_MONTHS:
        claims = simulate_month(Traffic("warranty_refunds", "history", seed, month), month, params, 300, 0.8,
                                reg_pairs)
        _insert_claims(conn, claims, "closed")
        conn.commit()
        decisions = shipped(conn, month)
        booked = 0
        rows = {r.claim_id: r for r in load_rows(conn, only_received=False, month=month)}
        truth = compute_truth(conn, params, list(rows.values()))
        month_complaint_claims: list[tuple[str, str, str]] = []
        for c in claims:
            dec, reason = decisions[c.claim_id]
            t = truth[c.claim_id]
            decided = min(c.received + dt.timedelta(days=rng.randint(0, 1)), _d(HISTORY_END))
            conn.execute("INSERT INTO decisions VALUES (?,?,?,?,?)",
                         (c.claim_id, decided.isoformat(), dec, reason, RULE_VERSION))
            letters_on = not (notice_gap and (decided + dt.timedelta(days=1)).isoformat() >= LETTERS_OFF_FROM)
            final = dec
            if dec == "inspect":
                booked += 1
            if dec == "inspect" and booked > INSPECTION_CAPACITY:
                # the bay is full: the 14-day deadline passes and the claim is deemed accepted
                conn.execute("INSERT INTO inspections VALUES (?,?,?,?,?)",
                             (c.claim_id, (decided + dt.timedelta(days=1)).isoformat(), None, "deemed accepted",
                              "Not inspected within 14 days (bay at capacity); deemed accepted under the terms."))
                final, dec = "approve", "approve"
                decided = decided + dt.timedelta(days=14)
            if dec == "inspect":
                insp = decided + dt.timedelta(days=rng.randint(5, 11))
                result = "covered" if t["valid"] else "not covered"
                finding = ("Fault confirmed as described; part defect." if t["valid"] else
                           UPHELD_REASON.get(t["why"].split("_")[0], UPHELD_REASON["misuse"]))
                if insp.isoformat() > HISTORY_END:
                    conn.execute("INSERT INTO inspections VALUES (?,?,?,?,?)",
                                 (c.claim_id, (decided + dt.timedelta(days=1)).isoformat(), None, "pending", None))
                    continue
                conn.execute("INSERT INTO inspections VALUES (?,?,?,?,?)",
                             (c.claim_id, (decided + dt.timedelta(days=1)).isoformat(), insp.isoformat(), result,
                              finding))
                final = "approve" if t["valid"] else "deny_after_inspection"
                decided = insp
            if final == "approve":
                rd = decided + dt.timedelta(days=rng.randint(3, 9))
                if rd.isoformat() <= HISTORY_END:
                    conn.execute("INSERT INTO refund_register VALUES (?,?,?)", (c.serial, rd.isoformat(), c.claim_id))
                    reg_pairs.append((c.serial, rd.isoformat()))
                if not t["valid"] and rng.random() < 0.6:
                    fd = decided + dt.timedelta(days=rng.randint(8, 30))
                    if fd.isoformat() <= HISTORY_END:
                        n_aud += 1
                        conn.execute("INSERT INTO audit_findings VALUES (?,?,?,?,?)",
                                     (f"AF-{n_aud:05d}", c.claim_id, fd.isoformat(), "paid claim not covered",
                                      _audit_detail(c, t)))
                continue
            # refusal (directly or after inspection)
            sent = decided + dt.timedelta(days=1)
            if letters_on and sent.isoformat() <= HISTORY_END:
                n_let += 1
                conn.execute("INSERT INTO customer_letters VALUES (?,?,?,?)",
                             (n_let, c.claim_id, "L-07 refusal with reasons", sent.isoformat()))
            no_notice = not letters_on and final == "deny"
            if t["valid"]:
                p_app = 0.9
            elif no_notice:
                p_app = 0.6
            else:
                p_app = 0.07
            if final == "deny_after_inspection":
                p_app = 0.05
            if rng.random() >= p_app:
                if rng.random() < 0.25:
                    month_complaint_claims.append((c.claim_id, c.customer_ref, "refused"))
                continue
            lodged = decided + dt.timedelta(days=rng.randint(4, 18))
            if lodged.isoformat() > HISTORY_END:
                continue
            n_app += 1
            out_d = lodged + dt.timedelta(days=rng.randint(12, 35))
            if t["valid"]:
                key = BOARD_KEY.get(t["segment"], "generic_valid")
                if no_notice:
                    key = "no_notice"
                outcome, reason = "overturned", BOARD_REASONS[key]
                grounds = GROUNDS.get(key, GROUNDS["invalid"])
                if terse_board and key != "no_notice":
                    reason, grounds = TERSE_BOARD_REASON, GROUNDS["invalid"]
            elif no_notice:
                outcome, reason, grounds = "overturned", BOARD_REASONS["no_notice"], GROUNDS["no_notice"]
            else:
                outcome = "upheld"
                reason = UPHELD_REASON.get(t["why"], UPHELD_REASON.get(t["why"].split("_")[0], UPHELD_REASON["misuse"]))
                grounds = GROUNDS["invalid"]
            if out_d.isoformat() > HISTORY_END:
                outcome, reason, out_s = "pending", None, None
            else:
                out_s = out_d.isoformat()
            conn.execute("INSERT INTO appeals VALUES (?,?,?,?,?,?,?,?)",
                         (f"AP-{n_app:05d}", c.claim_id, lodged.isoformat(),
                          f"CDB-{lodged.year}-{4100 + n_app * 7 % 9000:05d}", grounds, outcome, out_s, reason))
            month_complaint_claims.append((c.claim_id, c.customer_ref, "appealed"))
        comp = month_complaints(rng, month, month_complaint_claims, {}, params)
        conn.executemany("INSERT INTO complaints VALUES (?,?,?,?,?,?)", comp)
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


def _audit_detail(c: Claim, t: dict) -> str:
    if c.rc_id == SOUTHGATE and c.code_true != c.code_reported:
        return (f"Parts return audit: {c.component} returned under {c.code_reported}; "
                f"{DIAG.get(c.code_true, ['external cause'])[0].split(';')[0].lower()} - external cause, "
                "no component defect.")
    why = t["why"]
    if why in ("duplicate", "counterfeit", "grey", "out_of_warranty"):
        return f"Post-payment check: {UPHELD_REASON[why]}"
    return "Parts return audit: returned part shows an external cause."


COMPLAINT_TEXTS = {
    "refused": [
        "Your refusal is unacceptable. The appliance broke after a year and you blame me.",
        "I am very disappointed with how my warranty claim was handled.",
        "Nobody explained why my claim was refused. Terrible service.",
    ],
    "appealed": [
        "I have taken my claim to the Consumer Disputes Board. I expected better from Vellmar.",
        "Your repairer says the part failed, your office says it is my fault. Which is it?",
        "Three weeks and still no refund after my appeal. Awful.",
    ],
    "general": [
        "Waited 40 minutes on the phone to ask about my claim status.",
        "The engineer was friendly and quick, thank you.",
        "Your website does not show where my claim is. Please improve this.",
        "Refund arrived quickly, very happy with the service.",
        "The courier did not come on the agreed day for the inspection pickup.",
        "Why do I have to send the receipt twice? Frustrating process.",
        "Good experience overall, but the claim form is confusing.",
        "I still have not heard back about my claim. Is anyone reading these messages?",
    ],
}


def month_complaints(rng: random.Random, month: str, linked: list[tuple[str, str, str]], _unused: dict,
                     params: dict) -> list[tuple]:
    y, m = int(month[:4]), int(month[5:7])
    days = calendar.monthrange(y, m)[1]
    out = []
    n = 0
    for cid, cref, kind in linked:
        n += 1
        d = dt.date(y, m, rng.randint(1, days))
        out.append((f"CP-{month[2:4]}{month[5:7]}-{n:04d}", d.isoformat(), rng.choice(["phone", "email", "web", "social"]),
                    cid, cref, rng.choice(COMPLAINT_TEXTS[kind])))
    general = 45
    if _flag(params, "notice_gap") and month >= "2026-01":
        general += 25
    for _ in range(general):
        n += 1
        d = dt.date(y, m, rng.randint(1, days))
        texts = COMPLAINT_TEXTS["general"]
        text = rng.choice(texts)
        if _flag(params, "notice_gap") and month >= "2026-01" and rng.random() < 0.5:
            text = "I still have not heard back about my claim. Is anyone reading these messages?"
        out.append((f"CP-{month[2:4]}{month[5:7]}-{n:04d}", d.isoformat(), rng.choice(["phone", "email", "web", "social"]),
                    None, f"C{rng.randint(100000, 999999)}", text))
    out.sort(key=lambda r: (r[1], r[0]))
    return out
