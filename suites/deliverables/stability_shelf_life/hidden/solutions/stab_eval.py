"""The evaluation of stability data under ICH Q1E (with Q1A(R2)'s storage conditions and significant change), on
series already read from the files: per strength and attribute the batches' lines, whether they can be combined,
the time the attribute's bound meets its acceptance criterion, the limits of extrapolation, the shelf life and
the storage statement.

`Options` holds the choices a shortcut changes: the significance level of the pooling tests, the kind and level of
the bound, whether the accelerated results' significant change limits extrapolation."""

from __future__ import annotations

import math
from dataclasses import dataclass

import stab_stats as st

DIRECTION = {"assay": "lower", "impurity_b": "upper", "total_impurities": "upper", "dissolution": "lower"}
ATTRS = tuple(DIRECTION)


@dataclass
class Options:
    alpha: float = 0.25
    kind: str = "confidence"
    level: float = 0.95
    pooling: str = "test"  # "test", "always" (every batch together), "never" (each batch alone)
    significant_change_rule: bool = True  # False: extrapolate as if the accelerated data had not changed
    assay_only_change: bool = False  # True: significant change judged on the assay alone


def significant_change(series: dict, limits: dict, opts: Options) -> bool:
    """Q1A(R2) 2.2.7.1 for a drug product, at one condition: a 5 % change of assay from its initial value, a
    degradation product (or the total) over its acceptance criterion, or dissolution failing, in any batch."""
    for (attr, _batch), (xs, ys) in series.items():
        if attr == "assay":
            initial = ys[xs.index(0.0)] if 0.0 in xs else ys[0]
            if any(abs(y - initial) >= 5.0 - 1e-9 for y in ys):
                return True
        elif opts.assay_only_change:
            continue
        elif DIRECTION[attr] == "upper":
            if any(y > limits[attr] + 1e-9 for y in ys):
                return True
        elif any(y < limits[attr] - 1e-9 for y in ys):  # dissolution below Q
            return True
    return False


def max_shelf_life(months_covered: int, acc_change: bool, int_change: bool, opts: Options) -> int:
    """Q1E's limits on extrapolating beyond the period the long-term data cover (statistical analysis done)."""
    x = months_covered
    if acc_change and opts.significant_change_rule:
        if int_change:
            return x
        return int(min(1.5 * x, x + 6))
    return int(min(2 * x, x + 12))


def storage_limit(acc_change: bool, int_change: bool, opts: Options) -> int | None:
    """The highest storage temperature the label may allow, from the conditions the product is stable at."""
    if not acc_change or not opts.significant_change_rule:
        return None
    return 25 if int_change else 30


def evaluate_attribute(
    batches: list[str], data: list[tuple[list[float], list[float]]], limit: float, attr: str, opts: Options
) -> dict:
    direction = DIRECTION[attr]
    if len(data) > 1:
        an = st.ancova(data)
        p_s, p_i = an["p_slopes"], an["p_intercepts"]
    else:
        p_s = p_i = float("nan")
    if opts.pooling == "always" or len(data) == 1:
        model = "pooled" if len(data) > 1 else "separate"
    elif opts.pooling == "never":
        model = "separate"
    else:
        model = st.choose_model(p_s, p_i, opts.alpha)
    t, i = st.crossing(data, model, limit, direction, opts.kind, opts.level)
    return {
        "model": model,
        "p_slopes": None if math.isnan(p_s) else round(p_s, 4),
        "p_intercepts": None if math.isnan(p_i) else round(p_i, 4),
        "limiting_batch": None if model == "pooled" else batches[i],
        "crossing_months": None if t is None else round(t, 2),
        "acceptance_criterion": limit,
        "direction": direction,
    }


def evaluate(lt: dict, acc: dict, intermediate: dict, limits: dict, months_covered: int, opts: Options) -> dict:
    """lt, acc, intermediate: {strength: {(attr, batch): (ages, values)}}. Returns the decision."""
    acc_change = any(significant_change(acc[s], limits, opts) for s in acc)
    int_change = any(significant_change(intermediate[s], limits, opts) for s in intermediate)
    cap = max_shelf_life(months_covered, acc_change, int_change, opts)
    strengths = {}
    for s in sorted(lt):
        attrs = {}
        batches = sorted({b for _, b in lt[s]})
        for attr in ATTRS:
            data = [lt[s][(attr, b)] for b in batches]
            attrs[attr] = evaluate_attribute(batches, data, limits[attr], attr, opts)
        crossings = {a: v["crossing_months"] for a, v in attrs.items() if v["crossing_months"] is not None}
        limiting = min(crossings, key=crossings.get) if crossings else None
        supported = min([cap, *crossings.values()])
        strengths[s] = {
            "batches": batches,
            "attributes": attrs,
            "limiting_attribute": limiting,
            "shelf_life_months": math.floor(supported + 1e-9),
        }
    limit_c = storage_limit(acc_change, int_change, opts)
    return {
        "long_term_condition": "25C/60%RH",
        "long_term_months": months_covered,
        "accelerated_significant_change": acc_change,
        "intermediate_significant_change": int_change,
        "max_shelf_life_months": cap,
        "strengths": strengths,
        "proposed_shelf_life_months": min(v["shelf_life_months"] for v in strengths.values()),
        "storage_temperature_max_c": limit_c,
        "storage_statement": f"Do not store above {limit_c}\u00b0C."
        if limit_c
        else "No special temperature storage conditions.",
    }
