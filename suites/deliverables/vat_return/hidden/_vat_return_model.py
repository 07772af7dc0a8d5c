"""The quarter as it happened, for vat_return's generator: every sale, booking deposit, credit note and purchase of
Brackenridge Training Ltd in the VAT quarter to 30 September 2026, each with the treatment UK VAT law gives it, and
the facts the client's staff hold.

`simulate(inst)` returns the Story: the ledger lines as the systems recorded them (`Sale`, `Purchase`, written by
`_vat_return_sales.py` and `_vat_return_purchases.py`) with their true treatment in `truth`, the debtors, the prior
return and the staff's facts. `_vat_return_truth.py` turns the story into the return.
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


def debts(inst: dict) -> list[Debt]:
    out = [Debt(**d) for d in inst["debts"]]
    return out


def simulate(inst: dict) -> Story:
    from _vat_return_purchases import purchase_lines
    from _vat_return_sales import sales_lines

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
        "overseas_supplier": {
            "supplier": "Castellan Assessment Partners",
            "invoice": inst["castellan_inv"],
            "belongs": "United States",
        },
        "unbilled": dict(inst["unbilled"]),
    }
    return Story(inst, sales, purchases, debts(inst), facts, dict(inst["prior"]), rep_s, rep_p)
