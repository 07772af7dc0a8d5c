"""The instances of cashflow_reconcile: what each one's company, period and bank are, where its ledger workbook is
broken and which traps and staff facts it has (all hard-instance traps are off in the fair instance)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass
class Instance:
    name: str
    seed: int
    company: str
    bank_name: str
    sort_account: str
    year: int
    months: list[int]
    opening_pence: int
    bank_prefix: str
    entry_start: int
    cheque_start: int
    invoice_start: int
    # where the ledger workbook is broken
    ref_row_offset: int  # running balance formula replaced by #REF! at this ledger data row
    stale_total_rows: tuple[int, int]  # SUM range actually used in the summary's total row (rows of months)
    # reconciling items
    mismatch: dict = field(default_factory=dict)
    duplicate: dict = field(default_factory=dict)
    vat_months: tuple[int, ...] = ()
    lease_name: str = ""
    interest: bool = True
    # traps
    prior_end: dt.date = dt.date(2024, 12, 31)  # date of the last signed-off reconciliation
    prior_cheques: int = 2  # cheques unpresented at the last reconciliation
    stale_cheque: bool = False  # one of them is still unpresented at period end (and over six months old)
    reversal: dict = field(default_factory=dict)  # a payment posted with the wrong amount, reversed, re-posted
    returned_month: int = 0  # a customer's cheque returned unpaid in this month
    text_amount_rate: float = 0.1  # share of ledger amounts exported as text
    # hard-instance traps (hidden/DESIGN.md): all off in the fair instance
    volume: int = 1  # multiplier of the routine transaction volume
    tail_days: int = 0  # business days of the next period in the portal export
    held_cheques: int = 0  # cheques entered in the ledger at period end but despatched only after it
    bank_error: bool = False  # a direct debit collected from the account in error by the bank
    fx_receipts: int = 0  # euro receipts converted by the bank at its rate, booked at the invoice rate
    cancelled_prior: bool = False  # a cheque of the signed-off reconciliation cancelled afterwards by e-mail
    # facts only the client's staff hold (variants/h2/hidden/people.toml), each behind an anomaly in the data
    staff_facts: bool = False
    # a fact the purchase ledger holds that no input hints at (hidden/DESIGN.md): the bank paid the period-end
    # leasing direct debit on a mandate cancelled before it, and owned up after the exports were produced
    late_fact: bool = False
    # a second fact hinted nowhere, the controller's (hidden/DESIGN.md): a bank fee the bank agreed to waive
    agreed_fact: bool = False
    # two more (hidden/DESIGN.md): the group cash pool's year-end sweep, in no export and no ledger (the group
    # treasurer's), and a year-end payment run authorised only after the period end (the controller's)
    pool_fact: bool = False
    release_fact: bool = False


INSTANCES = [
    Instance(
        name="base",
        seed=20250630,
        company="Pellham & Rook Building Supplies Ltd",
        bank_name="Northgate Commercial Bank plc",
        sort_account="40-18-22 / 71530284",
        year=2025,
        months=[1, 2, 3, 4, 5, 6],
        opening_pence=8_431_255,
        bank_prefix="NCB",
        entry_start=14_021,
        cheque_start=4_512,
        invoice_start=20_388,
        ref_row_offset=97,
        stale_total_rows=(2, 6),
        mismatch={"kind": "supplier", "month": 3},
        duplicate={"kind": "supplier", "month": 2},
        vat_months=(2, 5),
        lease_name="FLEETLINE VEHICLE LEASING",
        prior_end=dt.date(2024, 12, 31),
        prior_cheques=2,
        stale_cheque=False,
        reversal={"kind": "supplier", "month": 3},
        returned_month=4,
    ),
    Instance(
        name="h2",
        seed=20251231,
        company="Osterby Marine Services Ltd",
        bank_name="Halden & Crewe Bank",
        sort_account="30-91-47 / 20667153",
        year=2025,
        months=[7, 8, 9, 10, 11, 12],
        opening_pence=9_212_870,
        bank_prefix="HCB",
        entry_start=8_305,
        cheque_start=1_877,
        invoice_start=7_140,
        ref_row_offset=141,
        stale_total_rows=(3, 7),
        mismatch={"kind": "receipt", "month": 10},
        duplicate={"kind": "receipt", "month": 8},
        vat_months=(8, 11),
        lease_name="BRINEWOOD FORKLIFT RENTAL",
        interest=False,
        prior_end=dt.date(2025, 6, 30),
        prior_cheques=3,
        stale_cheque=True,
        reversal={"kind": "supplier", "month": 9},
        returned_month=11,
        text_amount_rate=0.18,
        volume=3,
        tail_days=6,
        held_cheques=4,
        bank_error=True,
        fx_receipts=9,
        cancelled_prior=True,
        staff_facts=True,
        late_fact=True,
        agreed_fact=True,
        pool_fact=True,
        release_fact=True,
    ),
]
