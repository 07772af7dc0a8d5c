"""The quarter as it happened, for vat_return's generator: every sale, booking deposit, credit note and purchase of
Brackenridge Training Ltd in the VAT quarter to 30 September 2026, each with the treatment UK VAT law gives it, and
the facts the client's staff hold.

`simulate(inst)` returns the Story: the ledger lines as the systems recorded them (`Sale`, `Purchase`) with their true
treatment in `truth`, the debtors, the prior return and the staff's facts. `_vat_return_truth.py` turns the story into
the return.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

Q_START = date(2026, 7, 1)
Q_END = date(2026, 9, 30)
SALES_EXPORT = date(2026, 10, 12)  # the sales ledger export includes postings up to this date
RATE = 0.20


def money(x: float) -> float:
    return round(x + (1e-9 if x >= 0 else -1e-9), 2)


def vat_of(net: float) -> float:
    return money(net * RATE)


def in_q(d: date) -> bool:
    return Q_START <= d <= Q_END


@dataclass
class Sale:
    txn: str
    kind: str  # SI invoice, SC credit note, SA receipt on account (booking deposit or its refund)
    day: date
    doc: str
    customer: str
    booking: str
    details: str
    dept: str
    code: str
    net: float  # SA: 0 (the system posts the receipt gross)
    vat: float
    gross: float
    service: date | None
    truth: dict = field(default_factory=dict)  # out_vat, box6, pe ("taxable", "exempt", "excluded", "none")


@dataclass
class Purchase:
    ref: str
    posted: date
    supplier: str
    inv_no: str
    inv_date: date
    details: str
    nominal: str
    cc: str
    code: str
    net: float
    vat: float
    supplier_vat_no: str
    truth: dict = field(default_factory=dict)  # in_vat, attribution, out_vat, box6, box7, box7_alt


@dataclass
class Debt:
    customer: str
    invoice: str
    inv_day: date
    gross: float
    paid: float
    terms_on_file: int
    terms_true: int
    written_off: date | None
    status: str

    @property
    def outstanding(self) -> float:
        return money(self.gross - self.paid)


@dataclass
class Story:
    inst: dict
    sales: list[Sale]
    purchases: list[Purchase]
    debts: list[Debt]
    facts: dict
    prior: dict
    repeated_sales: list[str]
    repeated_purchases: list[str]


COURSES = [
    ("Project Management Foundation", 1150.0), ("Leadership Essentials", 895.0), ("Health and Safety Management",
    1290.0), ("Finance for Non-Financial Managers", 695.0), ("Negotiation Skills", 745.0), ("Data Protection "
    "Practitioner", 1450.0), ("Coaching for Line Managers", 820.0), ("Agile Delivery Practitioner", 1325.0),
    ("Contract Management", 980.0), ("Presenting with Impact", 560.0),
]
DELEGATE_FIRMS = [
    "Ashgrove Dental Group", "Bellwether Freight", "Calloway Homes", "Dunmore Analytics", "Eastbrook Council",
    "Fenwick & Day LLP", "Garrow Engineering", "Hathersage Foods", "Invercaul Distillers", "Jessop Logistics",
    "Kilbride Water", "Larkfield NHS Trust", "Mossley Print", "Northgate Housing", "Orrin Pharma", "Penhallow Leisure",
    "Quarry Bank Mill Trust", "Rydal Insurance", "Saltmarsh Energy", "Tamworth Plastics", "Upton Veterinary",
    "Vardy Construction", "Wexcombe Retail", "Yeadon Textiles",
]
CORPORATE = [
    "Halstead Rail Services", "Merrow Utilities plc", "Glenholm Bank plc", "Sefton Borough Council", "Corbridge Foods",
    "Arlington Aerospace", "Penistone Water", "Kirkby Retail Group", "Ormskirk Health Partnership", "Tynemouth Ports",
    "Wolverton Engineering", "Bardsey Telecom",
]
UNIVERSITIES = ["University of Caldermoor", "Northfield University", "Riverside Institute of Technology",
                "Westerhope University"]
TENANT = "Harbour Pilates Studio Ltd"


class Ids:
    def __init__(self, sales0: int, purch0: int, doc0: int) -> None:
        self.s, self.p, self.d, self.c, self.r = sales0, purch0, doc0, 400, 7000

    def sale(self) -> str:
        self.s += 1
        return f"SL-{self.s:05d}"

    def purchase(self) -> str:
        self.p += 1
        return f"PL-{self.p:05d}"

    def invoice(self) -> str:
        self.d += 1
        return f"SI-26-{self.d:04d}"

    def credit(self) -> str:
        self.c += 1
        return f"SC-26-{self.c:04d}"

    def receipt(self) -> str:
        self.r += 1
        return f"RA-{self.r:05d}"


def _rand_day(rng: random.Random, a: date, b: date) -> date:
    return a + timedelta(days=rng.randrange((b - a).days + 1))


def _weekday(d: date) -> date:
    while d.weekday() >= 5:
        d += timedelta(days=1)
    return d


def _sale(ids: Ids, kind: str, day: date, doc: str, customer: str, booking: str, details: str, dept: str, code: str,
          net: float, vat: float, service: date | None, out_vat: float, box6: float, pe: str) -> Sale:
    gross = money(net + vat)
    return Sale("", kind, day, doc, customer, booking, details, dept, code, net, vat, gross, service,
                {"out_vat": money(out_vat), "box6": money(box6), "pe": pe})


def sales_lines(inst: dict, rng: random.Random, ids: Ids) -> list[Sale]:
    """Every sales ledger line the export holds (postings 1 July - 12 October), each with its true treatment."""
    n = inst["scale"]
    out: list[Sale] = []
    # open courses: from 1 July the booking system takes a 25% deposit at booking and invoices the balance (VAT on the
    # balance only) 14 days before the course; the system posts no VAT on the deposit
    runs = []
    for k in range(int(16 * n)):
        title, price = COURSES[k % len(COURSES)]
        runs.append((title, price, _weekday(_rand_day(rng, date(2026, 7, 20), date(2026, 12, 10)))))
    bk = 5000
    for _ in range(int(42 * n)):
        title, price, run = rng.choice(runs)
        booked = _weekday(_rand_day(rng, Q_START, min(Q_END, run - timedelta(days=10))))
        if booked > run - timedelta(days=10):
            continue
        bk += 1
        booking = f"BKG-{bk}"
        firm = rng.choice(DELEGATE_FIRMS)
        seats = rng.choice([1, 1, 2, 2, 3, 4, 6])
        full = money(price * seats)
        deposit = money(full * 0.25 * (1 + RATE))
        out.append(_sale(ids, "SA", booked, "", firm, booking, f"Booking deposit 25% - {title} "
                         f"{run:%d/%m/%Y} x{seats}", "OPEN", "DEP", 0.0, 0.0, run, deposit / 6, deposit * 5 / 6,
                         "taxable"))
        out[-1].gross = deposit
        cancelled = rng.random() < 0.05 and booked < date(2026, 9, 15)
        if cancelled:
            refund_day = _weekday(booked + timedelta(days=rng.randint(3, 12)))
            out.append(_sale(ids, "SA", refund_day, "", firm, booking, f"Refund of booking deposit - "
                             f"{title} (cancelled)", "OPEN", "DEP", 0.0, 0.0, run, -deposit / 6, -deposit * 5 / 6,
                             "taxable"))
            out[-1].gross = -deposit
            continue
        inv_day = max(booked, run - timedelta(days=14))
        if inv_day > SALES_EXPORT:
            continue
        balance = money(full * 0.75)
        inq = in_q(inv_day)
        out.append(_sale(ids, "SI", inv_day, "", firm, booking, f"{title} {run:%d/%m/%Y} x{seats} - "
                         "balance after deposit", "OPEN", "S20", balance, vat_of(balance), run,
                         vat_of(balance) if inq else 0.0, balance if inq else 0.0, "taxable" if inq else "none"))
    # corporate in-house training, invoiced after delivery (a few in advance)
    for k in range(int(24 * n)):
        client = CORPORATE[k % len(CORPORATE)]
        fee = money(rng.choice([4200, 5600, 6800, 7400, 8900, 9650, 11800, 13500, 16250]) * rng.uniform(0.95, 1.05))
        r = rng.random()
        if r < 0.12:  # delivered late June, invoiced in early July within 14 days: July tax point
            done = date(2026, 6, rng.randint(22, 29))
            gap = rng.randint((Q_START - done).days, 13)
        elif r < 0.22:  # invoiced more than 14 days after delivery: the delivery date is the tax point
            done = _rand_day(rng, date(2026, 7, 6), date(2026, 9, 16))
            gap = rng.randint(17, 24)
            if done + timedelta(days=gap) > SALES_EXPORT:
                gap = (SALES_EXPORT - done).days
        elif r < 0.32:  # delivered at the end of September, invoiced in October within 14 days
            done = _rand_day(rng, date(2026, 9, 21), date(2026, 9, 30))
            gap = rng.randint(3, min(12, (SALES_EXPORT - done).days))
        elif r < 0.40:  # invoiced in advance of an October course
            done = _rand_day(rng, date(2026, 10, 5), date(2026, 10, 30))
            gap = -rng.randint(8, 20)
            if done + timedelta(days=gap) > SALES_EXPORT:
                gap = (SALES_EXPORT - done).days - 1
        else:
            done = _rand_day(rng, date(2026, 7, 3), date(2026, 9, 18))
            gap = rng.randint(2, 10)
        day = min(done + timedelta(days=gap), SALES_EXPORT)
        late = (day - done).days > 14
        tp = done if (day > done and late) else day
        inq = in_q(tp)
        out.append(_sale(ids, "SI", day, "", client, "", f"In-house course: {rng.choice(COURSES)[0]} "
                         f"(delivered {done:%d/%m/%Y})", "CORP", "S20", fee, vat_of(fee), done,
                         vat_of(fee) if inq else 0.0, fee if inq else 0.0, "taxable" if inq else "none"))
    # corporate assessment centres (standard-rated since April 2026)
    for _k in range(int(6 * n)):
        client = rng.choice(CORPORATE)
        fee = money(rng.uniform(4800, 9800))
        done = _rand_day(rng, date(2026, 7, 6), date(2026, 9, 25))
        day = _weekday(done + timedelta(days=rng.randint(2, 9)))
        inq = in_q(day)
        out.append(_sale(ids, "SI", day, "", client, "", f"Assessment centre - graduate intake "
                         f"({done:%d/%m/%Y})", "ASSESS", "S20", fee, vat_of(fee), done, vat_of(fee) if inq else 0.0,
                         fee if inq else 0.0, "taxable" if inq else "none"))
    # university examination services (exempt): setting, invigilating and marking for eligible bodies
    for _k in range(int(8 * n)):
        uni = rng.choice(UNIVERSITIES)
        fee = money(rng.uniform(1900, 3900) * inst["exam_size"])
        done = _rand_day(rng, date(2026, 7, 1), date(2026, 9, 14))
        day = done + timedelta(days=rng.randint(3, 12))
        inq = in_q(day)
        out.append(_sale(ids, "SI", day, "", uni, "", f"Examination services: resit session "
                         f"{done:%d %b} - setting, invigilation and marking", "EXAM", "E00", fee, 0.0, done, 0.0,
                         fee if inq else 0.0, "exempt" if inq else "none"))
    # printed course manuals (zero-rated): the online shop's monthly summaries and trade orders
    for m in (7, 8, 9):
        end = date(2026, m + 1, 1) - timedelta(days=1)
        amt = money(rng.uniform(2600, 4200) * n)
        out.append(_sale(ids, "SI", end, "", "Online shop (card sales)", "", f"Course manuals - online "
                         f"shop sales {end:%B %Y}", "PUBS", "Z00", amt, 0.0, end, 0.0, amt, "taxable"))
    for _k in range(int(4 * n)):
        day = _weekday(_rand_day(rng, Q_START, Q_END))
        amt = money(rng.uniform(600, 1900))
        out.append(_sale(ids, "SI", day, "", rng.choice(["Hartley's Bookshops", "Campus Books Ltd",
                         "Wordsworth & Pike"]), "", "Course manuals - trade order", "PUBS", "Z00", amt, 0.0, day, 0.0,
                         amt, "taxable"))
    # Dock House ground floor: exempt rent (no option to tax), invoiced monthly in advance
    for m in (7, 8, 9):
        day = date(2026, m, 1)
        rent = inst["rent"]
        out.append(_sale(ids, "SI", day, "", TENANT, "", f"Rent - Dock House ground floor {day:%B %Y}",
                         "PROP", "E00", rent, 0.0, day, 0.0, rent, "exempt"))
    # the minibus sold: a capital asset, standard-rated, left out of the partial exemption calculation
    mb = inst["minibus"]
    out.append(_sale(ids, "SI", date(2026, 8, 19), "", "Clydebank Coach Sales Ltd", "", "Disposal of "
                     "fixed asset FA-0142: 2019 Ford Transit 17-seat minibus", "FA", "S20", mb, vat_of(mb),
                     date(2026, 8, 19), vat_of(mb), mb, "excluded"))
    # credit notes: cancelled bookings invoiced in full before July, a fee reduction, one dated October
    for _k in range(int(3 * n)):
        title, price = rng.choice(COURSES)
        net = money(price * rng.choice([1, 2]))
        day = _weekday(_rand_day(rng, date(2026, 7, 2), date(2026, 9, 28)))
        out.append(_sale(ids, "SC", day, "", rng.choice(DELEGATE_FIRMS), "", f"Credit: cancelled booking "
                         f"- {title} (invoiced in full before July)", "OPEN", "S20", -net, -vat_of(net), None,
                         -vat_of(net), -net, "taxable"))
    fee = money(rng.uniform(900, 1600))
    out.append(_sale(ids, "SC", date(2026, 9, 14), "", CORPORATE[1], "", "Credit: agreed fee reduction, "
                     "one trainer day not delivered", "CORP", "S20", -fee, -vat_of(fee), None, -vat_of(fee), -fee,
                     "taxable"))
    fee = money(rng.uniform(700, 1400))
    out.append(_sale(ids, "SC", date(2026, 10, 6), "", CORPORATE[4], "", "Credit: delegate numbers lower "
                     "than invoiced", "CORP", "S20", -fee, -vat_of(fee), None, 0.0, 0.0, "none"))
    out.sort(key=lambda s: (s.day, s.kind != "SA", s.txn))
    for s in out:  # numbers in date order, as the ledger issues them
        s.txn = ids.sale()
        s.doc = {"SI": ids.invoice, "SC": ids.credit, "SA": ids.receipt}[s.kind]()
    return out


PURCHASE_PLAN = [
    # supplier, details, nominal, cost centre, code, vat no, net range, count per unit of scale (0: monthly, one bill
    # a month whose amount grows with the company), treatment
    ("Amrit Sandhu Consulting", "Trainer fees - open courses", "5010", "CC20", "P20", "GB 301 5541 27", (1800, 5200), 5,
     "taxable"),
    ("Corinne Vale Training", "Trainer fees - in-house programmes", "5010", "CC25", "P20", "GB 227 9034 61",
     (2200, 6400), 5, "taxable"),
    ("Hollis Learning Partners", "Associate trainer days", "5010", "CC25", "P20", "GB 188 4410 09", (1500, 4800), 4,
     "taxable"),
    ("Harcourt Hotel Leeds", "Training room hire and delegate day rate", "5020", "CC20", "P20", "GB 845 1120 33",
     (900, 3400), 5, "taxable"),
    ("The Mercer Conference Centre", "Training room hire", "5020", "CC25", "P20", "GB 390 7762 15", (700, 2600), 4,
     "taxable"),
    ("Pinch Catering Ltd", "Delegate lunches and refreshments", "5030", "CC20", "P20", "GB 276 6615 48", (180, 760), 5,
     "taxable"),
    ("LNER", "Rail fares - trainers", "5040", "CC25", "P00", "GB 117 2205 91", (120, 640), 4, "zero"),
    ("Kestrel Print & Bind", "Printing of course manuals (bound books)", "5050", "CC28", "P00", "GB 654 0012 87",
     (900, 2700), 3, "zero"),
    ("Role Play Associates", "Assessors and role players - assessment centres", "5060", "CC45", "P20",
     "GB 402 8819 56", (900, 2400), 3, "taxable"),
    ("Invigil8 Staffing Ltd", "Invigilators - university examinations", "5070", "CC30", "P20", "GB 233 1409 72",
     (150, 420), 2, "exempt"),
    ("SecureScript Couriers", "Secure courier - exam scripts", "5070", "CC30", "P20", "GB 519 3371 20", (40, 120), 2,
     "exempt"),
    ("St Olave's Hall", "Examination hall hire", "5070", "CC30", "PEX", "", (600, 1400), 2, "none"),
    ("Northern Power & Gas", "Electricity and gas - Dock House", "7100", "CC50", "P20", "GB 612 7730 04",
     (1400, 2600), 0, "residual"),
    ("Arden Digital Ltd", "IT managed service", "7200", "CC10", "P20", "GB 376 1208 55", (2800, 4200), 0, "residual"),
    ("Cloudline UK Ltd", "Software subscriptions", "7200", "CC10", "P20", "GB 198 4477 31", (600, 1400), 3,
     "residual"),
    ("BT Business", "Telephony and broadband", "7210", "CC10", "P20", "GB 245 7198 12", (380, 720), 0, "residual"),
    ("Paper Trail Supplies", "Stationery and consumables", "7300", "CC10", "P20", "GB 731 5560 18", (120, 480), 3,
     "residual"),
    ("TalentBridge Recruitment", "Recruitment fee - finance assistant", "7400", "CC10", "P20", "GB 866 2091 47",
     (3200, 5400), 1, "residual"),
    ("Farrant & Rudd Solicitors", "Legal advice - employment matter", "7410", "CC10", "P20", "GB 408 9923 60",
     (900, 2600), 1, "residual"),
    ("Hartwell Insurance Brokers", "Combined insurance premium instalment", "7500", "CC10", "PEX", "", (1100, 1900), 0,
     "none"),
    ("Royal Mail", "Postage", "7510", "CC10", "PEX", "", (90, 260), 3, "none"),
    ("Caldermoor Bank plc", "Bank charges", "7900", "CC10", "PEX", "", (60, 180), 0, "none"),
    ("Northfield City Council", "Business rates - Dock House", "7110", "CC50", "POS", "", (2800, 3200), 0, "outside"),
    ("Grainger Maintenance", "Repairs - Dock House let ground floor", "7120", "CC51", "P20", "GB 552 0981 36",
     (220, 640), 1, "exempt"),
]


def _purchase(ids: Ids, posted: date, supplier: str, inv_no: str, inv_date: date, details: str, nominal: str, cc: str,
              code: str, net: float, vat: float, vat_no: str, **truth) -> Purchase:
    t = {"in_vat": 0.0, "attribution": "none", "out_vat": 0.0, "box6": 0.0, "box7": net, "box7_alt": None}
    t.update(truth)
    for k in ("in_vat", "out_vat", "box6", "box7"):
        t[k] = money(t[k])
    return Purchase("", posted, supplier, inv_no, inv_date, details, nominal, cc, code, money(net),
                    money(vat), vat_no, t)


def purchase_lines(inst: dict, rng: random.Random, ids: Ids) -> list[Purchase]:
    """Every purchase ledger posting of the quarter, each with its true treatment. The Wharf Road works are taxable
    once the option to tax is known; the file's default (no option) would make them exempt."""
    n = inst["scale"]
    out: list[Purchase] = []
    counter = [3000]

    def inv_no(prefix: str) -> str:
        counter[0] += rng.randint(3, 40)
        return f"{prefix}-{counter[0]}"

    for supplier, details, nominal, cc, code, vat_no, (lo, hi), count, treat in PURCHASE_PLAN:
        for k in range(3 if count == 0 else max(1, round(count * n * inst["purchase_volume"]))):
            if count == 0:
                posted = _weekday(date(2026, 7 + k, rng.randint(3, 12)))
            else:
                posted = _weekday(_rand_day(rng, Q_START, date(2026, 9, 29)))
            inv_date = posted - timedelta(days=rng.randint(0, 9))
            net = money(rng.uniform(lo, hi) * (n if count == 0 else 1.0))
            vat = vat_of(net) if code == "P20" else 0.0
            truth: dict = {}
            if treat in ("taxable", "exempt", "residual"):
                truth = {"in_vat": vat, "attribution": treat}
            elif treat == "outside":
                truth = {"box7": 0.0}
            prefix = "".join(w[0] for w in supplier.split()[:2]).upper()
            out.append(_purchase(ids, posted, supplier, inv_no(prefix), inv_date, details, nominal, cc, code, net,
                                 vat, vat_no, **truth))
    # late June invoices posted in July: never claimed, claimed now
    for supplier, details, cc, lo, hi, vat_no in (
        ("Northern Power & Gas", "Electricity and gas - Dock House (June)", "CC50", 1500, 2300, "GB 612 7730 04"),
        ("Amrit Sandhu Consulting", "Trainer fees - open courses (June)", "CC20", 2100, 3900, "GB 301 5541 27"),
    ):
        net = money(rng.uniform(lo, hi))
        treat = "residual" if cc == "CC50" else "taxable"
        out.append(_purchase(ids, date(2026, 7, 2), supplier, inv_no("JUN"), date(2026, 6, 26), details,
                             "7100" if cc == "CC50" else "5010", cc, "P20", net, vat_of(net), vat_no,
                             in_vat=vat_of(net), attribution=treat))
    # cars on contract hire, also used privately: half the VAT on the rental is input tax
    for m in (7, 8, 9):
        for car, user, rental in inst["lease_cars"]:
            day = _weekday(date(2026, m, 20))
            out.append(_purchase(ids, day, "Velocity Leasing Ltd", inv_no("VL"), date(2026, m, 18), f"Contract hire - "
                                 f"{car} ({user}, also used privately), monthly rental", "7600", "CC10", "P20", rental,
                                 vat_of(rental), "GB 701 3324 88", in_vat=money(vat_of(rental) / 2),
                                 attribution="residual"))
    # the staff summer party (staff only): residual
    net = money(rng.uniform(2400, 3600))
    out.append(_purchase(ids, date(2026, 7, 20), "The Boathouse Riverside", inv_no("BR"), date(2026, 7, 17),
                         "Staff summer party - employees only", "7700", "CC10", "P20", net, vat_of(net),
                         "GB 309 6612 03", in_vat=vat_of(net), attribution="residual"))
    # client hospitality: business entertainment, blocked
    net = money(rng.uniform(2100, 3400))
    out.append(_purchase(ids, date(2026, 8, 10), "Royal Downs Racecourse", inv_no("RD"), date(2026, 8, 6),
                         "Hospitality box - client entertainment, 8 guests", "7710", "CC10", "P20", net, vat_of(net),
                         "GB 822 4410 76", attribution="blocked", box7_alt=money(net + vat_of(net))))
    # delegate catering the clerk coded as non-recoverable: it is a cost of the taxable course, not entertainment
    for _ in range(max(1, round(2 * n))):
        net = money(rng.uniform(240, 690))
        day = _weekday(_rand_day(rng, Q_START, date(2026, 9, 25)))
        out.append(_purchase(ids, day, "Pinch Catering Ltd", inv_no("PC"), day - timedelta(days=2), "Delegate "
                             "lunches - open course", "5030", "CC20", "PNR", net, vat_of(net), "GB 276 6615 48",
                             in_vat=vat_of(net), attribution="taxable"))
    # a car bought for the managing director (private use available): blocked; a panel van: recoverable
    car = inst["car"]
    out.append(_purchase(ids, date(2026, 9, 3), "Marlow BMW", inv_no("MB"), date(2026, 9, 1), "BMW 330e M Sport "
                         "saloon - Managing Director's company car", "0040", "CC10", "P20", car, vat_of(car),
                         "GB 144 9023 58", attribution="blocked", box7_alt=money(car + vat_of(car))))
    van = inst["van"]
    out.append(_purchase(ids, date(2026, 7, 28), "Castle Commercials", inv_no("CC"), date(2026, 7, 24), "Ford Transit "
                         "Custom panel van - training equipment", "0040", "CC10", "P20", van, vat_of(van),
                         "GB 570 2281 39", in_vat=vat_of(van), attribution="residual"))
    # the cleaning contractor's invoice shows too much VAT: only 20% of the net is input tax
    net = inst["overcharge_net"]
    shown = inst["overcharge_vat"]
    out.append(_purchase(ids, date(2026, 8, 24), "Pennant Facility Services", "PFS-4471", date(2026, 8, 21),
                         "Office cleaning - Dock House, July and August", "7130", "CC50", "P20", net, shown,
                         "GB 483 1176 52", in_vat=vat_of(net), attribution="residual"))
    # Nordvik (Norway): the learning platform, reverse charge, used for everything: residual
    for k, (m, eur) in enumerate(inst["nordvik"]):
        net = money(eur * 0.86)
        day = date(2026, m, 5 + k)
        out.append(_purchase(ids, day, "Nordvik Læringssystemer AS", f"NLS-26-{311 + k * 37}", day - timedelta(days=3),
                             f"LMS licence and configuration (EUR {eur:,.2f})", "7200", "CC10", "PRC", net, 0.0,
                             "NO 987 654 321 MVA", in_vat=vat_of(net), attribution="residual", out_vat=vat_of(net),
                             box6=net))
    # Castellan: a London address, no VAT, coded zero-rated; it belongs in the US: reverse charge, used only for the
    # university examinations, so exempt input tax
    net = inst["castellan"]
    out.append(_purchase(ids, date(2026, 9, 11), "Castellan Assessment Partners", inst["castellan_inv"],
                         date(2026, 9, 8), "Remote proctoring platform - university exam sessions July to September",
                         "5070", "CC30", "P00", net, 0.0, "", in_vat=vat_of(net), attribution="exempt",
                         out_vat=vat_of(net), box6=net))
    # Wharf Road Unit 3: vacant, refurbished for letting; opted to tax from 1 July (known to the property manager)
    for k, (net, day) in enumerate(inst["brackley"]):
        out.append(_purchase(ids, day, "Brackley Build Ltd", f"BB-V{k + 1:02d}-2026", day - timedelta(days=2),
                             f"Valuation {k + 1} - refurbishment works, Wharf Road Unit 3", "0020", "CC60", "P20", net,
                             vat_of(net), "GB 266 3018 94", in_vat=vat_of(net), attribution="taxable"))
    net = inst["voltedge"]
    out.append(_purchase(ids, date(2026, 8, 28), "Voltedge Electrical Ltd", "VE-10822", date(2026, 8, 26),
                         "Rewire and LED lighting installation - Wharf Road Unit 3 (reverse charge applied by "
                         "supplier)", "0020", "CC60", "PDR", net, 0.0, "GB 390 5512 07"))
    for m in (7, 8, 9):
        net = money(inst["wharf_security"] * rng.uniform(0.95, 1.05))
        out.append(_purchase(ids, _weekday(date(2026, m, 4)), "Guardline Security", inv_no("GS"), date(2026, m, 1),
                             "Void property security - Wharf Road Unit 3", "7140", "CC60", "P20", net, vat_of(net),
                             "GB 611 8820 41", in_vat=vat_of(net), attribution="taxable"))
        out.append(_purchase(ids, _weekday(date(2026, m, 8)), "Northfield City Council", inv_no("NCC"),
                             date(2026, m, 1), "Business rates - Wharf Road Unit 3 (empty property)", "7110", "CC60",
                             "POS", money(inst["wharf_rates"]), 0.0, "", box7=0.0))
    # purchase credit notes
    net = money(rng.uniform(300, 900))
    out.append(_purchase(ids, date(2026, 8, 14), "Harcourt Hotel Leeds", inv_no("CN"), date(2026, 8, 12), "Credit "
                         "note - cancelled training room", "5020", "CC20", "P20", -net, -vat_of(net), "GB 845 1120 33",
                         in_vat=-vat_of(net), attribution="taxable"))
    net = money(rng.uniform(250, 600))
    out.append(_purchase(ids, date(2026, 9, 17), "Arden Digital Ltd", inv_no("CN"), date(2026, 9, 16), "Credit note "
                         "- service credit for outage", "7200", "CC10", "P20", -net, -vat_of(net), "GB 376 1208 55",
                         in_vat=-vat_of(net), attribution="residual"))
    out.sort(key=lambda p: (p.posted, p.ref))
    for p in out:  # references in posting order
        p.ref = ids.purchase()
    # one supplier invoice posted twice under two references: the second posting is no purchase
    first = next(p for p in out if p.supplier == "Arden Digital Ltd" and p.net > 0 and p.code == "P20")
    dup = Purchase(ids.purchase(), first.posted + timedelta(days=6), first.supplier, first.inv_no, first.inv_date,
                   first.details, first.nominal, first.cc, first.code, first.net, first.vat, first.supplier_vat_no,
                   {"in_vat": 0.0, "attribution": "none", "out_vat": 0.0, "box6": 0.0, "box7": 0.0, "box7_alt": None,
                    "duplicate_of": first.ref})
    out.append(dup)
    out.sort(key=lambda p: (p.posted, p.ref))
    return out


def debts(inst: dict) -> list[Debt]:
    out = [Debt(**d) for d in inst["debts"]]
    return out


def simulate(inst: dict) -> Story:
    rng = random.Random(inst["seed"])
    ids = Ids(*inst["id_start"])
    sales = sales_lines(inst, rng, ids)
    purchases = purchase_lines(inst, rng, ids)
    # an export fault repeats a few days' lines (same transaction ids)
    a, b = inst["repeat_sales"]
    rep_s = [s.txn for s in sales if a <= s.day <= b]
    a, b = inst["repeat_purchases"]
    rep_p = [p.ref for p in purchases if a <= p.posted <= b]
    facts = {
        "option_to_tax": {"building": "Wharf Road Unit 3", "made": "2026-07-01", "notified": "2026-07-20"},
        "debtor_terms": {d.invoice: d.terms_true for d in debts(inst) if d.written_off},
        "prior_error": dict(inst["prior_error"]),
        "overseas_supplier": {"supplier": "Castellan Assessment Partners", "invoice": inst["castellan_inv"],
                              "belongs": "United States"},
        "unbilled": dict(inst["unbilled"]),
    }
    return Story(inst, sales, purchases, debts(inst), facts, dict(inst["prior"]), rep_s, rep_p)
