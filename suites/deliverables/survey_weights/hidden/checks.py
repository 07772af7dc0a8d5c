"""Custom checks of the survey_weights family.

Each function is called as f(output, reference, params) with read-only trees of the delivered output/ and of
hidden/reference/; it returns (value in [0, 1], evidence).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict

SHARE_TOL = 0.2      # percentage points, for weighted region / age-band shares
PCT_TOL = 0.1        # percentage points, for the topline


def _table(tree, path: str) -> tuple[list[str], list[dict[str, str]]]:
    _, data = tree.read_one(path)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in r)]
    if not rows:
        return [], []
    head = [h.strip() for h in rows[0]]
    keys = [h.casefold() for h in head]
    return head, [dict(zip(keys, (c.strip() for c in r))) for r in rows[1:]]


def _num(x) -> float | None:
    """A finite number, or None: "nan" and "inf" are not answers (NaN would never miss a target)."""
    try:
        number = float(str(x).strip().replace(",", ""))
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _off(got: float | None, want: float, tol: float) -> bool:
    """True unless `got` is within `tol` of `want` (written so that NaN counts as off)."""
    return got is None or not abs(got - want) <= tol


def responses_intact(output, reference, params):
    """weighted_responses.csv keeps every original column, in order, with `weight` appended, and the complete
    interviews' values unchanged (no other records)."""
    try:
        head, got = _table(output, "weighted_responses.csv")
    except Exception as e:
        return 0.0, f"cannot read weighted_responses.csv: {e}"
    ref_head, want = _table(reference, "weighted_responses.csv")
    original = [h.casefold() for h in ref_head if h.casefold() != "weight"]
    notes = []
    header_ok = [h.casefold() for h in head] == original + ["weight"]
    if not header_ok:
        notes.append(f"columns {head[:14]} should be the input's columns then weight")
    by_id = {r.get("resp_id"): r for r in got}
    wanted_ids = {r["resp_id"] for r in want}
    matched, changed = 0, []
    for r in want:
        mine = by_id.get(r["resp_id"])
        if mine is not None and all(mine.get(c, None) == r[c] for c in original):
            matched += 1
        else:
            changed.append(r["resp_id"])
    extra = [i for i in by_id if i not in wanted_ids]
    share = matched / (len(want) + len(extra))
    if changed:
        notes.append(f"{len(changed)} complete interviews missing or altered (e.g. {changed[:3]})")
    if extra:
        notes.append(f"{len(extra)} records that are not complete interviews (e.g. {extra[:3]})")
    # The right header earns its share only with records under it: an empty table has nothing to check.
    value = 0.2 * header_ok + 0.8 * share if got else 0.0
    return value, "; ".join(notes) or "columns and records intact"


def _bands(params) -> list[tuple[str, int, int]]:
    out = []
    for part in str(params.get("age_bands", "")).split(","):
        lo, hi = part.strip().split("-")
        out.append((part.strip(), int(lo), int(hi)))
    return out


def _shares(rows, bands) -> dict[str, float] | None:
    tot = defaultdict(float)
    for r in rows:
        w, age = _num(r.get("weight")), _num(r.get("age"))
        if w is None or age is None:
            return None
        tot["region " + r.get("region", "")] += w
        band = next((b for b, lo, hi in bands if lo <= age <= hi), "?")
        tot["age " + band] += w
    s = sum(v for k, v in tot.items() if k.startswith("region "))
    return {k: 100 * v / s for k, v in tot.items()} if s else None


def weighted_margins(output, reference, params):
    """The delivered weights reproduce the population's region shares and age-band shares (scale-free)."""
    try:
        _, got = _table(output, "weighted_responses.csv")
    except Exception as e:
        return 0.0, f"cannot read weighted_responses.csv: {e}"
    if not got or "weight" not in got[0]:
        return 0.0, "no weight column"
    _, want = _table(reference, "weighted_responses.csv")
    bands = _bands(params)
    mine, theirs = _shares(got, bands), _shares(want, bands)
    if mine is None:
        return 0.0, "weights or ages are not numbers"
    misses = [f"{k} {mine.get(k, 0):.2f}% ≠ {v:.2f}%" for k, v in theirs.items()
              if _off(mine.get(k, 0.0), v, SHARE_TOL)]
    value = (len(theirs) - len(misses)) / len(theirs)
    return value, ("off target: " + "; ".join(misses[:5])) if misses else "every margin on target"


def _label(x: str) -> str:
    return " ".join(str(x).replace("\u2019", "'").split()).casefold()


def topline(output, reference, params):
    """summary.json: the weighted topline of the key question (per answer label) and the net score."""
    try:
        got = json.loads(output.read_one("summary.json")[1])
    except Exception as e:
        return 0.0, f"cannot read summary.json: {e}"
    want = json.loads(reference.read_one("summary.json")[1])
    tl = got.get("topline") if isinstance(got, dict) else None
    mine = {_label(k): v for k, v in tl.items()} if isinstance(tl, dict) else {}
    items, misses = 0, []
    for label, value in want["topline"].items():
        items += 1
        g = _num(mine.get(_label(label)))
        if _off(g, value, PCT_TOL):
            misses.append(f"{label}: {mine.get(_label(label))!r} ≠ {value:.2f}")
    items += 1
    g = _num(got.get("net_satisfaction")) if isinstance(got, dict) else None
    if _off(g, want["net_satisfaction"], PCT_TOL):
        misses.append(f"net_satisfaction {g!r} ≠ {want['net_satisfaction']:.2f}")
    return (items - len(misses)) / items, "; ".join(misses[:5]) or "topline agrees"
