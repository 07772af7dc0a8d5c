"""The generator of discharge_permit_compliance: every sample each works gave in 2025 as its laboratory reported it
(the operator's compliance, operational and investigation samples and the agency's audit samples), the daily flows
and storm overflow spills, and the truth the permits and the agency's guidance make of them.

`simulate(inst)` is deterministic in the instance's seed. A `Sample`'s results hold the true value in mg/l
(ammoniacal nitrogen as N, phosphorus as P, total iron) computed from the reported text, so the truth and the files
agree to the digit. `counted(sample, det, inst)` is the truth of whether a result is a valid compliance result.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from _discharge_permit_compliance_story import LOD, NH4_PER_N, YEAR, Limits, Works

MERIDIAN_LOD_NH4 = 0.3


@dataclass
class Result:
    det: str
    value: float | None  # mg/l (NH3 as N, TP as P); None: not analysed (cancelled)
    text: str = ""  # as reported
    units: str = "mg/l"
    lab: str = "SLL"
    status: str = "AUTHORISED"
    first: str | None = None  # a re-analysis: the superseded first result's text
    inv_ref: str = ""
    inv_reason: str = ""
    outcome: str = ""  # accepted / refused / pending:accepted / pending:refused
    fixed: bool = False  # set by a tweak (not tuned)
    provisional: bool = False  # an audit result the agency marked provisional and later withdrew

    @property
    def below_lod(self) -> bool:
        return self.text.strip().startswith("<")


@dataclass
class Sample:
    sid: str  # LIMS sample number or the agency's reference
    works: str
    when: datetime
    purpose: str  # OSM, OPS, INV, AUDIT
    point: str = "FE1"
    results: dict[str, Result] = field(default_factory=dict)
    cancelled: bool = False
    storm: bool = False
    incident: bool = False  # disregarded by agreement after a contractor's incident (the Capital Delivery Manager)
    split: str = ""  # OSM: the agency's audit ref it was split with; AUDIT: the operator's sample number
    comment: str = ""
    resample_of: Sample | None = None
    planned: bool = False

    @property
    def day(self) -> date:
        return self.when.date()


@dataclass
class Spill:
    eid: str
    works: str
    outlet: str  # S1 storm overflow, E1 inlet emergency overflow
    start: datetime
    hours: float
    flow: float  # pass-forward flow at the start, in `units`
    units: str


@dataclass
class Story:
    samples: list[Sample]
    plan: dict[str, list[date]]
    volumes: dict[str, list[tuple[date, float | None, str]]]  # works -> (day, m3 or None, quality)
    spills: list[Spill]
    inst: dict


def limits_on(w: Works, day: date) -> Limits:
    return w.variation[1] if w.variation and day >= w.variation[0] else w.limits


def permitted(w: Works) -> list[str]:
    lim = w.limits
    return [d for d, v in (("BOD", lim.bod), ("SS", lim.ss), ("NH3", lim.nh3), ("TP", lim.tp), ("FE", lim.fe)) if v]


def _weekday(d: date) -> date:
    while d.weekday() >= 5:
        d += timedelta(days=1)
    return d


def _in_month(d: date, month: int) -> date:
    d = _weekday(d)
    if d.month != month:
        d = date(YEAR, month, 26)
        while d.weekday() >= 5:
            d -= timedelta(days=1)
    return d


def _schedule(w: Works, rng: random.Random) -> dict[tuple[int, int], date]:
    req = w.limits.required
    out: dict[tuple[int, int], date] = {}
    if req == 24:
        for m in range(1, 13):
            out[(m, 0)] = _in_month(date(YEAR, m, rng.randint(3, 8)), m)
            out[(m, 1)] = _in_month(date(YEAR, m, rng.randint(16, 21)), m)
    elif req == 12:
        for m in range(1, 13):
            out[(m, 0)] = _in_month(date(YEAR, m, rng.randint(7, 20)), m)
    else:
        for m in (2, 5, 8, 11):
            out[(m, 0)] = _in_month(date(YEAR, m, rng.randint(7, 19)), m)
    return out


def _at(day: date, rng: random.Random, lo: int = 8, hi: int = 12) -> datetime:
    return datetime.combine(day, time(rng.randint(lo, hi), rng.choice((0, 5, 10, 15, 20, 25, 30, 40, 45, 50))))


# ------------------------------------------------------------------------------------------------ reported values


def report(det: str, value: float, units: str = "mg/l") -> tuple[str, float]:
    """The text a laboratory reports for a true value and the value that text means (mg/l, as N / as P)."""
    if units == "NH4":
        v = round(value * NH4_PER_N, 2)
        return (
            (f"<{MERIDIAN_LOD_NH4}", MERIDIAN_LOD_NH4 / NH4_PER_N)
            if v < MERIDIAN_LOD_NH4
            else (
                f"{v:.2f}",
                v / NH4_PER_N,
            )
        )
    if units == "ug/l":
        v = round(value * 1000)
        return (f"<{int(LOD[det] * 1000)}", LOD[det]) if v < LOD[det] * 1000 else (f"{v}", v / 1000)
    if value < LOD[det]:
        lod = LOD[det]
        return (f"<{lod:g}", lod)
    if det in ("BOD", "SS"):
        v = float(round(value))
        return f"{int(v)}", v
    if det == "NH3":
        v = round(value, 1) if value >= 1 else round(value, 2)
        return (f"{v:.1f}" if value >= 1 else f"{v:.2f}"), v
    v = round(value, 2)
    return f"{v:.2f}", v


def _set(s: Sample, det: str, value: float, units: str = "mg/l", lab: str = "SLL", fixed: bool = False) -> Result:
    text, v = report(det, value, units)
    r = s.results.get(det) or Result(det, v)
    r.value, r.text, r.units, r.lab, r.fixed = v, text, units, lab, fixed or r.fixed
    s.results[det] = r
    return r


def _normal(det: str, lim: Limits, rng: random.Random, tp: float | None) -> float:
    if det == "TP":
        return max(0.08, (tp or 1.0) * (1 + rng.gauss(0, 0.16)))
    if det == "FE":
        return min(0.7 * lim.fe, 0.25 * lim.fe * math.exp(rng.gauss(0, 0.4)))
    lut = {"BOD": lim.bod, "SS": lim.ss, "NH3": lim.nh3}[det][0]
    med, sd, cap = {"BOD": (0.3, 0.45, 0.78), "SS": (0.35, 0.4, 0.78), "NH3": (0.16, 0.6, 0.72)}[det]
    return min(cap * lut, med * lut * math.exp(rng.gauss(0, sd)))


def _tp_key(w: Works, day: date) -> str:
    if not w.tp_target:
        return ""
    if "all" in w.tp_target:
        return "all"
    return "H2" if day >= w.variation[0] else "H1"


# ------------------------------------------------------------------------------------------------ simulation


def _works_samples(w: Works, inst: dict, rng: random.Random, audit_refs: list[str]) -> tuple[list, list]:
    sched = _schedule(w, rng)
    dets = permitted(w)
    fe2 = next((t for t in w.tweaks if t[0] == "fe2"), None)
    for t in w.tweaks:
        if t[0] == "storm":
            sched[(t[1], 0)] = date(YEAR, t[1], t[2])
        if t[0] == "incident":  # the sample keeps its planned day, which the tweak names
            assert sched[(t[1], 0)] == date(YEAR, t[1], t[2]), (w.code, sched[(t[1], 0)])
    if fe2:
        for k, d in sched.items():
            if d.month == fe2[1].month and d < fe2[1]:
                sched[k] = _weekday(fe2[1] + timedelta(days=2))
    osm: dict[tuple[int, int], Sample] = {}
    for k, d in sorted(sched.items(), key=lambda kv: kv[1]):
        s = Sample("", w.code, _at(d, rng), "OSM", planned=True)
        if fe2 and d >= fe2[1]:
            s.point = "FE2"
        osm[k] = s
    extra: list[Sample] = []
    ug_from = next((t[1] for t in w.tweaks if t[0] == "fe_ug"), 13)
    nh4_months = {t[1] for t in w.tweaks if t[0] == "nh4"}
    used_days = {s.day for s in osm.values()}

    def free_day(month: int) -> date:
        for _ in range(50):
            d = _in_month(date(YEAR, month, rng.randint(2, 26)), month)
            if d not in used_days:
                used_days.add(d)
                return d
        raise AssertionError("no free day")

    for t in w.tweaks:
        kind = t[0]
        if kind == "val":
            _, m, i, det, v = t
            _set(osm[(m, i)], det, v, fixed=True)
        elif kind in ("storm", "incident"):
            s = osm[(t[1], 0)]
            s.storm, s.incident = kind == "storm", kind == "incident"
            for det, v in t[3].items():
                _set(s, det, v, fixed=True)
        elif kind == "invalid":
            _, m, i, det, v, ref, outcome, reason = t
            r = _set(osm[(m, i)], det, v, fixed=True)
            r.status, r.inv_ref, r.outcome, r.inv_reason = "INVALID", ref, outcome, reason
        elif kind == "retest":
            _, m, i, det, first, final = t
            r = _set(osm[(m, i)], det, final, fixed=True)
            r.first = report(det, first)[0]
        elif kind == "cancel":
            _, m, i, replaced = t
            s = osm[(m, i)]
            s.cancelled, s.comment = True, "Sample not taken: site access road flooded"
            if replaced:
                d = _in_month(s.day + timedelta(days=rng.randint(5, 8)), m)
                extra.append(Sample("", w.code, _at(d, rng), "OSM", point=s.point, comment="Rescheduled sample"))
                used_days.add(d)
        elif kind == "resample":
            _, m, i, values = t
            s = osm[(m, i)]
            d = _weekday(s.day + timedelta(days=2))
            r = Sample("", w.code, _at(d, rng), "OSM", point=s.point, resample_of=s)
            for det, v in values.items():
                _set(r, det, v, fixed=True)
            extra.append(r)
            used_days.add(d)
        elif kind == "audit":
            _, m, i, split, values = t
            ref = audit_refs.pop(0)
            if split:
                s = osm[(m, i)]
                a = Sample(ref, w.code, s.when + timedelta(minutes=5), "AUDIT", point="FE1", split="pending")
                s.split = ref
                a.split = s  # resolved to the sample number once numbers are given
            else:
                a = Sample(ref, w.code, _at(free_day(m), rng, 9, 14), "AUDIT", point="FE1")
            for det, v in values.items():
                _set(a, det, v, fixed=True)
            extra.append(a)
        elif kind in ("ops", "investigation"):
            if kind == "ops":
                n, high = t[1], t[2]
                months = sorted(rng.sample(range(1, 13), n))
            else:
                months, high = [t[1]], {k: [v] for k, v in t[2].items()}
            for j, m in enumerate(months):
                s = Sample("", w.code, _at(free_day(m), rng, 7, 15), "OPS" if kind == "ops" else "INV")
                if fe2 and s.day >= fe2[1]:
                    s.point = "FE2"
                for det, vs in high.items():
                    if j < len(vs):
                        _set(s, det, vs[j], fixed=True)
                extra.append(s)
    for t in w.tweaks:
        if t[0] == "provisional":
            a = next(x for x in extra if x.purpose == "AUDIT" and x.day.month == t[1])
            a.results[t[2]].provisional = True
    samples = list(osm.values()) + extra
    for s in samples:
        lim = limits_on(w, s.day)
        use = [d for d in dets if s.purpose in ("OSM", "AUDIT") or d in ("BOD", "SS", "NH3")]
        if s.purpose == "AUDIT":
            use = [d for d in use if d != "FE"]
        for det in use:
            if s.cancelled:
                s.results[det] = Result(det, None, "", status="CANCELLED")
                continue
            if det not in s.results:
                _set(s, det, _normal(det, lim, rng, w.tp_target.get(_tp_key(w, s.day))))
            r = s.results[det]
            if s.purpose != "AUDIT":
                if det == "NH3" and s.day.month in nh4_months and s.purpose == "OSM":
                    keep = r.value
                    _set(s, det, keep, "NH4", "MER")
                if det == "FE" and s.day.month >= ug_from:
                    _set(s, det, r.value, "ug/l")
            elif det == "TP":
                _set(s, det, r.value, "ug/l")
    return samples, sorted(sched.values())


def counted(s: Sample, det: str, inst: dict, w: Works) -> tuple[bool, str]:
    """Whether a result is a valid compliance result of the works, and why not."""
    r = s.results[det]
    if s.cancelled or r.value is None:
        return False, "sample cancelled"
    if s.purpose == "OPS":
        return False, "operational sample"
    if s.purpose == "INV":
        return False, "investigation sample"
    if s.purpose == "AUDIT" and r.provisional:
        return False, "withdrawn by the agency"
    if s.purpose == "OSM":
        fe2 = next((t for t in w.tweaks if t[0] == "fe2"), None)
        if s.point == "FE2" and fe2 and s.day < fe2[2]:
            return False, "not taken at the permitted sampling point"
        lapse = inst["lapse"]
        if det in lapse["dets"] and lapse["start"] <= s.day <= lapse["end"] and r.lab == "SLL":
            return False, "laboratory not accredited for the method"
        if s.storm:
            return False, "disregarded by agreement with the agency (storm)"
        if s.incident:
            return False, "disregarded by agreement with the agency (site incident)"
        if r.status == "INVALID" and r.outcome.endswith(("accepted", ":appeal")):
            return False, f"invalidation {r.inv_ref} accepted by the agency"
        if s.split and det != "FE":
            return False, f"split with audit sample {s.split}: the agency's result is used"
    return True, ""


def _tune_tp(w: Works, samples: list[Sample], inst: dict, rng: random.Random) -> None:
    """Shift the normal phosphorus results so each period's mean of valid results is the story's target."""
    for key, target in w.tp_target.items():
        pool = [s for s in samples if "TP" in s.results and _tp_key(w, s.day) == key and counted(s, "TP", inst, w)[0]]
        free = [s for s in pool if not s.results["TP"].fixed]
        for _ in range(4):
            mean = sum(s.results["TP"].value for s in pool) / len(pool)
            shift = (target - mean) * len(pool) / len(free)
            for s in free:
                r = s.results["TP"]
                _set(s, "TP", max(0.08, r.value + shift), r.units, r.lab)
        mean = sum(s.results["TP"].value for s in pool) / len(pool)
        j = 0
        while abs(mean - target) > 0.004 and j < 400:
            s = free[j % len(free)]
            r = s.results["TP"]
            step = 0.001 if r.units == "ug/l" else 0.01
            _set(s, "TP", r.value + (step if mean < target else -step), r.units, r.lab)
            mean = sum(s.results["TP"].value for s in pool) / len(pool)
            j += 1
    for s in samples:  # the operator's half of a split sample reads close to the agency's
        if s.purpose == "OSM" and s.split and "TP" in s.results and not s.results["TP"].fixed:
            a = next(x for x in samples if x.sid == s.split)
            if "TP" in a.results:
                _set(s, "TP", a.results["TP"].value * (1 + rng.gauss(0, 0.05)))


def _flows(w: Works, rng: random.Random, storm_days: set[date]) -> tuple[list, list]:
    days = [date(YEAR, 1, 1) + timedelta(days=i) for i in range(365)]
    f = w.flow
    raw = []
    for d in days:
        wet_p = f["wet"] * (1.3 if d.month in (1, 2, 3, 10, 11, 12) else 0.7)
        wet = rng.random() < wet_p or d in storm_days
        v = (3.8 if d in storm_days else rng.uniform(1.25, 3.2)) if wet else 1 + rng.gauss(0, 0.035)
        raw.append([d, v, "Good", wet])
    for i in rng.sample(range(365), rng.randint(4, 9)):
        raw[i][1], raw[i][2] = None, "Missing"
    for i in rng.sample(range(365), 3):
        if raw[i][1] is not None:
            raw[i][1], raw[i][2] = raw[i][1] * rng.uniform(0.3, 0.6), "Incomplete"
    good = sorted(v for _, v, q, _ in raw if q == "Good")
    scale = f["q80"] * w.limits.dwf / percentile20(good)
    vols = []
    for d, v, q, _ in raw:
        if v is None:
            vols.append((d, None, q))
        elif f["volume"] == "Ml":
            vols.append((d, float(round(round(v * scale / 1000, 3) * 1000)), q))
        else:
            vols.append((d, float(round(v * scale)), q))
    wet_days = [r[0] for r in raw if r[3] and r[0] not in storm_days]
    spills = []
    picks = sorted(rng.sample(wet_days, len(f["events"]) - len(storm_days & set(days)))) + sorted(storm_days)
    for k, (d, q) in enumerate(zip(sorted(picks), f["events"], strict=True)):
        start = datetime.combine(d, time(rng.randint(0, 23), rng.choice((0, 15, 30, 45))))
        spills.append(
            Spill(f"{w.code}-S1-{k + 1:02d}", w.code, "S1", start, round(rng.uniform(0.5, 14), 1), q, f["units"])
        )
    for k, q in enumerate(f["e1"]):
        d = rng.choice(wet_days)
        start = datetime.combine(d, time(rng.randint(0, 23), 0))
        spills.append(Spill(f"{w.code}-E1-{k + 1:02d}", w.code, "E1", start, round(rng.uniform(0.3, 3), 1), q, "l/s"))
    return vols, spills


def percentile20(values: list[float]) -> float:
    """The value exceeded on 80 % of the days: the 20th percentile, linear between ranks."""
    xs = sorted(values)
    h = (len(xs) - 1) * 0.2
    lo = math.floor(h)
    return xs[lo] + (h - lo) * (xs[min(lo + 1, len(xs) - 1)] - xs[lo])


def simulate(inst: dict) -> Story:
    rng = random.Random(inst["seed"])
    refs = [f"{inst['ref_prefix']}{n:04d}" for n in range(101, 400, 3)]
    samples: list[Sample] = []
    plan: dict[str, list[date]] = {}
    volumes, spills = {}, []
    for w in inst["works"]:
        got, planned = _works_samples(w, inst, rng, refs)
        _tune_tp(w, got, inst, rng)
        samples += got
        plan[w.code] = planned
        storm_days = {s.day for s in got if s.storm}
        volumes[w.code], sp = _flows(w, rng, storm_days)
        spills += sp
    n = inst["sample_start"]
    for s in sorted((s for s in samples if s.purpose != "AUDIT"), key=lambda s: s.when):
        n += rng.randint(1, 9)
        s.sid = f"W25-{n:06d}"
    for s in samples:
        if s.purpose == "AUDIT" and isinstance(s.split, Sample):
            s.split = s.split.sid
        if s.resample_of is not None:
            s.comment = f"Resample following failure of {s.resample_of.sid}"
    samples.sort(key=lambda s: (s.when, s.sid))
    return Story(samples, plan, volumes, spills, inst)


def works_of(inst: dict) -> dict[str, Works]:
    return {w.code: w for w in inst["works"]}


def register(story: Story) -> list[dict]:
    """The truth of every result: one row per sample and determinand."""
    ws = works_of(story.inst)
    rows = []
    for s in story.samples:
        for det, r in s.results.items():
            ok, why = counted(s, det, story.inst, ws[s.works])
            rows.append(
                {
                    "sample_id": s.sid,
                    "works_id": s.works,
                    "sampled_on": s.day.isoformat(),
                    "determinand": det,
                    "result_mg_l": None if r.value is None else round(r.value, 4),
                    "counted": ok,
                    "reason": why,
                }
            )
    return rows


def fe2_count(story: Story) -> int:
    return len({s.sid for s in story.samples if s.point == "FE2" and s.purpose == "OSM" and not s.cancelled})
