"""ghg_inventory's estates: the sites of each instance and the world built from them (records and staff facts)."""

from __future__ import annotations

import random
from datetime import date

from _ghg_inventory_story import (
    COMPANY,
    FACTORS,
    GWP,
    GWP_SET,
    Cert,
    Job,
    Site,
    World,
    make_bills,
    make_fleet,
    make_jobs,
)

BUYER = "Halvard Cold Chain Ltd"
# litres of diesel delivered in bulk in 2026 (the Kingsmere yard tank; the standby generators at six stores)
BULK_DIESEL = {"DC1": 68_400.0, "ST02": 1_150.0, "ST03": 1_480.0, "ST05": 980.0, "ST08": 1_320.0, "ST11": 1_240.0,
               "ST12": 1_060.0}
SELLER = "Dunmore Grocers Ltd"

STORES = [  # code, name, town, aliases
    ("ST01", "Larchmont Market Ashby Road", "Thornbury", ["Ashby Rd", "ASHBY ROAD STORE", "Store 01 Ashby"]),
    ("ST02", "Larchmont Market Quayside", "Penmarth", ["Quayside", "QUAYSIDE PENMARTH", "Store 2 - Quayside"]),
    ("ST03", "Larchmont Market Hollins Green", "Eddleston", ["Hollins Grn", "HOLLINS GREEN", "St03 Hollins"]),
    ("ST04", "Larchmont Market Station Parade", "Wyvern Cross", ["Station Pde", "STATION PARADE", "Store 04"]),
    ("ST05", "Larchmont Market Castlegate", "Ormsby", ["Castlegate", "CASTLEGATE ORMSBY", "Store 5 Castlegate"]),
    ("ST06", "Larchmont Market Millfield", "Ravensby", ["Millfield", "MILLFIELD RAVENSBY", "St 06 Millfield"]),
    ("ST07", "Larchmont Local Bridge Street", "Thornbury", ["Bridge St", "BRIDGE ST LOCAL", "Store 07 Bridge"]),
    ("ST08", "Larchmont Market Fenwick Park", "Aldercombe", ["Fenwick Pk", "FENWICK PARK", "Store 08 Fenwick"]),
    ("ST09", "Larchmont Local Harbour Lane", "Penmarth", ["Harbour Ln", "HARBOUR LANE", "Store 9 Harbour"]),
    ("ST11", "Larchmont Market Westgate", "Eddleston", ["Westgate", "WESTGATE EDDLESTON", "Store 11 Westgate"]),
    ("ST12", "Larchmont Market Orchard Way", "Aldercombe", ["Orchard Wy", "ORCHARD WAY", "St12 Orchard"]),
]

INSTANCES: dict[str, dict] = {
    "base": {"seed": 2611, "stores": ["ST01", "ST02", "ST03", "ST04", "ST05", "ST06", "ST07"], "wrexford": False},
    "full_estate": {"seed": 4177, "stores": [c for c, *_ in STORES], "wrexford": True},
}


def estate(inst: dict, rng: random.Random) -> list[Site]:
    sites = [
        Site("HO1", "Pellam House (head office)", "office", "Thornbury", 412_000, 286_000,
             ["Pellam House", "HEAD OFFICE", "Head Office - Pellam Hse"], [("Comfort cooling VRF", "R410A", 6.0)]),
        Site("DC1", "Kingsmere Distribution Centre", "depot", "Kingsmere", 3_860_000, 1_140_000,
             ["Kingsmere DC", "KINGSMERE DISTRIBUTION CENTRE", "Larchmont - Kingsmere"],
             [("Chiller plant A", "R404A", 46.0), ("Blast freezer", "R407F", 22.0)], trucks=14, vans=1),
    ]
    # in the full estate Brindle Cross is a small cross-dock and Fernhill a small store, so that the disposal and the
    # acquisition together stay well below the policy's 5% base-year threshold and only Wrexford's outsourcing (a
    # structural change too) takes the changes over it
    small = inst["wrexford"]
    sites.append(Site("DC2", "Brindle Cross Depot", "depot", "Brindle Cross", 260_000 if small else 2_380_000,
                      30_000 if small else 690_000, ["Brindle X Depot", "BRINDLE CROSS", "Brindle Cross DC"],
                      [("Cold store plant", "R404A", 6.0 if small else 38.0)], trucks=0 if small else 9,
                      vans=2 if small else 0, van_fuel="diesel", end=date(2026, 9, 30),
                      status=f"Sold to {BUYER}, completion 30/09/2026", notes="Divestment - see Property"))
    if inst["wrexford"]:
        sites.append(Site("DC3", "Wrexford Depot", "depot", "Wrexford", 1_740_000, 520_000,
                          ["Wrexford DC", "WREXFORD DEPOT", "Larchmont Wrexford"],
                          [("Chill dock plant", "R448A", 30.0)], trucks=8,
                          notes="LSA signed Feb-26 (Property holds)"))
    for code, name, town, aliases in STORES:
        if code not in inst["stores"]:
            continue
        big = name.startswith("Larchmont Market")
        pack = rng.choice(["R404A", "R448A"]) if big else "R134a"
        assets = [("Main pack", pack, round(rng.uniform(14, 42), 1)),
                  ("Cold room", "R134a", round(rng.uniform(2, 6), 1))]
        if big and rng.random() < 0.35:
            assets.append(("CO2 freezer pack", "R744", round(rng.uniform(10, 25), 1)))
        sites.append(Site(code, name, "store", town, rng.randrange(460_000, 960_000, 1000) if big else
                          rng.randrange(180_000, 320_000, 1000), rng.randrange(70_000, 230_000, 1000) if big else 0,
                          aliases, assets, vans=rng.choice([0, 1, 2]) if big else 0,
                          van_fuel=rng.choice(["petrol", "diesel"])))
    sites.append(Site("ST10", "Larchmont Market Fernhill", "store", "Fernhill", 380_000 if small else 702_000,
                      60_000 if small else 164_000, ["Fernhill", "Dunmore Grocers - Fernhill", "FERNHILL (EX DUNMORE)"],
                      [("Main pack", "R404A", 10.0 if small else 34.0), ("Cold room", "R134a", 2.0 if small else 3.5)],
                      vans=1, van_fuel="diesel",
                      start=date(2026, 7, 1), status=f"Acquired from {SELLER}, completion 01/07/2026",
                      notes="Acquisition - supply accounts transferred with the site"))
    for s in sites:
        s.mpan = f"{rng.randint(10, 23)}00{rng.randint(10**9, 10**10 - 1)}"
        s.mprn = str(rng.randint(10**8, 10**9 - 1)) if s.gas else ""
    return sites


def base_year(sites: list[Site], rng: random.Random) -> None:
    f = FACTORS["2.0"]
    for s in sites:
        if s.code == "ST10" or s.start > date(2026, 1, 1):
            continue  # not in the 2023 estate
        fleet = s.trucks * 17_000 * f["diesel"] + s.vans * 2_400 * f["petrol"]
        refr = sum(kg * GWP[g][GWP_SET] for _, g, kg in s.assets)
        t = (s.elec * f["grid"] * 1.32 + s.gas * f["gas_gross"] * 1.08 + fleet + refr) / 1000
        s.base_year_t = round(t * rng.uniform(1.02, 1.1), 1)


def certificates(w: World, inst: dict, rng: random.Random) -> None:
    by = {s.code: s for s in w.sites}
    n = 0

    def cert(supplier: str, code: str, a: date, b: date, mwh: float, who: str = COMPANY) -> None:
        nonlocal n
        n += 1
        w.certs.append(Cert(f"{'MER' if supplier.startswith('Meridian') else 'SOL'}-26-{n:04d}", supplier, code, a, b,
                            mwh, who))

    meridian, solace = "Meridian Energy Supply", "Solace Renewables"
    green = [("HO1", 1.0), ("DC1", 0.52), ("ST01", 1.0), ("ST02", 1.0)]
    if inst["wrexford"]:  # head office (billed by Northwold) is not on the Meridian contract in the full estate
        green = [("DC1", 0.52), ("ST01", 1.0), ("ST02", 1.0), ("ST04", 1.0), ("ST07", 1.0), ("ST08", 0.8),
                 ("ST12", 1.0)]
    for code, share in green:
        annual = by[code].elec / 1000
        # each half-year's certificates stay below that half's use, so matching by period or by year agrees
        cert(meridian, code, date(2026, 1, 1), date(2026, 6, 30), round(annual * share * 0.47))
        cert(meridian, code, date(2026, 7, 1), date(2026, 12, 31), round(annual * share * 0.47))
    cert(solace, "ST05", date(2026, 1, 1), date(2026, 12, 31), round(by["ST05"].elec / 1000 * 1.15))
    cert(solace, "ST03", date(2025, 10, 1), date(2025, 12, 31), round(by["ST03"].elec / 1000 * 0.27))  # last year's
    cert(solace, "ST03", date(2026, 1, 1), date(2026, 3, 31), round(by["ST03"].elec / 1000 * 0.2))
    cert(solace, "ST10", date(2026, 1, 1), date(2026, 6, 30), round(by["ST10"].elec / 1000 * 0.48), SELLER)
    if "ST11" in by:
        cert(solace, "ST11", date(2026, 4, 1), date(2026, 12, 31), round(by["ST11"].elec / 1000 * 0.6))


def build_world(name: str) -> World:
    inst = INSTANCES[name]
    rng = random.Random(inst["seed"])
    w = World(name, estate(inst, rng))
    base_year(w.sites, rng)
    counter = [0]
    for s in w.sites:
        for fuel in ("electricity", "gas"):
            w.bills += make_bills(rng, s, fuel, counter)
    make_fleet(rng, w, [0])
    make_jobs(rng, w, [0])
    certificates(w, inst, rng)
    if inst["wrexford"]:
        pack = next(s for s in w.sites if s.code == "ST06").assets[0]
        w.jobs.append(Job("RS-09117", date(2026, 8, 11), "ST06", pack[0], pack[1], "leak_test", 0.0,
                          "FAIL - major leak on pack, plant isolated, referred to Coldfront (out of hours)"))
        w.facts = {
            "control_end": {"site": "DC3", "end": date(2026, 2, 28), "operator": "Kestrel Logistics Ltd"},
            "leak": {"site": "ST06", "when": date(2026, 8, 13), "gas": next(g for _, g, _ in
                     next(s for s in w.sites if s.code == "ST06").assets), "kg": 58.0, "contractor": "Coldfront"},
            "tariff_lapsed": {"supplier": "Meridian Energy Supply", "end": date(2026, 6, 30)},
            # diesel Hexley Fuels delivered in bulk on the fleet's own account, on neither fuel card
            "bulk_fuel": dict(BULK_DIESEL),
            # a chilled overflow store run by our staff for the Christmas peak on a licence, never on the register
            "extra_site": {"site": "DC4", "name": "Harrowgate Park overflow store", "kwh": 214_600.0},
        }
    return w
