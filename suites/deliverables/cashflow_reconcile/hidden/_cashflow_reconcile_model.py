"""The transactions of cashflow_reconcile's generator, the small functions every part of it shares (business days,
random amounts, the ledger's amount of a line, amounts as the memo writes them) and the story's names: customers,
suppliers and the finance team of each instance."""

from __future__ import annotations

import calendar
import datetime as dt
import random
from dataclasses import dataclass


@dataclass
class Txn:
    kind: str
    amount: int  # pence, + money in, - money out (company's view)
    gl_date: dt.date | None
    bank_date: dt.date | None
    gl_ref: str = ""
    bank_ref: str = ""
    bank_type: str = ""
    bank_desc: str = ""
    counterparty: str = ""
    narrative: str = ""
    gl_amount: int | None = None  # when the ledger posted a different amount
    duplicate_of: Txn | None = None
    prior: bool = False  # outstanding at the last reconciliation: posted before the period, not in this export
    reversal_of: Txn | None = None
    # filled in later
    txn_id: str = ""
    entry: int | None = None
    status: str = ""


def business_days(year: int, month: int) -> list[dt.date]:
    n = calendar.monthrange(year, month)[1]
    return [dt.date(year, month, d) for d in range(1, n + 1) if dt.date(year, month, d).weekday() < 5]


def add_bdays(d: dt.date, n: int) -> dt.date:
    while n > 0:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d


def money(rng: random.Random, lo: float, hi: float) -> int:
    return round(rng.uniform(lo, hi) * 100)


def transpose(p: int) -> int:
    """A transposition error: two adjacent digits of the amount in pounds swapped."""
    s = str(p)
    for i in range(len(s) - 4, 0, -1):
        if s[i] != s[i - 1]:
            return int(s[: i - 1] + s[i] + s[i - 1] + s[i + 1 :])
    return p + 900


def gl_amount(t: Txn) -> int:
    return t.gl_amount if t.gl_amount is not None else t.amount


def gbp(p: int) -> str:
    return f"£{p / 100:,.2f}" if p >= 0 else f"-£{-p / 100:,.2f}"


# ------------------------------------------------------------------------------------------------ story data
CUSTOMERS = {
    "base": [
        "Ashdown Homes Ltd",
        "Brackley Roofing",
        "Calder Valley Builders",
        "Denholm Carpentry",
        "Eastgate Renovations",
        "Fenwick & Daughters",
        "Greyfriars Construction",
        "Hollins Property Maintenance",
        "Ivel Joinery",
        "Kestrel Loft Conversions",
        "Larchfield Developments",
        "Moorside Plastering",
        "Netherby Estates",
        "Oakridge Kitchens",
        "Pennant Groundworks",
        "Quarry Lane Builders",
    ],
    "h2": [
        "Arden Yacht Charter",
        "Blackwater Sailing Club",
        "Coldharbour Ferries",
        "Dunmore Fishing Co-op",
        "Estuary Boatworks",
        "Fathom Survey Ltd",
        "Gullrock Marina",
        "Halyard Leisure",
        "Inchcape Pilots",
        "Jetty Street Chandlery",
        "Kittiwake Tours",
        "Longshore Freight",
        "Mainsail Holidays",
        "Northsound Moorings",
    ],
}
SUPPLIERS = {
    "base": [
        "Brindle Timber Merchants",
        "Castleford Aggregates",
        "Dovecote Fixings",
        "Elmstead Plasterboard",
        "Foxhall Cement Co",
        "Granby Insulation",
        "Harker Steel Stock",
        "Ingleby Paints",
        "Jarrow Roofing Supply",
        "Kilnsey Bricks",
        "Lowther Tool Hire",
        "Marsden Pallets",
    ],
    "h2": [
        "Anchorline Rigging",
        "Baltic Marine Paints",
        "Coastway Diesel",
        "Deepwater Hydraulics",
        "Eddystone Electronics",
        "Fairlead Ropes",
        "Gunwale Timber",
        "Harbour Crane Hire",
        "Isobar Coatings",
        "Keelson Fabrications",
    ],
}
EU_CUSTOMERS = [
    "Rederij Van Kampen BV",
    "Hafenwerft Kiel GmbH",
    "Chantiers Naval Lorient SARL",
    "Astillero Bahía Norte SL",
    "Nordhavn Bådeværft ApS",
    "Cantiere Liguria Srl",
]

PEOPLE = {
    "base": {"controller": "Hannah Oduya", "bookkeeper": "Gareth Pim", "domain": "pellhamrook.co.uk"},
    "h2": {"controller": "Rafael Quist", "bookkeeper": "Moira Tennant", "domain": "osterbymarine.co.uk"},
}
