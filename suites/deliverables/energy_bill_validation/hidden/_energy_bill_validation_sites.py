"""energy_bill_validation's estate and prices: the sites of each instance, the DNO's tariffs and loss factors, the
supply contract's price schedules, the taxes, and what went wrong in each quarter (the supplier's billing errors and
the facts only the client's staff hold). All names and figures are fictional."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal as D

COMPANY = "Hollowmere Foods Ltd"
SUPPLIER = "Brightwater Business Energy Ltd"
DNO = "Vale & Weald Distribution plc"
DISTRIBUTOR_ID = "29"

CCL_MAIN = D("0.00801")  # GBP per kWh, as the contract's tax schedule states it
CCL_CCA = D("0.00064")  # reduced rate for supplies certified under a climate change agreement
VAT_REDUCED, VAT_STANDARD = D("0.05"), D("0.20")
PF_ALLOWANCE = 0.95  # the power factor below which reactive units are chargeable (charging statement)

TARIFF_NAMES = {510: "HV HH Metered", 560: "LV Sub HH Metered", 580: "LV HH Metered"}
VOLTAGE = {510: "HV", 560: "LV substation", 580: "LV"}

# DUoS by charging year: red, amber, green (p/kWh), fixed (p/MPAN/day), capacity, exceeded capacity (p/kVA/day),
# excess reactive power (p/kVArh)
DUOS = {
    "2025-26": {
        510: ("10.712", "1.019", "0.128", "112.80", "4.94", "9.88", "0.236"),
        560: ("15.081", "1.489", "0.192", "14.15", "7.07", "14.14", "0.303"),
        580: ("20.440", "2.018", "0.274", "29.75", "5.77", "11.54", "0.393"),
    },
    "2026-27": {
        510: ("11.240", "1.068", "0.134", "118.40", "5.18", "10.36", "0.247"),
        560: ("15.830", "1.562", "0.201", "14.85", "7.42", "14.84", "0.318"),
        580: ("21.450", "2.118", "0.287", "31.20", "6.05", "12.10", "0.412"),
    },
}
LLF = {
    "2025-26": {510: ("1.031", "1.028", "1.023"), 560: ("1.050", "1.046", "1.039"), 580: ("1.088", "1.080", "1.067")},
    "2026-27": {510: ("1.032", "1.029", "1.024"), 560: ("1.051", "1.047", "1.040"), 580: ("1.089", "1.081", "1.068")},
}
BANDS = ("red", "amber", "green")


@dataclass
class Site:
    code: str
    name: str
    address: str
    unique: str  # the 10 digits after the distributor id, before the check digit
    llfc: int
    capacity: int  # kVA on the site list (and in the supplier's billing)
    kind: str  # dc, bakery, store, mixed
    peak_kw: float
    pf: float
    fmt: str  # wide or long (hh data)
    pp11: D = D("0")  # share for qualifying (domestic) use on the PP11 declaration
    clip_kva: float = 0.0  # natural maximum demand
    supplier_name: str = ""
    portal_name: str = ""
    mtc: str = "845"

    @property
    def mpan(self) -> str:
        return DISTRIBUTOR_ID + self.unique + check_digit(DISTRIBUTOR_ID + self.unique)


def check_digit(twelve: str) -> str:
    primes = (3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43)
    return str(sum(int(c) * p for c, p in zip(twelve, primes, strict=True)) % 11 % 10)


SITES = {
    "S01": Site(
        "S01",
        "Thornbury Distribution Centre",
        "Unit 3, Thornbury Way, Aldbury AB7 4QT",
        "0004718263",
        510,
        1500,
        "dc",
        1130.0,
        0.88,
        "wide",
        clip_kva=1395.0,
        supplier_name="HOLLOWMERE FOODS - THORNBURY DC",
        portal_name="THORNBURY DC",
    ),
    "S02": Site(
        "S02",
        "Mill Lane Bakery",
        "Mill Lane Industrial Estate, Aldbury AB7 2LN",
        "0004720195",
        560,
        600,
        "bakery",
        430.0,
        0.93,
        "long",
        clip_kva=470.0,
        supplier_name="HFL BAKERY MILL LANE",
        portal_name="HOLLOWMERE - MILL LN BAKERY",
    ),
    "S03": Site(
        "S03",
        "Corn Exchange Buildings",
        "2-8 Corn Exchange Street, Aldbury AB7 1CE",
        "0003391147",
        580,
        200,
        "mixed",
        118.0,
        0.97,
        "wide",
        pp11=D("0.70"),
        clip_kva=128.0,
        supplier_name="CORN EXCHANGE BLDGS (LANDLORD SUPPLY)",
        portal_name="CORN EXCHANGE",
    ),
    "S04": Site(
        "S04",
        "High Street, Wexley",
        "41 High Street, Wexley WX3 9HS",
        "0003512288",
        580,
        250,
        "store",
        150.0,
        0.96,
        "long",
        pp11=D("0.20"),
        clip_kva=162.0,
        supplier_name="HOLLOWMERE WEXLEY HIGH ST",
        portal_name="WEXLEY HIGH STREET",
    ),
    "S05": Site(
        "S05",
        "Riverside Retail Park",
        "Unit 6, Riverside Retail Park, Aldbury AB7 6RR",
        "0004102736",
        560,
        400,
        "store",
        165.0,
        0.97,
        "long",
        clip_kva=176.0,
        supplier_name="HOLLOWMERE RIVERSIDE RP U6",
        portal_name="RIVERSIDE RETAIL PARK",
    ),
    "S06": Site(
        "S06",
        "Kingsgate",
        "Kingsgate Shopping Centre, Barnham BN4 7KG",
        "0003877402",
        580,
        300,
        "store",
        190.0,
        0.965,
        "wide",
        clip_kva=204.0,
        supplier_name="HOLLOWMERE KINGSGATE",
        portal_name="KINGSGATE BARNHAM",
    ),
    "S07": Site(
        "S07",
        "Station Road, Hatherley",
        "12-14 Station Road, Hatherley HT2 5SR",
        "0003640931",
        580,
        350,
        "store",
        235.0,
        0.97,
        "long",
        clip_kva=248.0,
        supplier_name="HOLLOWMERE HATHERLEY STN RD",
        portal_name="HATHERLEY STATION RD",
    ),
    "S08": Site(
        "S08",
        "Brookfield Parade",
        "4 Brookfield Parade, Lenham LN6 2BP",
        "0004256610",
        560,
        500,
        "store",
        198.0,
        0.975,
        "wide",
        clip_kva=212.0,
        supplier_name="HOLLOWMERE BROOKFIELD",
        portal_name="BROOKFIELD PARADE",
    ),
    "S09": Site(
        "S09",
        "Meadowgate",
        "Meadowgate Centre, Lenham LN6 8MG",
        "0003968854",
        580,
        300,
        "store",
        196.0,
        0.96,
        "long",
        clip_kva=209.0,
        supplier_name="HOLLOWMERE MEADOWGATE + CAFE",
        portal_name="MEADOWGATE LENHAM",
    ),
}

# Schedule 2 unit rates (p/kWh, applied to loss-adjusted units) and standing charges (GBP/day) per site
PRICES = {
    "2025-26": {
        "v1": {
            "S01": ("21.604", "3.910"),
            "S02": ("22.118", "2.715"),
            "S03": ("24.063", "1.340"),
            "S04": ("23.806", "1.470"),
            "S05": ("22.760", "2.110"),
            "S06": ("23.573", "1.780"),
        },
        "v2": {
            "S01": ("20.115", "3.760"),
            "S02": ("20.598", "2.610"),
            "S03": ("22.407", "1.290"),
            "S04": ("22.169", "1.415"),
            "S05": ("21.192", "2.030"),
            "S06": ("21.951", "1.710"),
        },
    },
    "2026-27": {
        "v1": {
            "S01": ("19.842", "4.150"),
            "S02": ("20.315", "2.880"),
            "S03": ("22.106", "1.420"),
            "S04": ("21.870", "1.560"),
            "S05": ("20.904", "2.240"),
            "S06": ("21.655", "1.890"),
            "S07": ("21.930", "1.930"),
            "S08": ("20.777", "2.310"),
            "S09": ("21.402", "1.870"),
        },
        "v2": {
            "S01": ("18.215", "3.985"),
            "S02": ("18.690", "2.760"),
            "S03": ("20.342", "1.365"),
            "S04": ("20.118", "1.495"),
            "S05": ("19.231", "2.150"),
            "S06": ("19.927", "1.815"),
            "S07": ("20.176", "1.850"),
            "S08": ("19.113", "2.215"),
            "S09": ("19.689", "1.795"),
        },
        "draft": {
            "S01": ("18.402", "3.985"),
            "S02": ("18.877", "2.760"),
            "S03": ("20.545", "1.365"),
            "S04": ("20.319", "1.495"),
            "S05": ("19.424", "2.150"),
            "S06": ("20.126", "1.815"),
            "S07": ("20.378", "1.850"),
            "S08": ("19.304", "2.215"),
            "S09": ("19.886", "1.795"),
        },
    },
}


@dataclass
class Instance:
    name: str
    seed: int
    year: str  # charging year of the DNO statement and the price schedules
    months: list[tuple[int, int]]
    sites: list[str]
    v2_from: date
    hard: bool
    errors: list[tuple] = field(default_factory=list)
    peaks: dict[tuple[str, int], float] = field(default_factory=dict)  # (site, month) -> maximum demand kVA
    headroom_site: str = ""
    bank_holidays: list[date] = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    switch: tuple[str, date, date] | None = None  # a site whose data move from the wide to the long file
    overrides: dict[str, dict] = field(default_factory=dict)  # per-site changes for this instance


INSTANCES = {
    "base": Instance(
        name="base",
        seed=41,
        year="2025-26",
        months=[(2026, 1), (2026, 2), (2026, 3)],
        sites=["S01", "S02", "S03", "S04", "S05", "S06"],
        v2_from=date(2026, 2, 16),
        hard=False,
        errors=[
            ("price_schedule", "S02", 2),
            ("price_schedule", "S06", 2),
            ("estimated", "S05", 1, "0.86", 2),
            ("estimated", "S04", 3, "1.17", None),
            ("pp11_apportioned", "S03"),
            ("vat_placement", "S04"),
            ("reactive_total", "S01"),
            ("billing_days", "S06", 1, 32),
            ("duplicate", "S02", 3),
            ("loss_factor", "S05", 580),
        ],
        peaks={("S01", 1): 1556.4},
        headroom_site="S05",
        bank_holidays=[date(2026, 1, 1)],
    ),
    "winter_quarter": Instance(
        name="winter_quarter",
        seed=73,
        year="2026-27",
        months=[(2026, 10), (2026, 11), (2026, 12)],
        sites=list(SITES),
        v2_from=date(2026, 10, 15),
        hard=True,
        errors=[
            ("price_schedule", "S02", 10),
            ("price_schedule", "S08", 10),
            ("estimated", "S09", 10, "0.84", 11),
            ("estimated", "S04", 12, "1.19", None),
            ("pp11_apportioned", "S03"),
            ("vat_placement", "S04"),
            ("reactive_total", "S01"),
            ("billing_days", "S08", 11, 31),
            ("duplicate", "S08", 12),
            ("loss_factor", "S05", 580),
            ("duos_rate", "S07", 10, "amber", "red"),
            ("duos_rate", "S07", 11, "amber", "red"),
        ],
        peaks={("S01", 12): 1568.2, ("S06", 12): 238.4},
        headroom_site="S08",
        bank_holidays=[date(2026, 12, 25), date(2026, 12, 28)],
        facts={
            "capacity_reduced": {"from": date(2026, 11, 1), "sites": {"S06": 225, "S09": 230}},
            "bakery_cca": {"site": "S02", "from": date(2026, 10, 1), "share": D("0.85")},
            "invoice_credited": {"site": "S07", "month": 10, "charge": "duos_amber", "on": "7 January 2027"},
            "v2_concession": {
                "from": date(2026, 10, 1),
                "sites": ["S01", "S02", "S04", "S06", "S07", "S08"],
                "letter": "2 December 2026",
            },
            # hinted nowhere: the cold store's CCA certificate (Sustainability), the Wexley flats let as treatment
            # rooms (Facilities), Corn Exchange re-allocated to the LV substation tariff (the Energy Manager)
            "thornbury_cca": {"site": "S01", "from": date(2026, 11, 1), "share": D("0.80")},
            "flats_let": {"site": "S04", "from": date(2026, 11, 1)},
            "llfc_reallocated": {"site": "S03", "from": date(2026, 12, 1), "llfc": 560},
        },
        switch=("S06", date(2026, 11, 1), date(2026, 11, 3)),
        overrides={"S05": {"peak_kw": 285.0, "clip_kva": 298.0}},
    ),
}


def site(inst: Instance, code: str) -> Site:
    s = SITES[code]
    extra = inst.overrides.get(code)
    if not extra:
        return s
    return Site(**{**s.__dict__, **extra})


def duos(inst: Instance, llfc: int) -> dict[str, D]:
    red, amber, green, fixed, cap, xcap, reac = (D(x) for x in DUOS[inst.year][llfc])
    return {
        "red": red,
        "amber": amber,
        "green": green,
        "fixed": fixed,
        "capacity": cap,
        "excess": xcap,
        "reactive": reac,
    }


def llf(inst: Instance, llfc: int) -> dict[str, D]:
    return dict(zip(BANDS, (D(x) for x in LLF[inst.year][llfc]), strict=True))


def prices(inst: Instance, version: str, code: str) -> tuple[D, D]:
    unit, standing = PRICES[inst.year][version][code]
    return D(unit), D(standing)
