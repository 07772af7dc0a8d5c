"""Deterministic generator of every instance of cashflow_reconcile.

Writes, per instance, `workspace/input/` (the bank's two exports, the bookkeeper's general-ledger export of the bank
account with a #REF! in its running balance and broken summary formulas, and in the hard instance the cheque
register, e-mails and crib sheet: `_cashflow_reconcile_inputs.py`) and the reference outputs in `hidden/reference/`:
`cashflow.xlsx` (recalculated by LibreOffice so that it carries cached values), `memo.docx`, `reconciliation.csv`,
`figures.json`, `issues.json` and `item_weights.json` (`_cashflow_reconcile_reference.py`). The transactions are
generated here; the facts only the client's people hold are `_cashflow_reconcile_staff.py`'s.

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
from pathlib import Path

from _cashflow_reconcile_inputs import (
    PRIOR_FILES,
    next_period_lines,
    write_bank,
    write_bank_csv,
    write_bank_reply,
    write_bookkeeper_notes,
    write_cheque_register,
    write_controller_note,
    write_email,
    write_ledger,
    write_prior_rec,
)
from _cashflow_reconcile_instances import INSTANCES, Instance
from _cashflow_reconcile_model import (
    CUSTOMERS,
    EU_CUSTOMERS,
    SUPPLIERS,
    Txn,
    add_bdays,
    business_days,
    gbp,
    money,
    transpose,
)
from _cashflow_reconcile_reference import (
    figures,
    issue_memo_text,
    item_weights,
    rec_rows,
    recalc,
    write_reference_memo,
    write_reference_xlsx,
)
from _cashflow_reconcile_staff import agreed_fact, late_fact, pool_fact, release_fact, release_tail, staff_facts

FAMILY = Path(__file__).resolve().parent.parent


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
        hd = next(d for d in days if d.day >= 19)
        txns.append(Txn("paye", -money(rng, 11_800, 13_400), hd, hd, f"HMRC-{mm}", f"HMRC {mm}", "DD",
                        f"HMRC PAYE/NIC {mm}", "HM Revenue & Customs", f"PAYE/NIC {mm}"))
        txns.append(Txn("rent", -1_250_000 if inst.name == "base" else -845_000, days[0], days[0], f"RENT-{mm}",
                        f"RENT {mm}", "SO", f"RENT {mm} UNIT 4 LANDLORD", "Landlord",
                        f"Rent {calendar.month_name[m]}"))
        ld = next(d for d in days if d.day >= 15)
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
        gbp_bank, gbp_book = round(eur * rate), round(eur * booked)
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
    if inst.pool_fact:  # on the bank's statement only: not in `bank`, which the exports are written from
        sweep, more = pool_fact(inst, bank)
        txns.append(sweep)
        meta_issues += more
    run: list[Txn] = []
    if inst.release_fact:  # the ledger's last entries
        run, more = release_fact(inst, txns, inst.entry_start + len(gl))
        gl += run
        txns += run
        meta_issues += more
    contra.narrative = (f"Reversal of entry {wrong.entry} - amount keyed in error" if inst.name == "base"
                        else f"Contra {wrong.gl_ref} posted {wrong.gl_date:%d/%m}")
    # statuses
    for t in txns:
        if t.duplicate_of is not None:
            t.status = "duplicate_in_gl"
        elif t.kind == "reversed" or t.kind == "writeback" or t is cancelled:
            t.status = "reversed"
        elif t.kind in ("held", "unreleased_run"):
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
    if run:
        release_tail(inst, run, meta["tail"])
    return txns, meta


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
        bank_close += sum(t.amount for t in txns if t.kind == "pool_sweep")  # the statement's, not the export's
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
