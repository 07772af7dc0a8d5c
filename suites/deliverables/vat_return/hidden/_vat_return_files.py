"""The exports of vat_return as the client's systems produced them: the sales ledger (csv), the purchase ledger
(xlsx), the bank statement (csv, Windows-1252), the aged debtors (xlsx), the bad-debt journal, and the supplier
invoices the accountant keeps on file (pdf)."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import openpyxl
from _vat_return_docs import COMPANY, VAT_NO, save_xlsx, write_pdf
from _vat_return_model import Q_END, Story, _weekday, money


def _amount(x: float, brackets: bool = False) -> str:
    if x < 0 and brackets:
        return f"({-x:,.2f})"
    return f"{x:,.2f}"


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


SALES_HEADER = [
    "Txn No",
    "Type",
    "Date",
    "Doc No",
    "Customer",
    "Booking Ref",
    "Details",
    "Dept",
    "Tax Code",
    "Net",
    "VAT",
    "Gross",
    "Service Date",
]


def write_sales(path: Path, story: Story, rng: random.Random) -> None:
    """The sales ledger export, postings 1 July to 12 October; a run of days repeated by the export; in the hard
    instance the booking system's lines carry ISO dates and some credits are in brackets."""
    hard = story.inst["hard"]
    rows = []
    for s in story.sales:
        iso = hard and s.dept == "OPEN" and rng.random() < 0.7
        fmt = "%Y-%m-%d" if iso else "%d/%m/%Y"
        net = "" if s.kind == "SA" else _amount(s.net, hard and rng.random() < 0.5)
        vat = "" if s.kind == "SA" else _amount(s.vat, hard and rng.random() < 0.5)
        rows.append(
            (
                s,
                [
                    s.txn,
                    s.kind,
                    s.day.strftime(fmt),
                    s.doc,
                    s.customer,
                    s.booking,
                    s.details,
                    s.dept,
                    s.code,
                    net,
                    vat,
                    _amount(s.gross, hard and rng.random() < 0.4),
                    s.service.strftime(fmt) if s.service else "",
                ],
            )
        )
    body = []
    repeat = set(story.repeated_sales)
    block = [r for s, r in rows if s.txn in repeat]
    last = max(i for i, (s, _) in enumerate(rows) if s.txn in repeat)
    for i, (_, r) in enumerate(rows):
        body.append(r)
        if i == last:
            if hard:
                body.append(SALES_HEADER)
            body.extend(list(x) for x in block)
    write_csv(path, SALES_HEADER, body, encoding="utf-8-sig" if hard else "utf-8")


PURCHASE_HEADER = [
    "PL Ref",
    "Posted",
    "Supplier",
    "Supplier Inv No",
    "Inv Date",
    "Details",
    "Nominal",
    "Cost Centre",
    "Tax Code",
    "Net",
    "VAT",
    "Gross",
    "Supplier VAT No",
]


def _purchase_row(p, rng: random.Random, hard: bool) -> list:
    inv: object = p.inv_date
    r = rng.random()
    if r < 0.15:
        inv = p.inv_date.strftime("%d/%m/%Y")
    elif hard and r < 0.25:
        inv = p.inv_date.strftime("%d %b %Y")
    net: object = p.net
    vat: object = p.vat
    if hard and rng.random() < 0.12:
        net, vat = f"{p.net:,.2f}", f"{p.vat:,.2f}"
    return [
        p.ref,
        p.posted,
        p.supplier,
        p.inv_no,
        inv,
        p.details,
        p.nominal,
        p.cc,
        p.code,
        net,
        vat,
        money(p.net + p.vat),
        p.supplier_vat_no,
    ]


def write_purchases(path: Path, story: Story, rng: random.Random) -> None:
    """The purchase ledger postings of the quarter. Base: one sheet whose export repeats a page of rows under a second
    header. Hard: two runs of the export, July-August and September, the second starting a week early."""
    hard = story.inst["hard"]
    wb = openpyxl.Workbook()
    repeat = set(story.repeated_purchases)

    def sheet(ws, title: str, items: list, again: list | None) -> None:
        ws.append([f"{COMPANY} - purchase ledger postings {title}"])
        ws.append([f"Exported {'02/10/2026 09:14' if not hard else '01/09/2026 17:40'} by t.haverley"])
        ws.append([])
        ws.append(PURCHASE_HEADER)
        for k, p in enumerate(items):
            ws.append(_purchase_row(p, rng, hard))
            if again is not None and k == len(items) // 2:
                ws.append([])
                ws.append(PURCHASE_HEADER)
                for q in again:
                    ws.append(_purchase_row(q, rng, hard))
        ws.append([])
        ws.append(
            [
                "TOTAL",
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                money(sum(p.net for p in items)),
                money(sum(p.vat for p in items)),
                money(sum(p.net + p.vat for p in items)),
            ]
        )
        for row in ws.iter_rows(min_row=5):
            for c in row[1:2] + row[4:5]:
                if isinstance(c.value, (date, datetime)):
                    c.number_format = "dd/mm/yyyy"
        ws.column_dimensions["C"].width = 30
        ws.column_dimensions["F"].width = 60

    ps = story.purchases
    if not hard:
        ws = wb.active
        ws.title = "Purchase ledger"
        sheet(ws, "01/07/2026 - 30/09/2026", ps, [p for p in ps if p.ref in repeat])
    else:
        ws = wb.active
        ws.title = "Jul-Aug"
        sheet(ws, "01/07/2026 - 31/08/2026", [p for p in ps if p.posted <= date(2026, 8, 31)], None)
        ws2 = wb.create_sheet("Sep")
        sheet(ws2, "25/08/2026 - 30/09/2026", [p for p in ps if p.posted > date(2026, 8, 31) or p.ref in repeat], None)
    save_xlsx(wb, path)


def write_bank(path: Path, story: Story, rng: random.Random) -> None:
    """The current account statement for the quarter (Windows-1252): receipts and payments, the June VAT payment."""
    lines: list[tuple[date, str, str, float]] = []
    for s in story.sales:
        if s.kind == "SA":
            lines.append((s.day, "FPI", f"{s.customer.upper()[:18]} {s.booking}", s.gross))
        elif s.kind == "SI" and s.gross > 0 and s.day <= date(2026, 9, 15) and rng.random() < 0.85:
            lines.append(
                (
                    min(Q_END, s.day + timedelta(days=rng.randint(7, 40))),
                    "BGC",
                    f"{s.customer.upper()[:18]} {s.doc}",
                    s.gross,
                )
            )
    first = min(int(s.doc[-4:]) for s in story.sales if s.kind == "SI")
    june = [s for s in story.sales if s.kind == "SI" and s.gross > 0]
    skip = story.facts["prior_error"]["invoice"]
    for k in range(len(june) // 3):  # June's invoices paid in July and August
        s = rng.choice(june)
        doc = f"SI-26-{first - 1 - k * 2:04d}"
        if doc != skip:
            lines.append(
                (
                    _weekday(date(2026, 7, 1) + timedelta(days=rng.randint(0, 45))),
                    "BGC",
                    f"{s.customer.upper()[:18]} {doc}",
                    s.gross,
                )
            )
    for p in story.purchases:
        if p.truth.get("duplicate_of") or p.net <= 0 or rng.random() < 0.3:
            continue
        when = min(Q_END, p.posted + timedelta(days=rng.randint(5, 25)))
        desc = p.supplier.upper()[:24]
        if p.code == "PRC":
            desc = f"{p.supplier.upper()} {p.details.split('(')[-1].rstrip(')')} @0.8600"
        lines.append((when, "BACS", desc, -money(p.net + p.vat)))
    prior = story.prior
    lines.append(
        (date.fromisoformat(prior["paid_on"]), "BACS", f"HMRC VAT {VAT_NO.replace(' ', '')[2:]} 06/26", -prior["box5"])
    )
    for m in (7, 8, 9):
        lines.append((date(2026, m, 25), "BACS", f"SALARIES {date(2026, m, 1):%b}".upper(), -story.inst["payroll"]))
    lines.sort(key=lambda x: (x[0], x[2]))
    bal = story.inst["opening_bank"]
    rows = []
    for d, kind, desc, amt in lines:
        bal = money(bal + amt)
        rows.append(
            [
                d.strftime("%d %b %Y"),
                kind,
                desc,
                f"{-amt:.2f}" if amt < 0 else "",
                f"{amt:.2f}" if amt > 0 else "",
                f"{bal:.2f}",
            ]
        )
    write_csv(
        path, ["Date", "Type", "Description", "Paid out (£)", "Paid in (£)", "Balance (£)"], rows, encoding="cp1252"
    )


def write_debtors(path: Path, story: Story, rng: random.Random) -> None:
    """Aged debtors at 30 September. Base: the agreed terms and the write-off date of each debt. Hard: the system's
    default terms for every customer and no write-off column (the write-offs are in the journal)."""
    hard = story.inst["hard"]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Aged debtors"
    ws.append([f"{COMPANY} - aged debtors at 30/09/2026"])
    ws.append([])
    head = [
        "Customer",
        "Invoice",
        "Invoice date",
        "Terms (days)",
        "Due date",
        "Gross",
        "Paid",
        "Outstanding",
        "Days overdue",
        "Status",
    ]
    if not hard:
        head.append("Written off")
    ws.append(head)
    items = []
    for d in story.debts:
        terms = d.terms_on_file if hard else d.terms_true
        items.append((d.customer, d.invoice, d.inv_day, terms, d.gross, d.paid, d.status, d.written_off))
    current = [s for s in story.sales if s.kind == "SI" and s.vat > 0 and date(2026, 8, 20) <= s.day <= Q_END]
    for s in rng.sample(current, min(len(current), 14 if hard else 8)):
        items.append((s.customer, s.doc, s.day, 30, s.gross, 0.0, "", None))
    for cust, inv, day, terms, gross, paid, status, off in sorted(items, key=lambda x: x[2]):
        due = day + timedelta(days=terms)
        row = [cust, inv, day, terms, due, gross, paid, money(gross - paid), max(0, (Q_END - due).days), status]
        if not hard:
            row.append(off)
        ws.append(row)
    for row in ws.iter_rows(min_row=4):
        for c in row:
            if isinstance(c.value, (date, datetime)):
                c.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_writeoffs(path: Path, story: Story) -> None:
    rows = []
    for d in story.debts:
        if d.written_off:
            rows.append(
                [
                    "JNL-0931",
                    d.written_off.strftime("%d/%m/%Y"),
                    "8100 Bad debts written off",
                    d.customer,
                    d.invoice,
                    f"{d.outstanding:.2f}",
                    "Written off - approved by FD",
                ]
            )
    write_csv(path, ["Journal", "Date", "Nominal", "Customer", "Invoice", "Amount (gross)", "Narrative"], rows)


def write_invoices(folder: Path, story: Story) -> None:
    """The supplier invoices the accountant pulled for the odd lines."""
    folder.mkdir(parents=True, exist_ok=True)
    to = [("p", f"Invoice to: {COMPANY}, Dock House, 14 Quay Street, Northfield NF1 4QS")]
    for p in story.purchases:
        if p.supplier == "Voltedge Electrical Ltd":
            write_pdf(
                folder / "voltedge_invoice.pdf",
                "Voltedge Electrical Ltd - VAT invoice",
                [
                    ("p", "Unit 9, Foundry Lane, Northfield NF3 2EL. VAT registration GB 390 5512 07. CIS registered."),
                    *to,
                    ("t", f"Invoice number {p.inv_no}          Date {p.inv_date:%d/%m/%Y}"),
                    ("t", "Site: Wharf Road Unit 3 - rewire and LED lighting installation"),
                    ("t", f"Labour and materials                         {p.net:>12,.2f}"),
                    ("t", "VAT                                  reverse charge"),
                    ("t", f"Amount due                                   {p.net:>12,.2f}"),
                    (
                        "p",
                        f"Reverse charge: customer to account to HMRC for the VAT at 20% (GBP {p.net * 0.2:,.2f}). "
                        "Section 55A VATA 1994 applies.",
                    ),
                ],
                footer="Voltedge Electrical Ltd",
            )
        elif p.supplier == "Castellan Assessment Partners":
            write_pdf(
                folder / "castellan_invoice.pdf",
                "Castellan Assessment Partners - Invoice",
                [
                    ("p", "71 Kingsway, London WC2B 6ST"),
                    *to,
                    ("t", f"Invoice {p.inv_no}             Date {p.inv_date:%d/%m/%Y}           Terms 30 days"),
                    ("t", "Remote proctoring platform - university examination sessions, July to September 2026"),
                    ("t", f"Platform fees                                {p.net:>12,.2f}"),
                    ("t", f"Total due (GBP)                              {p.net:>12,.2f}"),
                    ("p", "Please pay by wire transfer quoting the invoice number."),
                ],
                footer="Castellan Assessment Partners",
            )
        elif p.supplier == "Pennant Facility Services":
            write_pdf(
                folder / "pennant_invoice.pdf",
                "Pennant Facility Services - Tax invoice",
                [
                    ("p", "2 Mill Row, Northfield NF2 8AA. VAT registration GB 483 1176 52."),
                    *to,
                    ("t", f"Invoice {p.inv_no}             Date {p.inv_date:%d/%m/%Y}"),
                    ("t", "Office cleaning - Dock House, July and August 2026"),
                    ("t", f"Net                                          {p.net:>12,.2f}"),
                    ("t", f"VAT @ 20%                                    {p.vat:>12,.2f}"),
                    ("t", f"Total                                        {p.net + p.vat:>12,.2f}"),
                ],
                footer="Pennant Facility Services",
            )
        elif p.supplier.startswith("Nordvik") and p.posted.month == 7:
            eur = p.details.split("EUR ")[-1].rstrip(")")
            write_pdf(
                folder / "nordvik_invoice.pdf",
                "Nordvik Laeringssystemer AS - Invoice",
                [
                    ("p", "Storgata 40, 0182 Oslo, Norway. Org. nr. NO 987 654 321 MVA."),
                    *to,
                    ("t", f"Invoice {p.inv_no}             Date {p.inv_date:%d/%m/%Y}"),
                    ("t", "Learning management system - licence and configuration, quarter 3 2026"),
                    ("t", f"Amount (EUR)                                 {eur:>12}"),
                    ("t", "VAT                                          0.00"),
                    ("p", "Reverse charge: the customer accounts for VAT in its own country."),
                ],
                footer="Nordvik Laeringssystemer AS",
            )
