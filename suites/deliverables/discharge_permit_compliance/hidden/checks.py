"""Custom checks of discharge_permit_compliance: the headline counts, each works' decisions, the look-up-table,
upper tier, annual average and flow conditions, the sample register and the matters the note raises.

Every check reads the delivered file defensively: a missing, malformed or oddly shaped delivery is the worker's 0
with evidence, never an error."""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from worktrial.kit.grader import json_object, note_matters

SUMMARY = "compliance_summary.json"
CONDITIONS = "conditions_assessment.csv"
REGISTER = "sample_register.csv"
YES = {"yes", "y", "true", "compliant", "pass", "passed", "met"}
NO = {"no", "n", "false", "failing", "fail", "failed", "not met"}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace(",", "").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _key(text: Any) -> str:
    return re.sub(r"[\s_\-]", "", str(text)).lower()


def _yes(value: Any) -> bool | None:
    v = str(value).strip().lower()
    return True if v in YES else False if v in NO else None


def _day(value: Any) -> str:
    s = str(value).strip()
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%Y/%m/%d", "%d.%m.%Y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime(s, f).date().isoformat()
        except ValueError:
            pass
    return s


def _summary(output: Any) -> tuple[dict | None, str]:
    try:
        return json_object(output, SUMMARY), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read {SUMMARY}: {type(e).__name__}: {e}"


def _rows(tree: Any, name: str) -> list[dict]:
    _, data = tree.read_one(name)
    text = data.decode("utf-8-sig", errors="replace").replace("\x00", "")
    lines = text.splitlines()
    try:
        dialect = csv.Sniffer().sniff(lines[0], delimiters=",;\t")
    except (csv.Error, IndexError):
        dialect = csv.excel
    return [
        {_key(k): (v or "").strip() if isinstance(v, str) else "" for k, v in r.items() if k is not None}
        for r in csv.DictReader(io.StringIO(text), dialect=dialect)
    ]


def _score(right: float, total: float, label: str, wrong: list[str], extra: list[str] = ()) -> tuple[float, str]:
    ev = f"{right:g}/{total:g} {label} right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:12]) + (" ..." if len(wrong) > 12 else "")
    if extra:
        ev += "; not expected: " + ", ".join(extra[:6]) + (" ..." if len(extra) > 6 else "")
    return (right / (total + len(extra)) if total + len(extra) else 0.0), ev


def _ids(value: Any) -> set[str] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return {v.strip().upper() for v in value}


# ------------------------------------------------------------------------------------------------ the headline


def headline(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Per determinand: how many works complied, how many failed and which failed; overall: the works compliant,
    failing and which (each overall figure counted twice)."""
    want = json_object(reference, SUMMARY)
    got, err = _summary(output)
    if got is None:
        return 0.0, err
    gdets = got.get("determinands") if isinstance(got.get("determinands"), dict) else {}
    gdets = {str(k).strip().upper(): v for k, v in gdets.items()}
    items: list[tuple[str, object, object, float]] = []
    for det, w in want["determinands"].items():
        if w["compliant"] + w["failing"] == 0:
            continue
        g = gdets.get(det) if isinstance(gdets.get(det), dict) else {}
        items += [
            (f"{det} compliant", w["compliant"], _number(g.get("compliant")), 1),
            (f"{det} failing", w["failing"], _number(g.get("failing")), 1),
            (f"{det} failing_works", set(w["failing_works"]), _ids(g.get("failing_works")), 1),
        ]
    items += [
        ("works_compliant", want["works_compliant"], _number(got.get("works_compliant")), 2),
        ("works_failing", want["works_failing"], _number(got.get("works_failing")), 2),
        ("failing_works", set(want["failing_works"]), _ids(got.get("failing_works")), 2),
    ]
    right = sum(wt for _, w, g, wt in items if g is not None and g == w)
    wrong = [label for label, w, g, _ in items if g is None or g != w]
    return _score(right, sum(wt for *_, wt in items), "headline figures (weighted)", wrong)


def decisions(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Each works' decision per determinand and overall; a decision on a determinand the works' permit does not
    limit counts against."""
    want = json_object(reference, SUMMARY)["works"]
    got, err = _summary(output)
    if got is None:
        return 0.0, err
    gw = got.get("works") if isinstance(got.get("works"), dict) else {}
    gw = {str(k).strip().upper(): v for k, v in gw.items()}
    right, wrong, extra = 0, [], []
    total = 0
    for works, dets in want.items():
        g = gw.get(works) if isinstance(gw.get(works), dict) else {}
        g = {str(k).strip().upper(): v for k, v in g.items()}
        for det, value in dets.items():
            total += 1
            if isinstance(g.get(det.upper()), str) and g[det.upper()].strip().lower() == value:
                right += 1
            else:
                wrong.append(f"{works} {det}")
        extra += [
            f"{works} {d}"
            for d, v in g.items()
            if d not in {k.upper() for k in dets}
            and isinstance(v, str)
            and v.strip().lower() in ("compliant", "failing")
        ]
    return _score(right, total, "decisions", wrong, extra)


# ------------------------------------------------------------------------------------------------ the conditions


def _conditions(tree: Any) -> dict[tuple, dict]:
    out: dict[tuple, dict] = {}
    for r in _rows(tree, CONDITIONS):
        k = (
            r.get("worksid", "").upper(),
            r.get("determinand", "").upper(),
            r.get("condition", "").lower(),
            _day(r.get("validfrom", "")),
        )
        out.setdefault(k, r)
    return out


def _condition_check(
    output: Any,
    reference: Any,
    kinds: tuple[str, ...],
    fields: list[str],
    label: str,
    stat_tol: Callable[[tuple, float], float] | None = None,
) -> tuple[float, str]:
    want = {k: r for k, r in _conditions(reference).items() if k[2] in kinds}
    try:
        got = _conditions(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read {CONDITIONS}: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for k, w in want.items():
        g = got.get(k)
        ok = g is not None and _yes(g.get("compliant")) == _yes(w["compliant"])
        for f in fields if ok else ():
            if f == "statistic":
                tol = stat_tol(k, float(w[f]))
                gv = _number(g.get(f))
                ok = ok and gv is not None and abs(gv - float(w[f])) <= tol
            else:
                gv = _number(g.get(f))
                ok = ok and gv is not None and gv == float(w[f])
        if ok:
            right += 1
        else:
            wrong.append(" ".join(x for x in k if x))
    extra = [" ".join(k) for k in got if k[2] in kinds and k not in want]
    return _score(right, len(want), label, wrong, extra)


def lut_conditions(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Each look-up-table condition: the valid samples, the failures, the failures the table allows for that
    number of samples and the decision, all exact."""
    return _condition_check(
        output, reference, ("lut",), ["samples", "failures", "failuresallowed"], "look-up-table conditions"
    )


def upper_tier(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Each upper tier condition: the results above the limit and the decision."""
    return _condition_check(output, reference, ("upper_tier",), ["failures"], "upper tier conditions")


def annual_averages(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Each annual average condition: the valid samples, the mean within 0.005 mg/l and the decision."""
    return _condition_check(
        output,
        reference,
        ("annual_average",),
        ["samples", "statistic"],
        "annual average conditions",
        lambda k, w: 0.005,
    )


def flow_conditions(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Measured DWF within 1 % and its decision; spills assessed, spills in breach of the flow to full treatment and
    the decision."""
    dwf = _condition_check(output, reference, ("dwf",), ["statistic"], "DWF conditions", lambda k, w: 0.01 * w)
    fft = _condition_check(output, reference, ("fft",), ["samples", "failures"], "FFT conditions")
    return (dwf[0] + fft[0]) / 2, f"{dwf[1]}; {fft[1]}"


# ------------------------------------------------------------------------------------------------ the register


def register(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Every result once: whether it is a valid compliance result, and each counted result in mg/l (within 0.5 % or
    0.001 mg/l). Repeated and unknown rows count against."""
    want = {(r["sampleid"].upper(), r["determinand"].upper()): r for r in _rows(reference, REGISTER)}
    try:
        rows = _rows(output, REGISTER)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read {REGISTER}: {type(e).__name__}: {e}"
    got: dict[tuple, dict] = {}
    extra: list[str] = []
    for r in rows:
        k = (r.get("sampleid", "").upper(), r.get("determinand", "").upper())
        if k in got or k not in want:
            extra.append(" ".join(k))
        else:
            got[k] = r
    right, wrong = 0, []
    for k, w in want.items():
        g = got.get(k)
        ok = g is not None and _yes(g.get("counted")) == _yes(w["counted"])
        if ok and _yes(w["counted"]):
            gv, wv = _number(g.get("resultmgl")), float(w["resultmgl"])
            ok = gv is not None and abs(gv - wv) <= max(0.001, 0.005 * abs(wv))
        if ok:
            right += 1
        else:
            wrong.append(" ".join(k))
    return _score(right, len(want), "register rows", wrong, extra)


def note_issues(output: Any, reference: Any, params: dict) -> tuple[float, str]:
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_head_of_compliance.md")
