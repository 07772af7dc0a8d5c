"""The catalogue and cabinet lines on any date, the shipped job's par review (the world's copy of it, checked
against workspace/system/reorder.py by build_history.py) and the history run: 15 September 2025 to the extract.

History is replenished against the shipped job's own par levels, reviewed every four weeks (the March review was
held back to 9 March), and the wards' use is censored by what was there: a dose bought in an emergency never
passes through the cabinet, so it is not an issue.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date, timedelta

from _pharmacy_stock_sim import Engine, Line, Plan, StoreLine, add_line
from _pharmacy_stock_world import (
    CRIT,
    MIN_PAR,
    PRODUCTS,
    RATES,
    SAFETY,
    STORE,
    STORE_COVER,
    TOPUP_LEAD,
    WARD_COVER,
    WARDS,
    WINDOW_WEEKS,
    Truth,
    bin_units,
    code_of,
    current_key,
    demand_rate,
    first_supplier,
    name_of,
    store_shelf,
    supplier_on,
    vmp_of,
)

HISTORY_START = date(2025, 9, 15)
REVIEWS = [HISTORY_START + timedelta(weeks=4 * k) for k in range(6)]  # 15 Sep ... 2 Feb
LISTED = "2019-04-01"


def used_keys(truth: Truth) -> list[str]:
    keys = {k for w in RATES.values() for k in w}
    keys |= {new for _, new, _ in truth.formulary}
    keys |= {new for _, new, _, _, _ in truth.shortages}
    return sorted(keys)


def base_of(truth: Truth) -> dict[str, str]:
    """product key -> the key of the lines it sits on (a formulary replacement sits on the old product's lines)."""
    out = {k: k for k in PRODUCTS}
    for old, new, _ in truth.formulary:
        out[new] = old
    return out


@dataclass(frozen=True)
class Listing:
    code: str
    key: str
    supplier: str
    vmp: str
    name: str
    status: str
    listed_from: str
    delisted_from: str


def catalogue_on(truth: Truth, day: date, vmp_blank: frozenset[str], names: dict[str, str] | None = None) -> list:
    """Every product code listed on `day` (discontinued ones too), as the pharmacy system holds them."""
    out = []
    for key in used_keys(truth):
        p = PRODUCTS[key]
        sup0 = first_supplier(truth, key)
        listed = LISTED
        for _, new, first in truth.formulary:
            if key == new:
                listed = (first - timedelta(days=3)).isoformat()
        for _, new, _, _, listed_on in truth.shortages:
            if key == new:
                listed = listed_on.isoformat()
        if listed > day.isoformat():
            continue
        delisted = ""
        for old, _, first in truth.formulary:
            if key == old and first <= day:
                delisted = first.isoformat()
        sw = next((s for s in truth.switches if key in s.keys and s.day <= day), None)
        if sw is not None:
            delisted = delisted or sw.day.isoformat()
        out.append(
            Listing(code_of(key, sup0), key, sup0, vmp_of(key), name_of(p, sup0),
                    "DISCONTINUED" if delisted else "ACTIVE", listed, delisted)
        )  # fmt: skip
        if sw is not None:
            code = code_of(key, sw.to)
            out.append(
                Listing(code, key, sw.to, "" if key in vmp_blank else vmp_of(key),
                        (names or {}).get(code, name_of(p, sw.to)), "ACTIVE", sw.day.isoformat(), "")
            )  # fmt: skip
    return out


def line_code(truth: Truth, base: str, day: date) -> str:
    key = current_key(truth, base, day)
    return code_of(key, supplier_on(truth, key, day))


@dataclass
class History:
    truth: Truth
    engine: Engine
    end: date
    issues: dict[tuple[str, str], dict[date, int]] = field(default_factory=dict)  # (location, code) -> day -> packs
    plans: list[tuple[date, list[dict]]] = field(default_factory=list)  # review day, the job's rows


def shipped_rows(truth: Truth, day: date, issues: dict | None, nominal: bool = False) -> list[dict]:
    """The shipped job's par review on `day`: one row per cabinet line and per store product."""
    window = [day - timedelta(days=k) for k in range(1, 7 * WINDOW_WEEKS + 1)]
    span = len(window)
    cons = set(truth.consignment)
    rows, store_use = [], {}
    for ward in sorted(WARDS):
        for base in sorted(RATES[ward]):
            code = line_code(truth, base, day)
            key = current_key(truth, base, day)
            p = PRODUCTS[key]
            if nominal:
                use = RATES[ward][base]
            else:
                hist = issues.get((ward, code), {})
                use = sum(hist.get(d, 0) for d in window) / span
            if (ward, base) in cons:
                rows.append({"location": ward, "product_code": code, "par": None, "rop": None, "key": key,
                             "supplier": supplier_on(truth, key, day), "managed_by": "CONSIGNMENT"})  # fmt: skip
                continue
            store_use[key] = store_use.get(key, 0.0) + use
            par = _par(use, p.crit, TOPUP_LEAD, WARD_COVER)
            rows.append({"location": ward, "product_code": code, "key": key, **par, "supplier": STORE,
                         "managed_by": "CABINET"})  # fmt: skip
    for key in sorted(store_use):
        p = PRODUCTS[key]
        sup = supplier_on(truth, key, day)
        lead = truth.lead.get(sup, 2)
        par = _par(store_use[key], p.crit, lead, STORE_COVER)
        rows.append({"location": STORE, "product_code": code_of(key, sup), "key": key, **par, "supplier": sup,
                     "managed_by": "STORE"})  # fmt: skip
    return rows


def _par(use: float, crit: int, lead: float, cover: float) -> dict:
    par = max(MIN_PAR[crit], math.ceil(round(use * (cover + lead + SAFETY[crit]), 6)))
    rop = max(1, math.ceil(round(use * (lead + SAFETY[crit]), 6)))
    return {"par": par, "rop": min(rop, par)}


def to_plan(truth: Truth, rows: list[dict], trial_factor: dict[str, float] | None = None) -> Plan:
    base = base_of(truth)
    ward, store = {}, {}
    for r in rows:
        if r["par"] is None:
            continue
        b = base[r["key"]]
        if r["location"] == STORE:
            store[b] = (int(r["par"]), int(r["rop"]), r["supplier"])
        else:
            f = (trial_factor or {}).get(r["location"], 1.0)
            ward[(r["location"], b)] = (math.ceil(int(r["par"]) * f), int(r["rop"]))
    return Plan(ward, store)


def consignment_level(truth: Truth):
    """The supplier's own top-ups of consignment lines, while the agreement runs."""
    cons = set(truth.consignment)

    def level(line: Line, d: date) -> int:
        if (line.ward, line.base) not in cons or (truth.consignment_ends and d > truth.consignment_ends):
            return 0
        return math.ceil(RATES[line.ward][line.base] * 6)

    return level if cons else None


def run_history(truth: Truth, end: date, stream: str = "history") -> History:
    """Replenish every cabinet and the store against the shipped job's par levels from HISTORY_START to `end`."""
    lines: dict[tuple[str, str], Line] = {}
    for ward in sorted(WARDS):
        for base in sorted(RATES[ward]):
            add_line(lines, ward, base, bin_units(truth, ward, base))
    store = {k: StoreLine(k, cap=store_shelf(truth, k)) for k in sorted({b for _, b in lines})}
    eng = Engine(truth, HISTORY_START, lines, store, lambda w, b, d: demand_rate(truth, w, b, d, False), stream)
    eng.record = True
    hist = History(truth, eng, end)
    first = to_plan(truth, shipped_rows(truth, HISTORY_START, None, nominal=True))
    for (w, b), (par, _) in first.ward.items():
        lines[(w, b)].batches.append([None, par])
    for b, (par, _, _) in first.store.items():
        store[b].on_hand = par
    consign = consignment_level(truth)
    plan = first
    day, i = HISTORY_START, 0
    while day <= end:
        if day in REVIEWS:
            rows = shipped_rows(truth, day, hist.issues, nominal=day == HISTORY_START)
            hist.plans.append((day, rows))
            plan = to_plan(truth, rows)
        trial = truth.uplift_trial
        today = plan
        if trial and trial[1] <= day <= trial[2]:
            today = to_plan(truth, hist.plans[-1][1], dict.fromkeys(trial[0], trial[3]))
        n = len(eng.out.issues)
        eng.day(i, day, today, consign)
        for d, ward, base, packs in eng.out.issues[n:]:
            code = line_code(truth, base, d)
            hist.issues.setdefault((ward, code), {})[d] = packs
        day += timedelta(days=1)
        i += 1
    return hist


def stock_rows(truth: Truth, eng: Engine, day: date) -> list[tuple]:
    """stock_on_hand at the end of `day`: (location, product_code, packs, expires_on, status)."""
    rows = []
    for (ward, base), line in sorted(eng.lines.items()):
        code = line_code(truth, base, day)
        for exp, packs in line.batches:
            when = "" if exp is None else (eng.start + timedelta(days=exp)).isoformat()
            rows.append((ward, code, packs, when, "ON_HAND"))
        if line.incoming:
            rows.append((ward, code, line.incoming, "", "IN_TRANSIT"))
    for base, s in sorted(eng.store.items()):
        if s.on_hand:
            rows.append((STORE, line_code(truth, base, day), s.on_hand, "", "ON_HAND"))
    return rows


def crit_name(key: str) -> str:
    return CRIT[PRODUCTS[key].crit]
