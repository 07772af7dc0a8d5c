"""The purchase side of vat_return's story: every posting of the quarter with the treatment the law gives it: input
tax by use (taxable, exempt, residual), late June invoices claimed now, cars on contract hire (half the VAT), staff
and client entertainment, a car and a van, an invoice showing too much VAT, the overseas platform (reverse charge), a
US supplier coded zero-rated, the Wharf Road works (taxable once the option to tax is known), a contractor's wrong
domestic reverse charge, rates, credit notes and a supplier invoice posted twice."""

from __future__ import annotations

import random
from datetime import date, timedelta

from _vat_return_model import Q_START, Ids, Purchase, _rand_day, _weekday, money, vat_of

# supplier | details | nominal | cost centre | code | VAT number | net from | net to | count per unit of scale (0: one
# bill a month whose amount grows with the company) | treatment
PLAN = """
Amrit Sandhu Consulting|Trainer fees - open courses|5010|CC20|P20|GB 301 5541 27|1800|5200|5|taxable
Corinne Vale Training|Trainer fees - in-house programmes|5010|CC25|P20|GB 227 9034 61|2200|6400|5|taxable
Hollis Learning Partners|Associate trainer days|5010|CC25|P20|GB 188 4410 09|1500|4800|4|taxable
Harcourt Hotel Leeds|Training room hire and delegate day rate|5020|CC20|P20|GB 845 1120 33|900|3400|5|taxable
The Mercer Conference Centre|Training room hire|5020|CC25|P20|GB 390 7762 15|700|2600|4|taxable
Pinch Catering Ltd|Delegate lunches and refreshments|5030|CC20|P20|GB 276 6615 48|180|760|5|taxable
LNER|Rail fares - trainers|5040|CC25|P00|GB 117 2205 91|120|640|4|zero
Kestrel Print & Bind|Printing of course manuals (bound books)|5050|CC28|P00|GB 654 0012 87|900|2700|3|zero
Role Play Associates|Assessors and role players - assessment centres|5060|CC45|P20|GB 402 8819 56|900|2400|3|taxable
Invigil8 Staffing Ltd|Invigilators - university examinations|5070|CC30|P20|GB 233 1409 72|150|420|2|exempt
SecureScript Couriers|Secure courier - exam scripts|5070|CC30|P20|GB 519 3371 20|40|120|2|exempt
St Olave's Hall|Examination hall hire|5070|CC30|PEX||600|1400|2|none
Northern Power & Gas|Electricity and gas - Dock House|7100|CC50|P20|GB 612 7730 04|1400|2600|0|residual
Arden Digital Ltd|IT managed service|7200|CC10|P20|GB 376 1208 55|2800|4200|0|residual
Cloudline UK Ltd|Software subscriptions|7200|CC10|P20|GB 198 4477 31|600|1400|3|residual
BT Business|Telephony and broadband|7210|CC10|P20|GB 245 7198 12|380|720|0|residual
Paper Trail Supplies|Stationery and consumables|7300|CC10|P20|GB 731 5560 18|120|480|3|residual
TalentBridge Recruitment|Recruitment fee - finance assistant|7400|CC10|P20|GB 866 2091 47|3200|5400|1|residual
Farrant & Rudd Solicitors|Legal advice - employment matter|7410|CC10|P20|GB 408 9923 60|900|2600|1|residual
Hartwell Insurance Brokers|Combined insurance premium instalment|7500|CC10|PEX||1100|1900|0|none
Royal Mail|Postage|7510|CC10|PEX||90|260|3|none
Caldermoor Bank plc|Bank charges|7900|CC10|PEX||60|180|0|none
Northfield City Council|Business rates - Dock House|7110|CC50|POS||2800|3200|0|outside
Grainger Maintenance|Repairs - Dock House let ground floor|7120|CC51|P20|GB 552 0981 36|220|640|1|exempt
"""
PLAN_ROWS = [line.split("|") for line in PLAN.strip().splitlines()]


def purchase_lines(inst: dict, rng: random.Random, ids: Ids) -> list[Purchase]:
    """Every purchase ledger posting of the quarter, each with its true treatment (`truth`: in_vat, attribution,
    out_vat, box6, box7, box7_alt). The Wharf Road works are taxable once the option to tax is known; the file's
    default (no option) would make them exempt."""
    n = inst["scale"]
    out: list[Purchase] = []
    counter = [3000]

    def inv_no(prefix: str) -> str:
        counter[0] += rng.randint(3, 40)
        return f"{prefix}-{counter[0]}"

    def add(posted, who, no, inv_date, what, nominal, cc, code, net, vat, vat_no, **truth):
        t = {"in_vat": 0.0, "attribution": "none", "out_vat": 0.0, "box6": 0.0, "box7": net, "box7_alt": None}
        t.update(truth)
        for k in ("in_vat", "out_vat", "box6", "box7"):
            t[k] = money(t[k])
        out.append(Purchase("", posted, who, no, inv_date, what, nominal, cc, code, money(net), money(vat), vat_no, t))

    for who, what, nominal, cc, code, vat_no, lo, hi, count, treat in PLAN_ROWS:
        reps = 3 if count == "0" else max(1, round(int(count) * n * inst["purchase_volume"]))
        for k in range(reps):
            if count == "0":
                posted = _weekday(date(2026, 7 + k, rng.randint(3, 12)))
            else:
                posted = _weekday(_rand_day(rng, Q_START, date(2026, 9, 29)))
            inv_date = posted - timedelta(days=rng.randint(0, 9))
            net = money(rng.uniform(float(lo), float(hi)) * (n if count == "0" else 1.0))
            vat = vat_of(net) if code == "P20" else 0.0
            truth: dict = {}
            if treat in ("taxable", "exempt", "residual"):
                truth = {"in_vat": vat, "attribution": treat}
            elif treat == "outside":
                truth = {"box7": 0.0}
            no = inv_no("".join(w[0] for w in who.split()[:2]).upper())
            add(posted, who, no, inv_date, what, nominal, cc, code, net, vat, vat_no, **truth)
    # late June invoices posted in July: never claimed, claimed now
    for who, what, cc, lo, hi, vat_no in (
        ("Northern Power & Gas", "Electricity and gas - Dock House (June)", "CC50", 1500, 2300, "GB 612 7730 04"),
        ("Amrit Sandhu Consulting", "Trainer fees - open courses (June)", "CC20", 2100, 3900, "GB 301 5541 27"),
    ):
        net = money(rng.uniform(lo, hi))
        treat, nominal = ("residual", "7100") if cc == "CC50" else ("taxable", "5010")
        no = inv_no("JUN")
        add(date(2026, 7, 2), who, no, date(2026, 6, 26), what, nominal, cc, "P20", net, vat_of(net), vat_no,
            in_vat=vat_of(net), attribution=treat)  # fmt: skip
    # cars on contract hire, also used privately: half the VAT on the rental is input tax
    for m in (7, 8, 9):
        for car, user, rental in inst["lease_cars"]:
            what = f"Contract hire - {car} ({user}, also used privately), monthly rental"
            no = inv_no("VL")
            add(_weekday(date(2026, m, 20)), "Velocity Leasing Ltd", no, date(2026, m, 18), what, "7600", "CC10",
                "P20", rental, vat_of(rental), "GB 701 3324 88", in_vat=money(vat_of(rental) / 2),
                attribution="residual")  # fmt: skip
    # the staff summer party (staff only): residual
    net = money(rng.uniform(2400, 3600))
    no = inv_no("BR")
    what = "Staff summer party - employees only"
    add(date(2026, 7, 20), "The Boathouse Riverside", no, date(2026, 7, 17), what, "7700", "CC10", "P20", net,
        vat_of(net), "GB 309 6612 03", in_vat=vat_of(net), attribution="residual")  # fmt: skip
    # client hospitality: business entertainment, blocked
    net = money(rng.uniform(2100, 3400))
    no = inv_no("RD")
    add(date(2026, 8, 10), "Royal Downs Racecourse", no, date(2026, 8, 6), "Hospitality box - client entertainment, "
        "8 guests", "7710", "CC10", "P20", net, vat_of(net), "GB 822 4410 76", attribution="blocked",
        box7_alt=money(net + vat_of(net)))  # fmt: skip
    # delegate catering the clerk coded as non-recoverable: it is a cost of the taxable course, not entertainment
    for _ in range(max(1, round(2 * n))):
        net = money(rng.uniform(240, 690))
        day = _weekday(_rand_day(rng, Q_START, date(2026, 9, 25)))
        no = inv_no("PC")
        add(day, "Pinch Catering Ltd", no, day - timedelta(days=2), "Delegate lunches - open course", "5030", "CC20",
            "PNR", net, vat_of(net), "GB 276 6615 48", in_vat=vat_of(net), attribution="taxable")  # fmt: skip
    # a car bought for the managing director (private use available): blocked; a panel van: recoverable
    car = inst["car"]
    what = "BMW 330e M Sport saloon - Managing Director's company car"
    add(date(2026, 9, 3), "Marlow BMW", inv_no("MB"), date(2026, 9, 1), what, "0040", "CC10", "P20", car, vat_of(car),
        "GB 144 9023 58", attribution="blocked", box7_alt=money(car + vat_of(car)))  # fmt: skip
    van = inst["van"]
    what = "Ford Transit Custom panel van - pool van for both buildings and all activities"
    add(date(2026, 7, 28), "Castle Commercials", inv_no("CC"), date(2026, 7, 24), what, "0040", "CC10", "P20", van,
        vat_of(van), "GB 570 2281 39", in_vat=vat_of(van), attribution="residual")  # fmt: skip
    # the cleaning contractor's invoice shows too much VAT: only 20% of the net is input tax
    net, shown = inst["overcharge_net"], inst["overcharge_vat"]
    add(date(2026, 8, 24), "Pennant Facility Services", "PFS-4471", date(2026, 8, 21), "Office cleaning - Dock House, "
        "July and August", "7130", "CC50", "P20", net, shown, "GB 483 1176 52", in_vat=vat_of(net),
        attribution="residual")  # fmt: skip
    # Nordvik (Norway): the learning platform, reverse charge, used for everything: residual
    for k, (m, eur) in enumerate(inst["nordvik"]):
        net = money(eur * 0.86)
        day = date(2026, m, 5 + k)
        what = f"Learning platform licence and configuration - all courses and examinations (EUR {eur:,.2f})"
        add(day, "Nordvik Læringssystemer AS", f"NLS-26-{311 + k * 37}", day - timedelta(days=3), what, "7200",
            "CC10", "PRC", net, 0.0, "NO 987 654 321 MVA", in_vat=vat_of(net), attribution="residual",
            out_vat=vat_of(net), box6=net)  # fmt: skip
    # Castellan: a London address, no VAT, coded zero-rated; it belongs in the US: reverse charge, used only for the
    # university examinations, so exempt input tax
    net = inst["castellan"]
    what = "Remote proctoring platform - university exam sessions July to September"
    add(date(2026, 9, 11), "Castellan Assessment Partners", inst["castellan_inv"], date(2026, 9, 8), what, "5070",
        "CC30", "P00", net, 0.0, "", in_vat=vat_of(net), attribution="exempt", out_vat=vat_of(net),
        box6=net)  # fmt: skip
    # Wharf Road Unit 3: vacant, refurbished for letting; opted to tax from 1 July (known to the property manager)
    for k, (net, day) in enumerate(inst["brackley"]):
        what = f"Valuation {k + 1} - refurbishment works, Wharf Road Unit 3"
        add(day, "Brackley Build Ltd", f"BB-V{k + 1:02d}-2026", day - timedelta(days=2), what, "0020", "CC60", "P20",
            net, vat_of(net), "GB 266 3018 94", in_vat=vat_of(net), attribution="taxable")  # fmt: skip
    what = "Rewire and LED lighting installation - Wharf Road Unit 3 (reverse charge applied by supplier)"
    add(date(2026, 8, 28), "Voltedge Electrical Ltd", "VE-10822", date(2026, 8, 26), what, "0020", "CC60", "PDR",
        inst["voltedge"], 0.0, "GB 390 5512 07")  # fmt: skip
    for m in (7, 8, 9):
        net = money(inst["wharf_security"] * rng.uniform(0.95, 1.05))
        add(_weekday(date(2026, m, 4)), "Guardline Security", inv_no("GS"), date(2026, m, 1), "Void property security "
            "- Wharf Road Unit 3", "7140", "CC60", "P20", net, vat_of(net), "GB 611 8820 41", in_vat=vat_of(net),
            attribution="taxable")  # fmt: skip
        add(_weekday(date(2026, m, 8)), "Northfield City Council", inv_no("NCC"), date(2026, m, 1), "Business rates - "
            "Wharf Road Unit 3 (empty property)", "7110", "CC60", "POS", money(inst["wharf_rates"]), 0.0, "",
            box7=0.0)  # fmt: skip
    # purchase credit notes
    net = money(rng.uniform(300, 900))
    add(date(2026, 8, 14), "Harcourt Hotel Leeds", inv_no("CN"), date(2026, 8, 12), "Credit note - cancelled training "
        "room", "5020", "CC20", "P20", -net, -vat_of(net), "GB 845 1120 33", in_vat=-vat_of(net),
        attribution="taxable")  # fmt: skip
    net = money(rng.uniform(250, 600))
    add(date(2026, 9, 17), "Arden Digital Ltd", inv_no("CN"), date(2026, 9, 16), "Credit note - service credit for "
        "outage", "7200", "CC10", "P20", -net, -vat_of(net), "GB 376 1208 55", in_vat=-vat_of(net),
        attribution="residual")  # fmt: skip
    out.sort(key=lambda p: p.posted)
    for p in out:  # references in posting order
        p.ref = ids.purchase()
    # one supplier invoice posted twice under two references: the second posting is no purchase
    first = next(p for p in out if p.supplier == "Arden Digital Ltd" and p.net > 0 and p.code == "P20")
    truth = {"in_vat": 0.0, "attribution": "none", "out_vat": 0.0, "box6": 0.0, "box7": 0.0, "box7_alt": None,
             "duplicate_of": first.ref}  # fmt: skip
    out.append(Purchase(ids.purchase(), first.posted + timedelta(days=6), first.supplier, first.inv_no, first.inv_date,
                        first.details, first.nominal, first.cc, first.code, first.net, first.vat,
                        first.supplier_vat_no, truth))  # fmt: skip
    out.sort(key=lambda p: (p.posted, p.ref))
    return out
