"""The input files of cashflow_reconcile as the client's systems write them: the two bank exports (the portal's with
the next period's first days), the ledger workbook with its broken formulas, the cheque register, the e-mails, the
bookkeeper's crib sheet and the versions of the last reconciliation."""

from __future__ import annotations

import calendar
import csv
import datetime as dt
import random
from pathlib import Path
from typing import TYPE_CHECKING

import docx
import openpyxl
from _cashflow_reconcile_model import CUSTOMERS, PEOPLE, Txn, add_bdays, business_days, gbp, gl_amount, money
from openpyxl.styles import Font, PatternFill

if TYPE_CHECKING:
    from _cashflow_reconcile_instances import Instance


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
            tail.append(
                Txn(
                    "tail",
                    t.amount,
                    None,
                    days[rng.randint(0, 2)],
                    bank_ref=t.bank_ref,
                    bank_type=t.bank_type,
                    bank_desc=t.bank_desc or f"{t.counterparty.upper()[:18]} {t.bank_ref}",
                )
            )
        if t.kind == "bank_error":
            tail.append(
                Txn(
                    "tail",
                    -t.amount,
                    None,
                    days[3],
                    bank_ref=t.bank_ref,
                    bank_type="CR",
                    bank_desc="REVERSAL DEBIT CLAIM SFH-88213",
                )
            )
    for d in days:
        if d.weekday() == 1:
            tail.append(
                Txn(
                    "tail",
                    money(rng, 900, 4_200),
                    None,
                    d,
                    bank_ref=f"MS {y} W{d.isocalendar()[1]:02d}",
                    bank_type="BGC",
                    bank_desc="CARDNET MERCHANT SETTLEMENT",
                )
            )
        for _ in range(rng.randint(2, 5)):
            inv = rng.randint(7_900, 8_400)
            tail.append(
                Txn(
                    "tail",
                    money(rng, 1_400, 16_800),
                    None,
                    d,
                    bank_ref=f"INV{inv}",
                    bank_type="BGC",
                    bank_desc=f"{rng.choice(CUSTOMERS[inst.name]).upper()[:18]} INV{inv}",
                )
            )
    tail.append(
        Txn(
            "tail",
            -1 * 845_000,
            None,
            days[0],
            bank_ref=f"RENT {y % 100:02d}{m:02d}",
            bank_type="SO",
            bank_desc=f"RENT {y % 100:02d}{m:02d} UNIT 4 LANDLORD",
        )
    )
    tail.sort(key=lambda t: (t.bank_date, rng.random()))
    per_day: dict[dt.date, int] = {}
    for t in tail:
        per_day[t.bank_date] = per_day.get(t.bank_date, 0) + 1
        t.txn_id = f"{inst.bank_prefix}{t.bank_date:%y%m%d}-{per_day[t.bank_date]:03d}"
    return tail


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
        ws.append(
            [
                t.bank_date,
                t.txn_id,
                t.bank_type,
                t.bank_desc,
                t.bank_ref or None,
                -t.amount / 100 if t.amount < 0 else None,
                t.amount / 100 if t.amount > 0 else None,
                bal / 100,
            ]
        )
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
            w.writerow(
                [
                    f"{t.bank_date:{CSV_DATE[inst.name]}}",
                    t.txn_id,
                    t.bank_type,
                    t.bank_desc,
                    t.bank_ref,
                    f"{t.amount / 100:.2f}",
                    f"{bal / 100:.2f}",
                ]
            )
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
    cheques = sorted((t for t in txns if t.kind in ("cheque", "held", "spoiled") and t.gl_date), key=lambda t: t.gl_ref)
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
        lines.append(
            f"{t.gl_ref.split('-')[-1]};{written:%d.%m.%Y};{t.counterparty};{eu_money(-t.amount)};"
            f"{sent:%d.%m.%Y};{note}"
        )
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))


def write_bank_reply(inst: Instance, txns: list[Txn], meta: dict, path: Path) -> None:
    err = next(t for t in txns if t.kind == "bank_error")
    back = next(t for t in meta["tail"] if t.bank_ref == err.bank_ref)
    who = PEOPLE[inst.name]
    msg = (
        f"From: Priya Hallam <p.hallam@haldencrewe.example>\n"
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
        f"{inst.bank_name}\n"
    )
    path.write_text(msg, encoding="utf-8")


def write_bookkeeper_notes(inst: Instance, path: Path) -> None:
    """The bookkeeper's own crib sheet: mostly right, but two of its rules are wrong (a cheque is stale after six
    months, not twelve; a cheque still in the drawer at the period end is not an unpresented cheque)."""
    who = PEOPLE[inst.name]
    text = (
        f"Bank rec - how I do it ({who['bookkeeper']})\n"
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
        "- Unknown DDs: ask the bank before posting anything.\n"
    )
    path.write_text(text, encoding="utf-8")


def write_controller_note(inst: Instance, meta: dict, path: Path) -> None:
    """The controller's e-mail after the last reconciliation was signed off: one cheque in it was cancelled."""
    who = PEOPLE[inst.name]
    c, wb = meta["cancelled"], meta["writeback"]
    msg = (
        f"From: {who['controller']} <{who['controller'].split()[0].lower()}@{who['domain']}>\n"
        f"To: {who['bookkeeper']} <{who['bookkeeper'].split()[0].lower()}@{who['domain']}>\n"
        f"Date: {wb.gl_date:%a, %d %b %Y} 09:12:31 +0000\n"
        f"Subject: {c.gl_ref} - lost in the post\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        f"{who['bookkeeper'].split()[0]},\n\n{c.counterparty} say they never received {c.gl_ref} "
        f"({gbp(-c.amount)}), which is on the {inst.prior_end:%B} reconciliation we signed off. I have asked "
        f"the bank to stop it. Please write it back with a journal today (use {wb.gl_ref}) and send them a "
        f"replacement cheque. I am not re-issuing the signed-off reconciliation for this.\n\n"
        f"{who['controller'].split()[0]}\n"
    )
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
    ws.append(
        [
            None,
            dt.date(inst.year, inst.months[0], 1),
            None,
            None,
            "Opening balance",
            None,
            None,
            ledger_opening(inst, prior) / 100,
        ]
    )
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
        crit = (
            f"'GL 1010'!$B$3:$B${last},\">=\"&DATE({inst.year},{m},1),'GL 1010'!$B$3:$B${last},\"<\"&DATE({y2},{m2},1)"
        )
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


# (final, draft): the draft was never reviewed and leaves out one unpresented cheque. The names are the same in
# every instance, because a variant's input folder overlays the family's file by file.
PRIOR_FILES = ("bank_rec_prior_period_v2.docx", "bank_rec_prior_period.docx")


def write_prior_rec(
    inst: Instance, prior: list[Txn], path: Path, *, final: bool, dropped: tuple[Txn, ...] = ()
) -> None:
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
        d.add_paragraph(
            f"Status: FINAL. Prepared by {who['bookkeeper']}; reviewed and signed off by "
            f"{who['controller']} on {add_bdays(inst.prior_end, 6):%d/%m/%Y}."
        )
    elif dropped:
        d.add_paragraph(
            f"Status: v3, updated by {who['bookkeeper']} on "
            f"{dt.date(inst.year, inst.months[-1], 15):%d/%m/%Y} for the year-end file (supersedes v2)."
        )
    else:
        d.add_paragraph(
            f"Status: draft v1 prepared by {who['bookkeeper']} on {add_bdays(inst.prior_end, 2):%d/%m/%Y} for review."
        )
    bank_bal = inst.opening_pence
    lodg = sum(t.amount for t in items if t.amount > 0)
    chqs = sum(t.amount for t in items if t.amount < 0)
    t = d.add_table(rows=0, cols=2)
    t.style = "Table Grid"
    ledger = ledger_opening(inst, prior) - sum(t.amount for t in dropped)
    lines = [
        ("Balance per bank statement", gbp(bank_bal)),
        ("Add: lodgements not yet credited", gbp(lodg)),
        ("Less: unpresented cheques", gbp(chqs)),
        ("Adjusted bank balance", gbp(bank_bal + lodg + chqs)),
        ("Balance per ledger account 1010" + (" (after write-backs)" if dropped else ""), gbp(ledger)),
        ("Difference", gbp(bank_bal + lodg + chqs - ledger)),
    ]
    for k, v in lines:
        cells = t.add_row().cells
        cells[0].text, cells[1].text = k, v
    d.add_paragraph("")
    d.add_paragraph("Outstanding items")
    t = d.add_table(rows=1, cols=6)
    t.style = "Table Grid"
    for c, h in zip(
        t.rows[0].cells, ("Type", "Ledger entry", "Date", "Reference", "Payee / payer", "Amount"), strict=True
    ):
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
        body = (
            f"The old online-banking export only runs to the end of {penult}, so I pulled {last} from the new "
            f"business portal. I set it to start on 1 {penult} to be safe, so {penult} is in both files.\n\n"
            f"The signed-off reconciliation at {inst.prior_end:%d %B %Y} is {final}; {draft} is my first draft,"
            " please ignore it.\n"
        )
    else:
        body = (
            f"The old portal stopped exporting after {penult} so the rest is from the new portal "
            "(bank_portal_export.csv), which I ran this morning.\n\n"
            f"Both versions of the {inst.prior_end:%B} reconciliation are in the folder, and the cheque "
            "register from the payables system.\n"
        )
    msg = (
        f"From: {who['bookkeeper']} <{who['bookkeeper'].split()[0].lower()}@{who['domain']}>\n"
        f"To: {who['controller']} <{who['controller'].split()[0].lower()}@{who['domain']}>\n"
        f"Date: {sent:%a, %d %b %Y} 17:42:10 +0000\n"
        "Subject: Handover - bank account 1010\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        f"Hi {who['controller'].split()[0]},\n\nBefore I go, the files for the bank reconciliation:\n\n"
        f"{body}\nThe ledger export is ledger_1010.xlsx. Sorry the workbook is in a state.\n\n"
        f"Best,\n{who['bookkeeper'].split()[0]}\n"
    )
    path.write_text(msg, encoding="utf-8")
