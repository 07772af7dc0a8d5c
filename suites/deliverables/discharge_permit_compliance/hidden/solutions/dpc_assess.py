"""The annual compliance assessment of discharge_permit_compliance, from valid compliance results, the permits as
varied and the flow records: each condition of each works for each period a version of it applied, the decisions
per works and determinand, and the headline counts. Shared by the reference, the shortcuts (through `Options`) and
the build's design checks.

The rules: a look-up-table condition allows the failures that Directive 91/271/EEC Annex I Table 3 gives for the
number of samples taken in the period; an upper tier limit is absolute (one sample above it fails the condition,
whatever the look-up table allows); an annual average is the mean of every valid result of the period, results
below the limit of detection at the limit of detection; a result equal to a limit complies; a condition varied
during the year is assessed separately over each period; the measured DWF is the daily volume exceeded on 80 % of
the days with a complete record; a storm overflow spill while less than the flow to full treatment was passed
forward breaches the FFT condition. `corrected` applies what the staff know of the flow records first: a meter that
read low (its volumes times the factor) and spills the telemetry missed (assessed with the logged ones).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

YEAR = 2025
DETS = ("BOD", "SS", "NH3", "TP", "FE", "FLOW")
LUT = [
    (4, 7, 1), (8, 16, 2), (17, 28, 3), (29, 40, 4), (41, 53, 5), (54, 67, 6), (68, 81, 7), (82, 95, 8),
    (96, 110, 9), (111, 125, 10), (126, 140, 11), (141, 155, 12), (156, 171, 13), (172, 187, 14), (188, 203, 15),
    (204, 219, 16), (220, 235, 17), (236, 251, 18), (252, 268, 19), (269, 284, 20), (285, 300, 21), (301, 317, 22),
    (318, 334, 23), (335, 350, 24), (351, 365, 25),
]  # fmt: skip


@dataclass
class Options:
    lut_by: str = "taken"  # or "planned": the sampling calendar's number of samples
    upper_tier: bool = True  # False: upper tier limits not assessed
    periods: str = "split"  # "split": each version over its period; "first": the permit as issued all year;
    #                          "last": the current version all year
    dwf: str = "q80"  # or "mean"
    lod_in_mean: str = "lod"  # or "half", "zero"


def allowed(n: int) -> int:
    return next((a for lo, hi, a in LUT if lo <= n <= hi), 0 if n < 4 else 25)


def percentile20(values: list[float]) -> float:
    xs = sorted(values)
    h = (len(xs) - 1) * 0.2
    lo = math.floor(h)
    return xs[lo] + (h - lo) * (xs[min(lo + 1, len(xs) - 1)] - xs[lo])


def periods(versions: list[tuple[date, dict]], opts: Options) -> list[tuple[date, date, dict]]:
    """(from, to, limits) for each version of the permit in the year."""
    vs = sorted(versions, key=lambda v: v[0])
    if opts.periods == "first":
        return [(date(YEAR, 1, 1), date(YEAR, 12, 31), vs[0][1])]
    if opts.periods == "last":
        return [(date(YEAR, 1, 1), date(YEAR, 12, 31), vs[-1][1])]
    out = []
    for i, (start, lim) in enumerate(vs):
        end = date(YEAR, 12, 31) if i + 1 == len(vs) else date.fromordinal(vs[i + 1][0].toordinal() - 1)
        out.append((max(start, date(YEAR, 1, 1)), end, lim))
    return out


def _fmt(x: float) -> float:
    return round(x, 4)


def _row(
    works: str,
    det: str,
    cond: str,
    start: date,
    limit: float,
    n: int,
    fails: int | None,
    allow: int | None,
    stat: float | None,
    ok: bool,
) -> dict:
    return {
        "works_id": works,
        "determinand": det,
        "condition": cond,
        "valid_from": start.isoformat(),
        "limit": limit,
        "samples": n,
        "failures": fails,
        "failures_allowed": allow,
        "statistic": stat,
        "compliant": "yes" if ok else "no",
    }


def changed(versions: list[tuple[date, dict]], key: str, opts: Options) -> bool:
    vals = {repr(v[1].get(key)) for v in versions}
    return opts.periods == "split" and len(vals) > 1


def assess_works(
    works: str, rows: list[dict], versions: list[tuple[date, dict]], flows: dict | None, planned: int, opts: Options
) -> list:
    """Every condition of one works. rows: its valid compliance results (works_id, sampled_on as date,
    determinand, result_mg_l, below_lod)."""
    out = []
    for det in ("BOD", "SS", "NH3", "TP", "FE"):
        if not any(v[1].get(det) for v in versions):
            continue
        pers = periods(versions, opts)
        if not changed(versions, det, opts):  # the condition did not change: one period, the whole year
            pers = [(date(YEAR, 1, 1), date(YEAR, 12, 31), pers[-1][2] if opts.periods == "last" else pers[0][2])]
        for start, end, lim in pers:
            cond = lim.get(det)
            if not cond:
                continue
            got = [r for r in rows if r["determinand"] == det and start <= r["sampled_on"] <= end]
            vals = [(r["result_mg_l"], r["below_lod"]) for r in got]
            if det == "TP":
                mean = _mean(vals, opts) if vals else None
                out.append(
                    _row(
                        works,
                        det,
                        "annual_average",
                        start,
                        cond,
                        len(vals),
                        None,
                        None,
                        None if mean is None else _fmt(mean),
                        mean is not None and mean <= cond + 1e-9,
                    )
                )
                continue
            if det == "FE":
                top = [v for v, low in vals if not low and v > cond + 1e-9]
                out.append(
                    _row(
                        works,
                        det,
                        "upper_tier",
                        start,
                        cond,
                        len(vals),
                        len(top),
                        0,
                        _fmt(max((v for v, _ in vals), default=0)),
                        not top,
                    )
                )
                continue
            lut, utl = cond
            n = len(vals)
            if opts.lut_by == "planned":
                share = (end - start).days + 1
                n_allow = round(planned * share / 365)
            else:
                n_allow = n
            fails = sum(1 for v, low in vals if not low and v > lut + 1e-9)
            out.append(_row(works, det, "lut", start, lut, n, fails, allowed(n_allow), None, fails <= allowed(n_allow)))
            if opts.upper_tier:
                top = sum(1 for v, low in vals if not low and v > utl + 1e-9)
                out.append(
                    _row(
                        works,
                        det,
                        "upper_tier",
                        start,
                        utl,
                        n,
                        top,
                        0,
                        _fmt(max((v for v, _ in vals), default=0)),
                        top == 0,
                    )
                )
    if flows is not None:
        lim = versions[-1][1] if opts.periods == "last" else versions[0][1]
        good = [v for _, v, q in flows["volumes"] if v is not None and q == "good"]
        stat = percentile20(good) if opts.dwf == "q80" else sum(good) / len(good)
        out.append(
            _row(
                works,
                "FLOW",
                "dwf",
                date(YEAR, 1, 1),
                lim["dwf"],
                len(good),
                None,
                None,
                round(stat, 1),
                stat <= lim["dwf"] + 1e-9,
            )
        )
        spills = [f for outlet, f in flows["spills"] if outlet == "S1"]
        low = [f for f in spills if f < lim["fft"] - 1e-9]
        out.append(
            _row(
                works,
                "FLOW",
                "fft",
                date(YEAR, 1, 1),
                lim["fft"],
                len(spills),
                len(low),
                0,
                round(min(spills), 1) if spills else None,
                not low,
            )
        )
    return out


def _mean(vals: list[tuple[float, bool]], opts: Options) -> float:
    k = {"lod": 1.0, "half": 0.5, "zero": 0.0}[opts.lod_in_mean]
    return sum(v * (k if low else 1.0) for v, low in vals) / len(vals)


def shortfalls(conditions: list[dict], required: dict[str, int]) -> dict[str, dict[str, int]]:
    """works -> determinand -> valid compliance samples, where fewer than the permit requires."""
    got: dict[str, dict[str, int]] = {}
    for c in conditions:
        if c["determinand"] == "FLOW" or (c["condition"] == "upper_tier" and c["determinand"] != "FE"):
            continue
        got.setdefault(c["works_id"], {}).setdefault(c["determinand"], 0)
        got[c["works_id"]][c["determinand"]] += c["samples"]
    return {
        w: {d: n for d, n in v.items() if n < required[w]}
        for w, v in got.items()
        if any(n < required[w] for n in v.values())
    }


def summary(conditions: list[dict], works: list[str], year: int = YEAR) -> dict:
    per: dict[str, dict[str, str]] = {w: {} for w in works}
    for c in conditions:
        d = per[c["works_id"]]
        ok = c["compliant"] == "yes"
        d[c["determinand"]] = "compliant" if ok and d.get(c["determinand"], "compliant") == "compliant" else "failing"
    dets = {}
    for det in DETS:
        on = [w for w in works if det in per[w]]
        failing = sorted(w for w in on if per[w][det] == "failing")
        dets[det] = {"compliant": len(on) - len(failing), "failing": len(failing), "failing_works": failing}
    for w in works:
        per[w]["overall"] = "failing" if "failing" in per[w].values() else "compliant"
    bad = sorted(w for w in works if per[w]["overall"] == "failing")
    return {
        "year": year,
        "works": per,
        "determinands": dets,
        "works_compliant": len(works) - len(bad),
        "works_failing": len(bad),
        "failing_works": bad,
    }


def corrected(flows: dict, meter: dict | None = None, unlogged: dict | None = None) -> dict:
    """The flow records as the staff's facts correct them. meter: {"works", "factor"}, a final effluent meter that
    read low all year: its recorded volumes times the factor; unlogged: {"works", "spills": [(day, l/s)]}, storm
    overflow spills the telemetry did not log (its monitor disconnected during a capital scheme): assessed with the
    logged ones."""
    out = {w: dict(f) for w, f in flows.items()}
    if meter and meter.get("works") in out:
        f = out[meter["works"]]
        k = float(meter["factor"])
        f["volumes"] = [(d, None if v is None else v * k, q) for d, v, q in f["volumes"]]
    if unlogged and unlogged.get("works") in out:
        f = out[unlogged["works"]]
        f["spills"] = list(f["spills"]) + [("S1", float(v)) for _, v in unlogged["spills"]]
    return out


def assess(rows: list[dict], permits: dict, flows: dict, planned: dict, opts: Options | None = None) -> tuple:
    """rows: every valid compliance result; permits: works -> [(valid_from, limits)]; flows: works -> {"volumes":
    [(day, m3, quality)], "spills": [(outlet, l/s)]}; planned: works -> samples in the calendar."""
    opts = opts or Options()
    conditions = []
    for w in sorted(permits):
        mine = [r for r in rows if r["works_id"] == w]
        conditions += assess_works(w, mine, permits[w], flows.get(w), planned.get(w, 0), opts)
    return conditions, summary(conditions, sorted(permits))
