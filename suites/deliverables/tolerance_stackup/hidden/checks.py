"""Custom checks of tolerance_stackup: each critical gap's results (worst case, RSS, the capability-based prediction
and the verdicts) and the matters the note to the design review raises."""

from __future__ import annotations

import json
import math

from worktrial.kit.grader import note_matters

LIMIT_ITEMS = ("worst_case_min_mm", "worst_case_max_mm", "rss_min_mm", "rss_max_mm", "predicted_mean_mm")


def _doc(tree, name: str = "stackup_results.json"):
    _, data = tree.read_one(name)
    doc = json.loads(data.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{name} is not an object")
    return doc


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace("%", "").replace("mm", "").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _flag(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "pass", "meets", "ok"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "fail", "fails", "not ok"):
        return False
    return None


def _gap(output, reference, gid: str):
    want = _doc(reference)["gaps"][gid]
    try:
        doc = _doc(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read stackup_results.json: {type(e).__name__}: {e}"
    gaps = doc.get("gaps")
    if isinstance(gaps, list):  # a list of gap objects is as good as a mapping
        gaps = {str(g.get("gap_id", "")).strip().upper(): g for g in gaps if isinstance(g, dict)}
    if not isinstance(gaps, dict):
        return 0.0, "no gaps object in stackup_results.json"
    got = next((v for k, v in gaps.items() if str(k).strip().upper() == gid), None)
    if not isinstance(got, dict):
        return 0.0, f"no results for {gid}"
    wrong = []
    for key in LIMIT_ITEMS:
        g = _number(got.get(key))
        if g is None or not abs(g - want[key]) <= 0.002:
            wrong.append(key)
    g = _number(got.get("predicted_sd_mm"))
    if g is None or not abs(g - want["predicted_sd_mm"]) <= max(0.0005, 0.05 * want["predicted_sd_mm"]):
        wrong.append("predicted_sd_mm")
    g = _number(got.get("predicted_out_of_limits_pct"))
    w = want["predicted_out_of_limits_pct"]
    if g is None or not abs(g - w) <= max(0.02, 0.15 * w):
        wrong.append("predicted_out_of_limits_pct")
    for key in ("meets_worst_case", "meets_rss"):
        if _flag(got.get(key)) is not want[key]:
            wrong.append(key)
    n = len(LIMIT_ITEMS) + 4
    ev = f"{gid}: {n - len(wrong)}/{n} figures and verdicts right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return (n - len(wrong)) / n, ev


def gap_g1(output, reference, params):
    """G1's worst-case and RSS limits and predicted mean (within 0.002 mm), predicted standard deviation (5 %),
    predicted share outside the limits (15 %, at least 0.02 percentage points) and the two verdicts."""
    return _gap(output, reference, "G1")


def gap_g2(output, reference, params):
    """As gap_g1, for G2."""
    return _gap(output, reference, "G2")


def gap_g3(output, reference, params):
    """As gap_g1, for G3."""
    return _gap(output, reference, "G3")


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "design_review_note.md")
