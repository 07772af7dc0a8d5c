"""The sales side of vat_return's story: every line the sales ledger export holds (postings 1 July to 12 October),
each with the treatment the law gives it: booking deposits (a tax point on receipt), balance invoices, in-house courses
invoiced before, within 14 days of or more than 14 days after delivery, assessment centres, university examination
services (exempt), printed manuals (zero-rated), exempt rent, the minibus sold (a capital asset) and credit notes."""

from __future__ import annotations

import random
from datetime import date, timedelta

from _vat_return_model import Q_END, Q_START, RATE, SALES_EXPORT, Ids, Sale, _rand_day, _weekday, in_q, money, vat_of

COURSES = [
    ("Project Management Foundation", 1150.0),
    ("Leadership Essentials", 895.0),
    ("Health and Safety Management", 1290.0),
    ("Finance for Non-Financial Managers", 695.0),
    ("Negotiation Skills", 745.0),
    ("Data Protection Practitioner", 1450.0),
    ("Coaching for Line Managers", 820.0),
    ("Agile Delivery Practitioner", 1325.0),
    ("Contract Management", 980.0),
    ("Presenting with Impact", 560.0),
]
DELEGATE_FIRMS = [
    "Ashgrove Dental Group",
    "Bellwether Freight",
    "Calloway Homes",
    "Dunmore Analytics",
    "Eastbrook Council",
    "Fenwick & Day LLP",
    "Garrow Engineering",
    "Hathersage Foods",
    "Invercaul Distillers",
    "Jessop Logistics",
    "Kilbride Water",
    "Larkfield NHS Trust",
    "Mossley Print",
    "Northgate Housing",
    "Orrin Pharma",
    "Penhallow Leisure",
    "Quarry Bank Mill Trust",
    "Rydal Insurance",
    "Saltmarsh Energy",
    "Tamworth Plastics",
    "Upton Veterinary",
    "Vardy Construction",
    "Wexcombe Retail",
    "Yeadon Textiles",
]
CORPORATE = [
    "Halstead Rail Services",
    "Merrow Utilities plc",
    "Glenholm Bank plc",
    "Sefton Borough Council",
    "Corbridge Foods",
    "Arlington Aerospace",
    "Penistone Water",
    "Kirkby Retail Group",
    "Ormskirk Health Partnership",
    "Tynemouth Ports",
    "Wolverton Engineering",
    "Bardsey Telecom",
]
UNIVERSITIES = ["University of Caldermoor", "Northfield University", "Riverside Institute of Technology",
                "Westerhope University"]  # fmt: skip
BOOKSHOPS = ["Hartley's Bookshops", "Campus Books Ltd", "Wordsworth & Pike"]
TENANT = "Harbour Pilates Studio Ltd"
FEES = [4200, 5600, 6800, 7400, 8900, 9650, 11800, 13500, 16250]


def sales_lines(inst: dict, rng: random.Random, ids: Ids) -> list[Sale]:
    """Every sales ledger line the export holds, each with its true treatment (`truth`: out_vat, box6, pe)."""
    n = inst["scale"]
    out: list[Sale] = []

    def add(kind, day, who, what, dept, code, net, vat, service, out_vat, box6, pe, booking="", gross=None):
        truth = {"out_vat": money(out_vat), "box6": money(box6), "pe": pe}
        g = money(net + vat) if gross is None else gross
        out.append(Sale("", kind, day, "", who, booking, what, dept, code, net, vat, g, service, truth))

    def invoice(day, who, what, dept, fee, service, inq):
        vat = vat_of(fee)
        add("SI", day, who, what, dept, "S20", fee, vat, service, vat if inq else 0.0, fee if inq else 0.0,
            "taxable" if inq else "none")  # fmt: skip

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
        dep = money(full * 0.25 * (1 + RATE))
        what = f"Booking deposit 25% - {title} {run:%d/%m/%Y} x{seats}"
        add("SA", booked, firm, what, "OPEN", "DEP", 0.0, 0.0, run, dep / 6, dep * 5 / 6, "taxable", booking, dep)
        if rng.random() < 0.05 and booked < date(2026, 9, 15):  # cancelled: the deposit refunded
            day = _weekday(booked + timedelta(days=rng.randint(3, 12)))
            what = f"Refund of booking deposit - {title} (cancelled)"
            add("SA", day, firm, what, "OPEN", "DEP", 0.0, 0.0, run, -dep / 6, -dep * 5 / 6, "taxable", booking, -dep)
            continue
        inv_day = max(booked, run - timedelta(days=14))
        if inv_day > SALES_EXPORT:
            continue
        balance = money(full * 0.75)
        inq = in_q(inv_day)
        what = f"{title} {run:%d/%m/%Y} x{seats} - balance after deposit"
        vat = vat_of(balance)
        add("SI", inv_day, firm, what, "OPEN", "S20", balance, vat, run, vat if inq else 0.0, balance if inq else 0.0,
            "taxable" if inq else "none", booking)  # fmt: skip
    # corporate in-house training, invoiced after delivery (a few in advance)
    for k in range(int(24 * n)):
        client = CORPORATE[k % len(CORPORATE)]
        fee = money(rng.choice(FEES) * rng.uniform(0.95, 1.05))
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
        tp = done if (day > done and (day - done).days > 14) else day
        what = f"In-house course: {rng.choice(COURSES)[0]} (delivered {done:%d/%m/%Y})"
        invoice(day, client, what, "CORP", fee, done, in_q(tp))
    # corporate assessment centres (standard-rated since April 2026)
    for _k in range(int(6 * n)):
        client = rng.choice(CORPORATE)
        fee = money(rng.uniform(4800, 9800))
        done = _rand_day(rng, date(2026, 7, 6), date(2026, 9, 25))
        day = _weekday(done + timedelta(days=rng.randint(2, 9)))
        invoice(day, client, f"Assessment centre - graduate intake ({done:%d/%m/%Y})", "ASSESS", fee, done, in_q(day))
    # university examination services (exempt): setting, invigilating and marking for eligible bodies
    for _k in range(int(8 * n)):
        uni = rng.choice(UNIVERSITIES)
        fee = money(rng.uniform(1900, 3900) * inst["exam_size"])
        done = _rand_day(rng, date(2026, 7, 1), date(2026, 9, 14))
        day = done + timedelta(days=rng.randint(3, 12))
        inq = in_q(day)
        what = f"Examination services: resit session {done:%d %b} - setting, invigilation and marking"
        add("SI", day, uni, what, "EXAM", "E00", fee, 0.0, done, 0.0, fee if inq else 0.0, "exempt" if inq else "none")
    # printed course manuals (zero-rated): the online shop's monthly summaries and trade orders
    for m in (7, 8, 9):
        end = date(2026, m + 1, 1) - timedelta(days=1)
        amt = money(rng.uniform(2600, 4200) * n)
        what = f"Course manuals - online shop sales {end:%B %Y}"
        add("SI", end, "Online shop (card sales)", what, "PUBS", "Z00", amt, 0.0, end, 0.0, amt, "taxable")
    for _k in range(int(4 * n)):
        day = _weekday(_rand_day(rng, Q_START, Q_END))
        amt = money(rng.uniform(600, 1900))
        shop = rng.choice(BOOKSHOPS)
        add("SI", day, shop, "Course manuals - trade order", "PUBS", "Z00", amt, 0.0, day, 0.0, amt, "taxable")
    # Dock House ground floor: exempt rent (no option to tax), invoiced monthly in advance
    for m in (7, 8, 9):
        day, rent = date(2026, m, 1), inst["rent"]
        add("SI", day, TENANT, f"Rent - Dock House ground floor {day:%B %Y}", "PROP", "E00", rent, 0.0, day, 0.0,
            rent, "exempt")  # fmt: skip
    # the minibus sold: a capital asset, standard-rated, left out of the partial exemption calculation
    mb, sold = inst["minibus"], date(2026, 8, 19)
    what = f"Disposal of fixed asset FA-0142: {inst['minibus_desc']}"
    add("SI", sold, "Clydebank Coach Sales Ltd", what, "FA", "S20", mb, vat_of(mb), sold, vat_of(mb), mb, "excluded")
    # credit notes: cancelled bookings invoiced in full before July, a fee reduction, one dated October
    for _k in range(int(3 * n)):
        title, price = rng.choice(COURSES)
        net = money(price * rng.choice([1, 2]))
        day = _weekday(_rand_day(rng, date(2026, 7, 2), date(2026, 9, 28)))
        who = rng.choice(DELEGATE_FIRMS)
        what = f"Credit: cancelled booking - {title} (invoiced in full before July)"
        add("SC", day, who, what, "OPEN", "S20", -net, -vat_of(net), None, -vat_of(net), -net, "taxable")
    fee = money(rng.uniform(900, 1600))
    what = "Credit: agreed fee reduction, one trainer day not delivered"
    add("SC", date(2026, 9, 14), CORPORATE[1], what, "CORP", "S20", -fee, -vat_of(fee), None, -vat_of(fee), -fee,
        "taxable")  # fmt: skip
    fee = money(rng.uniform(700, 1400))
    what = "Credit: delegate numbers lower than invoiced"
    add("SC", date(2026, 10, 6), CORPORATE[4], what, "CORP", "S20", -fee, -vat_of(fee), None, 0.0, 0.0, "none")
    out.sort(key=lambda s: (s.day, s.kind != "SA", s.txn))
    for s in out:  # numbers in date order, as the ledger issues them
        s.txn = ids.sale()
        s.doc = {"SI": ids.invoice, "SC": ids.credit, "SA": ids.receipt}[s.kind]()
    return out
