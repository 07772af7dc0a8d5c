"""Reference: rebuild the claims from every export (each transaction once, at its own date, reopened claims in their
original accident year, recoveries from the register where the claims system does not have them, cut off at the
valuation date), build the capped paid and incurred triangles, and reserve them by chain-ladder and
Bornhuetter-Ferguson as the reserving policy prescribes; write the triangles, the reserves and the note.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
household reserve movements of June 2025 to the Claims Manager, the large claim listed for mediation to the Major
Loss Manager, whether any large loss has been notified since the extract was taken to him too, whether anything has
changed since the policy was approved to the Pricing Actuary, and whether the final earned premium has been corrected
since it was sent to Finance's business partner.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import defaultdict
from datetime import date, datetime
from pathlib import Path

import openpyxl

INPUT = Path("input")
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
VALUATION = date(2026, 12, 31)
YEARS = list(range(2017, 2027))
CLASSES = ("motor", "household")


# ------------------------------------------------------------------------------------------------ reading


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d-%b-%Y", "%d.%m.%y", "%d %b %Y", "%d %B %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def parse_amount(v) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").strip().replace(",", "").replace("£", "")
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    return -float(s) if neg else float(s)


def class_of(label: str) -> str:
    s = label.strip().lower()
    return "motor" if ("motor" in s or s in ("mot", "private car")) else "household"


def norm_claim(v) -> str:
    m = re.match(r"^\s*([a-z]{2})[\s-]*(\d{4})[\s-]*(\d{5})(-R\d+)?\s*$", str(v or ""), re.I)
    return f"{m.group(1).upper()}-{m.group(2)}-{m.group(3)}" if m else str(v).strip().upper()


class Book:
    """Every transaction once: txn id -> (claim, day, paid movement, reserve movement)."""

    def __init__(self) -> None:
        self.txns: dict[str, tuple[str, date, float, float]] = {}
        self.loss: dict[str, date] = {}
        self.cls: dict[str, str] = {}
        self.notes: dict[str, list[tuple[date, str]]] = defaultdict(list)

    def add(self, ref: str, claim: str, day: date, paid: float, reserve: float) -> None:
        self.txns.setdefault(ref, (claim, day, paid, reserve))


def read_legacy(book: Book, path: Path) -> None:
    with open(path, newline="", encoding="cp1252") as f:
        for r in csv.DictReader(f):
            if r["TRANS_REF"] == "TRANS_REF":  # a header repeated where a second file was appended
                continue
            claim, day, amount = norm_claim(r["CLAIM_NO"]), parse_date(r["TRANS_DATE"]), parse_amount(r["AMOUNT"])
            book.loss.setdefault(claim, parse_date(r["LOSS_DATE"]))
            book.cls.setdefault(claim, class_of(r["CLASS"]))
            code = r["TRANS_CODE"].strip().upper()
            book.add(
                r["TRANS_REF"].strip(),
                claim,
                day,
                amount if code in ("PAY", "PAYREV") else 0.0,
                amount if code == "RESV" else 0.0,
            )
            if r["NARRATIVE"].strip():
                book.notes[claim].append((day, r["NARRATIVE"].strip()))


def read_new(book: Book, path: Path) -> None:
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            claim = norm_claim(r["linked_claim"] or r["claim_ref"])
            migrated = r["source"].strip().upper() == "MIGRATION"
            day = parse_date(r["original_txn_date"] if migrated and r["original_txn_date"] else r["posting_date"])
            if not r["linked_claim"]:
                book.loss.setdefault(claim, parse_date(r["date_of_loss"]))
            book.cls.setdefault(claim, class_of(r["line_of_business"]))
            amount = parse_amount(r["amount_gbp"])
            kind = r["txn_type"].strip().upper()
            book.add(
                r["txn_id"].strip(),
                claim,
                day,
                0.0 if kind == "RESERVE_MOVEMENT" else amount,
                amount if kind == "RESERVE_MOVEMENT" else 0.0,
            )
            if r["note"].strip():
                book.notes[claim].append((day, r["note"].strip()))


def read_recoveries(book: Book, path: Path) -> None:
    ws = openpyxl.load_workbook(path, data_only=True).active
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Recovery ref")
    for r in rows[head + 1 :]:
        ref, claim, _, status, received, amount, system_ref = r[:7]
        if not ref or str(status or "").strip().lower() != "received":
            continue  # recoveries still pursued are not anticipated
        if system_ref:  # received after go-live: the claims system has it under its own id
            continue
        book.add(str(ref), norm_claim(claim), parse_date(received), -float(amount), 0.0)


def read_premium(path: Path) -> dict[tuple[str, int], float]:
    ws = openpyxl.load_workbook(path, data_only=True)["EP final"]
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Class")
    cols = list(rows[head])
    gep = cols.index("Gross earned premium")
    return {(str(r[0]).lower(), int(r[1])): float(r[gep]) for r in rows[head + 1 :] if r and r[0]}


def read_policy(path: Path) -> dict:
    from pypdf import PdfReader

    text = " ".join(p.extract_text() or "" for p in PdfReader(str(path)).pages)
    text = re.sub(r"\s+", " ", text)
    cap = float(re.search(r"incurred amount exceeds GBP ([\d,]+)", text).group(1).replace(",", ""))
    periods = int(re.search(r"over the latest (\d+) calendar years", text).group(1))
    bf_years = int(re.search(r"Bornhuetter-Ferguson for the (\d+) most recent", text).group(1))
    tails = {c: float(re.search(rf"{c} (\d\.\d+)", text).group(1)) for c in CLASSES}
    elr = {c: float(re.search(rf"{c.capitalize()} all (\d+)%", text).group(1)) / 100 for c in CLASSES}
    return {"cap": cap, "periods": periods, "bf_years": bf_years, "tails": tails, "elr": elr}


# ------------------------------------------------------------------------------------------------ the client's staff


def staff_available() -> bool:
    return ASK and Path("bin/ask").exists()


def ask_staff(book: Book, policy: dict) -> dict:
    known: dict = {}
    if not staff_available():
        return known
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit

    r = kit.ask(
        "ruth",
        "The household incurred development jumps in calendar 2025: on 12 June 2025 almost every "
        "open household claim had its case reserve raised on the same day, by about a third. Was that "
        "a one-off change in case-reserving practice, a reserve strengthening?",
    )
    if r.answered and re.search(r"one-off", r.text):
        known["strengthening"] = {"classes": ["household"], "year": 2025}
    r = kit.ask(
        "ruth",
        "Before I finalise the year-end reserves: has anything changed in case-reserving practice or "
        "claims handling during 2026 that the reserving should allow for?",
    )
    if r.answered and re.search(r"one-off change", r.text):
        m = re.search(r"lifts the (motor|household) incurred movements of calendar (\d{4})", r.text)
        if m:
            known["rebasing"] = {"classes": [m.group(1)], "year": int(m.group(2))}
    listed = [(c, n) for c, notes in book.notes.items() for _, n in notes if n.upper().startswith("MEDIATION")]
    if listed:
        claim = listed[0][0]
        r = kit.ask(
            "owain",
            f"{claim} was listed for mediation on 8 January 2027, after our extract. What was the "
            "outcome - has it settled, and for how much?",
        )
        m = re.search(r"£([\d,]+)", r.text) if r.answered else None
        if m:
            known["post_settlement"] = {"claim": claim, "amount": float(m.group(1).replace(",", ""))}
    r = kit.ask(
        "owain",
        "Your year-end list and our extract run to the first days of January. Has any large loss been "
        "notified since then that neither of them shows?",
    )
    if r.answered:
        m = re.search(r"opened it as ([A-Z]{2}-\d{4}-\d{5}) and set its reserve at £([\d,]+)", r.text)
        if m:
            cls = "motor" if m.group(1).startswith("MV") else "household"
            known["late_large_loss"] = {
                "cls": cls,
                "ay": int(m.group(1)[3:7]),
                "claim": m.group(1),
                "incurred": float(m.group(2).replace(",", "")),
            }
    r = kit.ask(
        "priya",
        "Before the Q4 reserving note goes to the Committee: has anything changed since the "
        "reserving policy was approved in March that affects the year-end review, in particular the "
        "initial expected loss ratios?",
    )
    if r.answered:
        m = re.search(r"motor initial expected loss ratio of (\d+)% for accident years (\d{4}) to (\d{4})", r.text)
        if m:
            known["elr_revision"] = {
                "motor": int(m.group(1)) / 100,
                "years": list(range(int(m.group(2)), int(m.group(3)) + 1)),
            }
    r = kit.ask(
        "nadia",
        "Before I finalise the year-end reserves on your final earned premium sheet of 7 January: "
        "has anything been corrected or adjusted since it went out?",
    )
    if r.answered:
        m = re.search(r"corrected (\d{4}) (motor|household) gross earned premium is £([\d,]+)", r.text)
        if m:
            known["premium_correction"] = {m.group(2): {m.group(1): float(m.group(3).replace(",", ""))}}
    return known


# ------------------------------------------------------------------------------------------------ reserving


def claim_positions(book: Book) -> dict[str, dict[int, tuple[float, float]]]:
    """claim -> {year end: (cumulative paid, cumulative incurred)} for every year end from its accident year."""
    moves: dict[str, list[tuple[date, float, float]]] = defaultdict(list)
    for claim, day, paid, reserve in book.txns.values():
        if day <= VALUATION:
            moves[claim].append((day, paid, reserve))
    out = {}
    for claim, ms in moves.items():
        ay = book.loss[claim].year
        pos = {}
        for year in range(ay, VALUATION.year + 1):
            p = round(sum(m[1] for m in ms if m[0].year <= year) + 1e-9, 2)
            o = round(sum(m[2] for m in ms if m[0].year <= year) + 1e-9, 2)
            pos[year] = (p, round(p + o + 1e-9, 2))
        out[claim] = pos
    return out


def triangles(book: Book, pos: dict, cap: float) -> dict[tuple[str, int, int], list[float]]:
    tri = {(c, ay, dev): [0.0, 0.0] for c in CLASSES for ay in YEARS for dev in range(1, VALUATION.year - ay + 2)}
    for claim, years in pos.items():
        ay = book.loss[claim].year
        for year, (p, i) in years.items():
            cell = tri[(book.cls[claim], ay, year - ay + 1)]
            cell[0] += min(p, cap)
            cell[1] += min(i, cap)
    return tri


def link_ratios(tri: dict, cls: str, periods: int, excluded: set[int]) -> dict[int, float]:
    calendar = set(range(VALUATION.year - periods + 1, VALUATION.year + 1)) - excluded
    out = {}
    for j in range(1, len(YEARS)):
        num = den = 0.0
        for ay in YEARS:
            if ay + j in calendar and (cls, ay, j + 1) in tri:
                num += tri[(cls, ay, j + 1)][1]
                den += tri[(cls, ay, j)][1]
        out[j] = round(num / den, 6) if den else 1.0
    return out


def reserve(book: Book, policy: dict, premium: dict, known: dict) -> tuple[dict, dict]:
    pos = claim_positions(book)
    tri = triangles(book, pos, policy["cap"])
    post = known.get("post_settlement")
    revision = known.get("elr_revision")
    strengthening = known.get("strengthening", {})
    for cls, years in known.get("premium_correction", {}).items():  # Finance's correction after the final sheet
        premium = {**premium, **{(cls, int(ay)): float(v) for ay, v in years.items()}}
    result: dict = {"valuation_date": VALUATION.isoformat(), "large_loss_threshold": policy["cap"], "classes": {}}
    for cls in CLASSES:
        excluded = {s["year"] for s in (strengthening, known.get("rebasing", {})) if cls in s.get("classes", [])}
        f = link_ratios(tri, cls, policy["periods"], excluded)
        tail = policy["tails"][cls]
        block = {
            "link_ratios": {f"{j}-{j + 1}": f[j] for j in f},
            "tail_factor": tail,
            "excluded_calendar_years": sorted(excluded),
            "accident_years": {},
        }
        for ay in YEARS:
            dev = VALUATION.year - ay + 1
            cdf = tail
            for j in range(dev, len(YEARS)):
                cdf *= f[j]
            claims = [c for c in pos if book.cls[c] == cls and book.loss[c].year == ay]
            paid = sum(pos[c][VALUATION.year][0] for c in claims)
            incurred = sum(pos[c][VALUATION.year][1] for c in claims)
            inc_after = {c: pos[c][VALUATION.year][1] for c in claims}
            if post and post["claim"] in inc_after:
                inc_after[post["claim"]] = post["amount"]
            late = known.get("late_large_loss")
            if late and late["cls"] == cls and late["ay"] == ay:  # notified after the extract: its excess (3.2, 5.4)
                inc_after[late["claim"]] = late["incurred"]
            excess = sum(max(0.0, v - policy["cap"]) for v in inc_after.values())
            capped = tri[(cls, ay, dev)][1]
            elr = policy["elr"][cls]
            if revision and ay in revision["years"] and cls in revision:
                elr = revision[cls]
            ep = premium[(cls, ay)]
            cl = capped * cdf + excess
            bf = capped + elr * ep * (1 - 1 / cdf) + excess
            method = "BF" if ay > VALUATION.year - policy["bf_years"] else "CL"
            ult = bf if method == "BF" else cl
            block["accident_years"][str(ay)] = {
                "earned_premium": round(ep, 2),
                "paid": round(paid, 2),
                "incurred": round(incurred, 2),
                "capped_incurred": round(capped, 2),
                "cdf": round(cdf, 6),
                "initial_elr": elr,
                "large_loss_excess": round(excess, 2),
                "cl_ultimate": round(cl, 2),
                "bf_ultimate": round(bf, 2),
                "method": method,
                "ultimate": round(ult, 2),
                "ibnr": round(ult - incurred, 2),
                "reserve": round(ult - paid, 2),
            }
        ays = block["accident_years"].values()
        for k in ("ultimate", "ibnr", "reserve"):
            block[f"total_{k}"] = round(sum(a[k] for a in ays), 2)
        result["classes"][cls] = block
    for k in ("ultimate", "ibnr", "reserve"):
        result[f"total_{k}"] = round(sum(b[f"total_{k}"] for b in result["classes"].values()), 2)
    return tri, result


# ------------------------------------------------------------------------------------------------ main


def main() -> None:
    import _claims_note as note  # the note's text, shared with the shortcuts

    OUTPUT.mkdir(exist_ok=True)
    book = Book()
    read_legacy(book, INPUT / "claims/legacy_claims_history_to_2025-06-30.csv")
    read_new(book, INPUT / "claims/claimsys_transactions_extract_2027-01-04.csv")
    read_recoveries(book, INPUT / "claims/recoveries_register.xlsx")
    policy = read_policy(INPUT / "reserving_policy_2026.pdf")
    premium = read_premium(INPUT / "earned_premium_by_accident_year.xlsx")
    known = dict(KNOWN) if KNOWN is not None else ask_staff(book, policy)
    for mail in sorted((INPUT / "emails").glob("*.eml")):  # the fair instance: Claims wrote about the review
        body = mail.read_text(encoding="utf-8")
        if "case reserve review" in body and "one-off" in body:
            known["strengthening"] = {"classes": ["household"], "year": 2025}
    tri, result = reserve(book, policy, premium, known)
    with open(OUTPUT / "triangles.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["class", "accident_year", "development_year", "cumulative_paid", "cumulative_incurred"])
        for (cls, ay, dev), (p, i) in sorted(tri.items()):
            w.writerow([cls, ay, dev, f"{p:.2f}", f"{i:.2f}"])
    (OUTPUT / "reserves.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (OUTPUT / "note_to_reserving_committee.md").write_text(note.text(book, result, known, policy), encoding="utf-8")


sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
if __name__ == "__main__":
    main()
