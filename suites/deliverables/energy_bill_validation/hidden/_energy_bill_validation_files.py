"""energy_bill_validation's file writers: deterministic csv, xlsx, docx, pdf and e-mail files (fixed timestamps),
and the files the client's systems produced: the data collectors' half-hourly data (a wide file in clock time, the
AMR portal's long files in UTC) and Brightwater's bill data file and PDF invoices."""

from __future__ import annotations

import csv
import io
import random
import re
import zipfile
from datetime import datetime
from decimal import Decimal as D
from pathlib import Path

import _energy_bill_validation_billing as bl
import _energy_bill_validation_model as md
import _energy_bill_validation_sites as st
import openpyxl

from worktrial.kit.documents import LinePdf

FIXED_TIME = (2027, 1, 11, 9, 0, 0)
FIXED_ISO = "2027-01-11T09:00:00Z"


def normalise_zip(path: Path) -> None:
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


def save_xlsx(wb: openpyxl.Workbook, path: Path) -> None:
    wb.properties.creator = st.COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(path)
    normalise_zip(path)


def save_docx(d, path: Path) -> None:
    d.core_properties.author = st.COMPANY
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    d.save(str(path))
    normalise_zip(path)


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


_PRINT = LinePdf("Brightwater billing", "20270106090000")


def write_pdf(path: Path, lines: list[str], title: str, per_page: int = 64) -> None:
    """A print-out PDF (Courier, A4), one text line per line given; '\\f' starts a new page."""
    _PRINT.write(path, title, lines, per_page)


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (
        f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
        f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}"
    )
    path.write_text(text, encoding="utf-8")


def doc_table(d, header: list[str], rows: list[list[str]]) -> None:
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, header, strict=True):
        c.text = text
    for r in rows:
        cells = t.add_row().cells
        for c, text in zip(cells, r, strict=True):
            c.text = str(text)


def spaced(mpan: str) -> str:
    return f"{mpan[:2]} {mpan[2:6]} {mpan[6:10]} {mpan[10:]}"


# ------------------------------------------------------------------------------------------------ half-hourly data

COLUMNS = [f"{(k + 1) * 30 // 60:02d}:{(k + 1) * 30 % 60:02d}" for k in range(48)]  # period ending 00:30 .. 24:00


def _end_column(p: md.Period) -> str:
    minutes = p.local.hour * 60 + p.local.minute + 30
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def write_wide(path: Path, w: bl.World, codes: list[str], until: dict[str, object]) -> None:
    """Meterwise's export: one row per day and channel in UK clock time, 48 columns by the time each half hour ends.
    The spring change day leaves two columns empty; the autumn one carries its second pass through the repeated
    hour on an extra row flagged CLK2. A few days were re-sent and appear twice."""
    rng = random.Random(w.inst.seed + 5)
    rows = []
    for code in codes:
        s = st.site(w.inst, code)
        by_day: dict = {}
        for r in w.readings[code]:
            if code in until and r.period.day > until[code]:
                continue
            by_day.setdefault(r.period.day, []).append(r)
        for day, rs in sorted(by_day.items()):
            for channel, attr in (("AI kWh", "kwh"), ("RI kVArh", "kvarh")):
                main = dict.fromkeys(COLUMNS, "")
                extra = dict.fromkeys(COLUMNS, "")
                for r in rs:
                    (extra if r.period.occurrence == 2 else main)[_end_column(r.period)] = (
                        f"{getattr(r, attr) / 10:.1f}"
                    )
                total = sum(float(v) for v in main.values() if v)
                rows.append([spaced(s.mpan), day.strftime("%d/%m/%Y"), channel, "", *main.values(), f"{total:.1f}"])
                if any(extra.values()):
                    total = sum(float(v) for v in extra.values() if v)
                    rows.append(
                        [spaced(s.mpan), day.strftime("%d/%m/%Y"), channel, "CLK2", *extra.values(), f"{total:.1f}"]
                    )
    resent = [list(r) for r in rng.sample(rows, 14)]
    write_csv(path, ["MPAN", "Read Date", "Channel", "Flag", *COLUMNS, "Day Total"], rows + resent)


def write_long(
    path: Path, w: bl.World, codes: list[str], months: list[int], since: dict[str, object], mangle: bool = False
) -> None:
    """The Pulse AMR portal's export: one row per half hour, each stamped with its start in UTC, for the local days
    of the months asked for. A re-sent day appears twice. An export re-saved in a spreadsheet shows the MPANs in
    scientific notation."""
    rng = random.Random(w.inst.seed + 11 + sum(months))
    rows = []
    for code in codes:
        s = st.site(w.inst, code)
        mpan = f"{float(s.mpan):.5E}" if mangle else s.mpan
        for r in w.readings[code]:
            if r.period.day.month not in months or (code in since and r.period.day < since[code]):
                continue
            rows.append(
                [
                    s.portal_name,
                    mpan,
                    r.period.utc.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    f"{r.kwh / 10:.1f}",
                    f"{r.kvarh / 10:.1f}",
                    "A",
                ]
            )
    start = rng.randrange(len(rows) - 60)
    rows[start + 48 : start + 48] = [list(r) for r in rows[start : start + 48]]
    write_csv(path, ["Site", "MPAN", "IntervalStart (UTC)", "kWh", "kVArh", "Quality"], rows)


# ------------------------------------------------------------------------------------------------ invoices

CODES = {
    "energy": "ENG",
    "duos_red": "DUR",
    "duos_amber": "DUA",
    "duos_green": "DUG",
    "duos_fixed": "DUF",
    "capacity": "DUC",
    "excess_capacity": "DUX",
    "reactive_power": "DUQ",
    "standing_charge": "STD",
    "ccl": "CCL",
    "vat_reduced": "V05",
    "vat_standard": "V20",
}
DESCRIPTIONS = {
    "energy": "Energy (loss-adjusted units)",
    "duos_red": "Distribution - red units",
    "duos_amber": "Distribution - amber units",
    "duos_green": "Distribution - green units",
    "duos_fixed": "Distribution - fixed charge",
    "capacity": "Distribution - capacity charge",
    "excess_capacity": "Distribution - excess capacity charge",
    "reactive_power": "Distribution - excess reactive power",
    "standing_charge": "Supply standing charge",
    "ccl": "Climate Change Levy",
    "vat_reduced": "VAT at 5%",
    "vat_standard": "VAT at 20%",
}


def amount_text(x: D) -> str:
    return f"{x:,.2f}"


def quantity_text(x: D) -> str:
    return f"{x:,.1f}" if x != x.to_integral_value() or abs(x) > 999 else f"{x:,.0f}"


def _period(inv: md.Invoice) -> tuple[str, str]:
    days = md.month_days(inv.year, inv.month)
    return days[0].strftime("%d/%m/%Y"), days[-1].strftime("%d/%m/%Y")


def _account(code: str) -> str:
    return "HOL-00587" if code == "S03" else "HOL-00431"


def write_bill_file(path: Path, w: bl.World, invoices: list[md.Invoice], repeat: list[str]) -> None:
    """Brightwater's bill data file (Windows-1252): one row per invoice line; the export repeated the lines of some
    invoices."""
    rows = []
    for inv in invoices:
        s = st.site(w.inst, inv.code)
        p0, p1 = _period(inv)
        block = []
        for n, (c, ln) in enumerate(inv.lines.items(), start=1):
            block.append(
                [
                    inv.number,
                    inv.issued.strftime("%d/%m/%Y"),
                    _account(inv.code),
                    s.mpan,
                    s.supplier_name,
                    p0,
                    p1,
                    inv.read,
                    n,
                    CODES[c],
                    DESCRIPTIONS[c],
                    quantity_text(ln.quantity),
                    "£" if ln.unit == "GBP" else ln.unit,
                    ln.rate,
                    amount_text(ln.amount),
                    inv.ref,
                ]
            )
        rows += block
        if inv.number in repeat:
            rows += [list(r) for r in block]
    write_csv(
        path,
        [
            "Invoice Number",
            "Invoice Date",
            "Account Number",
            "MPAN",
            "Site Name",
            "Period From",
            "Period To",
            "Read Type",
            "Line",
            "Charge Code",
            "Description",
            "Quantity",
            "Unit",
            "Rate",
            "Amount",
            "Reference",
        ],
        rows,
        encoding="cp1252",
    )


def write_invoice_pdf(path: Path, w: bl.World, inv: md.Invoice) -> None:
    s = st.site(w.inst, inv.code)
    p0, p1 = _period(inv)
    days = len(md.month_days(inv.year, inv.month))
    cr = inv.kind == "reversal"
    title = "CREDIT NOTE" if cr else "TAX INVOICE"
    lines = [
        f"{st.SUPPLIER:<60}{title:>26}",
        "Brightwater House, 9 Quayside, Portbridge PB1 4QQ    VAT reg. GB 418 2290 57",
        "",
        f"Invoice number: {inv.number:<28}Invoice date: {inv.issued:%d/%m/%Y}",
        f"Account: {_account(inv.code):<35}Customer: {st.COMPANY}",
        f"Supply address: {s.supplier_name}",
        f"MPAN: {spaced(s.mpan):<20}LLFC: {s.llfc}   Supply capacity: {s.capacity} kVA",
        f"Billing period: {p0} to {p1} ({days} days)   Read type: {'Estimated' if inv.read == 'E' else 'Actual'}",
    ]
    if inv.ref:
        lines.append(f"Reference: {inv.ref}")
    lines += ["", f"{'Charge':<40}{'Quantity':>14} {'Unit':<16}{'Rate':>14}{'Amount GBP':>14}", "-" * 98]
    for c, ln in inv.lines.items():
        if c.startswith("vat"):
            continue
        amt = amount_text(abs(ln.amount)) + (" CR" if ln.amount < 0 else "")
        lines.append(f"{DESCRIPTIONS[c]:<40}{quantity_text(ln.quantity):>14} {ln.unit:<16}{ln.rate:>14}{amt:>14}")
    net = sum((ln.amount for c, ln in inv.lines.items() if not c.startswith("vat")), D(0))
    lines += ["-" * 98, f"{'Net charges':<84}{amount_text(net):>14}"]
    for c, ln in inv.lines.items():
        if c.startswith("vat"):
            label = f"{DESCRIPTIONS[c]} on {amount_text(ln.quantity)}"
            lines.append(f"{label:<84}{amount_text(ln.amount):>14}")
    total = sum((ln.amount for ln in inv.lines.values()), D(0))
    lines += [
        "",
        f"{'Total ' + ('credit' if cr else 'due'):<84}{amount_text(total):>14}",
        "",
        "Payment by direct debit 14 days from the invoice date. Queries: business.billing@brightwater.example",
    ]
    write_pdf(path, lines, f"{title} {inv.number}")
