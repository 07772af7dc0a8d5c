"""Halden Kitchen Systems: the fictional company, its people, sites, products, customers and suppliers, and the
number formats its staff use."""

from __future__ import annotations

import hashlib
import random
from datetime import date, timedelta

COMPANY = "Halden Kitchen Systems Ltd"
DESCRIPTION = (
    "Halden Kitchen Systems designs, builds, installs and services commercial kitchen and refrigeration equipment "
    "(combi ovens, blast chillers, dishwashers, extraction) for schools, hospitals, hotels and restaurant groups. "
    "About 460 staff: a plant in Brackwater, four service depots and a head office in Elmsford."
)
AGENT = "Keel"
DEPOTS = ["Brackwater", "Elmsford", "Corrin Bay", "Tallow Cross", "Marsh Hythe"]
REGIONS = ["North", "Coast", "Midlands", "East", "City"]
PRODUCTS = [  # code, name, list price in pence (last digit never 0, so every format of it reads the same)
    ("HK-C6", "Combi oven 6-grid", 745_049),
    ("HK-C10", "Combi oven 10-grid", 1_129_095),
    ("HK-BC20", "Blast chiller 20 kg", 512_577),
    ("HK-BC40", "Blast chiller 40 kg", 836_413),
    ("HK-DW50", "Pass-through dishwasher", 431_289),
    ("HK-UC2", "Undercounter fridge 2-door", 162_851),
    ("HK-PT18", "Stainless prep table 1.8 m", 71_933),
    ("HK-EX30", "Extraction canopy 3 m", 389_467),
    ("HK-FR6", "Six-burner range", 298_321),
    ("HK-IW2", "Ice machine 120 kg", 218_743),
]
CUSTOMERS = [
    ("Kestrel Schools Trust", "education"),
    ("Brackwater General Hospital", "healthcare"),
    ("Tidewell Hotels", "hospitality"),
    ("Orrin & Daughters Bakery", "food production"),
    ("Marlpit Care Homes", "care"),
    ("Quayside Canteens", "contract catering"),
    ("Saltmarsh Brewing Co", "hospitality"),
    ("Fernhollow University", "education"),
    ("Linden Grill Group", "restaurants"),
    ("Pellbrook Leisure Centres", "leisure"),
    ("Harrowgate Prison Catering", "public sector"),
    ("Wrenfield Garden Cafés", "restaurants"),
]
SUPPLIERS = [
    "Stenholt Steel",
    "Varga Compressors",
    "Lumen Glassworks",
    "Pike Freight",
    "Corvane Electrics",
    "Northmoor Fasteners",
    "Tessel Controls",
    "Ashby Insulation",
    "Grayle Packaging",
    "Okoro Refrigerants",
]
FIRST = [
    "Amara", "Bram", "Celia", "Dev", "Elin", "Farid", "Greta", "Hollis", "Ines", "Jonas", "Kaia", "Leon", "Maren",
    "Nils", "Odile", "Pavel", "Quinn", "Rhea", "Soren", "Talia", "Ulric", "Vera", "Wynn", "Yara", "Zeb", "Anouk",
    "Bastian", "Cora", "Dario", "Edda", "Fenn", "Gwen", "Hugo", "Isla", "Joss", "Kit", "Lotte", "Mads", "Nia",
    "Otto", "Priya", "Ravi", "Sunniva", "Tomas", "Ursa", "Viggo", "Wren", "Ximena",
]  # fmt: skip
LAST = [
    "Ashdown", "Brightwell", "Carrow", "Dunmore", "Eskel", "Farrant", "Gilchrist", "Halloran", "Ibbotson", "Jessop",
    "Kerridge", "Lowther", "Marchbank", "Nettleford", "Oakhurst", "Penhallow", "Quarrie", "Ravensdale", "Stobart",
    "Treharne", "Underhill", "Vellacott", "Warrender", "Yelland",
]  # fmt: skip
ROLES = ["product_project", "engineering_it", "hr_admin", "executive", "sales_customer", "marketing", "finance_ops"]
TEAMS = {
    "product_project": "Product & Projects",
    "engineering_it": "Engineering & IT",
    "hr_admin": "People & Admin",
    "executive": "Leadership",
    "sales_customer": "Sales & Service",
    "marketing": "Marketing",
    "finance_ops": "Finance & Operations",
}


def account(who: str) -> str:
    """The directory's account hash for a person (or the agent)."""
    return "acct_" + hashlib.sha256(f"halden:{who}".encode()).hexdigest()[:16]


def _people() -> dict[str, list[str]]:
    rng = random.Random("halden:people")
    names = [f"{f} {last}" for f in FIRST for last in LAST]
    rng.shuffle(names)
    return {role: names[i * 7 : i * 7 + 7] for i, role in enumerate(ROLES)}


STAFF = _people()
OUTSIDERS = [f"{f} {last}" for f, last in zip(FIRST[::-1], LAST[5:] + LAST[:5] + LAST, strict=False)]


def person(rng: random.Random, role: str) -> str:
    return rng.choice(STAFF[role])


def outsider(rng: random.Random) -> str:
    """Somebody outside the staff directory (a customer's or supplier's contact)."""
    staff = {n for names in STAFF.values() for n in names}
    return rng.choice([n for n in OUTSIDERS if n not in staff])


def pence(rng: random.Random, lo: int, hi: int) -> int:
    """An amount in pence between lo and hi pounds whose last digit is never 0."""
    return rng.randint(lo * 10, hi * 10) * 10 + rng.randint(1, 9)


def gbp(p: int) -> str:
    """Pence as money: £18,420.57 (negative: -£1,204.51)."""
    sign = "-" if p < 0 else ""
    return f"{sign}£{abs(p) // 100:,}.{abs(p) % 100:02d}"


def amt(p: int) -> str:
    """Pence as a plain amount for tables: 18420.57."""
    sign = "-" if p < 0 else ""
    return f"{sign}{abs(p) // 100}.{abs(p) % 100:02d}"


def fnum(p: int) -> float:
    """Pence as a spreadsheet number."""
    return round(p / 100, 2)


def pct(part: float, whole: float, places: int = 1) -> str:
    return f"{100 * part / whole:.{places}f}%" if whole else "0.0%"


def n0(x: float) -> str:
    return f"{round(x):,}"


def month_name(m: int) -> str:
    return ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December"][m - 1]  # fmt: skip


def days(start: date, n: int) -> list[date]:
    return [start + timedelta(days=i) for i in range(n)]


def workdays(year: int, month: int) -> list[date]:
    d, out = date(year, month, 1), []
    while d.month == month:
        if d.weekday() < 5:
            out.append(d)
        d += timedelta(days=1)
    return out


CATEGORY = {  # supplier -> what it supplies
    "Stenholt Steel": "Steel",
    "Varga Compressors": "Compressors",
    "Lumen Glassworks": "Glass",
    "Pike Freight": "Freight",
    "Corvane Electrics": "Electrical",
    "Northmoor Fasteners": "Fixings",
    "Tessel Controls": "Controls",
    "Ashby Insulation": "Insulation",
    "Grayle Packaging": "Packaging",
    "Okoro Refrigerants": "Refrigerants",
}


def after_month(m: int, n: int) -> date:
    """The n-th working day (from 0) of the month after month m of 2026."""
    return workdays(2026, m + 1)[n]
