"""Custom checks of construction_valuation: the valuation lines by kind, the valuation totals, materials and
fluctuations, completion and liquidated damages, the payment summary, the notices, and the matters the note raises."""

from __future__ import annotations

import csv
import io
import math
import re
from datetime import date, datetime

from worktrial.kit.grader import json_object, note_matters

LINE_TOL = 1.0
FIGURE_TOL = 5.0


def _number(value):
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    text = str(value).replace(",", "").replace("£", "").replace("GBP", "").strip()
    neg = text.startswith("(") and text.endswith(")")
    try:
        number = float(text.strip("()"))
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    return -number if neg else number


def _key(ref) -> str:
    s = re.sub(r"\s+", "", str(ref or "")).upper()
    m = re.match(r"^V0*(\d+)$", s)
    if m:
        return f"V{int(m.group(1))}"
    m = re.match(r"^(PS|P|[A-Z])[/.\-]?(\d+)(?:[/.\-](\d+))?$", s)
    if m:
        return "/".join([m.group(1), str(int(m.group(2)))] + ([str(int(m.group(3)))] if m.group(3) else []))
    return s


def _table(tree) -> dict[str, dict]:
    _, data = tree.read_one("valuation.csv")
    text = data.decode("utf-8-sig", errors="replace")
    rows = list(csv.DictReader(io.StringIO(text)))
    out: dict[str, dict] = {}
    for r in rows:
        r = {str(k or "").strip().lower(): (v or "").strip() if isinstance(v, str) else "" for k, v in r.items()}
        if r.get("ref"):
            out.setdefault(_key(r["ref"]), r)
    return out


def _lines(output, reference, kinds: tuple[str, ...]) -> tuple[float, str]:
    want = {k: r for k, r in _table(reference).items() if r["kind"] in kinds}
    try:
        got = _table(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read valuation.csv: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for k, r in want.items():
        w = float(r["value"])
        g = _number(got[k].get("value")) if k in got else None  # every line is asked for, a nil one too
        if g is not None and abs(g - w) <= LINE_TOL:
            right += 1
        else:
            wrong.append(r["ref"])
    reference_keys = set(_table(reference))
    extra = [
        k
        for k, r in got.items()
        if k not in reference_keys and r.get("kind", "").lower() in kinds and (_number(r.get("value")) or 0.0) != 0.0
    ]
    score = right / (len(want) + len(extra)) if want else 0.0
    ev = f"{right}/{len(want)} lines right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:15]) + (" ..." if len(wrong) > 15 else "")
    if extra:
        ev += "; lines not expected: " + ", ".join(extra[:6])
    return score, ev


def measured_lines(output, reference, params):
    """Every measured work and provisional sum line of the Contract Sum Analysis, each within GBP 1."""
    return _lines(output, reference, ("measured", "provisional_sum"))


def preliminaries_lines(output, reference, params):
    """Every preliminaries line, each within GBP 1."""
    return _lines(output, reference, ("preliminaries",))


def variation_lines(output, reference, params):
    """Every variation number of the register, each within GBP 1."""
    return _lines(output, reference, ("variation",))


def _get(doc, *path):
    for p in path:
        if not isinstance(doc, dict):
            return None
        doc = {str(k).strip().lower(): v for k, v in doc.items()}.get(str(p).lower())
    return doc


def _figures(output, reference, paths: list[tuple[str, ...]], tol: float) -> tuple[float, str]:
    want = json_object(reference, "valuation.json")
    try:
        got = json_object(output, "valuation.json")
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read valuation.json: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for path in paths:
        w, g = _number(_get(want, *path)), _number(_get(got, *path))
        if w is not None and g is not None and abs(g - w) <= tol:
            right += 1
        else:
            wrong.append(".".join(path))
    ev = f"{right}/{len(paths)} figures right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return right / len(paths), ev


def valuation_totals(output, reference, params):
    """Measured work, preliminaries and variations, each within GBP 5."""
    return _figures(output, reference, [("measured_work",), ("preliminaries",), ("variations",)], FIGURE_TOL)


def other_items(output, reference, params):
    """Materials on site, materials off site (total) and fluctuations, each within GBP 5."""
    return _figures(
        output, reference, [("materials_on_site",), ("materials_off_site", "total"), ("fluctuations",)], FIGURE_TOL
    )


def payment_summary(output, reference, params):
    """Gross valuation, retention, amounts previously due, amount due, sum payable and the unpaid balance of earlier
    payments, each within GBP 5."""
    paths = [
        ("gross_valuation",),
        ("retention",),
        ("previous_amounts_due",),
        ("amount_due",),
        ("sum_payable",),
        ("unpaid_from_previous",),
    ]
    return _figures(output, reference, paths, FIGURE_TOL)


def headline(output, reference, params):
    """The figures the notices rest on: the Gross Valuation, the sum due (what the Payment Notice states), the sum
    payable (what a Pay Less Notice would state) and the notified sum, each within GBP 5."""
    paths = [("gross_valuation",), ("amount_due",), ("sum_payable",), ("notices", "notified_sum")]
    return _figures(output, reference, paths, FIGURE_TOL)


def _day(value) -> date | None:
    if isinstance(value, str):
        s = value.strip()
        for f in ("%Y-%m-%d", "%d/%m/%Y", "%d %B %Y", "%d %b %Y", "%Y-%m-%dT%H:%M:%S"):
            try:
                return datetime.strptime(s, f).date()
            except ValueError:
                pass
    return None


def completion(output, reference, params):
    """The Sections at practical completion (with their dates) and the liquidated damages by Section and in total,
    each within GBP 1."""
    want = json_object(reference, "valuation.json")
    try:
        got = json_object(output, "valuation.json")
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read valuation.json: {type(e).__name__}: {e}"
    wrong = []
    pcw = {str(k): _day(v) for k, v in want["sections_at_practical_completion"].items()}
    pcg = _get(got, "sections_at_practical_completion")
    pcg = {re.sub(r"\D", "", str(k)): _day(v) for k, v in pcg.items()} if isinstance(pcg, dict) else None
    if pcg != pcw:
        wrong.append("sections_at_practical_completion")
    for k in ("section_1", "section_2", "section_3", "total"):
        w, g = _number(_get(want, "liquidated_damages", k)), _number(_get(got, "liquidated_damages", k))
        if w is None or g is None or not abs(g - w) <= LINE_TOL:
            wrong.append(f"liquidated_damages.{k}")
    ev = f"{5 - len(wrong)}/5 right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return (5 - len(wrong)) / 5, ev


def notices(output, reference, params):
    """The due date, the last days for the Payment Notice and the Pay Less Notice and the final date for payment (one
    share each), whether the Payment Notice is still in time (one) and the notified sum within GBP 5 (three)."""
    want = json_object(reference, "valuation.json")["notices"]
    try:
        got = _get(json_object(output, "valuation.json"), "notices")
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read valuation.json: {type(e).__name__}: {e}"
    got = got if isinstance(got, dict) else {}
    wrong = {}
    for k in ("due_date", "payment_notice_by", "final_date_for_payment", "pay_less_notice_by"):
        if _day(_get(got, k)) != _day(want[k]):
            wrong[k] = 1
    if _get(got, "payment_notice_in_time") is not want["payment_notice_in_time"]:
        wrong["payment_notice_in_time"] = 1
    g = _number(_get(got, "notified_sum"))
    if g is None or not abs(g - float(want["notified_sum"])) <= FIGURE_TOL:
        wrong["notified_sum"] = 3
    value = (8 - sum(wrong.values())) / 8
    ev = f"{6 - len(wrong)}/6 right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return value, ev


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_commercial_director.md")
