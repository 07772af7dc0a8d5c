"""Deterministic generator of every instance of cashflow_reconcile.

Writes, per instance, `workspace/input/bank_statement.xlsx` (the bank's export), `workspace/input/ledger_1010.xlsx`
(the bookkeeper's general-ledger export of the bank account, with a #REF! in its running balance and broken
summary formulas) and the reference outputs in `hidden/reference/`: `cashflow.xlsx` (recalculated by LibreOffice so
that it carries cached values), `memo.docx`, `reconciliation.csv` and `figures.json`.

The reference answers are derived from the generator's own ground truth (which lines it left out of which side),
not from the reference solution, so the two check each other.

Run from the family folder's parent with the project's Python:  python hidden/build_inputs.py
"""

from __future__ import annotations

import calendar
import csv
import datetime as dt
import json
import random
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import docx
import openpyxl
from openpyxl.styles import Font, PatternFill

FAMILY = Path(__file__).resolve().parent.parent

CUSTOMERS = {
    "base": [
        "Ashdown Homes Ltd", "Brackley Roofing", "Calder Valley Builders", "Denholm Carpentry", "Eastgate Renovations",
        "Fenwick & Daughters", "Greyfriars Construction", "Hollins Property Maintenance", "Ivel Joinery",
        "Kestrel Loft Conversions", "Larchfield Developments", "Moorside Plastering", "Netherby Estates",
        "Oakridge Kitchens", "Pennant Groundworks", "Quarry Lane Builders",
    ],
    "h2": [
        "Arden Yacht Charter", "Blackwater Sailing Club", "Coldharbour Ferries", "Dunmore Fishing Co-op",
        "Estuary Boatworks", "Fathom Survey Ltd", "Gullrock Marina", "Halyard Leisure", "Inchcape Pilots",
        "Jetty Street Chandlery", "Kittiwake Tours", "Longshore Freight", "Mainsail Holidays", "Northsound Moorings",
    ],
}
SUPPLIERS = {
    "base": [
        "Brindle Timber Merchants", "Castleford Aggregates", "Dovecote Fixings", "Elmstead Plasterboard",
        "Foxhall Cement Co", "Granby Insulation", "Harker Steel Stock", "Ingleby Paints", "Jarrow Roofing Supply",
        "Kilnsey Bricks", "Lowther Tool Hire", "Marsden Pallets",
    ],
    "h2": [
        "Anchorline Rigging", "Baltic Marine Paints", "Coastway Diesel", "Deepwater Hydraulics", "Eddystone Electronics",
        "Fairlead Ropes", "Gunwale Timber", "Harbour Crane Hire", "Isobar Coatings", "Keelson Fabrications",
    ],
}


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


INSTANCES = [
    Instance(
        name="base", seed=20250630, company="Pellham & Rook Building Supplies Ltd",
        bank_name="Northgate Commercial Bank plc", sort_account="40-18-22 / 71530284", year=2025,
        months=[1, 2, 3, 4, 5, 6], opening_pence=8_431_255, bank_prefix="NCB", entry_start=14_021,
        cheque_start=4_512, invoice_start=20_388,
        ref_row_offset=97, stale_total_rows=(2, 6),
        mismatch={"kind": "supplier", "month": 3}, duplicate={"kind": "supplier", "month": 2},
        vat_months=(2, 5), lease_name="FLEETLINE VEHICLE LEASING",
        prior_end=dt.date(2024, 12, 31), prior_cheques=2, stale_cheque=False,
        reversal={"kind": "supplier", "month": 3}, returned_month=4,
    ),
    Instance(
        name="h2", seed=20251231, company="Osterby Marine Services Ltd", bank_name="Halden & Crewe Bank",
        sort_account="30-91-47 / 20667153", year=2025, months=[7, 8, 9, 10, 11, 12], opening_pence=9_212_870,
        bank_prefix="HCB", entry_start=8_305, cheque_start=1_877, invoice_start=7_140,
        ref_row_offset=141, stale_total_rows=(3, 7),
        mismatch={"kind": "receipt", "month": 10}, duplicate={"kind": "receipt", "month": 8},
        vat_months=(8, 11), lease_name="BRINEWOOD FORKLIFT RENTAL", interest=False,
        prior_end=dt.date(2025, 6, 30), prior_cheques=3, stale_cheque=True,
        reversal={"kind": "supplier", "month": 9}, returned_month=11, text_amount_rate=0.18,
        volume=3, tail_days=6, held_cheques=4, bank_error=True, fx_receipts=9, cancelled_prior=True,
        staff_facts=True, late_fact=True, agreed_fact=True,
    ),
]


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
    duplicate_of: "Txn | None" = None
    prior: bool = False  # outstanding at the last reconciliation: posted before the period, not in this export
    reversal_of: "Txn | None" = None
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
    return int(round(rng.uniform(lo, hi) * 100))


def transpose(p: int) -> int:
    """A transposition error: two adjacent digits of the amount in pounds swapped."""
    s = str(p)
    for i in range(len(s) - 4, 0, -1):
        if s[i] != s[i - 1]:
            return int(s[: i - 1] + s[i] + s[i - 1] + s[i + 1 :])
    return p + 900


def generate(inst: Instance) -> tuple[list[Txn], dict]:
    rng = random.Random(inst.seed)
    year, months = inst.year, inst.months
    period_end = dt.date(year, months[-1], calendar.monthrange(year, months[-1])[1])
    last_bday = business_days(year, months[-1])[-1]
    customers, suppliers = CUSTOMERS[inst.name], SUPPLIERS[inst.name]
    txns: list[Txn] = []
    inv = inst.invoice_start
    chq = inst.cheque_start

    def clamp(d: dt.date) -> dt.date:
        return min(d, last_bday)

    ref_styles = ["{p}{n}", "{p}-{n}", "{pl} {n}", "{p} {n}"]
    for m in months:
        days = business_days(year, m)
        mm = f"{year % 100:02d}{m:02d}"
        mon = calendar.month_abbr[m].upper()
        # customer receipts
        for _ in range(rng.randint(12, 15) * inst.volume):
            inv += rng.randint(1, 4)
            d = rng.choice(days[1:])
            amt = money(rng, 1_400, 16_800)
            cust = rng.choice(customers)
            style = rng.choice(ref_styles)
            bref = style.format(p="INV", pl="inv", n=inv)
            txns.append(Txn("receipt", amt, d, clamp(add_bdays(d, rng.choice([0, 1, 1, 2]))), f"INV-{inv}", bref,
                            "BGC", f"{cust.upper()[:18]} {bref}", cust, f"Receipt against invoice INV-{inv}"))
        # one invoice paid in two instalments (same reference, two amounts)
        if m == months[1]:
            inv += 3
            cust = rng.choice(customers)
            a1, a2 = money(rng, 2_000, 5_000), money(rng, 2_000, 5_000)
            d1, d2 = days[4], days[12]
            for k, (a, d) in enumerate(((a1, d1), (a2, d2)), 1):
                txns.append(Txn("receipt", a, d, clamp(add_bdays(d, 1)), f"INV-{inv}", f"INV{inv}", "BGC",
                                f"{cust.upper()[:18]} INV{inv} PT{k}", cust,
                                f"Receipt against invoice INV-{inv} (instalment {k} of 2)"))
        # weekly card settlements
        for wk_day in [d for d in days if d.weekday() == 0]:
            week = wk_day.isocalendar()[1]
            amt = money(rng, 900, 4_200)
            bd = clamp(add_bdays(wk_day, 1))
            txns.append(Txn("card", amt, wk_day, bd, f"MS-{year}-W{week:02d}", f"MS {year} W{week:02d}", "BGC",
                            "CARDNET MERCHANT SETTLEMENT", "Cardnet merchant services",
                            f"Card takings week {week:02d}"))
        # supplier payment runs (Tuesdays and Thursdays, a few lines each)
        runs = [d for d in days if d.weekday() in (1, 3)]
        for run_day in rng.sample(runs, min(len(runs), 3 * inst.volume)):
            for line in range(1, rng.randint(3, 4) + 1):
                sup = rng.choice(suppliers)
                amt = -money(rng, 380, 12_500)
                ref = f"BP-{run_day:%y%m%d}-{line:02d}"
                txns.append(Txn("supplier", amt, run_day, clamp(add_bdays(run_day, rng.choice([0, 1]))), ref,
                                ref.replace("-", ""), "BACS", f"{sup.upper()[:20]} {ref.replace('-', '')}", sup,
                                f"Supplier payment run {run_day:%d/%m}"))
        # cheques
        for _ in range(2 * inst.volume):
            chq += 1
            d = rng.choice(days[1:-8])
            sup = rng.choice(suppliers)
            amt = -money(rng, 120, 2_400)
            txns.append(Txn("cheque", amt, d, add_bdays(d, rng.randint(3, 7)), f"CHQ-{chq:06d}", f"CHQ {chq:06d}",
                            "CHQ", f"CHEQUE {chq:06d}", sup, f"Cheque {chq:06d}"))
        # payroll, PAYE, rent, loan
        pay_day = days[-2]
        txns.append(Txn("payroll", -money(rng, 38_000, 41_500), pay_day, pay_day, f"PAY-{year}-{m:02d}",
                        f"PAY {year}-{m:02d}", "BACS", f"PAYROLL {mon} {year}", "Staff payroll",
                        f"Net pay {calendar.month_name[m]}"))
        hd = [d for d in days if d.day >= 19][0]
        txns.append(Txn("paye", -money(rng, 11_800, 13_400), hd, hd, f"HMRC-{mm}", f"HMRC {mm}", "DD",
                        f"HMRC PAYE/NIC {mm}", "HM Revenue & Customs", f"PAYE/NIC {mm}"))
        txns.append(Txn("rent", -1_250_000 if inst.name == "base" else -845_000, days[0], days[0], f"RENT-{mm}",
                        f"RENT {mm}", "SO", f"RENT {mm} UNIT 4 LANDLORD", "Landlord",
                        f"Rent {calendar.month_name[m]}"))
        ld = [d for d in days if d.day >= 15][0]
        txns.append(Txn("loan", -412_650 if inst.name == "base" else -286_110, ld, ld, f"LN-7734-{m:02d}",
                        f"LN7734 {m:02d}", "DD", "LOAN REPAYMENT 7734", "Bank loan 7734", f"Loan instalment {m:02d}"))
        if m in inst.vat_months:
            vd = days[5]
            txns.append(Txn("vat", -money(rng, 16_000, 24_000), vd, vd, f"VAT-{mm}", f"VAT {mm}", "DD",
                            "HMRC VAT", "HM Revenue & Customs", "VAT return payment"))
        # bank charges: on the statement on the last business day; posted from the statement except in the last month
        fee = -money(rng, 28, 74)
        txns.append(Txn("fee", fee, days[-1] if m != months[-1] else None, days[-1], f"FEE-{mm}", f"FEE {mm}",
                        "CHG", f"ACCOUNT FEES {mon}", inst.bank_name, f"Bank charges {calendar.month_name[m]}"))

    # period-end items -------------------------------------------------------------------------------------
    final_days = business_days(year, months[-1])
    # bank items the ledger does not have yet
    if inst.interest:
        txns.append(Txn("interest", money(rng, 40, 95), None, final_days[-1], "", "", "INT", "CREDIT INTEREST",
                        inst.bank_name, ""))
    txns.append(Txn("lease", -money(rng, 640, 980), None, final_days[-6], "", f"{inst.lease_name[:3]}-{mm}-L",
                    "DD", inst.lease_name, inst.lease_name.title(), ""))
    inv += 2
    cust = rng.choice(customers)
    txns.append(Txn("receipt", money(rng, 1_800, 6_500), None, final_days[-1], f"INV-{inv}", f"INV{inv}", "FPI",
                    f"{cust.upper()[:18]} INV{inv}", cust, ""))
    # ledger items not yet on the statement
    for k in range(2):
        chq += 1
        d = final_days[-2 - 2 * k]
        sup = rng.choice(suppliers)
        txns.append(Txn("cheque", -money(rng, 300, 3_100), d, None, f"CHQ-{chq:06d}", f"CHQ {chq:06d}", "CHQ",
                        f"CHEQUE {chq:06d}", sup, f"Cheque {chq:06d}"))
    inv += 1
    cust = rng.choice(customers)
    txns.append(Txn("receipt", money(rng, 2_500, 9_000), final_days[-1], None, f"INV-{inv}", f"INV{inv}", "BGC",
                    "", cust, f"Receipt against invoice INV-{inv} (remittance advice)"))

    # euro receipts: the bank converts at its own rate on the day, the ledger was posted at the invoice's rate
    for _ in range(inst.fx_receipts):
        m = rng.choice(months)
        d = rng.choice(business_days(year, m)[2:-3])
        inv += rng.randint(1, 3)
        cust = rng.choice(EU_CUSTOMERS)
        eur = money(rng, 3_200, 21_000)
        booked = round(rng.uniform(0.842, 0.872), 4)
        rate = round(booked + rng.choice([-1, 1]) * rng.uniform(0.003, 0.014), 4)
        gbp_bank, gbp_book = int(round(eur * rate)), int(round(eur * booked))
        txns.append(Txn("fx", gbp_bank, d, add_bdays(d, 2), f"INV-{inv}", f"INV{inv}", "FX",
                        f"{cust.upper()[:18]} EUR {eur / 100:,.2f} @ {rate:.4f}", cust,
                        f"Receipt INV-{inv} EUR {eur / 100:,.2f} at {booked:.4f}", gl_amount=gbp_book))
    # cheques entered on the last days but kept in the drawer until after the period end
    held: list[Txn] = []
    for k in range(inst.held_cheques):
        chq += 1
        sup = rng.choice(suppliers)
        held.append(Txn("held", -money(rng, 2_400, 9_800), final_days[-2 + (k % 2)], None, f"CHQ-{chq:06d}",
                        f"CHQ {chq:06d}", "CHQ", f"CHEQUE {chq:06d}", sup, f"Cheque {chq:06d}"))
    txns += held
    # a receipt entered on the last day on the customer's word: it has not arrived a week into the next period
    unsupported: Txn | None = None
    if inst.tail_days:
        inv += 3
        cust = rng.choice(customers)
        unsupported = Txn("unsupported", money(rng, 6_000, 14_000), final_days[-1], None, f"INV-{inv}", f"INV{inv}",
                          "BGC", "", cust, f"Receipt against invoice INV-{inv} (customer confirmed payment)")
        txns.append(unsupported)
    # a direct debit the bank collected from our account under another customer's mandate
    if inst.bank_error:
        txns.append(Txn("bank_error", -money(rng, 2_600, 5_900), None, final_days[-9], "", "SFH-88213", "DD",
                        "SEAFORTH HLDGS COLLECTION", "Seaforth Holdings", ""))
    # a cheque of the signed-off reconciliation cancelled afterwards, written back by journal and re-issued
    writeback: Txn | None = None
    if inst.cancelled_prior:
        writeback = Txn("writeback", 0, business_days(year, months[0])[6], None, "JNL-0714",
                        counterparty="", narrative="Journal per controller")
        txns.append(writeback)

    # ledger errors: one amount keyed wrongly, one line posted twice ----------------------------------------
    def pick(kind: str, month: int) -> Txn:
        pool = [t for t in txns if t.kind == kind and t.gl_date and t.bank_date and t.gl_date.month == month
                and t.gl_date.day < 20 and t.gl_amount is None and t.duplicate_of is None
                and "instalment" not in t.narrative and t is not mis_guard[0]]
        return rng.choice(pool)

    mis_guard: list[Txn | None] = [None]
    mis = pick(inst.mismatch["kind"], inst.mismatch["month"])
    mis_guard[0] = mis
    mis.gl_amount = (1 if mis.amount > 0 else -1) * transpose(abs(mis.amount))
    orig = pick(inst.duplicate["kind"], inst.duplicate["month"])
    dup = Txn(orig.kind, orig.amount, add_bdays(orig.gl_date, 1), None, orig.gl_ref, "", "", "", orig.counterparty,
              orig.narrative, duplicate_of=orig)
    txns.append(dup)

    # a payment keyed with the wrong amount, reversed and posted again ---------------------------------------
    rev = pick(inst.reversal["kind"], inst.reversal["month"])
    wrong = Txn("reversed", rev.amount * 10, rev.gl_date, None, rev.gl_ref, counterparty=rev.counterparty,
                narrative=rev.narrative)
    contra = Txn("reversed", -rev.amount * 10, add_bdays(rev.gl_date, 2), None, rev.gl_ref,
                 counterparty=rev.counterparty, narrative="", reversal_of=wrong)
    rev.gl_date = add_bdays(rev.gl_date, 2)
    txns += [wrong, contra]

    # a customer's cheque paid in and returned unpaid -----------------------------------------------------------
    rdays = business_days(year, inst.returned_month)
    inv += 2
    cust = rng.choice(customers)
    amt = money(rng, 2_200, 7_800)
    paid_in = Txn("receipt", amt, rdays[3], add_bdays(rdays[3], 1), f"INV-{inv}", f"INV{inv}", "DEP",
                  f"CHEQUE DEPOSIT {cust.upper()[:16]}", cust, f"Receipt against invoice INV-{inv} (cheque)")
    returned = Txn("returned", -amt, None, add_bdays(rdays[3], 7), "", f"INV{inv}", "UNP",
                   "UNPAID CHEQUE - REFER TO DRAWER", cust, "")
    txns += [paid_in, returned]

    # items outstanding at the last signed-off reconciliation --------------------------------------------------
    pdays = business_days(inst.prior_end.year, inst.prior_end.month)
    first_days = business_days(year, months[0])
    prior: list[Txn] = []
    for k in range(inst.prior_cheques):
        stale = inst.stale_cheque and k == 0
        no = inst.cheque_start - 9 + 3 * k
        d = pdays[2] if stale else pdays[-2 - 3 * k]
        sup = rng.choice(suppliers)
        prior.append(Txn("prior_cheque", -money(rng, 260, 2_900), d, None if stale else first_days[rng.randint(1, 7)],
                         f"CHQ-{no:06d}", f"CHQ {no:06d}", "CHQ", f"CHEQUE {no:06d}", sup, f"Cheque {no:06d}",
                         prior=True))
    inv0 = inst.invoice_start - 6
    cust = rng.choice(customers)
    prior.append(Txn("prior_lodgement", money(rng, 1_900, 8_400), pdays[-1], first_days[0], f"INV-{inv0}",
                     f"INV{inv0}", "BGC", f"{cust.upper()[:18]} INV{inv0}", cust, f"Receipt against invoice INV-{inv0}",
                     prior=True))
    cancelled: Txn | None = None
    if writeback is not None:  # the cancelled cheque: in the signed-off reconciliation, never presented
        cancelled = Txn("prior_cheque", -money(rng, 3_100, 6_800), pdays[-3], None, f"CHQ-{inst.cheque_start - 4:06d}",
                        f"CHQ {inst.cheque_start - 4:06d}", "CHQ", "", rng.choice(suppliers), "", prior=True)
        prior.insert(1, cancelled)
        writeback.amount = -cancelled.amount
        writeback.reversal_of = cancelled
        manual = 900_014  # the replacement is written from the manual cheque book, out of the printed sequence
        reissue = Txn("cheque", cancelled.amount, add_bdays(writeback.gl_date, 1),
                      add_bdays(writeback.gl_date, 6), f"CHQ-{manual}", f"CHQ {manual}", "CHQ",
                      f"CHEQUE {manual}", cancelled.counterparty, f"Cheque {manual}")
        txns.append(reissue)
        meta_cancel = {"cancelled": cancelled, "writeback": writeback, "reissue": reissue}
    else:
        meta_cancel = {}
    for k, t in enumerate(prior):
        t.entry = inst.entry_start - 4 - 5 * (len(prior) - k)
    txns += prior
    meta_issues = [
        {"id": "returned_cheque", "what": f"customer cheque for INV-{inv} returned unpaid ({gbp(amt)})",
         "all_of": [f"INV{inv}"], "any_of": ["unpaid", "returned", "dishonour", "bounced", "refer to drawer"]},
    ]
    for t in prior:
        if t.kind == "prior_cheque" and t.bank_date is None and t is not cancelled:
            meta_issues.append({
                "id": "stale_cheque", "what": f"cheque {t.bank_ref} of {t.gl_date:%d/%m/%Y} unpresented for over six "
                                               "months: stale, to be written back",
                "all_of": [t.bank_ref.split()[-1]],
                "any_of": ["stale", "six months", "6 months", "out of date", "out-of-date", "write back",
                           "written back", "write-back"]})

    if held:
        first = held[0].bank_ref.split()[-1]
        meta_issues.append({"id": "held_cheques",
                            "what": f"{len(held)} cheques from {held[0].gl_ref} entered at the period end but "
                                    "despatched only after it: written back, cut-off to be corrected",
                            "all_of": [first], "any_of": ["held", "not released", "not despatched", "not sent",
                                                          "despatch", "cut-off", "cut off", "window"]})
    if unsupported is not None:
        meta_issues.append({"id": "unsupported_receipt",
                            "what": f"receipt {unsupported.gl_ref} entered on the last day, not received by the bank "
                                    "a week into the next period: unsupported",
                            "all_of": [unsupported.bank_ref], "any_of": [
                                "not received", "not arrived", "not cleared", "has not cleared", "unsupported",
                                "no evidence", "not been received", "not yet received", "not credited", "reverse",
                                "still outstanding", "not appear"]})
    if inst.fx_receipts:
        meta_issues.append({"id": "fx", "what": "euro receipts booked at the invoice rate: exchange differences "
                                                 "never posted",
                            "all_of": ["EUR"], "any_of": ["exchange difference", "exchange loss", "exchange gain",
                                                          "fx loss", "fx gain", "fx difference", "revalu",
                                                          "currency", "exchange rate"]})
    if inst.bank_error:
        meta_issues.append({"id": "bank_error", "what": "direct debit SFH-88213 collected in error by the bank",
                            "all_of": ["SFH88213"], "any_of": ["error", "mandate", "not ours", "refund", "reclaim"]})

    if inst.staff_facts:
        meta_issues += staff_facts(inst, txns)
    if inst.late_fact:
        meta_issues += late_fact(inst, txns)
    waived: list[Txn] = []
    if inst.agreed_fact:
        meta_issues += agreed_fact(inst, waived)

    # ids: bank transaction ids in statement order, ledger entries in posting order -------------------------
    bank = sorted((t for t in txns if t.bank_date), key=lambda t: (t.bank_date, rng.random()))
    for t in waived:  # the last line of its day, so that no other line's id moves
        bank.insert(max(i for i, b in enumerate(bank) if b.bank_date <= t.bank_date) + 1, t)
        txns.append(t)
    per_day: dict[dt.date, int] = {}
    for t in bank:
        per_day[t.bank_date] = per_day.get(t.bank_date, 0) + 1
        t.txn_id = f"{inst.bank_prefix}{t.bank_date:%y%m%d}-{per_day[t.bank_date]:03d}"
    gl = sorted((t for t in txns if t.gl_date and not t.prior),
                key=lambda t: (t.gl_date, t.duplicate_of is not None or t.reversal_of is not None, rng.random()))
    for i, t in enumerate(gl):
        t.entry = inst.entry_start + i
    contra.narrative = (f"Reversal of entry {wrong.entry} - amount keyed in error" if inst.name == "base"
                        else f"Contra {wrong.gl_ref} posted {wrong.gl_date:%d/%m}")
    # statuses
    for t in txns:
        if t.duplicate_of is not None:
            t.status = "duplicate_in_gl"
        elif t.kind == "reversed" or t.kind == "writeback" or t is cancelled:
            t.status = "reversed"
        elif t.kind == "held":
            t.status = "not_released"
        elif t.kind in ("bank_error", "misdirected", "cancelled_mandate", "waived_fee"):
            t.status = "bank_error"
        elif t.kind == "spoiled":
            t.status = "not_released"
        elif t.kind == "zreport":
            t.status = "duplicate_in_gl"
        elif t.kind == "fx":
            t.status = "fx_difference"
        elif t.prior:
            t.status = "prior_period" if t.bank_date else "gl_only"
        elif t.gl_date and t.bank_date:
            t.status = "amount_mismatch" if t.gl_amount is not None else "matched"
        elif t.bank_date:
            t.status = "bank_only"
        else:
            t.status = "gl_only"
    assert all(t.bank_date is None or t.bank_date <= period_end for t in txns)
    meta = {"period_end": period_end, "bank": bank, "gl": gl, "prior": prior, "issues": meta_issues,
            "held": held, "tail": next_period_lines(inst, rng, txns, period_end), **meta_cancel}
    return txns, meta


STAFF_WEIGHT = 20  # a reconciling item only a person can settle (item_weights.json)
STAFF_ISSUE_WEIGHT = 6  # a matter only a person can settle (issues.json; the others weigh 1)
MISDIRECTED = (("Brightwater Logistics", "OME-40712"), ("Tideway Aggregates", "OME-40759"))


def staff_facts(inst: Instance, txns: list[Txn]) -> list[dict]:
    """Three facts the client's staff hold and no input states (hidden/DESIGN.md): credits the bank applied to
    this account that belong to another company (credit control knows), November cheques printed on faulty stock
    and never sent, the suppliers paid by BACS instead (the purchase ledger knows), and the new till's month-end
    posting of December's card takings, which Cardnet's weekly settlements already carry (the counter knows)."""
    rng = random.Random(inst.seed + 11)
    year, last = inst.year, inst.months[-1]
    final_days = business_days(year, last)
    for k, (payer, ref) in enumerate(MISDIRECTED):
        txns.append(Txn("misdirected", money(rng, 3_400, 8_900), None, final_days[3 + 8 * k], "", ref, "FPI",
                        f"{payer.upper()[:18]} {ref}", payer, ""))
    nov = [t for t in txns if t.kind == "cheque" and t.gl_date and t.gl_date.month == last - 1 and t.bank_date
           and t.gl_date.day <= 14]
    spoiled = sorted(nov, key=lambda t: t.gl_ref)[:3]
    run = min(t.gl_date for t in spoiled)
    bacs = add_bdays(run, 4)
    for k, t in enumerate(spoiled):
        t.kind, t.gl_date, t.bank_date = "spoiled", run, None
        ref = f"BP-{bacs:%y%m%d}-{11 + k}"
        txns.append(Txn("supplier", t.amount, bacs, add_bdays(bacs, 1), ref, ref.replace("-", ""), "BACS",
                        f"{t.counterparty.upper()[:20]} {ref.replace('-', '')}", t.counterparty,
                        f"Supplier payment run {bacs:%d/%m}"))
    cards = sum(t.amount for t in txns if t.kind == "card" and t.gl_date and t.gl_date.month == last)
    txns.append(Txn("zreport", cards, final_days[-1], None, f"ZR-{year % 100:02d}{last:02d}", counterparty=
                    "Chandlery counter", narrative=f"Card takings {calendar.month_name[last]} (till Z-reports)"))
    first = spoiled[0].gl_ref.split("-")[-1]
    return [
        {"id": "misdirected_credit", "weight": STAFF_ISSUE_WEIGHT,
         "what": f"credits {' and '.join(r for _, r in MISDIRECTED)} belong to another company: credited to this "
                 "account by the bank in error, to be recalled",
         "all_of": [MISDIRECTED[0][1].replace("-", "")],
         "any_of": ["in error", "misdirected", "misapplied", "misallocated", "wrong account", "not ours",
                    "not for us", "belongs to", "belong to", "engineering", "recall", "another company",
                    "other company"]},
        {"id": "spoiled_cheques", "weight": STAFF_ISSUE_WEIGHT,
         "what": f"cheques {', '.join(t.gl_ref for t in spoiled)} printed on faulty stock, never sent (the "
                 "suppliers were paid by BACS): to be written back and voided",
         "all_of": [first],
         "any_of": ["spoiled", "void", "destroyed", "never sent", "not sent", "never left", "not released",
                    "never issued", "misprint", "faulty", "wrong sort code", "shredded"]},
        {"id": "zreport_duplicate", "weight": STAFF_ISSUE_WEIGHT,
         "what": f"ZR-{year % 100:02d}{last:02d}: the till's month-end posting of card takings already posted "
                 "weekly from Cardnet's settlements: a duplicate, to be reversed",
         "all_of": [f"ZR{year % 100:02d}{last:02d}"],
         "any_of": ["duplicat", "twice", "double", "already posted", "already in", "same takings", "posted again",
                    "counted again"]},
    ]


LATE_WEIGHT = 110  # the reconciling item only a person can settle and nothing in the files hints at
LATE_ISSUE_WEIGHT = 22


def late_fact(inst: Instance, txns: list[Txn]) -> list[dict]:
    """The fact no input hints at (hidden/DESIGN.md): the leasing direct debit of the last month, an ordinary bank
    item not yet in the ledger by every sign in the files, was paid by the bank on a mandate the company had
    cancelled when the rental ended; the bank confirmed its error after the exports and re-credits it after the
    next period's lines in the portal export (the purchase ledger knows)."""
    lease = next(t for t in txns if t.kind == "lease")
    lease.kind = "cancelled_mandate"
    name = inst.lease_name.split()[0].title()
    return [
        {"id": "cancelled_mandate", "weight": LATE_ISSUE_WEIGHT,
         "what": f"direct debit {lease.bank_ref} ({inst.lease_name.title()}, {gbp(-lease.amount)}) paid by the bank "
                 "on a mandate cancelled before it: the bank's error, to be re-credited, not posted",
         "all_of": [name.upper()],
         "any_of": ["cancelled", "mandate", "in error", "bank error", "bank's error", "re-credit", "recredit",
                    "refund", "reclaim", "indemnity", "guarantee"]},
    ]


AGREED_REF = "FAC-2512"
AGREED_WEIGHT = 160  # the second fact hinted nowhere: it shares its statement cells with the first, so weighs more
AGREED_ISSUE_WEIGHT = 30


def agreed_fact(inst: Instance, out: list[Txn]) -> list[dict]:
    """The second fact no input hints at (hidden/DESIGN.md): the overdraft facility's renewal fee on the statement
    in the last month looks like an ordinary bank charge not yet posted, but the controller had agreed with the
    bank in November to let the unused facility lapse with no renewal fee; the bank took it anyway and, after the
    exports, agreed to reverse it (the controller knows; only an open question about arrangements with the bank
    outside the files, or one naming the fee, gets it)."""
    rng = random.Random(inst.seed + 29)
    day = business_days(inst.year, inst.months[-1])[9]
    out.append(Txn("waived_fee", -money(rng, 1_150, 1_690), None, day, "", AGREED_REF, "CHG",
                   "FACILITY RENEWAL FEE", inst.bank_name, ""))
    return [
        {"id": "waived_fee", "weight": AGREED_ISSUE_WEIGHT,
         "what": f"facility renewal fee {AGREED_REF} ({gbp(-out[0].amount)}) charged although the bank had agreed "
                 "to let the facility lapse without a fee: the bank's error, to be reversed, not posted",
         "all_of": [AGREED_REF.replace("-", "")],
         "any_of": ["waive", "waived", "no fee", "not due", "in error", "bank error", "bank's error", "reverse",
                    "refund", "re-credit", "recredit", "agreed", "lapse"]},
    ]


def next_period_lines(inst: Instance, rng: random.Random, txns: list[Txn], period_end: dt.date) -> list[Txn]:
    """The first business days after the period end, as the portal exports them when run in January: items
    outstanding at the period end clear here (cheques, the remittance, the bank's refund), among routine lines."""
    if not inst.tail_days:
        return []
    y, m = (period_end.year + 1, 1) if period_end.month == 12 else (period_end.year, period_end.month + 1)
    days = business_days(y, m)[: inst.tail_days]
    tail: list[Txn] = []
    for t in txns:
        if t.status == "gl_only" and not t.prior and t.kind != "unsupported":
            tail.append(Txn("tail", t.amount, None, days[rng.randint(0, 2)], bank_ref=t.bank_ref, bank_type=t.bank_type,
                            bank_desc=t.bank_desc or f"{t.counterparty.upper()[:18]} {t.bank_ref}"))
        if t.kind == "bank_error":
            tail.append(Txn("tail", -t.amount, None, days[3], bank_ref=t.bank_ref, bank_type="CR",
                            bank_desc="REVERSAL DEBIT CLAIM SFH-88213"))
    for d in days:
        if d.weekday() == 1:
            tail.append(Txn("tail", money(rng, 900, 4_200), None, d, bank_ref=f"MS {y} W{d.isocalendar()[1]:02d}",
                            bank_type="BGC", bank_desc="CARDNET MERCHANT SETTLEMENT"))
        for _ in range(rng.randint(2, 5)):
            inv = rng.randint(7_900, 8_400)
            tail.append(Txn("tail", money(rng, 1_400, 16_800), None, d, bank_ref=f"INV{inv}", bank_type="BGC",
                            bank_desc=f"{rng.choice(CUSTOMERS[inst.name]).upper()[:18]} INV{inv}"))
    tail.append(Txn("tail", -1 * 845_000, None, days[0], bank_ref=f"RENT {y % 100:02d}{m:02d}", bank_type="SO",
                    bank_desc=f"RENT {y % 100:02d}{m:02d} UNIT 4 LANDLORD"))
    tail.sort(key=lambda t: (t.bank_date, rng.random()))
    per_day: dict[dt.date, int] = {}
    for t in tail:
        per_day[t.bank_date] = per_day.get(t.bank_date, 0) + 1
        t.txn_id = f"{inst.bank_prefix}{t.bank_date:%y%m%d}-{per_day[t.bank_date]:03d}"
    return tail


def gl_amount(t: Txn) -> int:
    return t.gl_amount if t.gl_amount is not None else t.amount


# ------------------------------------------------------------------------------------------------ inputs
HEAD = Font(bold=True)
FILL = PatternFill("solid", fgColor="DDE5F0")


def write_bank(inst: Instance, bank: list[Txn], path: Path) -> int:
    """The old online-banking export: every month but the last, closing at the end of the penultimate month."""
    wb = openpyxl.Workbook()
    wb.properties.creator = inst.bank_name
    wb.properties.created = wb.properties.modified = dt.datetime(inst.year, inst.months[-2] + 1, 2, 7, 0)
    ws = wb.active
    ws.title = "Statement"
    first = dt.date(inst.year, inst.months[0], 1)
    end = dt.date(inst.year, inst.months[-2], calendar.monthrange(inst.year, inst.months[-2])[1])
    ws["A1"] = f"{inst.bank_name} - Business current account - statement export"
    ws["A1"].font = Font(bold=True, size=12)
    ws["A2"], ws["C2"] = "Account name", inst.company
    ws["A3"], ws["C3"] = "Sort code / account", inst.sort_account
    ws["A4"], ws["C4"] = "Statement period", f"{first:%d/%m/%Y} to {end:%d/%m/%Y}"
    ws["A5"], ws["C5"] = "Opening balance (GBP)", inst.opening_pence / 100
    ws["C5"].number_format = "#,##0.00"
    header = ["Date", "Transaction ID", "Type", "Description", "Reference", "Paid out", "Paid in", "Balance"]
    ws.append([])
    ws.append(header)
    for c in ws[7]:
        c.font, c.fill = HEAD, FILL
    bal = inst.opening_pence
    for t in bank:
        if t.bank_date > end:
            break
        bal += t.amount
        ws.append([t.bank_date, t.txn_id, t.bank_type, t.bank_desc, t.bank_ref or None,
                   -t.amount / 100 if t.amount < 0 else None, t.amount / 100 if t.amount > 0 else None, bal / 100])
        r = ws.max_row
        ws.cell(r, 1).number_format = "DD/MM/YYYY"
        for col in (6, 7, 8):
            ws.cell(r, col).number_format = "#,##0.00"
    ws.append([])
    ws.append(["Closing balance (GBP)", None, None, None, None, None, None, bal / 100])
    ws.cell(ws.max_row, 1).font = HEAD
    ws.cell(ws.max_row, 8).number_format = "#,##0.00"
    for col, width in zip("ABCDEFGH", (12, 18, 6, 40, 16, 12, 12, 14), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A8"
    wb.save(path)
    return bal


CSV_DATE = {"base": "%Y-%m-%d", "h2": "%d-%b-%Y"}


def write_bank_csv(inst: Instance, bank: list[Txn], tail: list[Txn], path: Path) -> int:
    """The new business portal's export, run from the first day of the penultimate month: that month is in both
    exports, under the same transaction ids. Run in the next period, it also holds that period's first days.
    Returns the balance at the period end."""
    start = dt.date(inst.year, inst.months[-2], 1)
    bal = inst.opening_pence + sum(t.amount for t in bank if t.bank_date < start)
    closing = bal
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Posting date", "Transaction ID", "Type", "Details", "Reference", "Amount GBP", "Balance GBP"])
        for t in [*bank, *tail]:
            if t.bank_date < start:
                continue
            bal += t.amount
            if t.kind != "tail":
                closing = bal
            w.writerow([f"{t.bank_date:{CSV_DATE[inst.name]}}", t.txn_id, t.bank_type, t.bank_desc, t.bank_ref,
                        f"{t.amount / 100:.2f}", f"{bal / 100:.2f}"])
    return closing


def eu_money(p: int) -> str:
    """An amount as the payables system writes it: 1.234,56 (points for thousands, a decimal comma)."""
    whole, frac = divmod(abs(p), 100)
    return ("-" if p < 0 else "") + f"{whole:,}".replace(",", ".") + f",{frac:02d}"


def write_cheque_register(inst: Instance, txns: list[Txn], meta: dict, path: Path) -> None:
    """The payables system's cheque register (semicolon-separated, Windows-1252, decimal commas): every cheque
    written in the period, with the day it was despatched to the payee."""
    held = {id(t) for t in meta["held"]}
    tail_dates = {t.bank_ref: t.bank_date for t in meta["tail"]}
    cheques = sorted((t for t in txns if t.kind in ("cheque", "held", "spoiled") and t.gl_date),
                     key=lambda t: t.gl_ref)
    rng = random.Random(inst.seed + 7)
    y, m = inst.year + (inst.months[-1] == 12), inst.months[-1] % 12 + 1
    release = dt.date(y, m, 12)
    lines = ["Cheque no;Date written;Payee;Amount;Despatched;Note"]
    postdated = meta["held"][-1] if len(meta["held"]) > 3 else None
    for t in cheques:
        written = t.gl_date
        if t is postdated:
            written = sent = add_bdays(dt.date(y, m, 1), 2)
            note = ""
        elif id(t) in held:
            sent, note = release, ""
        else:
            sent = t.gl_date if rng.random() < 0.7 else add_bdays(t.gl_date, 1)
            if t.bank_date is not None:
                sent = min(sent, t.bank_date)
            elif t.bank_ref in tail_dates:
                sent = min(sent, tail_dates[t.bank_ref])
            note = ""
        if "cancelled" in meta and t is meta["reissue"]:
            note = f"Manual cheque - replaces {meta['cancelled'].gl_ref} (lost in post)"
        lines.append(f"{t.gl_ref.split('-')[-1]};{written:%d.%m.%Y};{t.counterparty};{eu_money(-t.amount)};"
                     f"{sent:%d.%m.%Y};{note}")
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))


def write_bank_reply(inst: Instance, txns: list[Txn], meta: dict, path: Path) -> None:
    err = next(t for t in txns if t.kind == "bank_error")
    back = next(t for t in meta["tail"] if t.bank_ref == err.bank_ref)
    who = PEOPLE[inst.name]
    msg = (f"From: Priya Hallam <p.hallam@haldencrewe.example>\n"
           f"To: {who['controller']} <{who['controller'].split()[0].lower()}@{who['domain']}>\n"
           f"Date: {back.bank_date:%a, %d %b %Y} 10:05:44 +0000\n"
           "Subject: RE: Unknown direct debit on 20667153\n"
           "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
           f"Dear {who['controller'].split()[0]},\n\n"
           f"Thank you for raising the collection of {gbp(-err.amount)} on {err.bank_date:%d %B %Y} with reference "
           f"{err.bank_ref}. We have confirmed that it was taken from your account in error under a mandate held by "
           "another of our customers. A claim under the Direct Debit Guarantee has been made and the full amount "
           f"was credited back to your account today, {back.bank_date:%d %B %Y}. No action is needed on your part "
           "and no charge applies.\n\nKind regards,\nPriya Hallam\nRelationship Manager, "
           f"{inst.bank_name}\n")
    path.write_text(msg, encoding="utf-8")


def write_bookkeeper_notes(inst: Instance, path: Path) -> None:
    """The bookkeeper's own crib sheet: mostly right, but two of its rules are wrong (a cheque is stale after six
    months, not twelve; a cheque still in the drawer at the period end is not an unpresented cheque)."""
    who = PEOPLE[inst.name]
    text = (f"Bank rec - how I do it ({who['bookkeeper']})\n"
            "==========================================\n\n"
            "- Old export first, then the portal csv. Watch the overlap.\n"
            "- Start from the signed-off rec, not the drafts.\n"
            "- Bank charges and the forklift DD get posted from the statement after the rec.\n"
            "- Unpresented cheques: everything written up to the last day goes on the list as usual, whatever the "
            "payables register says. Auditors only look at the total.\n"
            "- Old cheques: leave them on the list. A cheque only goes stale after 12 months, so nothing to do "
            "before then.\n"
            "- EUR receipts: the bank's figure is the one that counts; put the small differences through bank "
            "charges at year end.\n"
            "- Unknown DDs: ask the bank before posting anything.\n")
    path.write_text(text, encoding="utf-8")


def write_controller_note(inst: Instance, meta: dict, path: Path) -> None:
    """The controller's e-mail after the last reconciliation was signed off: one cheque in it was cancelled."""
    who = PEOPLE[inst.name]
    c, wb = meta["cancelled"], meta["writeback"]
    msg = (f"From: {who['controller']} <{who['controller'].split()[0].lower()}@{who['domain']}>\n"
           f"To: {who['bookkeeper']} <{who['bookkeeper'].split()[0].lower()}@{who['domain']}>\n"
           f"Date: {wb.gl_date:%a, %d %b %Y} 09:12:31 +0000\n"
           f"Subject: {c.gl_ref} - lost in the post\n"
           "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
           f"{who['bookkeeper'].split()[0]},\n\n{c.counterparty} say they never received {c.gl_ref} "
           f"({gbp(-c.amount)}), which is on the {inst.prior_end:%B} reconciliation we signed off. I have asked "
           f"the bank to stop it. Please write it back with a journal today (use {wb.gl_ref}) and send them a "
           f"replacement cheque. I am not re-issuing the signed-off reconciliation for this.\n\n"
           f"{who['controller'].split()[0]}\n")
    path.write_text(msg, encoding="utf-8")


def ledger_opening(inst: Instance, prior: list[Txn]) -> int:
    """The ledger's opening balance: the bank's, plus the lodgements and less the cheques outstanding then."""
    return inst.opening_pence + sum(t.amount for t in prior)


def write_ledger(inst: Instance, gl: list[Txn], prior: list[Txn], path: Path) -> int:
    wb = openpyxl.Workbook()
    wb.properties.creator = "Accounts"
    wb.properties.created = wb.properties.modified = dt.datetime(inst.year, inst.months[-1], 28, 7, 0)
    ws = wb.active
    ws.title = "GL 1010"
    ws.append(["Entry", "Date", "Doc ref", "Counterparty", "Narrative", "Debit", "Credit", "Balance"])
    for c in ws[1]:
        c.font, c.fill = HEAD, FILL
    ws.append([None, dt.date(inst.year, inst.months[0], 1), None, None, "Opening balance", None, None,
               ledger_opening(inst, prior) / 100])
    ws.cell(2, 2).number_format = "DD/MM/YYYY"
    ws.cell(2, 8).number_format = "#,##0.00"
    text_rng = random.Random(inst.seed + 1)
    bal = ledger_opening(inst, prior)
    for i, t in enumerate(gl):
        r = i + 3
        a = gl_amount(t)
        bal += a
        formula = f"=H{r - 1}+F{r}-G{r}" if i != inst.ref_row_offset else f"=#REF!+F{r}-G{r}"
        dr, cr = (a / 100 if a > 0 else None), (-a / 100 if a < 0 else None)
        if text_rng.random() < inst.text_amount_rate:  # lines imported from the old system arrive as text
            dr, cr = (f"{dr:,.2f}" if dr else None), (f"{cr:,.2f}" if cr else None)
        ws.append([t.entry, t.gl_date, t.gl_ref, t.counterparty, t.narrative, dr, cr, formula])
        ws.cell(r, 2).number_format = "DD/MM/YYYY"
        for col in (6, 7, 8):
            ws.cell(r, col).number_format = "#,##0.00"
    last = len(gl) + 2
    for col, width in zip("ABCDEFGH", (8, 12, 14, 28, 44, 12, 12, 14), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    s = wb.create_sheet("Summary")
    s.append(["Month", "Receipts (Dr)", "Payments (Cr)", "Net movement"])
    for c in s[1]:
        c.font, c.fill = HEAD, FILL
    for k, m in enumerate(inst.months):
        r = k + 2
        y2, m2 = (inst.year, m + 1) if m < 12 else (inst.year + 1, 1)
        crit = (f"'GL 1010'!$B$3:$B${last},\">=\"&DATE({inst.year},{m},1),"
                f"'GL 1010'!$B$3:$B${last},\"<\"&DATE({y2},{m2},1)")
        s.cell(r, 1, f"{calendar.month_name[m]} {inst.year}")
        s.cell(r, 2, f"=SUMIFS('GL 1010'!$F$3:$F${last},{crit})")
        s.cell(r, 3, f"=SUMIFS('GL 1010'!$G$3:$G${last},{crit})")
        s.cell(r, 4, f"=B{r}-C{r}")
    lo, hi = inst.stale_total_rows
    s.append(["Total", f"=SUM(B{lo}:B{hi})", f"=SUM(C{lo}:C{hi})", f"=SUM(D{lo}:D{hi})"])
    s.append([])
    s.append(["Opening balance", "='GL 1010'!H2"])
    s.append(["Closing balance per summary", "=B10+D8"])
    s.append(["Closing balance per running balance", f"='GL 1010'!H{last}"])
    for row in s.iter_rows(min_row=2, max_row=12, min_col=2, max_col=4):
        for c in row:
            c.number_format = "#,##0.00"
    s.column_dimensions["A"].width = 36
    for col in "BCD":
        s.column_dimensions[col].width = 16
    wb.save(path)
    return bal


# --------------------------------------------------------------------------------------------- reference
def recalc(src: Path, dest: Path) -> None:
    """Open and save with LibreOffice so the workbook carries calculated (cached) values, as Excel would."""
    with tempfile.TemporaryDirectory() as tmp:
        from worktrial.grading.render import libreoffice_convert

        (out,) = libreoffice_convert([src], "xlsx", Path(tmp) / "out", recalculate=True)
        shutil.copyfile(out, dest)


def rec_rows(txns: list[Txn]) -> list[dict]:
    rows = []
    for t in sorted(txns, key=lambda t: (t.bank_date or t.gl_date, t.txn_id, t.entry or 0)):
        on_bank = t.bank_date is not None
        on_gl = t.gl_date is not None
        rows.append({
            "bank_txn_id": t.txn_id if on_bank else "",
            "gl_entry": t.entry if on_gl else "",
            "reference": t.bank_ref if on_bank and t.bank_ref else t.gl_ref,
            "bank_amount": t.amount / 100 if on_bank else "",
            "gl_amount": gl_amount(t) / 100 if on_gl else "",
            "status": t.status,
        })
    return rows


def figures(inst: Instance, txns: list[Txn], bank_close: int, gl_close: int) -> dict:
    def total(pred) -> int:
        return sum(pred(t) for t in txns)

    receipts_transit = total(lambda t: t.amount if t.status == "gl_only" and t.amount > 0 else 0)
    payments_out = total(lambda t: t.amount if t.status == "gl_only" and t.amount < 0 else 0)
    bank_only = total(lambda t: t.amount if t.status == "bank_only" else 0)
    corrections = total(lambda t: t.amount - gl_amount(t) if t.status in ("amount_mismatch", "fx_difference")
                        else 0)
    dups = total(lambda t: -gl_amount(t) if t.status == "duplicate_in_gl" else 0)
    bank_errors = total(lambda t: -t.amount if t.status == "bank_error" else 0)
    not_released = total(lambda t: -gl_amount(t) if t.status == "not_released" else 0)
    adj_bank = bank_close + receipts_transit + payments_out + bank_errors
    adj_book = gl_close + bank_only + corrections + dups + not_released
    assert adj_bank == adj_book, (adj_bank, adj_book)
    monthly = []
    opening = inst.opening_pence
    for m in inst.months:
        rec = total(lambda t: t.amount if t.bank_date and t.bank_date.month == m and t.amount > 0 else 0)
        pay = total(lambda t: -t.amount if t.bank_date and t.bank_date.month == m and t.amount < 0 else 0)
        monthly.append({"month": f"{inst.year}-{m:02d}", "opening": opening, "receipts": rec, "payments": pay})
        opening += rec - pay
    assert opening == bank_close
    return {
        "bank_closing": bank_close, "receipts_in_transit": receipts_transit, "payments_outstanding": payments_out,
        "bank_errors": bank_errors, "adjusted_bank": adj_bank, "ledger_closing": gl_close, "bank_only_net": bank_only,
        "amount_corrections": corrections, "duplicates_reversed": dups, "not_released": not_released,
        "adjusted_ledger": adj_book,
        "monthly": monthly,
    }


STATEMENT_LABELS = [
    "Balance per bank statement at period end",
    "Add: receipts in the ledger not yet on the statement",
    "Less: payments in the ledger not yet on the statement",
    "Errors on the statement to be corrected by the bank (net)",
    "Adjusted bank balance",
    "Balance per ledger at period end (recomputed from the lines)",
    "Bank items not yet in the ledger (net)",
    "Corrections of amounts posted wrongly",
    "Duplicate postings reversed",
    "Cheques not released by the period end, written back",
    "Adjusted ledger balance",
    "Unreconciled difference",
]


def write_reference_xlsx(rows: list[dict], fig: dict, path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Reconciliation"
    cols = ["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"]
    ws.append(cols)
    for r in rows:
        ws.append([r[c] if r[c] != "" else None for c in cols])
    st = wb.create_sheet("Statement")
    st.append(["Item", "Amount"])
    vals = [fig["bank_closing"], fig["receipts_in_transit"], fig["payments_outstanding"], fig["bank_errors"], None,
            fig["ledger_closing"], fig["bank_only_net"], fig["amount_corrections"], fig["duplicates_reversed"],
            fig["not_released"], None, None]
    for label, v in zip(STATEMENT_LABELS, vals, strict=True):
        st.append([label, v / 100 if v is not None else None])
    st["B6"] = "=B2+B3+B4+B5"
    st["B12"] = "=SUM(B7:B11)"
    st["B13"] = "=B6-B12"
    cf = wb.create_sheet("CashFlow")
    cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
    for k, mrow in enumerate(fig["monthly"]):
        r = k + 2
        cf.append([mrow["month"], mrow["opening"] / 100 if k == 0 else f"=F{r - 1}", mrow["receipts"] / 100,
                   mrow["payments"] / 100, f"=C{r}-D{r}", f"=B{r}+E{r}"])
    cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "cashflow.xlsx"
        wb.save(raw)
        recalc(raw, path)


def gbp(p: int) -> str:
    return f"£{p / 100:,.2f}" if p >= 0 else f"-£{-p / 100:,.2f}"


def write_reference_memo(inst: Instance, txns: list[Txn], fig: dict, path: Path) -> None:
    d = docx.Document()
    d.core_properties.author = "Finance"
    d.add_heading(f"Bank reconciliation and cash flow - {inst.company}", level=0)
    d.add_heading("Summary", level=1)
    d.add_paragraph(
        f"The bank account reconciles at {fig['period_end_text']}: the adjusted bank balance and the adjusted ledger "
        f"balance both come to {gbp(fig['adjusted_bank'])}, with no unexplained difference. The ledger balance "
        f"recomputed from its lines is {gbp(fig['ledger_closing'])}; the statement closes at "
        f"{gbp(fig['bank_closing'])}.")
    d.add_heading("Reconciling items", level=1)
    tbl = d.add_table(rows=1, cols=3)
    for c, h in zip(tbl.rows[0].cells, ("Item", "Status", "Amount"), strict=True):
        c.text = h
    for t in txns:
        if t.status == "matched":
            continue
        amt = t.amount if t.status not in ("duplicate_in_gl", "not_released") else gl_amount(t)
        if t.status in ("amount_mismatch", "fx_difference"):
            amt = t.amount - gl_amount(t)
        label = t.txn_id or f"entry {t.entry}"
        cells = tbl.add_row().cells
        cells[0].text = f"{label} {t.bank_ref or t.gl_ref}".strip()
        cells[1].text = t.status.replace("_", " ")
        cells[2].text = gbp(amt)
    d.add_heading("Ledger workbook errors", level=1)
    d.add_paragraph("The ledger export cannot be relied on for its own totals: a running-balance formula refers to a "
                    "deleted range (#REF!), so every balance below it is an error, and the Summary sheet's total row sums "
                    "a stale range that leaves out a month, so its closing balance is wrong. The ledger balance above "
                    "was recomputed from the opening balance and the posted lines.")
    d.add_heading("Matters for your attention", level=1)
    for issue in fig["issues"]:
        d.add_paragraph(issue["memo"], style="List Bullet")
    d.add_heading("Monthly cash flow", level=1)
    for mrow in fig["monthly"]:
        d.add_paragraph(f"{mrow['month']}: receipts {gbp(mrow['receipts'])}, payments {gbp(mrow['payments'])}, "
                        f"net {gbp(mrow['receipts'] - mrow['payments'])}.", style="List Bullet")
    d.add_heading("Recommended actions", level=1)
    d.add_paragraph("Post the bank-only items, correct the mis-keyed amount, reverse the duplicate posting and "
                    "repair the ledger workbook's formulas before the period is closed.")
    d.save(path)


EU_CUSTOMERS = ["Rederij Van Kampen BV", "Hafenwerft Kiel GmbH", "Chantiers Naval Lorient SARL",
                "Astillero Bahía Norte SL", "Nordhavn Bådeværft ApS", "Cantiere Liguria Srl"]

PEOPLE = {
    "base": {"controller": "Hannah Oduya", "bookkeeper": "Gareth Pim", "domain": "pellhamrook.co.uk"},
    "h2": {"controller": "Rafael Quist", "bookkeeper": "Moira Tennant", "domain": "osterbymarine.co.uk"},
}
# (final, draft): the draft was never reviewed and leaves out one unpresented cheque. The names are the same in
# every instance, because a variant's input folder overlays the family's file by file.
PRIOR_FILES = ("bank_rec_prior_period_v2.docx", "bank_rec_prior_period.docx")


def write_prior_rec(inst: Instance, prior: list[Txn], path: Path, *, final: bool,
                    dropped: tuple[Txn, ...] = ()) -> None:
    """The last reconciliation: the bank balance at the prior period end and the items outstanding then. With
    `dropped`, a later unreviewed revision that takes those cheques off the list as if they had been written back
    (only one of them was, by journal)."""
    who = PEOPLE[inst.name]
    if dropped:
        items = [t for t in prior if all(t is not x for x in dropped)]
    else:
        items = prior if final else [t for t in prior if t is not prior[0]]
    d = docx.Document()
    d.core_properties.author = who["bookkeeper"]
    d.add_heading(f"{inst.company} - bank reconciliation, account 1010, at {inst.prior_end:%d %B %Y}", level=1)
    if final:
        d.add_paragraph(f"Status: FINAL. Prepared by {who['bookkeeper']}; reviewed and signed off by "
                        f"{who['controller']} on {add_bdays(inst.prior_end, 6):%d/%m/%Y}.")
    elif dropped:
        d.add_paragraph(f"Status: v3, updated by {who['bookkeeper']} on "
                        f"{dt.date(inst.year, inst.months[-1], 15):%d/%m/%Y} for the year-end file (supersedes v2).")
    else:
        d.add_paragraph(f"Status: draft v1 prepared by {who['bookkeeper']} on {add_bdays(inst.prior_end, 2):%d/%m/%Y}"
                        " for review.")
    bank_bal = inst.opening_pence
    lodg = sum(t.amount for t in items if t.amount > 0)
    chqs = sum(t.amount for t in items if t.amount < 0)
    t = d.add_table(rows=0, cols=2)
    t.style = "Table Grid"
    ledger = ledger_opening(inst, prior) - sum(t.amount for t in dropped)
    lines = [("Balance per bank statement", gbp(bank_bal)), ("Add: lodgements not yet credited", gbp(lodg)),
             ("Less: unpresented cheques", gbp(chqs)), ("Adjusted bank balance", gbp(bank_bal + lodg + chqs)),
             ("Balance per ledger account 1010" + (" (after write-backs)" if dropped else ""), gbp(ledger)),
             ("Difference", gbp(bank_bal + lodg + chqs - ledger))]
    for k, v in lines:
        cells = t.add_row().cells
        cells[0].text, cells[1].text = k, v
    d.add_paragraph("")
    d.add_paragraph("Outstanding items")
    t = d.add_table(rows=1, cols=6)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ("Type", "Ledger entry", "Date", "Reference", "Payee / payer", "Amount"),
                    strict=True):
        c.text = h
    for it in items:
        cells = t.add_row().cells
        cells[0].text = "Unpresented cheque" if it.amount < 0 else "Lodgement not credited"
        cells[1].text = str(it.entry)
        cells[2].text = f"{it.gl_date:%d/%m/%Y}"
        cells[3].text = it.gl_ref
        cells[4].text = it.counterparty
        cells[5].text = gbp(it.amount)
    if dropped:
        d.add_paragraph(f"{' and '.join(t.gl_ref for t in dropped)} taken off the list: written back.")
    elif not final:
        d.add_paragraph("The difference is still being investigated.")
    d.save(path)


def write_email(inst: Instance, path: Path, sent: dt.date) -> None:
    who = PEOPLE[inst.name]
    last, penult = calendar.month_name[inst.months[-1]], calendar.month_name[inst.months[-2]]
    final, draft = PRIOR_FILES
    if inst.name == "base":
        body = (f"The old online-banking export only runs to the end of {penult}, so I pulled {last} from the new "
                f"business portal. I set it to start on 1 {penult} to be safe, so {penult} is in both files.\n\n"
                f"The signed-off reconciliation at {inst.prior_end:%d %B %Y} is {final}; {draft} is my first draft,"
                " please ignore it.\n")
    else:
        body = (f"The old portal stopped exporting after {penult} so the rest is from the new portal "
                "(bank_portal_export.csv), which I ran this morning.\n\n"
                f"Both versions of the {inst.prior_end:%B} reconciliation are in the folder, and the cheque "
                "register from the payables system.\n")
    msg = (f"From: {who['bookkeeper']} <{who['bookkeeper'].split()[0].lower()}@{who['domain']}>\n"
           f"To: {who['controller']} <{who['controller'].split()[0].lower()}@{who['domain']}>\n"
           f"Date: {sent:%a, %d %b %Y} 17:42:10 +0000\n"
           "Subject: Handover - bank account 1010\n"
           "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
           f"Hi {who['controller'].split()[0]},\n\nBefore I go, the files for the bank reconciliation:\n\n"
           f"{body}\nThe ledger export is ledger_1010.xlsx. Sorry the workbook is in a state.\n\n"
           f"Best,\n{who['bookkeeper'].split()[0]}\n")
    path.write_text(msg, encoding="utf-8")


def issue_memo_text(issue: dict) -> str:
    return {"returned_cheque": "The {what}: the receipt stays matched, the unpaid item is a bank-only debit; the "
                               "customer's balance must be reinstated and chased.",
            "stale_cheque": "The {what}. Cheques are stale after six months, so the amount should be written back "
                            "to the ledger and the payee contacted.",
            "held_cheques": "The {what}: they were held, not despatched, at the period end, so they are not "
                            "unpresented cheques; the period-end cash is understated in the ledger by their total "
                            "and the cut-off practice should be stopped.",
            "unsupported_receipt": "The {what}; it should be reversed until the money arrives, and the customer "
                                   "asked for a remittance.",
            "fx": "The {what}: the bank amounts are right; the exchange differences on the EUR receipts must be "
                  "posted to the exchange difference account.",
            "bank_error": "The {what}: the bank has confirmed the error and refunded it in the next period; it is "
                          "not posted to the ledger and the refund clears it.",
            "misdirected_credit": "The {what}: credit control confirmed they are Osterby Marine Engineering's "
                                  "receipts, not ours; they are not posted, and the bank's recall clears them.",
            "spoiled_cheques": "The {what}: the purchase ledger confirmed they never left the office, so they are "
                               "not unpresented cheques; the bank should be told to stop them.",
            "cancelled_mandate": "The {what}: the purchase ledger cancelled the mandate when the rental ended "
                                 "and the bank has confirmed it should not have paid the collection.",
            "waived_fee": "The {what}: the controller agreed in November that the unused facility would lapse "
                          "with no renewal fee; the bank has confirmed it charged the fee in error and reverses it.",
            "zreport_duplicate": "The {what}: the counter confirmed the Z-report posting repeats the weekly card "
                                 "settlements, so it is reversed, not a receipt in transit."}[issue["id"]].format(
        what=issue["what"])


ROUTINE = ("bank_only", "gl_only")
STAFF_KINDS = ("misdirected", "spoiled", "zreport")
LATE_KINDS = ("cancelled_mandate",)


def item_weights(txns: list[Txn]) -> dict[str, int]:
    """Each reconciling item's weight in the item-by-item check: routine timing items 1, items that need a
    judgement (or a second file) 3."""
    out = {}
    for t in txns:
        if t.status == "matched":
            continue
        key = f"{t.txn_id if t.bank_date else ''}|{t.entry if t.gl_date else ''}|{t.status}"
        out[key] = 1 if t.status in ROUTINE and not t.prior and t.kind not in ("returned", "unsupported") else 3
        if t.kind in STAFF_KINDS:
            out[key] = STAFF_WEIGHT
        if t.kind in LATE_KINDS:
            out[key] = LATE_WEIGHT
        if t.kind == "waived_fee":
            out[key] = AGREED_WEIGHT
    return out


def build(inst: Instance) -> None:
    if inst.name == "base":
        inp, ref = FAMILY / "workspace/input", FAMILY / "hidden/reference"
    else:
        inp = FAMILY / f"variants/{inst.name}/workspace/input"
        ref = FAMILY / f"variants/{inst.name}/hidden/reference"
    for folder in (inp, ref):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    txns, meta = generate(inst)
    with tempfile.TemporaryDirectory() as tmp:
        write_bank(inst, meta["bank"], inp / "bank_statement.xlsx")
        bank_close = write_bank_csv(inst, meta["bank"], meta["tail"], inp / "bank_portal_export.csv")
        raw = Path(tmp) / "ledger_1010.xlsx"
        gl_close = write_ledger(inst, meta["gl"], meta["prior"], raw)
        recalc(raw, inp / "ledger_1010.xlsx")
    final, draft = PRIOR_FILES
    write_prior_rec(inst, meta["prior"], inp / final, final=True)
    write_prior_rec(inst, meta["prior"], inp / draft, final=False)
    if "cancelled" in meta:  # a later revision nobody reviewed, which is not the reconciliation that applies
        stale = tuple(t for t in meta["prior"] if t.kind == "prior_cheque" and t.bank_date is None)
        write_prior_rec(inst, meta["prior"], inp / "bank_rec_prior_period_v3.docx", final=False, dropped=stale)
    sent = (add_bdays(meta["tail"][-1].bank_date, 1) if meta["tail"]
            else add_bdays(dt.date(inst.year, inst.months[-1], 20), 0))
    write_email(inst, inp / "handover_email.eml", sent)
    if meta["held"]:
        write_cheque_register(inst, txns, meta, inp / "cheque_register.csv")
    if inst.bank_error:
        write_bank_reply(inst, txns, meta, inp / "bank_reply_direct_debit.eml")
    if inst.volume > 1:
        write_bookkeeper_notes(inst, inp / "rec_notes_moira.txt")
    if "cancelled" in meta:
        write_controller_note(inst, meta, inp / f"fw_{meta['cancelled'].gl_ref.lower()}.eml")
    fig = figures(inst, txns, bank_close, gl_close)
    fig["period_end_text"] = f"{meta['period_end']:%d %B %Y}".lstrip("0")
    fig["issues"] = [dict(i, memo=issue_memo_text(i)) for i in meta["issues"]]
    rows = rec_rows(txns)
    with open(ref / "reconciliation.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    write_reference_xlsx(rows, fig, ref / "cashflow.xlsx")
    write_reference_memo(inst, txns, fig, ref / "memo.docx")
    out = {k: (v / 100 if isinstance(v, int) else v) for k, v in fig.items() if k not in ("monthly", "issues")}
    out["unmatched_items"] = sum(1 for t in txns if t.status != "matched")
    (ref / "item_weights.json").write_text(json.dumps(item_weights(txns), indent=1) + "\n", encoding="utf-8")
    (ref / "figures.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    issues = [{k: v for k, v in i.items() if k != "memo"} for i in fig["issues"]]
    (ref / "issues.json").write_text(json.dumps(issues, indent=2) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for t in txns:
        counts[t.status] = counts.get(t.status, 0) + 1
    print(inst.name, counts, {k: v for k, v in out.items() if k != "period_end_text"})
    print("  issues:", [i["what"] for i in issues])


def main() -> None:
    for inst in INSTANCES:
        build(inst)


if __name__ == "__main__":
    main()
