"""freight_audit's world: the quarter's shipments as they really went, what each carrier's agreement allows for them,
and what each carrier billed (its faults included). Used by hidden/build_inputs.py; the reference never imports it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

Q_START, Q_END = date(2026, 7, 1), date(2026, 9, 30)
CAUSES = ["rate", "weight", "fuel", "accessorial", "minimum", "duplicate"]
CARRIERS = {"brackenford": "Brackenford Haulage Ltd", "quillon": "Quillon Parcels", "tern": "Tern Two-Man Logistics"}

# --------------------------------------------------------------------------------------------- Brackenford (pallets)

STORES = {  # code: (town, postcode, has a dock, needs a booked-in slot)
    "KTR": ("Kettering", "NN16 8QL", True, False),
    "NTH": ("Northampton", "NN4 7YE", True, True),
    "LEI": ("Leicester", "LE19 1WP", True, False),
    "MKY": ("Milton Keynes", "MK9 3ES", True, True),
    "NOT": ("Nottingham", "NG2 3GY", False, False),
    "CAM": ("Cambridge", "CB5 8WR", False, True),
    "BHM": ("Birmingham", "B7 5SA", True, True),
    "LIN": ("Lincoln", "LN6 3QX", False, False),
    "NOR": ("Norwich", "NR6 6AB", True, False),
    "RDG": ("Reading", "RG2 0HB", True, True),
    "DON": ("Doncaster", "DN4 5PN", True, False),
    "HUL": ("Hull", "HU7 0XW", False, False),
    "LDS": ("Leeds", "LS11 8BU", True, True),
    "MAN": ("Manchester", "M41 7FN", True, True),
    "BRS": ("Bristol", "BS34 5UP", False, True),
    "SOU": ("Southampton", "SO30 2QE", True, False),
    "YRK": ("York", "YO30 4XB", False, False),
    "NCL": ("Newcastle", "NE11 9XZ", True, True),
    "GLA": ("Glasgow", "G51 4TA", True, False),
    "EDI": ("Edinburgh", "EH12 9DQ", False, True),
}
STORE_WEIGHT = {"KTR": 10, "NTH": 6, "LEI": 5, "MKY": 5, "DON": 4, "HUL": 4}  # others 2
LANES = {  # postcode area -> lane, as schedule 1 of Brackenford's agreement lists them
    1: ["NN", "LE", "MK", "NG", "CB", "PE", "CV", "LU", "SG"],
    2: ["B", "LN", "NR", "RG", "DN", "HU", "OX", "IP", "S", "DE", "WS", "WV"],
    3: ["LS", "M", "BS", "SO", "YO", "CF", "ME", "BN", "GU", "WF", "HD", "L", "EX", "PL"],
    4: ["NE", "G", "EH", "DH", "SR", "TS", "CA", "KA", "FK"],
}
LANE_OF = {a: lane for lane, areas in LANES.items() for a in areas}
PALLET_RATE = {1: 38.00, 2: 46.50, 3: 55.00, 4: 72.50}
PALLET_MIN = {1: 52.00, 2: 61.00, 3: 69.00, 4: 95.00}
TAIL_LIFT, BOOKED_IN = 22.00, 12.00
BRK_FUEL_BASE, BRK_FUEL_STEP = 130.0, 0.5  # 0.5% of the haulage charge per full penny above 130.0p
BRK_MISRATED = {"LN": 3, "NR": 3}  # the carrier's rating system puts these areas a lane too far

# --------------------------------------------------------------------------------------------- Quillon (parcels)

ZONES_Q = {
    1: ["NN", "LE", "MK", "NG", "CB", "PE", "CV", "B", "LU", "SG", "OX", "DE"],
    2: ["LS", "M", "BS", "SO", "YO", "CF", "ME", "BN", "GU", "RG", "NR", "LN", "S", "L", "EX", "PL", "NE", "HU",
        "DN", "SW", "SE", "N", "E", "W", "CH", "TR", "CA"],
    3: ["G", "EH", "KA", "ML", "FK", "KY", "DD", "TD", "DG", "AB", "PH"],
    4: ["IV", "KW", "HS", "ZE", "PA"],
}
ZONE_Q_OF = {a: z for z, areas in ZONES_Q.items() for a in areas}
BANDS = [2, 5, 10, 20, 30]
TARIFF = {
    1: [4.10, 4.90, 6.20, 8.40, 11.30],
    2: [4.60, 5.50, 7.10, 9.60, 12.90],
    3: [5.40, 6.60, 8.50, 11.80, 15.60],
    4: [8.90, 10.80, 13.90, 18.60, 24.50],
}
REMOTE_AREAS = ["HS", "ZE", "KW", "IV", "PA"]
REMOTE_FEE = 5.75
DIM_DIVISOR, CARRIER_DIVISOR = 5000, 4000
Q_FUEL_BANDS = [(140.0, 6.0), (145.0, 6.5), (150.0, 7.0), (155.0, 7.5)]  # below each bound the %; 8.0 above
Q_FUEL_TOP = 8.0
Q_RISE_FROM, Q_RISE = date(2026, 9, 1), 0.04  # the 4% tariff rise agreed by e-mail
PRODUCTS = [  # name, actual kg range, dims (cm)
    ("cushion pair", (1.2, 2.4), (50, 50, 30)),
    ("table lamp", (2.1, 3.8), (45, 35, 35)),
    ("throw", (0.9, 1.6), (40, 30, 15)),
    ("rug 120x170", (4.5, 7.5), (125, 25, 25)),
    ("wall mirror", (6.0, 9.5), (95, 70, 12)),
    ("bedding set", (2.5, 4.0), (45, 38, 18)),
    ("floor lamp", (5.5, 8.0), (130, 28, 28)),
    ("side table", (7.5, 11.0), (55, 50, 40)),
    ("dinner set", (9.5, 14.5), (48, 40, 35)),
    ("curtains", (2.2, 3.6), (42, 32, 14)),
    ("bar stool", (6.5, 9.0), (70, 42, 40)),
    ("storage baskets", (1.8, 3.0), (60, 40, 40)),
]

# --------------------------------------------------------------------------------------------- Tern (two-man)

ZONES_T = {
    "A": ["NN", "LE", "MK", "NG", "CB", "PE", "CV", "B", "OX", "LU", "SG", "DE"],
    "B": ["LS", "M", "BS", "SO", "YO", "CF", "ME", "BN", "GU", "RG", "NR", "LN", "S", "L", "EX", "HU", "DN", "SW",
          "SE", "N", "E", "W", "CH", "IP", "WF", "ST"],
    "C": ["NE", "G", "EH", "CA", "DH", "TS", "AB", "KA", "DD"],
}
ZONE_T_OF = {a: z for z, areas in ZONES_T.items() for a in areas}
TERN_FIRST = {"A": 42.00, "B": 55.00, "C": 78.00}
TERN_EXTRA = {"A": 14.00, "B": 18.00, "C": 24.00}
TERN_MIN, TERN_OLD_MIN = 49.00, 59.00
ROOM_OF_CHOICE, DISPOSAL, FAILED_FEE = 12.00, 20.00, 35.00
T_FUEL_BASE, T_FUEL_FLAT, T_FUEL_STEP = 145.0, 3.5, 0.25  # 3.5% up to 145.0p, +0.25% per full penny above


def area(postcode: str) -> str:
    out = ""
    for ch in postcode.strip().upper():
        if not ch.isalpha():
            break
        out += ch
    return out


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def money(x: float) -> float:
    return round(x + 1e-9, 2)


@dataclass
class Shipment:
    ref: str
    carrier: str
    collected: date
    postcode: str
    store: str = ""
    customer: str = ""
    pallets: int = 0
    weight: float = 0.0
    dims: tuple[int, int, int] = (0, 0, 0)
    product: str = ""
    items: int = 0
    tail_lift: bool = False
    booked_in: bool = False
    room_of_choice: bool = False
    disposal: int = 0
    outcome: str = "delivered"  # delivered | failed_customer | failed_carrier
    lane: int = 0  # the transport planning lane the WMS shows


@dataclass
class Line:
    """One invoice line: its components as billed and as the agreement allows."""

    carrier: str
    invoice: str
    inv_date: date
    ship: Shipment | None
    ref_text: str
    billed: dict[str, float]
    agreed: dict[str, float] = field(default_factory=dict)
    info: dict = field(default_factory=dict)  # what the invoice shows besides money (lane, kg, zone, fuel %)
    duplicate_of: str = ""


@dataclass
class Inst:
    name: str
    seed: int
    n_brk: int
    n_q: int
    n_t: int
    hard: bool = False
    # what only the hard instance's staff know
    reclass: dict = field(default_factory=dict)  # {"areas": {"DN": 1, "HU": 1}, "from": date}
    standing_tail_lift: dict = field(default_factory=dict)  # {"store": "KTR", "from": date}
    fuel_waiver: dict = field(default_factory=dict)  # {"carrier": "tern", "from": date, "to": date}
    brk_rates: dict = field(default_factory=dict)  # {"from": date, "rate": {lane: GBP per pallet}}: renegotiated


def diesel_weeks(rng: random.Random) -> dict[date, float]:
    out, price = {}, 143.2
    d = monday(Q_START) - timedelta(weeks=2)
    while d <= Q_END:
        out[d] = round(price, 1)
        price += rng.choice([-2.1, -1.4, -0.8, -0.3, 0.4, 0.9, 1.3, 1.8, 2.4])
        price = min(max(price, 136.0), 158.0)
        d += timedelta(weeks=1)
    return out


def fuel_week(collected: date) -> date:
    """The agreements' index week: the week before the week of collection."""
    return monday(collected) - timedelta(weeks=1)


def brk_fuel_pct(price: float) -> float:
    return BRK_FUEL_STEP * max(0, math.floor(price - BRK_FUEL_BASE + 1e-9))


def q_fuel_pct(price: float) -> float:
    for bound, pct in Q_FUEL_BANDS:
        if price < bound:
            return pct
    return Q_FUEL_TOP


def t_fuel_pct(price: float) -> float:
    return T_FUEL_FLAT + T_FUEL_STEP * max(0, math.floor(price - T_FUEL_BASE + 1e-9))


def q_tariff(zone: int, kg: int, day: date, rise: bool = True) -> float:
    band = next(i for i, b in enumerate(BANDS) if kg <= b)
    t = TARIFF[zone][band]
    return money(t * (1 + Q_RISE)) if rise and day >= Q_RISE_FROM else t


def chargeable(weight: float, dims: tuple[int, int, int], divisor: int) -> int:
    vol = dims[0] * dims[1] * dims[2] / divisor
    return max(1, math.ceil(max(weight, vol) - 1e-9))


def brk_lane(s: Shipment, inst: Inst) -> int:
    """The lane the agreement (with any reclassification agreed) puts the consignment in."""
    a = area(s.postcode)
    rc = inst.reclass
    if rc and a in rc["areas"] and s.collected >= rc["from"]:
        return rc["areas"][a]
    return LANE_OF[a]


def brk_tail_lift_ok(s: Shipment, inst: Inst) -> bool:
    st = inst.standing_tail_lift
    return s.tail_lift or bool(st and s.store == st["store"] and s.collected >= st["from"])


def agreed_brk(s: Shipment, inst: Inst, index: dict[date, float]) -> dict[str, float]:
    lane = brk_lane(s, inst)
    nr = inst.brk_rates
    rate = nr["rate"] if nr and s.collected >= nr["from"] else PALLET_RATE
    haul = max(money(s.pallets * rate[lane]), PALLET_MIN[lane])
    acc = (TAIL_LIFT if brk_tail_lift_ok(s, inst) else 0) + (BOOKED_IN if s.booked_in else 0)
    fuel = money(haul * brk_fuel_pct(index[fuel_week(s.collected)]) / 100)
    return {"base": haul, "fuel": fuel, "accessorial": acc}


def agreed_q(s: Shipment, index: dict[date, float]) -> dict[str, float]:
    zone = ZONE_Q_OF[area(s.postcode)]
    kg = chargeable(s.weight, s.dims, DIM_DIVISOR)
    base = q_tariff(zone, kg, s.collected)
    acc = REMOTE_FEE if area(s.postcode) in REMOTE_AREAS else 0.0
    fuel = money(base * q_fuel_pct(index[fuel_week(s.collected)]) / 100)
    return {"base": base, "fuel": fuel, "accessorial": acc}


def fuel_waived(s: Shipment, inst: Inst) -> bool:
    """Whether a settlement agreed outside the agreements waives the line's fuel surcharge."""
    fw = inst.fuel_waiver
    return bool(fw and s.carrier == fw["carrier"] and fw["from"] <= s.collected <= fw["to"])


def agreed_t(s: Shipment, inst: Inst, index: dict[date, float]) -> dict[str, float]:
    zone = ZONE_T_OF[area(s.postcode)]
    if s.outcome == "failed_carrier":
        return {"base": 0.0, "fuel": 0.0, "accessorial": 0.0}
    if s.outcome == "failed_customer":
        return {"base": 0.0, "fuel": 0.0, "accessorial": FAILED_FEE}
    base = max(TERN_FIRST[zone] + TERN_EXTRA[zone] * (s.items - 1), TERN_MIN)
    acc = (ROOM_OF_CHOICE if s.room_of_choice else 0) + DISPOSAL * s.disposal
    fuel = 0.0 if fuel_waived(s, inst) else money(base * t_fuel_pct(index[fuel_week(s.collected)]) / 100)
    return {"base": base, "fuel": fuel, "accessorial": acc}


def cause_of_base(line: Line) -> str:
    """Which cause a difference in the base charge belongs to."""
    if line.carrier == "quillon" and line.info.get("kg") != line.info.get("agreed_kg"):
        return "weight"
    if line.carrier == "tern" and line.info.get("minimum"):
        return "minimum"
    return "rate"


def deltas(line: Line) -> dict[str, float]:
    out = dict.fromkeys(CAUSES, 0.0)
    if line.duplicate_of:
        out["duplicate"] = money(sum(line.billed.values()))
        return out
    out[cause_of_base(line)] += money(line.billed["base"] - line.agreed["base"])
    out["fuel"] += money(line.billed["fuel"] - line.agreed["fuel"])
    out["accessorial"] += money(line.billed["accessorial"] - line.agreed["accessorial"])
    return {k: money(v) for k, v in out.items()}


# --------------------------------------------------------------------------------------------- the quarter


def workdays(rng: random.Random, n: int) -> list[date]:
    days = [Q_START + timedelta(days=i) for i in range((Q_END - Q_START).days + 1)]
    days = [d for d in days if d.weekday() < 5]
    return sorted(rng.choice(days) for _ in range(n))


def postcode(rng: random.Random, a: str) -> str:
    inward = f"{rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEHJLNPRSTWXY')}"
    return f"{a}{rng.randint(1, 29)} {inward}"


def pick_area(rng: random.Random, zones: dict, weights: dict) -> str:
    z = rng.choices(list(weights), weights=list(weights.values()))[0]
    return rng.choice(zones[z])


def make_shipments(inst: Inst, rng: random.Random) -> list[Shipment]:
    ships: list[Shipment] = []
    stores = list(STORES)
    sw = [STORE_WEIGHT.get(s, 2) for s in stores]
    for d in workdays(rng, inst.n_brk):
        st = rng.choices(stores, weights=sw)[0]
        _, pc, dock, booked = STORES[st]
        s = Shipment("", "brackenford", d, pc, store=st, pallets=1 if rng.random() < 0.25 else rng.randint(2, 9),
                     tail_lift=not dock, booked_in=booked)
        s.lane = brk_lane(s, inst)
        ships.append(s)
    for d in workdays(rng, inst.n_q):
        a = pick_area(rng, ZONES_Q, {1: 30, 2: 46, 3: 15, 4: 9})
        name, (lo, hi), dims = rng.choice(PRODUCTS)
        ships.append(Shipment("", "quillon", d, postcode(rng, a), product=name, weight=round(rng.uniform(lo, hi), 1),
                              dims=dims))
    for d in workdays(rng, inst.n_t):
        a = pick_area(rng, ZONES_T, {"A": 40, "B": 45, "C": 15})
        u = rng.random()
        outcome = "failed_customer" if u < 0.05 else ("failed_carrier" if u < 0.10 else "delivered")
        ships.append(Shipment("", "tern", d, postcode(rng, a), items=rng.choices([1, 2, 3, 4], [45, 30, 17, 8])[0],
                              room_of_choice=rng.random() < 0.3,
                              disposal=rng.choices([0, 1, 2], [75, 20, 5])[0], outcome=outcome))
    ships.sort(key=lambda s: (s.collected, s.carrier))
    for i, s in enumerate(ships):
        s.ref = f"HW-{s.collected:%y%m}-{10000 + 7 * i + rng.randint(0, 6):05d}"
        s.customer = "" if s.store else f"C{rng.randint(100000, 999999)}"
    return ships


BRK_DEFAULT_TAIL_LIFT = {"KTR", "NTH", "LEI", "MKY"}  # the carrier's depot adds a tail-lift for these every time


def bill_brk(s: Shipment, inst: Inst, index: dict[date, float], rng: random.Random) -> tuple[dict, dict]:
    a = area(s.postcode)
    lane = BRK_MISRATED.get(a, LANE_OF[a])
    haul = max(money(s.pallets * PALLET_RATE[lane]), PALLET_MIN[lane])
    tail = s.tail_lift or s.store in BRK_DEFAULT_TAIL_LIFT or brk_tail_lift_ok(s, inst) or rng.random() < 0.05
    acc = (TAIL_LIFT if tail else 0) + (BOOKED_IN if s.booked_in else 0)
    pct = brk_fuel_pct(index[monday(s.collected)])  # the carrier reads the index of the collection week
    info = {"lane": lane, "fuel_pct": pct, "tail_lift": TAIL_LIFT if tail else 0.0,
            "booked_in": BOOKED_IN if s.booked_in else 0.0}
    return {"base": haul, "fuel": money(haul * pct / 100), "accessorial": acc}, info


def bill_q(s: Shipment, index: dict[date, float]) -> tuple[dict, dict]:
    a = area(s.postcode)
    zone = ZONE_Q_OF[a]
    kg = chargeable(s.weight, s.dims, CARRIER_DIVISOR)
    base = q_tariff(zone, kg, s.collected)
    remote = REMOTE_FEE if a in REMOTE_AREAS or a in ("AB", "PH") else 0.0
    pct = q_fuel_pct(index[fuel_week(s.collected)])
    info = {"zone": zone, "kg": kg, "agreed_kg": chargeable(s.weight, s.dims, DIM_DIVISOR), "fuel_pct": pct}
    return {"base": base, "fuel": money((base + remote) * pct / 100), "accessorial": remote}, info


def bill_t(s: Shipment, index: dict[date, float], rng: random.Random) -> tuple[dict, dict]:
    zone = ZONE_T_OF[area(s.postcode)]
    info = {"zone": zone, "roc": 0.0, "disposal": 0.0, "failed": 0.0, "minimum": False}
    if s.outcome != "delivered":
        info["failed"] = FAILED_FEE
        return {"base": 0.0, "fuel": 0.0, "accessorial": FAILED_FEE}, info
    plain = TERN_FIRST[zone] + TERN_EXTRA[zone] * (s.items - 1)
    base = max(plain, TERN_OLD_MIN)
    info["minimum"] = plain < TERN_OLD_MIN
    info["roc"] = ROOM_OF_CHOICE if s.room_of_choice or rng.random() < 0.07 else 0.0
    info["disposal"] = DISPOSAL * s.disposal
    pct = t_fuel_pct(index[fuel_week(s.collected)])
    info["fuel_pct"] = pct
    return {"base": base, "fuel": money(base * pct / 100), "accessorial": info["roc"] + info["disposal"]}, info


INVOICE_NO = {
    "brackenford": {7: "BH-260731", 8: "BH-260831", 9: "BH-260930"},
    "quillon": {7: "QP-7712034", 8: "QP-7713981", 9: "QP-7715540"},
    "tern": {7: "TTL-24-0836", 8: "TTL-24-0871", 9: "TTL-24-0917"},
}
RESENT = "TTL-24-0902"


def month_end(m: int) -> date:
    return (date(2026, m + 1, 1) if m < 12 else date(2027, 1, 1)) - timedelta(days=1)


def bill(inst: Inst, ships: list[Shipment], index: dict[date, float], rng: random.Random) -> list[Line]:
    lines: list[Line] = []
    for s in ships:
        if s.carrier == "brackenford":
            billed, info = bill_brk(s, inst, index, rng)
            agreed = agreed_brk(s, inst, index)
        elif s.carrier == "quillon":
            billed, info = bill_q(s, index)
            agreed = agreed_q(s, index)
        else:
            billed, info = bill_t(s, index, rng)
            agreed = agreed_t(s, inst, index)
        m = s.collected.month
        lines.append(Line(s.carrier, INVOICE_NO[s.carrier][m], month_end(m) + timedelta(days=3), s, s.ref, billed,
                          agreed, info))
    # a Quillon parcel nobody here sent: a line with no shipment record behind it
    ghost_day = date(2026, 8, 19)
    ghost = Shipment(f"HW-2608-{19000 + rng.randint(0, 99):05d}", "quillon", ghost_day, postcode(rng, "LS"),
                     weight=6.4, dims=(60, 40, 40), product="?")
    billed, info = bill_q(ghost, index)
    lines.append(Line("quillon", INVOICE_NO["quillon"][8], month_end(8) + timedelta(days=3), None, ghost.ref, billed,
                      {}, info | {"ghost": ghost}))
    # Tern re-sent the first half of August under a new invoice number
    for ln in [x for x in lines if x.carrier == "tern" and x.ship and x.ship.collected.month == 8
               and x.ship.collected.day <= 14]:
        lines.append(Line("tern", RESENT, date(2026, 9, 10), ln.ship, ln.ref_text, dict(ln.billed), dict(ln.agreed),
                          dict(ln.info), duplicate_of=ln.invoice))
    return lines


def register(lines: list[Line]) -> list[dict]:
    rows = []
    for ln in lines:
        if ln.ship is None:
            continue
        billed = money(sum(ln.billed.values()))
        agreed = 0.0 if ln.duplicate_of else money(sum(ln.agreed.values()))
        diff = money(billed - agreed)
        if abs(diff) < 0.05:
            continue
        d = deltas(ln)
        sign = 1 if diff > 0 else -1
        cause = max(CAUSES, key=lambda k: (sign * d[k], -CAUSES.index(k)))
        rows.append({"carrier": ln.carrier, "invoice_no": ln.invoice, "shipment_ref": ln.ship.ref,
                     "collected": ln.ship.collected.isoformat(), "billed_gbp": f"{billed:.2f}",
                     "agreed_gbp": f"{agreed:.2f}", "overcharge_gbp": f"{diff:.2f}", "main_cause": cause, "_d": d})
    return rows


def totals(rows: list[dict]) -> dict:
    over = [r for r in rows if float(r["overcharge_gbp"]) > 0]
    under = [r for r in rows if float(r["overcharge_gbp"]) < 0]
    return {
        "total_overcharge_gbp": money(sum(float(r["overcharge_gbp"]) for r in over)),
        "total_undercharge_gbp": money(-sum(float(r["overcharge_gbp"]) for r in under)),
        "lines_overcharged": len(over),
        "lines_undercharged": len(under),
        "by_carrier": {c: money(sum(float(r["overcharge_gbp"]) for r in over if r["carrier"] == c)) for c in CARRIERS},
        "by_cause": {k: money(sum(r["_d"][k] for r in rows)) for k in CAUSES},
    }
