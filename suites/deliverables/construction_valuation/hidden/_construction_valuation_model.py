"""The project of construction_valuation as it really stands at the valuation date: the Contract Sum Analysis, the
work done, the variations and their dayworks, materials on and off site, the earlier payments and the sections'
completion; and the valuation that the contract and the Act give for it (`expected`).

Everything is decided here with fixed seeds; `_construction_valuation_files.py` and `_construction_valuation_docs.py`
write it the way the contractor, the site team and the Employer's systems produced it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

IVD = date(2026, 3, 25)  # Interim Valuation Date of valuation No. 12
POSSESSION = date(2025, 3, 26)
CONTRACT_WEEKS = 56  # Date of Possession to the Completion Date of Section 2 (22 April 2026)
ELAPSED_WEEKS = (IVD - POSSESSION).days / 7  # exactly 52
RETENTION = 0.03
DAYWORK_PCT = {"labour": 0.95, "materials": 0.15, "plant": 0.125}
BASE_RATES = {"craft": 21.85, "general": 16.44}
CONTRACTOR_DW = {"craft": 31.50, "general": 25.20, "labour": 1.10, "materials": 0.20, "plant": 0.15}
# public holidays in England and Wales (Christmas Day, Good Friday, bank holidays) around the payment cycles
HOLIDAYS = {
    date(2025, 4, 18),
    date(2025, 4, 21),
    date(2025, 5, 5),
    date(2025, 5, 26),
    date(2025, 8, 25),
    date(2025, 12, 25),
    date(2025, 12, 26),
    date(2026, 1, 1),
    date(2026, 4, 3),
    date(2026, 4, 6),
    date(2026, 5, 4),
    date(2026, 5, 25),
}
COMPLETION = {1: date(2026, 2, 27), 2: date(2026, 4, 22), 3: date(2026, 3, 13)}
NCN = {1: date(2026, 3, 2)}  # Non-Completion Notices given (none for Section 3)


def after(start: date, days: int) -> date:
    """The date `days` days after `start`, the period beginning the day after and public holidays excluded."""
    d = start
    for _ in range(days):
        d += timedelta(days=1)
        while d in HOLIDAYS:
            d += timedelta(days=1)
    return d


def before(end: date, days: int) -> date:
    """The last date that is `days` days before `end`, public holidays in between excluded."""
    d = end
    for _ in range(days):
        d -= timedelta(days=1)
        while d in HOLIDAYS:
            d -= timedelta(days=1)
    return d


def cycle(ivd: date) -> dict[str, date]:
    due = after(ivd, 7)
    final = after(due, 14)
    return {"due": due, "pn_by": after(due, 5), "final": final, "pln_by": before(final, 5)}


# ------------------------------------------------------------------------------------------------ the bill

# (heading no., heading, description, unit, qty at scale 1, rate, kind, measured by)
BLOCK = [
    (1, "Substructure", "Excavate to reduce levels and for foundations, average 1.20 m deep", "m3", 850, 18.50, "firm"),
    (
        1,
        "Substructure",
        "Excavate in rock or hard material, extra over excavation (Provisional Quantity)",
        "m3",
        120,
        62.00,
        "pq",
    ),
    (1, "Substructure", "Disposal of excavated material off site to licensed tip", "m3", 950, 32.00, "firm"),
    (1, "Substructure", "450 mm diameter CFA piles, average 14 m long", "nr", 64, 1240.00, "firm"),
    (1, "Substructure", "Reinforced concrete pile caps and ground beams, C32/40", "m3", 180, 245.00, "firm"),
    (1, "Substructure", "Reinforcement bar to pile caps and ground beams", "t", 24, 1380.00, "firm"),
    (1, "Substructure", "Ground bearing slab 250 mm thick, C32/40, with mesh", "m2", 780, 96.50, "firm"),
    (1, "Substructure", "Gas-resistant membrane to ground slab", "m2", 780, 14.20, "firm"),
    (
        1,
        "Substructure",
        "Soft spots: excavate and backfill with lean-mix concrete (Provisional Quantity)",
        "m3",
        40,
        118.00,
        "pq",
    ),
    (2, "Frame", "Reinforced concrete columns, C40/50", "m3", 95, 420.00, "firm"),
    (2, "Frame", "Reinforced concrete flat slabs 250 mm thick", "m2", 3400, 138.00, "firm"),
    (2, "Frame", "Reinforcement to frame", "t", 210, 1420.00, "firm"),
    (2, "Frame", "Reinforced concrete stair cores and lift shafts", "m3", 140, 465.00, "firm"),
    (2, "Frame", "Structural steel to roof plant deck", "t", 6, 2850.00, "firm"),
    (3, "Envelope", "Facing brickwork, half brick skin, stretcher bond", "m2", 1650, 118.00, "firm"),
    (3, "Envelope", "Through-coloured render system, east elevation", "m2", 420, 78.00, "firm"),
    (3, "Envelope", "Through-coloured render system, north elevation", "m2", 380, 78.00, "firm"),
    (3, "Envelope", "Through-coloured render system, south and west elevations", "m2", 610, 78.00, "firm"),
    (3, "Envelope", "Polyester powder-coated aluminium windows, supply and fix", "nr", 168, 1185.00, "firm"),
    (3, "Envelope", "Single-ply membrane roofing system with insulation", "m2", 860, 96.00, "firm"),
    (3, "Envelope", "Glass balcony balustrades", "nr", 42, 1640.00, "firm"),
    (3, "Envelope", "Curtain walling to entrance lobby", "m2", 85, 640.00, "firm"),
    (4, "Internal walls and partitions", "Metal stud partitions, 100 mm, double boarded", "m2", 3900, 52.80, "firm"),
    (4, "Internal walls and partitions", "Blockwork 100 mm, dense aggregate", "m2", 1850, 48.20, "firm"),
    (4, "Internal walls and partitions", "Fire-stopping to service penetrations", "item", 1, 38500.00, "firm"),
    (4, "Internal walls and partitions", "Temporary protection of finished work", "item", 1, 0.0, "incl"),
    (5, "Finishes", "Plaster skim to plasterboard walls", "m2", 11500, 9.85, "firm"),
    (5, "Finishes", "Suspended ceilings to corridors", "m2", 620, 42.50, "firm"),
    (5, "Finishes", "Luxury vinyl tile flooring", "m2", 2300, 38.90, "firm"),
    (5, "Finishes", "Ceramic wall tiling to bathrooms", "m2", 1150, 64.00, "firm"),
    (5, "Finishes", "Emulsion paint, mist and two full coats", "m2", 16800, 6.40, "firm"),
    (6, "Fittings and doors", "Kitchens, type 1 (one-bedroom apartments)", "nr", 22, 3850.00, "firm"),
    (6, "Fittings and doors", "Kitchens, type 2 (two-bedroom apartments)", "nr", 20, 4620.00, "firm"),
    (6, "Fittings and doors", "FD30 internal doorsets", "nr", 210, 640.00, "firm"),
    (6, "Fittings and doors", "FD30S apartment entrance doorsets", "nr", 42, 1120.00, "firm"),
    (6, "Fittings and doors", "Built-in wardrobes", "nr", 60, 980.00, "firm"),
    (7, "Services", "Mechanical installation", "item", 1, 620000.00, "firm"),
    (7, "Services", "Electrical installation", "item", 1, 545000.00, "firm"),
    (7, "Services", "Passenger lift, 8-person, 6 stops", "item", 1, 68500.00, "firm"),
    (7, "Services", "Sprinkler installation", "item", 1, 96000.00, "firm"),
]
EXTERNAL = [
    (
        1,
        "External works",
        "Surface water drainage, 150 mm pipes in trenches n.e. 2 m deep (Provisional Quantity)",
        "m",
        640,
        86.00,
        "pq",
    ),
    (1, "External works", "Foul drainage, 150 mm pipes in trenches (Provisional Quantity)", "m", 410, 92.00, "pq"),
    (1, "External works", "Precast concrete manholes, 1200 mm diameter", "nr", 18, 2350.00, "firm"),
    (1, "External works", "Block paving to car park on 225 mm sub-base", "m2", 1900, 68.00, "firm"),
    (1, "External works", "Macadam surfacing to access road", "m2", 1250, 54.00, "firm"),
    (1, "External works", "Precast concrete kerbs on concrete bed", "m", 820, 38.50, "firm"),
    (1, "External works", "Soft landscaping: topsoil and turf", "m2", 2400, 12.80, "firm"),
    (1, "External works", "Extra heavy standard trees", "nr", 36, 465.00, "firm"),
    (
        1,
        "External works",
        "Highway works: footway reconstruction to S278 layout (Provisional Quantity)",
        "m2",
        460,
        112.00,
        "pq",
    ),
    (1, "External works", "Substation base and GRP enclosure", "item", 1, 28500.00, "firm"),
    (1, "External works", "Boundary railings, 1.8 m high, galvanised and painted", "m", 320, 185.00, "firm"),
    (1, "External works", "Cycle stores, 24 spaces", "nr", 2, 14200.00, "firm"),
]
EXTERNAL_HARD = [
    (2, "River frontage", "Reinforced concrete retaining wall to river frontage", "m", 120, 1480.00, "firm"),
    (2, "River frontage", "Podium deck waterproofing and protection board", "m2", 950, 58.00, "firm"),
    (2, "River frontage", "Bin stores, brick with timber doors", "nr", 3, 9600.00, "firm"),
    (2, "River frontage", "Street lighting columns, 6 m", "nr", 14, 2150.00, "firm"),
]
PROVISIONAL = [
    ("Statutory undertakers' connections: electricity, water and gas (defined)", 85000.0, 3),
    ("Public art installation (undefined)", 25000.0, 3),
    ("Contingency (undefined)", 120000.0, 0),
    ("Highway adoption and inspection fees (defined)", 18000.0, 3),
    ("Party wall awards and surveyors' fees (undefined)", 15000.0, 0),
]
# (description, basis, weeks or None, rate per week or lump sum, event)
PRELIMS = [
    ("Site manager", "T", 56, 1850.00, None),
    ("Assistant site manager", "T", 56, 1420.00, None),
    ("Project manager (part time)", "T", 56, 980.00, None),
    ("Quantity surveyor (part time)", "T", 56, 760.00, None),
    ("Site accommodation: hire of offices, canteen and welfare", "T", 56, 1260.00, None),
    ("Temporary electricity and water: running costs", "T", 56, 540.00, None),
    ("Security: CCTV and out-of-hours guarding", "T", 56, 690.00, None),
    ("Site cleaning and waste management", "T", 56, 820.00, None),
    ("Scaffolding hire: Block A", "T", 40, 2150.00, None),
    ("Scaffolding hire: Block B", "T", 48, 1980.00, None),
    ("Tower crane: Block A, hire and operator", "T", 34, 5400.00, None),
    ("Tower crane: Block B, hire and operator", "T", 44, 5250.00, None),
    ("Site establishment: set up offices and welfare", "F", None, 18500.00, True),
    ("Site establishment: clear away at completion", "F", None, 7200.00, False),
    ("Hoarding: erect", "F", None, 24800.00, True),
    ("Hoarding: dismantle and remove", "F", None, 6400.00, False),
    ("Temporary services: install", "F", None, 12600.00, True),
    ("Temporary services: disconnect and remove", "F", None, 3900.00, False),
    ("Tower crane Block A: erect", "F", None, 14500.00, True),
    ("Tower crane Block A: dismantle and remove", "F", None, 11800.00, True),
    ("Contractor's all risks insurance premium", "F", None, 32000.00, True),
    ("Final builders' clean, Sections 2 and 3", "F", None, 13400.00, False),
]
PRELIMS_HARD = [
    ("Scaffolding hire: Block C", "T", 44, 1890.00, None),
    ("Materials hoist: Block C", "T", 30, 1150.00, None),
    ("Tower crane Block B: erect", "F", None, 14500.00, True),
    ("Traffic management to Wyke Lane", "T", 56, 310.00, None),
    ("Building control and warranty inspection fees", "F", None, 8600.00, True),
]


@dataclass
class Item:
    ref: str
    sheet: str
    section: int
    heading: str
    description: str
    unit: str
    qty: float
    rate: float
    kind: str  # firm | pq (provisional quantity, remeasured) | ps (provisional sum) | incl
    measure: str = "qty"  # qty | pct
    done: float = 0.0  # quantity measured to date (qty) or per cent complete (pct)
    claimed: float = 0.0  # the contractor's own quantity or per cent
    defective: bool = False

    @property
    def amount(self) -> float:
        return round(self.qty * self.rate, 2)

    def value(self) -> float:
        if self.kind in ("ps", "incl") or self.defective:
            return 0.0
        if self.measure == "pct":
            return round(self.amount * self.done / 100, 2)
        q = self.done if self.kind == "pq" else min(self.done, self.qty)
        return round(q * self.rate, 2)


@dataclass
class Prelim:
    ref: str
    description: str
    basis: str  # T time-related, F fixed
    weeks: int | None
    rate: float
    achieved: bool | None

    @property
    def amount(self) -> float:
        return round(self.rate * self.weeks, 2) if self.basis == "T" else self.rate

    def value(self) -> float:
        if self.basis == "T":
            return round(self.rate * min(ELAPSED_WEEKS, self.weeks), 2)
        return self.rate if self.achieved else 0.0


@dataclass
class DaySheet:
    no: str
    var: int
    day: date
    work: str
    labour: list[tuple[str, str, str, float]]  # name, grade as written, grade, hours
    materials: list[tuple[str, float, str, float]]  # description, quantity, unit, unit cost
    plant: list[tuple[str, float, float]]  # description, hours, rate per hour

    def value(self) -> float:
        lab = sum(h * BASE_RATES[g] for _, _, g, h in self.labour) * (1 + DAYWORK_PCT["labour"])
        mat = sum(q * c for _, q, _, c in self.materials) * (1 + DAYWORK_PCT["materials"])
        plant = sum(h * r for _, h, r in self.plant) * (1 + DAYWORK_PCT["plant"])
        return round(lab + mat + plant, 2)

    def contractor_parts(self) -> tuple[float, float, float]:
        """The contractor's own arithmetic on the sheet: its all-in labour rates and its own percentages."""
        c = CONTRACTOR_DW
        lab = round(sum(h * c[g] for _, _, g, h in self.labour) * (1 + c["labour"]), 2)
        mat = round(sum(q * cost for _, q, _, cost in self.materials) * (1 + c["materials"]), 2)
        plant = round(sum(h * r for _, h, r in self.plant) * (1 + c["plant"]), 2)
        return lab, mat, plant


@dataclass
class Variation:
    no: int
    rev: str
    doc: str  # EAI-nnn, CN-nn
    day: date
    description: str
    section: int
    status: str  # instructed | superseded | withdrawn | not_instructed | verbal
    basis: str  # bill_rate | quotation | dayworks
    item: str = ""  # bill item for bill_rate
    qty: float = 0.0  # measured quantity (bill_rate)
    quote: float = 0.0  # accepted quotation
    pct: float = 0.0  # per cent complete (quotation)
    sheets: list[DaySheet] = field(default_factory=list)
    claimed: float = 0.0  # the contractor's value in its application
    expends: str = ""  # provisional sum expended

    @property
    def ref(self) -> str:
        return f"V{self.no:02d}"

    def value(self, rates: dict[str, float], valid: bool) -> float:
        if not valid:
            return 0.0
        if self.basis == "bill_rate":
            return round(self.qty * rates[self.item], 2)
        if self.basis == "quotation":
            return round(self.quote * self.pct / 100, 2)
        return round(sum(s.value() for s in self.sheets), 2)


@dataclass
class Material:
    ref: str
    description: str
    location: str
    qty: float
    unit: str
    cost: float
    delivered: date
    status: str  # on site | incorporated | rejected

    @property
    def value(self) -> float:
        return round(self.qty * self.cost, 2)

    def counts(self) -> bool:
        return self.status == "on site" and self.delivered <= IVD


@dataclass
class OffSite:
    ref: str
    description: str
    supplier: str
    qty: int
    unit_value: float
    listed: bool
    unique: bool  # uniquely identified Listed Item
    qualifying: int  # units that meet every condition (marked and set apart)

    @property
    def claimed(self) -> float:
        return round(self.qty * self.unit_value, 2)


@dataclass
class Project:
    name: str
    inst: dict
    items: list[Item]
    prelims: list[Prelim]
    variations: list[Variation]
    materials: list[Material]
    offsite: list[OffSite]
    history: list[dict]
    lds: dict[int, float]  # LD rate per week by section
    pc: dict[int, date]  # practical completion by section (as it really is)
    facts: dict = field(default_factory=dict)


def _quantity(rng: random.Random, unit: str, q: float) -> float:
    if unit in ("nr", "item"):
        return max(1.0, float(round(q)))
    if unit == "t":
        return round(q, 2)
    return float(round(q)) if q >= 50 else round(q, 1)


def bill_items(inst: dict, rng: random.Random) -> list[Item]:
    items: list[Item] = []
    for letter, scale, section, progress in inst["blocks"]:
        n = {}
        for head, heading, desc, unit, q, rate, kind in BLOCK:
            n[head] = n.get(head, 0) + 1
            qty = _quantity(rng, unit, q * scale * rng.uniform(0.9, 1.1))
            r = round(rate * scale, 2) if unit == "item" else rate
            by_pct = unit == "item" or (letter in inst.get("pct_blocks", []) and kind == "firm")
            items.append(
                Item(
                    f"{letter}/{head}/{n[head]:02d}",
                    f"Block {letter}",
                    section,
                    heading,
                    desc,
                    unit,
                    qty,
                    r,
                    kind,
                    "pct" if by_pct else "qty",
                )
            )
            _progress(items[-1], progress.get(head, 0.0), rng)
    n = {}
    for head, heading, desc, unit, q, rate, kind in EXTERNAL + (EXTERNAL_HARD if inst["hard"] else []):
        n[head] = n.get(head, 0) + 1
        qty = _quantity(rng, unit, q * inst["ext_scale"] * rng.uniform(0.9, 1.1))
        items.append(
            Item(
                f"E/{head}/{n[head]:02d}",
                "External Works",
                3,
                heading,
                desc,
                unit,
                qty,
                rate,
                kind,
                "pct" if unit == "item" else "qty",
            )
        )
        _progress(items[-1], inst["ext_progress"].get(head, 0.0), rng)
    for k, (desc, amount, section) in enumerate(PROVISIONAL[: inst["n_ps"]], start=1):
        items.append(
            Item(f"PS/{k:02d}", "Provisional Sums", section, "Provisional sums", desc, "sum", 1, amount, "ps", "qty")
        )
    for ref in inst["defective"]:
        next(i for i in items if i.ref == ref).defective = True
    return items


def _progress(it: Item, f: float, rng: random.Random) -> None:
    if it.kind == "incl":
        it.done = it.claimed = 100.0 * (f > 0) if it.measure == "pct" else 0.0
        return
    if it.measure == "pct":
        pct = 100.0 if f >= 1 else max(0.0, min(97.5, round(100 * f * rng.uniform(0.85, 1.15) / 2.5) * 2.5))
        it.done, it.claimed = pct, min(100.0, pct + rng.choice([0.0, 0.0, 5.0, 10.0]))
        return
    if it.kind == "pq":
        done = it.qty * rng.uniform(0.55, 1.45) * (1.0 if f >= 1 else f)
    elif f >= 1:
        done = it.qty * (rng.uniform(1.02, 1.08) if rng.random() < 0.3 else 1.0)
    else:
        done = it.qty * min(0.98, f * rng.uniform(0.8, 1.15))
    it.done = _quantity(rng, it.unit, done) if done > 0 else 0.0
    it.claimed = _quantity(rng, it.unit, it.done * rng.uniform(1.0, 1.08)) if it.done else 0.0


def prelims(inst: dict) -> list[Prelim]:
    rows = PRELIMS + (PRELIMS_HARD if inst["hard"] else [])
    return [Prelim(f"P/{k:02d}", d, b, w, r, a) for k, (d, b, w, r, a) in enumerate(rows, start=1)]


LABOUR_NAMES = [
    "D. Whitaker",
    "S. Kowalski",
    "J. Booth",
    "M. Haigh",
    "R. Ashworth",
    "T. Nwosu",
    "P. Greenwood",
    "L. Sutcliffe",
    "K. Brennan",
    "A. Lister",
]
GRADE_LABELS = {
    "craft": ["Craft", "craft operative", "C", "Craft op", "CRAFT"],
    "general": ["General", "gen. operative", "G", "General op", "GENERAL"],
}
DW_MATERIALS = [
    ("Cement, 25 kg bags", "bag", 6.85),
    ("Sharp sand", "t", 48.00),
    ("150 mm uPVC pipe, 6 m", "length", 41.20),
    ("Timber 150x47 C24", "m", 3.95),
    ("Acrow props hire (week)", "nr", 4.50),
    ("Dense blocks 100 mm", "nr", 1.62),
    ("Pea gravel", "t", 36.50),
    ("Plasterboard 12.5 mm", "sheet", 9.80),
    ("Fixings and sundries", "item", 1.00),
]
DW_PLANT = [
    ("3 t excavator", 28.50),
    ("Dumper 3 t", 14.80),
    ("Disc cutter", 4.20),
    ("Compactor plate", 6.10),
    ("Mobile tower", 3.40),
]


def day_sheets(var: int, specs: list[tuple[str, date, str]], rng: random.Random) -> list[DaySheet]:
    out = []
    for no, day, work in specs:
        labour = []
        for _ in range(rng.randint(2, 4)):
            g = rng.choice(["craft", "general"])
            labour.append(
                (
                    rng.choice(LABOUR_NAMES),
                    rng.choice(GRADE_LABELS[g]),
                    g,
                    float(rng.choice([4, 6, 7.5, 8, 12, 15, 16, 22.5, 24, 30])),
                )
            )
        mats = [
            (d, float(rng.choice([2, 4, 6, 10, 12, 20, 40])) if u != "item" else round(rng.uniform(40, 180), 2), u, c)
            for d, u, c in rng.sample(DW_MATERIALS, rng.randint(1, 3))
        ]
        plant = [(d, float(rng.choice([3, 4, 6, 8, 12])), r) for d, r in rng.sample(DW_PLANT, rng.randint(0, 2))]
        out.append(DaySheet(no, var, day, work, labour, mats, plant))
    return out
