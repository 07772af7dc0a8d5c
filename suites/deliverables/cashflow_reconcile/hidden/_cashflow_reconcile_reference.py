"""The reference outputs of cashflow_reconcile, from the generator's own ground truth: the reconciliation rows, the
statement's and the cash flow's figures, the workbook (recalculated by LibreOffice so that it carries cached
values), the memo and its matters, and each reconciling item's weight in the item-by-item check."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import docx
import openpyxl
from _cashflow_reconcile_model import Txn, gbp, gl_amount
from _cashflow_reconcile_staff import HIDDEN_KINDS, STAFF_WEIGHT

if TYPE_CHECKING:
    from _cashflow_reconcile_instances import Instance


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
        rows.append(
            {
                "bank_txn_id": t.txn_id if on_bank else "",
                "gl_entry": t.entry if on_gl else "",
                "reference": t.bank_ref if on_bank and t.bank_ref else t.gl_ref,
                "bank_amount": t.amount / 100 if on_bank else "",
                "gl_amount": gl_amount(t) / 100 if on_gl else "",
                "status": t.status,
            }
        )
    return rows


def figures(inst: Instance, txns: list[Txn], bank_close: int, gl_close: int) -> dict:
    def total(pred) -> int:
        return sum(pred(t) for t in txns)

    receipts_transit = total(lambda t: t.amount if t.status == "gl_only" and t.amount > 0 else 0)
    payments_out = total(lambda t: t.amount if t.status == "gl_only" and t.amount < 0 else 0)
    bank_only = total(lambda t: t.amount if t.status == "bank_only" else 0)
    corrections = total(lambda t: t.amount - gl_amount(t) if t.status in ("amount_mismatch", "fx_difference") else 0)
    dups = total(lambda t: -gl_amount(t) if t.status == "duplicate_in_gl" else 0)
    bank_errors = total(lambda t: -t.amount if t.status == "bank_error" else 0)
    not_released = total(lambda t: -gl_amount(t) if t.status == "not_released" else 0)
    adj_bank = bank_close + receipts_transit + payments_out + bank_errors
    adj_book = gl_close + bank_only + corrections + dups + not_released
    assert adj_bank == adj_book, (adj_bank, adj_book)
    monthly = []
    opening = inst.opening_pence
    for m in inst.months:
        rec = total(lambda t, m=m: t.amount if t.bank_date and t.bank_date.month == m and t.amount > 0 else 0)
        pay = total(lambda t, m=m: -t.amount if t.bank_date and t.bank_date.month == m and t.amount < 0 else 0)
        monthly.append({"month": f"{inst.year}-{m:02d}", "opening": opening, "receipts": rec, "payments": pay})
        opening += rec - pay
    assert opening == bank_close
    return {
        "bank_closing": bank_close,
        "receipts_in_transit": receipts_transit,
        "payments_outstanding": payments_out,
        "bank_errors": bank_errors,
        "adjusted_bank": adj_bank,
        "ledger_closing": gl_close,
        "bank_only_net": bank_only,
        "amount_corrections": corrections,
        "duplicates_reversed": dups,
        "not_released": not_released,
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
    vals = [
        fig["bank_closing"],
        fig["receipts_in_transit"],
        fig["payments_outstanding"],
        fig["bank_errors"],
        None,
        fig["ledger_closing"],
        fig["bank_only_net"],
        fig["amount_corrections"],
        fig["duplicates_reversed"],
        fig["not_released"],
        None,
        None,
    ]
    for label, v in zip(STATEMENT_LABELS, vals, strict=True):
        st.append([label, v / 100 if v is not None else None])
    st["B6"] = "=B2+B3+B4+B5"
    st["B12"] = "=SUM(B7:B11)"
    st["B13"] = "=B6-B12"
    cf = wb.create_sheet("CashFlow")
    cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
    for k, mrow in enumerate(fig["monthly"]):
        r = k + 2
        cf.append(
            [
                mrow["month"],
                mrow["opening"] / 100 if k == 0 else f"=F{r - 1}",
                mrow["receipts"] / 100,
                mrow["payments"] / 100,
                f"=C{r}-D{r}",
                f"=B{r}+E{r}",
            ]
        )
    cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "cashflow.xlsx"
        wb.save(raw)
        recalc(raw, path)


def write_reference_memo(inst: Instance, txns: list[Txn], fig: dict, path: Path) -> None:
    d = docx.Document()
    d.core_properties.author = "Finance"
    d.add_heading(f"Bank reconciliation and cash flow - {inst.company}", level=0)
    d.add_heading("Summary", level=1)
    d.add_paragraph(
        f"The bank account reconciles at {fig['period_end_text']}: the adjusted bank balance and the adjusted ledger "
        f"balance both come to {gbp(fig['adjusted_bank'])}, with no unexplained difference. The ledger balance "
        f"recomputed from its lines is {gbp(fig['ledger_closing'])}; the statement closes at "
        f"{gbp(fig['bank_closing'])}."
    )
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
    d.add_paragraph(
        "The ledger export cannot be relied on for its own totals: a running-balance formula refers to a "
        "deleted range (#REF!), so every balance below it is an error, and the Summary sheet's total row "
        "sums a stale range that leaves out a month, so its closing balance is wrong. The ledger balance above "
        "was recomputed from the opening balance and the posted lines."
    )
    d.add_heading("Matters for your attention", level=1)
    for issue in fig["issues"]:
        d.add_paragraph(issue["memo"], style="List Bullet")
    d.add_heading("Monthly cash flow", level=1)
    for mrow in fig["monthly"]:
        d.add_paragraph(
            f"{mrow['month']}: receipts {gbp(mrow['receipts'])}, payments {gbp(mrow['payments'])}, "
            f"net {gbp(mrow['receipts'] - mrow['payments'])}.",
            style="List Bullet",
        )
    d.add_heading("Recommended actions", level=1)
    d.add_paragraph(
        "Post the bank-only items, correct the mis-keyed amount, reverse the duplicate posting and "
        "repair the ledger workbook's formulas before the period is closed."
    )
    d.save(path)


def issue_memo_text(issue: dict) -> str:
    return {
        "returned_cheque": "The {what}: the receipt stays matched, the unpaid item is a bank-only debit; the "
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
        "pool_sweep": "The {what}: the group treasurer confirmed the pool's year-end sweep was run after the "
        "export, value-dated the last day, and booked only at group level; it is added to the "
        "statement's lines and posted against the amount due from the group.",
        "unreleased_run": "The {what}: the controller confirmed he approved the run in the bank portal only "
        "after the period end, so at the period end the money had not left the company; the "
        "run is written back and belongs to the next period.",
        "zreport_duplicate": "The {what}: the counter confirmed the Z-report posting repeats the weekly card "
        "settlements, so it is reversed, not a receipt in transit.",
    }[issue["id"]].format(what=issue["what"])


ROUTINE = ("bank_only", "gl_only")
STAFF_KINDS = ("misdirected", "spoiled", "zreport")


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
        if t.kind in HIDDEN_KINDS:
            out[key] = HIDDEN_KINDS[t.kind]
    return out
