"""energy_bill_validation's world: the UK clock and its settlement periods, every site's half-hourly consumption,
what each invoice line should be (the contract, the charging statement, HMRC's VAT and CCL rules and the staff's
facts) and what Brightwater billed (its errors included), and from both the validation register as it really is."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP
from decimal import Decimal as D

import _energy_bill_validation_sites as st

HALF = timedelta(minutes=30)
K_ALLOW = math.sqrt(1 / st.PF_ALLOWANCE**2 - 1)
PENNY = D("0.01")


def money(x: D) -> D:
    return x.quantize(PENNY, rounding=ROUND_HALF_UP)


def tenth(x: D) -> D:
    return x.quantize(D("0.1"), rounding=ROUND_HALF_UP)


# ------------------------------------------------------------------------------------------------ the clock


def last_sunday(year: int, month: int) -> date:
    d = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    return d - timedelta(days=(d.weekday() + 1) % 7)


def bst_offset(utc: datetime) -> timedelta:
    """UK summer time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October."""
    start = datetime.combine(last_sunday(utc.year, 3), time(1))
    end = datetime.combine(last_sunday(utc.year, 10), time(1))
    return timedelta(hours=1) if start <= utc < end else timedelta(0)


def midnight_utc(d: date) -> datetime:
    guess = datetime.combine(d, time(0)) - timedelta(hours=1)
    return guess if bst_offset(guess) else datetime.combine(d, time(0))


@dataclass(frozen=True)
class Period:
    utc: datetime  # start, UTC
    local: datetime  # start, UK clock time
    day: date  # settlement (local) day
    n: int  # settlement period of the day, 1..46/48/50
    occurrence: int  # 2 for the second pass through the repeated hour of the autumn change


def settlement_periods(d: date) -> list[Period]:
    out, u, end, seen = [], midnight_utc(d), midnight_utc(d + timedelta(days=1)), set()
    while u < end:
        local = u + bst_offset(u)
        occ = 2 if local in seen else 1
        seen.add(local)
        out.append(Period(u, local, d, len(out) + 1, occ))
        u += HALF
    return out


def band(p: Period) -> str:
    """The DNO's time bands in clock time: red and amber on Monday to Friday (bank holidays included), green at
    weekends."""
    if p.day.weekday() >= 5:
        return "green"
    t = p.local.hour * 60 + p.local.minute
    if 960 <= t < 1140:
        return "red"
    if 450 <= t < 960 or 1140 <= t < 1260:
        return "amber"
    return "green"


def month_days(year: int, month: int) -> list[date]:
    d, out = date(year, month, 1), []
    while d.month == month:
        out.append(d)
        d += timedelta(days=1)
    return out


# ------------------------------------------------------------------------------------------------ consumption


def _shape(kind: str, p: Period) -> float:
    h = p.local.hour + p.local.minute / 60 + 0.25
    wd = p.day.weekday()
    if kind == "dc":
        shift = 0.5 if wd < 5 and 5 <= h < 23 else 0.3 if wd == 5 and 6 <= h < 14 else 0.08
        return 0.45 + shift + (0.06 if 16 <= h < 19 and wd < 5 else 0.0)
    if kind == "bakery":
        night = 0.7 if (h >= 21 or h < 6) and not (wd == 5 and h >= 21) and not (wd == 6 and h < 21) else 0.0
        return 0.25 + night + (0.3 if 6 <= h < 14 and wd < 6 else 0.0)
    store = 0.38
    if wd < 6 and 7 <= h < 22:
        store += 0.55 * (min(1.0, (h - 7) / 2) if h < 9 else 1.0 if h < 18 else 0.85)
    elif wd == 6 and 9 <= h < 17:
        store += 0.44
    if kind == "mixed":
        flats = 0.15 + (0.35 if 17 <= h < 22 else 0.15 if 7 <= h < 9 else 0.0)
        return 0.55 * store + flats
    return store


SEASON = {1: 1.07, 2: 1.03, 3: 0.97, 10: 0.95, 11: 1.0, 12: 1.06}


@dataclass
class Reading:
    period: Period
    kwh: int  # tenths of a kWh
    kvarh: int  # tenths of a kVArh
    quality: str = "A"


def consumption(inst: st.Instance, code: str) -> list[Reading]:
    s = st.site(inst, code)
    rng = random.Random(f"{inst.seed}-{code}")
    out: list[Reading] = []
    peaks = {m: kva for (c, m), kva in inst.peaks.items() if c == code}
    for y, m in inst.months:
        peak_day = next(d for d in month_days(y, m) if d.weekday() == 2 and d.day > 7)
        for d in month_days(y, m):
            for p in settlement_periods(d):
                kw = s.peak_kw * _shape(s.kind, p) * SEASON[m] * (1 + rng.gauss(0, 0.05))
                pf = min(0.995, max(0.78, s.pf + rng.gauss(0, 0.012)))
                kwh, kvarh = kw / 2, kw / 2 * math.tan(math.acos(pf))
                kva = 2 * math.hypot(kwh, kvarh)
                if kva > s.clip_kva:
                    kwh, kvarh = kwh * s.clip_kva / kva * 0.999, kvarh * s.clip_kva / kva * 0.999
                if m in peaks and d == peak_day and p.local.time() == time(17, 30):
                    sin = math.sqrt(1 - s.pf**2)
                    kwh, kvarh = peaks[m] / 2 * s.pf, peaks[m] / 2 * sin
                q = "E" if rng.random() < 0.004 else "A"
                out.append(Reading(p, round(kwh * 10), round(kvarh * 10), q))
    return out


@dataclass
class Usage:
    """One site's month as the meter recorded it."""

    days: list[date]
    by_day: dict[date, dict[str, int]]  # tenths of kWh by band
    pairs: list[tuple[int, int]]  # (kWh, kVArh) tenths, each half hour
    md_kva: D

    def band_total(self, b: str) -> int:
        return sum(v[b] for v in self.by_day.values())

    @property
    def total(self) -> int:
        return sum(self.band_total(b) for b in st.BANDS)


def usage(readings: list[Reading], year: int, month: int) -> Usage:
    days = month_days(year, month)
    by_day = {d: dict.fromkeys(st.BANDS, 0) for d in days}
    pairs = []
    md = 0.0
    for r in readings:
        if r.period.day.month != month or r.period.day.year != year:
            continue
        by_day[r.period.day][band(r.period)] += r.kwh
        pairs.append((r.kwh, r.kvarh))
        md = max(md, 2 * math.hypot(r.kwh / 10, r.kvarh / 10))
    return Usage(days, by_day, pairs, tenth(D(repr(md))))


# ------------------------------------------------------------------------------------------------ charges


@dataclass
class Terms:
    """Everything that decides one invoice's charges: the truth's or Brightwater's."""

    unit_rate: dict[date, D]
    standing: dict[date, D]
    llf: dict[str, D]
    duos: dict[str, D]
    capacity: int
    days_billed: int
    reactive: str = "allowance"  # allowance, total, none (estimates)
    excess: bool = True
    ccl_main: D = D("1")  # shares of the units at the main and the CCA rate
    ccl_cca: D = D("0")
    vat_q: D = D("0")
    vat_placement: str = "standard"  # standard: the CCL is standard-rated; all: every line split by vat_q
    estimate: D | None = None


@dataclass
class Line:
    charge: str
    quantity: D
    unit: str
    rate: str
    amount: D


def charges(u: Usage, t: Terms) -> dict[str, Line]:
    by_day = u.by_day
    if t.estimate is not None:
        by_day = {
            d: {b: int((D(v) * t.estimate).quantize(D("1"), rounding=ROUND_HALF_UP)) for b, v in bands.items()}
            for d, bands in by_day.items()
        }
    units = {b: sum(v[b] for v in by_day.values()) for b in st.BANDS}
    total = sum(units.values())
    la = sum((D(v[b]) / 10 * t.llf[b] for v in by_day.values() for b in st.BANDS), D(0))
    energy = sum((D(v[b]) / 10 * t.llf[b] * t.unit_rate[d] / 100 for d, v in by_day.items() for b in st.BANDS), D(0))
    rates = sorted({t.unit_rate[d] for d in u.days}, reverse=True)
    lines = {"energy": Line("energy", tenth(la), "kWh", "/".join(f"{r}" for r in rates), money(energy))}
    for b in st.BANDS:
        lines[f"duos_{b}"] = Line(
            f"duos_{b}", D(units[b]) / 10, "kWh", f"{t.duos[b]}", money(D(units[b]) / 10 * t.duos[b] / 100)
        )
    n = t.days_billed
    lines["duos_fixed"] = Line("duos_fixed", D(n), "days", f"{t.duos['fixed']}", money(n * t.duos["fixed"] / 100))
    lines["capacity"] = Line(
        "capacity",
        D(t.capacity),
        f"kVA x {n} days",
        f"{t.duos['capacity']}",
        money(t.capacity * n * t.duos["capacity"] / 100),
    )
    excess = u.md_kva - t.capacity
    if t.excess and excess > 0:
        lines["excess_capacity"] = Line(
            "excess_capacity",
            excess,
            f"kVA x {len(u.days)} days",
            f"{t.duos['excess']}",
            money(excess * len(u.days) * t.duos["excess"] / 100),
        )
    if t.reactive != "none":
        if t.reactive == "total":
            kvarh = D(sum(q for _, q in u.pairs)) / 10
        else:
            kvarh = tenth(D(repr(sum(max(0.0, q / 10 - K_ALLOW * p / 10) for p, q in u.pairs))))
        amount = money(kvarh * t.duos["reactive"] / 100)
        if amount > 0:
            lines["reactive_power"] = Line("reactive_power", kvarh, "kVArh", f"{t.duos['reactive']}", amount)
    standing = sorted({t.standing[d] for d in u.days}, reverse=True)
    sc = n * standing[0] if len(standing) == 1 else sum((t.standing[d] for d in u.days), D(0))
    lines["standing_charge"] = Line("standing_charge", D(n), "days", "/".join(f"{r}" for r in standing), money(sc))
    ccl = money(D(total) / 10 * (t.ccl_main * st.CCL_MAIN + t.ccl_cca * st.CCL_CCA))
    if ccl > 0:
        rate = f"{st.CCL_MAIN}" if t.ccl_cca == 0 else f"{st.CCL_MAIN}/{st.CCL_CCA}"
        lines["ccl"] = Line("ccl", D(total) / 10 * (t.ccl_main + t.ccl_cca), "kWh", rate, ccl)
    lines.update(vat(lines, t.vat_q, t.vat_placement))
    return lines


def vat(lines: dict[str, Line], q: D, placement: str) -> dict[str, Line]:
    """The VAT lines on the given net lines: the reduced rate on the qualifying share, the standard rate on the rest
    (and, as HMRC's rules have it, on the CCL, which is only charged on the part that does not qualify)."""
    net = sum((ln.amount for c, ln in lines.items() if not c.startswith("vat")), D(0))
    ccl = lines["ccl"].amount if "ccl" in lines else D(0)
    if placement == "standard":
        reduced, standard = money((net - ccl) * q), money((net - ccl) * (1 - q) + ccl)
    else:
        reduced, standard = money(net * q), money(net * (1 - q))
    out = {}
    if reduced > 0:
        out["vat_reduced"] = Line("vat_reduced", reduced, "GBP", "5%", money(reduced * st.VAT_REDUCED))
    if standard > 0:
        out["vat_standard"] = Line("vat_standard", standard, "GBP", "20%", money(standard * st.VAT_STANDARD))
    return out


def qualifying(q: D) -> D:
    """HMRC's rule for a supply partly for qualifying use (VAT and CCL alike): at least 60% qualifying use makes the
    whole supply qualifying; below that the supply is apportioned."""
    return D("1") if q >= D("0.6") else q


CCA_FACTS = ("bakery_cca", "thornbury_cca")


def true_terms(inst: st.Instance, code: str, year: int, month: int, facts: dict) -> Terms:
    s = st.site(inst, code)
    days = month_days(year, month)
    v1, v2 = st.prices(inst, "v1", code), st.prices(inst, "v2", code)
    switch = inst.v2_from
    concession = facts.get("v2_concession")
    if concession and code in concession["sites"]:
        switch = concession["from"]
    unit = {d: (v2 if d >= switch else v1)[0] for d in days}
    standing = {d: (v2 if d >= switch else v1)[1] for d in days}
    capacity = s.capacity
    reduced = facts.get("capacity_reduced")
    if reduced and code in reduced["sites"] and days[0] >= reduced["from"]:
        capacity = reduced["sites"][code]
    q = qualifying(s.pp11)
    let = facts.get("flats_let")
    if let and let["site"] == code and days[0] >= let["from"]:
        q = D("0")  # the flats let as business premises: no domestic use left
    cca = D("0")
    for kind in CCA_FACTS:
        cert = facts.get(kind)
        if cert and cert["site"] == code and days[0] >= cert["from"]:
            cca = cert["share"]
    llfc = s.llfc
    moved = facts.get("llfc_reallocated")
    if moved and moved["site"] == code and days[0] >= moved["from"]:
        llfc = moved["llfc"]
    return Terms(
        unit,
        standing,
        st.llf(inst, llfc),
        st.duos(inst, llfc),
        capacity,
        len(days),
        ccl_main=1 - q - cca,
        ccl_cca=cca,
        vat_q=q,
    )


def supplier_terms(inst: st.Instance, code: str, year: int, month: int, errors: list[tuple]) -> Terms:
    """What Brightwater billed: the contract as written (no staff facts), with the given errors."""
    t = true_terms(inst, code, year, month, {})
    s = st.site(inst, code)
    for e in errors:
        kind, where = e[0], e[1]
        if where != code or (
            len(e) > 2
            and kind not in ("pp11_apportioned", "vat_placement", "reactive_total", "loss_factor")
            and e[2] != month
        ):
            continue
        if kind == "price_schedule":
            v1 = st.prices(inst, "v1", code)
            t = replace(t, unit_rate=dict.fromkeys(t.unit_rate, v1[0]), standing=dict.fromkeys(t.standing, v1[1]))
        elif kind == "estimated":
            t = replace(t, estimate=D(e[3]), reactive="none", excess=False)
        elif kind == "pp11_apportioned":
            t = replace(t, ccl_main=1 - s.pp11, vat_q=s.pp11)
        elif kind == "vat_placement":
            t = replace(t, vat_placement="all")
        elif kind == "reactive_total":
            t = replace(t, reactive="total")
        elif kind == "billing_days":
            t = replace(t, days_billed=e[3])
        elif kind == "loss_factor":
            t = replace(t, llf=st.llf(inst, e[2]))
        elif kind == "duos_rate":
            t = replace(t, duos={**t.duos, e[3]: t.duos[e[4]]})
    return t


CAUSE = {
    "price_schedule": "price_schedule",
    "estimated": "estimated_read",
    "pp11_apportioned": "ccl",
    "vat_placement": "vat",
    "reactive_total": "reactive_power",
    "billing_days": "billing_days",
    "loss_factor": "loss_factor",
    "duos_rate": "duos_rate",
    "capacity_reduced": "capacity",
    "bakery_cca": "ccl",
    "v2_concession": "price_schedule",
    "thornbury_cca": "ccl",
    "flats_let": "ccl",
    "llfc_reallocated": "duos_rate",
}


@dataclass
class Invoice:
    number: str
    issued: date
    code: str
    year: int
    month: int
    kind: str  # invoice, reversal, rebill, duplicate
    read: str  # A or E
    lines: dict[str, Line]
    source: str = "csv"
    ref: str = ""
    terms: Terms | None = field(default=None, repr=False)
