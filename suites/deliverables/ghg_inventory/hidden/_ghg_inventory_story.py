"""ghg_inventory's story: the estate, the factors, and every record as it happened (bills, fuel-card lines,
refrigerant service jobs, certificates), decided from a seed.

The generator (`build_inputs.py`) writes these records into the client's files and computes the expected inventory
from them with `expected()`, which knows which record counts and why; the reference reads only the files.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

COMPANY = "Larchmont Fresh Foods Ltd"
YEAR_START, YEAR_END = date(2026, 1, 1), date(2026, 12, 31)
UK_GALLON = 4.54609

# fictional factors, kg CO2e per unit; version 1.3 was superseded by 2.0 (grid, residual mix and diesel corrected)
FACTORS = {
    "1.3": {"gas_gross": 0.18402, "gas_net": 0.20337, "diesel": 2.5127, "petrol": 2.1019, "grid": 0.21163,
            "td_losses": 0.01838, "residual": 0.36120},
    "2.0": {"gas_gross": 0.18402, "gas_net": 0.20337, "diesel": 2.5403, "petrol": 2.1019, "grid": 0.19874,
            "td_losses": 0.01712, "residual": 0.35216},
}
# fictional 100-year GWPs in three assessment sets (AR4, AR5, AR6); the policy names AR5
GWP = {
    "R404A": (3870, 3960, 4690),
    "R448A": (1360, 1390, 1530),
    "R407F": (1790, 1810, 2080),
    "R134a": (1410, 1290, 1510),
    "R410A": (2050, 1940, 2260),
    "R744": (1, 1, 1),
}
GWP_SET = 1  # AR5


@dataclass
class Site:
    code: str
    name: str
    kind: str  # store, depot, office
    town: str
    elec: int  # kWh a year
    gas: int
    aliases: list[str]
    assets: list[tuple[str, str, float]]  # asset, refrigerant, kg topped up a year on average
    trucks: int = 0
    vans: int = 0
    van_fuel: str = "petrol"
    start: date = YEAR_START  # in the inventory (operational control) from
    end: date = YEAR_END  # to
    status: str = "Owned / leased, operated by Larchmont"
    notes: str = ""
    mpan: str = ""
    mprn: str = ""
    base_year_t: float = 0.0


@dataclass
class Bill:
    fuel: str  # electricity, gas
    site: str
    meter: str
    bill_no: str
    start: date
    end: date
    kwh: float
    read: str  # A, E
    issued: date
    counts: bool = True  # False: an estimate superseded by an actual re-bill
    repeated: bool = False


@dataclass
class Fuel:
    txn: str
    when: date
    reg: str
    site: str
    provider: str  # fuellink (litres), crossway (UK gallons)
    product: str  # diesel, petrol, adblue
    litres: float
    repeated: bool = False


@dataclass
class Job:
    ref: str
    when: date
    site: str
    asset: str
    gas: str
    activity: str  # top_up, recovered, new_charge, leak_test
    kg: float
    note: str = ""


@dataclass
class Cert:
    ref: str
    supplier: str
    site: str
    start: date
    end: date
    mwh: float
    beneficiary: str


@dataclass
class World:
    name: str
    sites: list[Site]
    bills: list[Bill] = field(default_factory=list)
    fuel: list[Fuel] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    certs: list[Cert] = field(default_factory=list)
    vehicles: list[tuple[str, str, str, str]] = field(default_factory=list)  # reg, site, fuel, provider
    facts: dict = field(default_factory=dict)


def days(a: date, b: date) -> int:
    return (b - a).days + 1


def overlap_days(a0: date, a1: date, b0: date, b1: date) -> int:
    return max(0, (min(a1, b1) - max(a0, b0)).days + 1)


def season(fuel: str, kind: str, d: date) -> float:
    m = d.month
    if fuel == "gas":
        return {1: 1.9, 2: 1.75, 3: 1.45, 4: 1.05, 5: 0.7, 6: 0.45, 7: 0.35, 8: 0.35, 9: 0.55, 10: 0.95, 11: 1.4,
                12: 1.8}[m] / 1.0625
    if kind == "office":
        return 1.0
    return {6: 1.08, 7: 1.14, 8: 1.12, 9: 1.04}.get(m, 0.975) / 1.0


# ------------------------------------------------------------------------------------------------ bills


def make_bills(rng: random.Random, site: Site, fuel: str, counter: list[int]) -> list[Bill]:
    annual = site.elec if fuel == "electricity" else site.gas
    if not annual:
        return []
    meter = site.mpan if fuel == "electricity" else site.mprn
    read_day = rng.randint(2, 9)
    cuts = [date(2025, 12, read_day)]
    for i in range(1, 14):
        y, m = (2026, i) if i <= 12 else (2027, 1)
        cuts.append(date(y, m, max(1, min(28, read_day + rng.randint(-3, 3)))))
    periods = [(cuts[i] + timedelta(days=1 if i else 0), cuts[i + 1]) for i in range(len(cuts) - 1)]
    true = []
    for a, b in periods:
        kwh = sum(annual / 365 * season(fuel, site.kind, a + timedelta(days=k)) * rng.uniform(0.97, 1.03)
                  for k in range(days(a, b)))
        true.append(round(kwh))
    bills: list[Bill] = []

    def new(a: date, b: date, kwh: float, read: str, issued: date, counts: bool = True) -> Bill:
        counter[0] += 1
        prefix = "EL" if fuel == "electricity" else "GS"
        return Bill(fuel, site.code, meter, f"{prefix}{counter[0]:06d}", a, b, kwh, read, issued, counts)

    # one or two runs of estimated bills later replaced by an actual re-bill covering them, and a last bill that is
    # still an estimate when the export was run
    runs = sorted(rng.sample(range(1, 11), 2 if rng.random() < 0.5 else 1))
    i = 0
    while i < len(periods):
        a, b = periods[i]
        if i in runs and i + 1 < len(periods) - 1:
            a2, b2 = periods[i + 1]
            bills.append(new(a, b, round(true[i] * rng.uniform(0.8, 1.25)), "E", b + timedelta(days=4), False))
            bills.append(new(a2, b2, round(true[i + 1] * rng.uniform(0.8, 1.25)), "E", b2 + timedelta(days=4), False))
            bills.append(new(a, b2, true[i] + true[i + 1], "A", b2 + timedelta(days=19)))
            i += 2
            continue
        last = i == len(periods) - 1
        read = "E" if last and rng.random() < 0.6 else "A"
        kwh = round(true[i] * rng.uniform(0.85, 1.2)) if read == "E" else true[i]
        bills.append(new(a, b, kwh, read, b + timedelta(days=5)))
        i += 1
    for bl in rng.sample(bills, 2):  # the portal exports a few bills twice
        bills.append(Bill(**{**bl.__dict__, "repeated": True}))
    return bills


# ------------------------------------------------------------------------------------------------ fleet


def reg_plate(rng: random.Random, used: set[str]) -> str:
    while True:
        letters = "ABCDEFGHJKLMNOPRSTUVWXY"
        p = (rng.choice("BCDFGKLMNPRSVWY") + rng.choice(letters) + f"{rng.choice([19, 20, 21, 22, 23, 24, 71, 72, 73])}"
             + " " + "".join(rng.choice(letters) for _ in range(3)))
        if p not in used:
            used.add(p)
            return p


def make_fleet(rng: random.Random, w: World, counter: list[int]) -> None:
    used: set[str] = set()
    for s in w.sites:
        fleet = [("diesel", "truck")] * s.trucks + [(s.van_fuel, "van")] * s.vans
        for fuel, kind in fleet:
            reg = reg_plate(rng, used)
            provider = "crossway" if rng.random() < 0.4 else "fuellink"
            w.vehicles.append((reg, s.code, fuel, provider))
            d = date(2025, 12, rng.randint(16, 22))
            stop = date(2027, 1, 6)
            if s.end < YEAR_END:  # cards cancelled a week after the disposal; the buyer's drivers used them meanwhile
                stop = s.end + timedelta(days=7)
            if s.start > YEAR_START:  # new cards issued on acquisition
                d = s.start + timedelta(days=rng.randint(1, 4))
            while d <= stop:
                counter[0] += 1
                litres = round(rng.uniform(140, 380), 2) if kind == "truck" else round(rng.uniform(28, 62), 2)
                if provider == "crossway":  # the account reports UK gallons to two places
                    litres = round(litres / UK_GALLON, 2) * UK_GALLON
                w.fuel.append(Fuel(f"T{counter[0]:07d}", d, reg, s.code, provider, fuel, litres))
                if kind == "truck" and rng.random() < 0.3:
                    counter[0] += 1
                    blue = round(rng.uniform(10, 40), 2)
                    if provider == "crossway":
                        blue = round(blue / UK_GALLON, 2) * UK_GALLON
                    w.fuel.append(Fuel(f"T{counter[0]:07d}", d, reg, s.code, provider, "adblue", blue))
                d += timedelta(days=rng.randint(3, 5) if kind == "truck" else rng.randint(5, 9))
    repeats = [f for f in w.fuel if f.provider == "crossway" and f.product != "adblue"]
    for f in rng.sample(repeats, min(12, len(repeats))):
        w.fuel.append(Fuel(**{**f.__dict__, "repeated": True}))


# ------------------------------------------------------------------------------------------------ refrigerants


def make_jobs(rng: random.Random, w: World, counter: list[int]) -> None:
    for s in w.sites:
        for asset, gas, per_year in s.assets:
            n = rng.randint(1, 4)
            whens = sorted(date(2026, 1, 1) + timedelta(days=rng.randint(0, 364)) for _ in range(n))
            if s.start > YEAR_START:  # the previous owner's contractor's jobs were imported into the log
                whens += sorted(date(2026, 1, 10) + timedelta(days=rng.randint(0, 150)) for _ in range(2))
            for d in whens:
                if d > s.end:
                    continue
                counter[0] += 1
                kg = round(max(0.4, per_year / n * rng.uniform(0.6, 1.4)), 1)
                act = "top_up"
                w.jobs.append(Job(f"RS-{counter[0]:05d}", d, s.code, asset, gas, act, kg))
            if rng.random() < 0.35:
                counter[0] += 1
                d = date(2026, 1, 1) + timedelta(days=rng.randint(0, 364))
                if d <= s.end:
                    w.jobs.append(Job(f"RS-{counter[0]:05d}", d, s.code, asset, gas, "leak_test", 0.0))
        if s.kind == "store" and rng.random() < 0.4:
            counter[0] += 1
            d = date(2026, rng.randint(2, 11), rng.randint(1, 28))
            asset, gas, _ = s.assets[0]
            charge = round(rng.uniform(20, 90), 1)
            w.jobs.append(Job(f"RS-{counter[0]:05d}", d, s.code, asset, gas, "recovered", charge,
                              "compressor replaced, charge recovered and recycled"))
            counter[0] += 1
            w.jobs.append(Job(f"RS-{counter[0]:05d}", d + timedelta(days=1), s.code, asset, gas, "new_charge",
                              charge, "recovered charge returned after compressor replacement"))
    # jobs either side of the year
    for s in rng.sample(w.sites, 3):
        asset, gas, per_year = s.assets[0]
        counter[0] += 1
        w.jobs.append(Job(f"RS-{counter[0]:05d}", date(2025, 12, rng.randint(2, 30)), s.code, asset, gas, "top_up",
                          round(per_year / 3, 1)))
        counter[0] += 1
        w.jobs.append(Job(f"RS-{counter[0]:05d}", date(2027, 1, rng.randint(2, 12)), s.code, asset, gas, "top_up",
                          round(per_year / 4, 1)))


# ------------------------------------------------------------------------------------------------ the inventory


def in_control(s: Site, d: date) -> bool:
    return max(s.start, YEAR_START) <= d <= min(s.end, YEAR_END)


def expected(w: World, version: str = "2.0") -> list[dict]:
    """The inventory as the policy reads it: site, scope, source, activity, tCO2e (unrounded)."""
    f = FACTORS[version]
    site = {s.code: s for s in w.sites}
    control = {s.code: (max(s.start, YEAR_START), min(s.end, YEAR_END)) for s in w.sites}
    if "control_end" in w.facts:
        c = w.facts["control_end"]
        control[c["site"]] = (control[c["site"]][0], c["end"])
    act: dict[tuple[str, str], float] = {}

    def add(code: str, source: str, amount: float) -> None:
        act[(code, source)] = act.get((code, source), 0.0) + amount

    for b in w.bills:
        if b.repeated or not b.counts:
            continue
        a0, a1 = control[b.site]
        share = overlap_days(b.start, b.end, a0, a1) / days(b.start, b.end)
        add(b.site, "natural_gas" if b.fuel == "gas" else "electricity", b.kwh * share)
    for t in w.fuel:
        a0, a1 = control[t.site]
        if t.repeated or t.product == "adblue" or not a0 <= t.when <= a1:
            continue
        add(t.site, t.product, t.litres)
    for code, litres in w.facts.get("bulk_fuel", {}).items():
        add(code, "diesel", litres)
    jobs = list(w.jobs)
    if "leak" in w.facts:
        lk = w.facts["leak"]
        jobs.append(Job("extra", lk["when"], lk["site"], "", lk["gas"], "top_up", lk["kg"]))
    for j in jobs:
        a0, a1 = control[j.site]
        if j.activity == "top_up" and a0 <= j.when <= a1:
            add(j.site, f"refrigerant_{j.gas}", j.kg)
    covered: dict[str, float] = {}
    for c in w.certs:
        if not valid_cert(c, w):
            continue
        covered[c.site] = covered.get(c.site, 0.0) + c.mwh * 1000
    if "extra_site" in w.facts:  # run on a short licence, never on the register; electricity from a sub-meter
        x = w.facts["extra_site"]
        site[x["site"]] = Site(x["site"], x["name"], "depot", "", 0, 0, [], [])
        add(x["site"], "electricity", x["kwh"])
    rows = []
    for (code, source), amount in sorted(act.items()):
        if source == "electricity":
            loc = amount * f["grid"] / 1000
            rows.append(row(site[code], "2", "electricity_location", amount, "kWh", loc))
            uncovered = max(0.0, amount - covered.get(code, 0.0))
            rows.append(row(site[code], "2", "electricity_market", amount, "kWh", uncovered * f["residual"] / 1000))
        elif source == "natural_gas":
            rows.append(row(site[code], "1", source, amount, "kWh", amount * f["gas_gross"] / 1000))
        elif source in ("diesel", "petrol"):
            rows.append(row(site[code], "1", source, amount, "litres", amount * f[source] / 1000))
        else:
            gas = source.split("_", 1)[1]
            rows.append(row(site[code], "1", source, amount, "kg", amount * GWP[gas][GWP_SET] / 1000))
    return rows


def valid_cert(c: Cert, w: World) -> bool:
    if c.beneficiary != COMPANY or c.start < YEAR_START or c.end > YEAR_END:
        return False
    lapsed = w.facts.get("tariff_lapsed")
    return not (lapsed and c.supplier == lapsed["supplier"] and c.start > lapsed["end"])


def row(s: Site, scope: str, source: str, amount: float, unit: str, t: float) -> dict:
    return {"site_id": s.code, "site_name": s.name, "scope": scope, "source": source, "activity_value": amount,
            "activity_unit": unit, "tco2e": t}
