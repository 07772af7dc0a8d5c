"""The stability studies as they really ran, for stability_shelf_life's generator: every batch, every pull and
test date, every result as the laboratory reported it (with the faults of the hard instance), and the clean series
the company's rules make of them (`series`), which the reference must reach from the files.

Ages are months of 30.44 days from the stability start date to the test date (the protocol's rule); the initial
results count at age 0 in every storage condition.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

ATTRS = ("assay", "impurity_b", "total_impurities", "dissolution")
CONDITIONS = {"LT": "25C/60%RH", "INT": "30C/65%RH", "ACC": "40C/75%RH"}
PULLS = {"LT": [0, 3, 6, 9, 12, 18, 24], "INT": [0, 3, 6, 9, 12], "ACC": [0, 3, 6]}
# how much faster each attribute moves at the intermediate and accelerated conditions
SPEED = {
    "INT": {"assay": 1.5, "impurity_b": 1.6, "total_impurities": 1.5, "dissolution": 1.5},
    "ACC": {"assay": 4.0, "impurity_b": 7.0, "total_impurities": 5.0, "dissolution": 3.0},
}
LOQ = 0.05
LOD = 0.02
DAYS_PER_MONTH = 30.44


@dataclass
class Batch:
    batch_id: str
    strength: str  # "10mg" or "20mg"
    site: str  # "carrow" or "oderberg"
    start: date
    pack: str
    params: dict[str, tuple[float, float, float]]  # attribute -> (intercept, slope per month, noise sd)
    old_pack: bool = False


@dataclass
class Result:
    rid: str
    batch: str
    condition: str  # LT, INT, ACC (T0 results: "T0")
    nominal: int
    pulled: date
    tested: date
    attribute: str
    value: float  # as reported, in the unit of the attribute (% label claim, %, % dissolved mean)
    text: str  # as reported ("<LOQ", "ND", "0.12")
    status: str = "APPROVED"  # APPROVED, OOS, RETEST
    note: str = ""
    units: list[float] = field(default_factory=list)  # dissolution: the six units


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    y += d.year
    m += 1
    day = min(d.day, [31, 29 if y % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1])
    return date(y, m, day)


def age(b: Batch, tested: date) -> float:
    return max(0.0, (tested - b.start).days / DAYS_PER_MONTH)


def _report(attr: str, x: float) -> tuple[float, str]:
    if attr == "impurity_b":
        v = round(x + 1e-9, 2)
        if x < LOD:
            return 0.0, "ND"
        if x < LOQ:
            return LOQ / 2, "<LOQ"
        return v, f"{v:.2f}"
    if attr == "total_impurities":
        v = round(x + 1e-9, 2)
        return v, f"{v:.2f}"
    v = round(x + 1e-9, 1)
    return v, f"{v:.1f}"


def simulate(inst: dict) -> tuple[list[Batch], list[Result], dict]:
    """Every batch and every result as reported. The hard instance's faults (the 24-month assay run on a damaged
    column, Oderberg's impurity B at the wrong relative response factor) are written into the reported values;
    `story` records what the staff know."""
    batches = [Batch(**b) for b in inst["batches"]]
    results: list[Result] = []
    story: dict = {"oos": None, "biased": None}
    counter = [inst["rid_start"]]

    def rid() -> str:
        counter[0] += 7
        return f"R{counter[0]:07d}"

    for b in batches:
        rng = random.Random(f"{inst['seed']}-{b.batch_id}")
        t0_test = b.start - timedelta(days=rng.randint(6, 20))
        times: dict[tuple[str, int], tuple[date, date]] = {("T0", 0): (t0_test, t0_test)}
        for cond in ("LT", "INT", "ACC"):
            for n in PULLS[cond][1:]:
                pulled = add_months(b.start, n) + timedelta(days=rng.randint(0, 6))
                late = rng.random() < inst["late_share"]
                tested = pulled + timedelta(days=rng.randint(28, 64) if late and n >= 6 else rng.randint(3, 14))
                if pulled >= inst["export_date"]:
                    continue  # not pulled yet when LIMS was exported
                # nothing is tested after the export that reports it
                times[(cond, n)] = (pulled, min(tested, inst["export_date"] - timedelta(days=1)))
        for (cond, n), (pulled, tested) in times.items():
            t = age(b, tested)
            for attr in ATTRS:
                a, slope, sd = b.params[attr]
                speed = 1.0 if cond in ("T0", "LT") else SPEED[cond][attr]
                x = a + slope * speed * t + rng.gauss(0, sd)
                units: list[float] = []
                if attr == "dissolution":
                    units = [round(x + rng.gauss(0, 1.6)) for _ in range(6)]
                    x = sum(units) / 6
                    value, text = (round(x, 1) if b.site == "carrow" else x), f"{x:.1f}"
                elif attr == "assay" and b.site == "oderberg":  # reported in mg per tablet
                    mg = round(x * int(b.strength[:-2]) / 100 + 1e-9, 2)
                    value, text = mg * 100 / int(b.strength[:-2]), f"{mg:.2f}"
                else:
                    value, text = _report(attr, x)
                results.append(Result(rid(), b.batch_id, cond, n, pulled, tested, attr, value, text, units=units))
    # the 24-month assay run of 10 mg on a damaged column: one result out of specification (retested), and in the
    # hard instance a second batch of the same run biased low but within specification
    run = inst["oos"]
    oos = next(
        r
        for r in results
        if r.batch == run["batch"] and r.condition == "LT" and r.nominal == 24 and r.attribute == "assay"
    )
    good = oos.value
    oos.value = round(good - run["drop"], 1)
    oos.text, oos.status, oos.note = f"{oos.value:.1f}", "OOS", run["id"]
    retest_day = oos.tested + timedelta(days=run["retest_after"])
    results.append(
        Result(
            rid(),
            oos.batch,
            "LT",
            24,
            oos.pulled,
            retest_day,
            "assay",
            good,
            f"{good:.1f}",
            status="RETEST",
            note=run["id"],
        )
    )
    story["oos"] = {"id": run["id"], "batch": oos.batch, "original": oos.value, "retest": good, "tested": oos.tested}
    if run.get("biased"):
        biased = next(
            r
            for r in results
            if r.batch == run["biased"] and r.condition == "LT" and r.nominal == 24 and r.attribute == "assay"
        )
        true = biased.value
        biased.value = round(true - run["bias"], 1)
        biased.text = f"{biased.value:.1f}"
        story["biased"] = {"batch": biased.batch, "reported": biased.value, "retest": true, "rid": biased.rid}
    rrf = inst.get("rrf")
    if rrf:  # Oderberg's impurity B at RRF 1.00 instead of 0.80: reported low, and the totals with it
        by_key = {(r.batch, r.condition, r.nominal, r.attribute): r for r in results if r.status == "APPROVED"}
        site = {b.batch_id: b.site for b in batches}
        for r in results:
            if site[r.batch] != "oderberg" or r.attribute != "impurity_b" or r.text in ("ND", "<LOQ"):
                continue
            true = r.value
            r.value = round(true * rrf + 1e-9, 2)
            r.text = f"{r.value:.2f}"
            tot = by_key[(r.batch, r.condition, r.nominal, "total_impurities")]
            tot.value = round(tot.value - (true - r.value) + 1e-9, 2)
            tot.text = f"{tot.value:.2f}"
    return batches, results, story


def series(inst: dict, batches: list[Batch], results: list[Result], known: dict) -> dict:
    """{(batch, condition, attribute): (ages, values)}: the results the company's rules use, each once, in the
    unit of the specification. `known` holds the staff's facts: "oos_closed" (the investigation closed as a
    laboratory error: the retest replaces the original), "biased" (the second batch's 24-month assay of the same
    run invalidated, its retest value), "rrf" (divide Oderberg's impurity B by the factor, the totals with it),
    "excluded" (batches left out)."""
    out: dict[tuple[str, str, str], tuple[list[float], list[float]]] = {}
    bmap = {b.batch_id: b for b in batches}
    rrf = known.get("rrf")
    chosen: dict[tuple[str, str, int, str], Result] = {}
    for r in results:
        key = (r.batch, r.condition, r.nominal, r.attribute)
        if r.status == "RETEST":
            if known.get("oos_closed"):
                chosen[key] = r
            continue
        if r.status == "OOS" and known.get("oos_closed"):
            continue
        chosen.setdefault(key, r)
    for (batch, cond, n, attr), r in sorted(chosen.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
        if batch in known.get("excluded", []):
            continue
        b = bmap[batch]
        value = r.value
        biased = known.get("biased")
        if biased and biased["batch"] == batch and cond == "LT" and n == 24 and attr == "assay":
            value = biased["retest"]
        if rrf and b.site == "oderberg" and attr in ("impurity_b", "total_impurities"):
            b_res = chosen[(batch, cond, n, "impurity_b")]
            if b_res.text not in ("ND", "<LOQ"):
                delta = b_res.value / rrf - b_res.value
                value = value + delta if attr == "total_impurities" else b_res.value / rrf
        conds = ("LT", "INT", "ACC") if cond == "T0" else (cond,)
        for c in conds:
            xs, ys = out.setdefault((batch, c, attr), ([], []))
            xs.append(0.0 if cond == "T0" else age(b, r.tested))
            ys.append(value)
    for xs, ys in out.values():
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        xs[:], ys[:] = [xs[i] for i in order], [ys[i] for i in order]
    return out
