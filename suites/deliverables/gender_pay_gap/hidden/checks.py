"""Custom checks of gender_pay_gap: the six statutory figures, the headcounts, every counted person's row of the
working file and the matters the note raises."""

from __future__ import annotations

import csv
import io
import math
from typing import Any

from worktrial.kit.grader import json_object, note_matters

FIGURES = "gpg_figures.json"
TABLE = "gpg_employees.csv"
GAP = 0.1  # percentage points
QUARTILE = 0.2
RATE = 0.01  # an hourly rate within 1p
BONUS = 1.0  # bonus pay within GBP 1
QUARTERS = ("lower", "lower_middle", "upper_middle", "upper")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace(",", "").replace("£", "").replace("%", "").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _key(text: Any) -> str:
    return str(text).strip().lower().replace(" ", "_").replace("-", "_")


def _get(doc: Any, *path: str) -> Any:
    for p in path:
        if not isinstance(doc, dict):
            return None
        doc = {_key(k): v for k, v in doc.items()}.get(_key(p))
    return doc


def _delivered(output: Any) -> tuple[dict | None, str]:
    try:
        return json_object(output, FIGURES), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read {FIGURES}: {type(e).__name__}: {e}"


def _figures(output: Any, reference: Any, items: list[tuple[str, tuple, float]]) -> tuple[float, str]:
    """items: (label, path, tolerance); each figure compared with the reference's."""
    want = json_object(reference, FIGURES)
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    right, wrong = 0, []
    for label, path, tol in items:
        w, raw = _get(want, *path), _get(got, *path)
        g = _number(raw)
        if g is not None and abs(g - float(w)) <= tol + 1e-9:
            right += 1
        else:
            wrong.append(f"{label} (got {raw!r}, expected {w})")
    ev = f"{right}/{len(items)} figures right"
    if wrong:
        ev += "; wrong or missing: " + "; ".join(wrong)
    return right / len(items), ev


def mean_hourly_gap(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The mean hourly pay gap of full-pay relevant employees, within 0.1 percentage points."""
    return _figures(output, reference, [("mean hourly pay gap", ("mean_hourly_pay_gap_pct",), GAP)])


def median_hourly_gap(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The median hourly pay gap of full-pay relevant employees, within 0.1 percentage points."""
    return _figures(output, reference, [("median hourly pay gap", ("median_hourly_pay_gap_pct",), GAP)])


def mean_bonus_gap(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The mean bonus gap of relevant employees paid bonus in the 12 months to the snapshot date, within 0.1 points."""
    return _figures(output, reference, [("mean bonus gap", ("mean_bonus_gap_pct",), GAP)])


def median_bonus_gap(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The median bonus gap, within 0.1 percentage points."""
    return _figures(output, reference, [("median bonus gap", ("median_bonus_gap_pct",), GAP)])


def bonus_proportions(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The proportions of male and of female relevant employees paid bonus pay, each within 0.1 points."""
    return _figures(
        output,
        reference,
        [("men paid bonus", ("male_bonus_pct",), GAP), ("women paid bonus", ("female_bonus_pct",), GAP)],
    )


def pay_quartiles(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The shares of men and of women in each of the four pay quartiles, each within 0.2 points."""
    items = [(f"{q} {s}", ("quartiles", q, f"{s}_pct"), QUARTILE) for q in QUARTERS for s in ("male", "female")]
    return _figures(output, reference, items)


def headcounts(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """The numbers of relevant employees and of full-pay relevant employees, exactly."""
    return _figures(
        output,
        reference,
        [
            ("relevant employees", ("relevant_employees",), 0.0),
            ("full-pay relevant employees", ("full_pay_relevant_employees",), 0.0),
        ],
    )


def _rows(tree: Any) -> dict[str, dict]:
    _, data = tree.read_one(TABLE)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t")
    except (csv.Error, IndexError):
        dialect = csv.excel
    out: dict[str, dict] = {}
    for r in csv.DictReader(io.StringIO(text), dialect=dialect):
        row = {_key(k): (v or "").strip() for k, v in r.items() if k is not None}
        eid = row.get("employee_id", "").upper()
        if eid and row.get("relevant", "yes").lower() in ("yes", "y", "true", "1"):
            out.setdefault(eid, row)
    return out


def _yes(v: str) -> bool:
    return v.strip().lower() in ("yes", "y", "true", "1")


def employee_rows(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Each relevant employee of the reference: present, gender and full-pay status right, the hourly rate within 1p
    for a full-pay relevant employee, bonus pay in the bonus period within GBP 1. People delivered as relevant who are
    not (agency temps, leavers, later starters) count against."""
    want = _rows(reference)
    try:
        got = _rows(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read {TABLE}: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for eid, w in want.items():
        g = got.get(eid)
        ok = g is not None
        ok = ok and g.get("gender", "").strip().upper()[:1] == w["gender"]
        ok = ok and _yes(g.get("full_pay", "")) == _yes(w["full_pay"])
        if ok and _yes(w["full_pay"]):
            rate = _number(g.get("hourly_rate", ""))
            ok = rate is not None and abs(rate - float(w["hourly_rate"])) <= RATE + 1e-9
        if ok:
            bonus = _number(g.get("bonus_12m", "") or "0")
            ok = bonus is not None and abs(bonus - float(w["bonus_12m"])) <= BONUS
        if ok:
            right += 1
        else:
            wrong.append(eid)
    extra = [k for k in got if k not in want]
    ev = f"{right}/{len(want)} people right"
    if wrong:
        ev += f"; {len(wrong)} wrong or missing, e.g. " + ", ".join(wrong[:10])
    if extra:
        ev += f"; {len(extra)} counted who are not relevant employees, e.g. " + ", ".join(extra[:6])
    return right / (len(want) + len(extra)), ev


def note_issues(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it or what was done (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_hr_director.md")
