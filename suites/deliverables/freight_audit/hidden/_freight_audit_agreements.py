"""The three carriers' rate agreements (Brackenford's and Tern's as Word documents, Quillon's as a PDF, and Tern's
superseded 2025 schedule), written from the model's constants."""

from __future__ import annotations

from pathlib import Path

import docx
from _freight_audit_files import COMPANY, doc_table, save_docx, write_pdf
from _freight_audit_model import (
    BANDS,
    BOOKED_IN,
    BRK_FUEL_BASE,
    BRK_FUEL_STEP,
    DIM_DIVISOR,
    DISPOSAL,
    FAILED_FEE,
    LANES,
    PALLET_MIN,
    PALLET_RATE,
    Q_FUEL_BANDS,
    Q_FUEL_TOP,
    REMOTE_AREAS,
    REMOTE_FEE,
    ROOM_OF_CHOICE,
    T_FUEL_BASE,
    T_FUEL_FLAT,
    T_FUEL_STEP,
    TAIL_LIFT,
    TARIFF,
    TERN_EXTRA,
    TERN_FIRST,
    TERN_MIN,
    TERN_OLD_MIN,
    ZONES_Q,
    ZONES_T,
)


def brackenford(path: Path) -> None:
    d = docx.Document()
    d.add_heading("Road Haulage Rate Agreement 2026", 0)
    d.add_paragraph(f"Between Brackenford Haulage Ltd (the Carrier) and {COMPANY} (the Customer). Effective 1 April "
                    "2026 to 31 March 2027 for palletised consignments collected from the Customer's distribution "
                    "centre at Corby and delivered to the Customer's stores and trade customers in Great Britain.")
    d.add_heading("1. Haulage charges", 1)
    d.add_paragraph("1.1 Each consignment is charged per pallet at the rate for its lane (Schedule 1), subject to "
                    "the minimum charge per consignment for that lane. The lane is decided by the postcode area "
                    "(the letters before the first digit) of the delivery address.")
    doc_table(d, ["Lane", "Rate per pallet (GBP)", "Minimum charge per consignment (GBP)"],
              [[str(k), f"{PALLET_RATE[k]:.2f}", f"{PALLET_MIN[k]:.2f}"] for k in PALLET_RATE])
    d.add_heading("2. Fuel surcharge", 1)
    d.add_paragraph(f"2.1 A fuel surcharge is added to the haulage charge of each consignment. It is "
                    f"{BRK_FUEL_STEP}% of the haulage charge for each full penny by which the weekly diesel price "
                    f"index (pence per litre, final published figure) exceeds {BRK_FUEL_BASE:.1f}p. No surcharge is "
                    "due at or below that price.")
    d.add_paragraph("2.2 The index figure used is the one for the week (Monday to Sunday) before the week in which "
                    "the consignment is collected.")
    d.add_paragraph("2.3 The fuel surcharge is calculated on the haulage charge only, never on accessorial charges, "
                    "and is rounded to the nearest penny per consignment.")
    d.add_heading("3. Accessorial charges", 1)
    d.add_paragraph(f"3.1 Tail-lift delivery: GBP {TAIL_LIFT:.2f} per consignment, payable only where the Customer's "
                    "booking (as recorded in its warehouse system) requests a tail-lift.")
    d.add_paragraph(f"3.2 Booked-in (timed) delivery: GBP {BOOKED_IN:.2f} per consignment where the Customer's "
                    "booking requests a delivery slot.")
    d.add_paragraph("3.3 No other charge is payable unless agreed in writing in advance by the Customer's Transport "
                    "Manager.")
    d.add_heading("4. Invoicing and claims", 1)
    d.add_paragraph("4.1 The Carrier invoices monthly. The Customer may withhold and claim any amount charged in "
                    "excess of this agreement within 90 days of the invoice date.")
    d.add_heading("Schedule 1 - Lanes by postcode area", 1)
    doc_table(d, ["Lane", "Postcode areas"], [[str(k), ", ".join(v)] for k, v in LANES.items()])
    save_docx(d, path)


def quillon(path: Path) -> None:
    L = [
        "QUILLON PARCELS - CONTRACT RATE CARD AND CONDITIONS",
        f"Account: {COMPANY} (HEARTH01)          Valid: 1 March 2026 until varied in writing",
        "",
        "1. TARIFF PER PARCEL (GBP), BY ZONE AND CHARGEABLE WEIGHT",
        "",
        "   Zone   " + "".join(f"up to {b:>2} kg  " for b in BANDS),
    ]
    for z, row in TARIFF.items():
        L.append(f"   {z:<6} " + "".join(f"{v:>12.2f}  " for v in row))
    L += [
        "",
        "   Parcels over 30 kg chargeable weight are not accepted on this service.",
        "",
        "2. CHARGEABLE WEIGHT",
        "   2.1 The chargeable weight is the greater of the actual weight and the volumetric weight,",
        f"       where volumetric weight (kg) = length x width x height (cm) / {DIM_DIVISOR}.",
        "   2.2 The chargeable weight is rounded up to the next whole kilogram.",
        "   2.3 Dimensions and weights are those declared in the Customer's despatch data unless the",
        "       Carrier re-measures a parcel and sends the Customer the measurement within 7 days.",
        "",
        "3. ZONES (POSTCODE AREA OF THE DELIVERY ADDRESS)",
    ]
    for z, areas in ZONES_Q.items():
        chunks = [areas[i:i + 14] for i in range(0, len(areas), 14)]
        for k, chunk in enumerate(chunks):
            tail = "," if k < len(chunks) - 1 else ""
            L.append((f"   Zone {z}: " if k == 0 else " " * 11) + ", ".join(chunk) + tail)
    L += [
        "",
        "4. REMOTE AREA SURCHARGE",
        f"   GBP {REMOTE_FEE:.2f} per parcel to the postcode areas {', '.join(REMOTE_AREAS)} only.",
        "",
        "5. FUEL SURCHARGE",
        "   5.1 A percentage of the tariff charge (section 1) only, set by the weekly diesel price index",
        "       (final published figure, pence per litre) for the week before the week of despatch:",
    ]
    lo = None
    for bound, pct in Q_FUEL_BANDS:
        lead, excl = ("below", "") if lo is None else (f"{lo:.1f}p up to", " (excl.)")
        L.append(f"         {lead} {bound:.1f}p{excl}   {pct:.1f}%")
        lo = bound
    L += [
        f"         {lo:.1f}p and above            {Q_FUEL_TOP:.1f}%",
        "   5.2 The surcharge is rounded to the nearest penny per parcel.",
        "",
        "6. VARIATION",
        "   Tariff rates are fixed until 31 August 2026 and are then reviewed. Any variation must be agreed",
        "   in writing (e-mail is sufficient) between Quillon's account manager and the Customer's Transport",
        "   Manager, and applies from the date agreed.",
    ]
    write_pdf(path, L, "Quillon Parcels contract rate card")


def tern(path: Path, year: int) -> None:
    old = year == 2025
    minimum = TERN_OLD_MIN if old else TERN_MIN
    d = docx.Document()
    d.add_heading(f"Two-Person Home Delivery Service Schedule {year}-{(year + 1) % 100:02d}", 0)
    tail = "; it replaces the 2025-26 schedule."
    if old:
        tail = " and is superseded by the 2026-27 schedule from 1 April 2026."
    d.add_paragraph(f"Tern Two-Man Logistics Ltd and {COMPANY}. This schedule applies to consignments collected from "
                    f"1 April {year} to 31 March {year + 1}{tail}")
    d.add_heading("1. Delivery charges", 1)
    d.add_paragraph("1.1 Each consignment (one customer order delivered in one visit) is charged the first-item rate "
                    "of its zone plus the additional-item rate for every further item, subject to the minimum charge "
                    "per consignment.")
    first = {k: v - (3 if old else 0) for k, v in TERN_FIRST.items()}
    doc_table(d, ["Zone", "First item (GBP)", "Each additional item (GBP)"],
              [[z, f"{first[z]:.2f}", f"{TERN_EXTRA[z]:.2f}"] for z in TERN_FIRST])
    d.add_paragraph(f"1.2 Minimum charge per consignment: GBP {minimum:.2f}.")
    d.add_heading("2. Additional services", 1)
    d.add_paragraph(f"2.1 Room of choice: GBP {ROOM_OF_CHOICE:.2f} per consignment, where booked on the order.")
    d.add_paragraph(f"2.2 Removal and disposal of an old item: GBP {DISPOSAL:.2f} per item, where booked on the order.")
    d.add_heading("3. Failed deliveries", 1)
    d.add_paragraph(f"3.1 Where a delivery fails because the customer is not present or refuses access, a failed "
                    f"delivery fee of GBP {FAILED_FEE:.2f} is charged instead of the delivery charge.")
    d.add_paragraph("3.2 Where a delivery fails for any reason within the Carrier's control (vehicle, crew, late "
                    "arrival, damage in transit), nothing is charged for the attempt.")
    d.add_heading("4. Fuel surcharge", 1)
    d.add_paragraph(f"4.1 {T_FUEL_FLAT}% of the delivery charge while the weekly diesel price index (final published "
                    f"figure) for the week before the week of collection is at or below {T_FUEL_BASE:.1f}p per "
                    f"litre, plus {T_FUEL_STEP}% for each full penny above it. It is not charged on additional "
                    "services or failed delivery fees, and is rounded to the nearest penny.")
    d.add_heading("5. Zones by postcode area", 1)
    doc_table(d, ["Zone", "Postcode areas"], [[z, ", ".join(a)] for z, a in ZONES_T.items()])
    save_docx(d, path)
