"""royalty_statements' file writers: the distributor's monthly reports (two layouts), the special sales record, the
ebook aggregator's report and the receipts it led to, the audio report, the royalty ledger and the sub-rights
register. Every writer is deterministic (fixed timestamps, seeded choices)."""

from __future__ import annotations

import io
import random
import re
import zipfile
from datetime import date, datetime
from pathlib import Path

import openpyxl
from _royalty_statements_catalogue import COMPANY
from _royalty_statements_model import CLASSIC, MONTHS, REMITTED, SPECIAL_ACCOUNT, World, d, hyphenate, money

FIXED_TIME = (2027, 2, 19, 9, 0, 0)
FIXED_ISO = "2027-02-19T09:00:00Z"
FORMAT = {"HB": "Hardback", "PB": "Paperback", "EB": "Ebook", "AU": "Audio download"}
RIGHT = {"translation": "Translation", "serial": "First serial", "audio_licence": "Audio licence"}
MONTH_NAME = {m: date(2026, m, 1).strftime("%B") for m in range(7, 13)}


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
    wb.properties.creator = COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(path)
    normalise_zip(path)


def _csv_cell(v) -> str:
    s = str(v)
    return '"' + s.replace('"', '""') + '"' if any(ch in s for ch in ',;"\n') else s


def write_rows(path: Path, rows: list[list], sep: str = ",", encoding: str = "utf-8") -> None:
    text = "\r\n".join(sep.join(_csv_cell(c) for c in r) if r else "" for r in rows) + "\r\n"
    path.write_bytes(text.encode(encoding))


def short_title(title: str, fmt: str) -> str:
    t = title.upper()
    if t.startswith("THE "):
        t = t[4:] + ",THE"
    return f"{t[:28]} ({fmt})"


# ------------------------------------------------------------------------------------------- Pellham's reports


def _pellham_lines(w: World, month: int) -> list:
    out = [s for s in w.sales if s.source == "pellham" and s.when.month == month]
    for s in w.sales:  # the special sales Pellham despatched for us: on its report at nil value
        if s.source == "special" and s.when.month == month:
            out.append(
                type(s)(
                    "pellham",
                    s.when,
                    SPECIAL_ACCOUNT[0],
                    SPECIAL_ACCOUNT[1],
                    s.country,
                    s.isbn,
                    s.qty,
                    s.rrp,
                    0.0,
                    0.0,
                    "DS-" + s.doc[3:],
                    "DSP",
                    s.name,
                )
            )
    return sorted(out, key=lambda s: (s.when, s.doc))


def _title_of(w: World, isbn: str) -> tuple[str, str]:
    if isbn == CLASSIC["isbn"]:
        return CLASSIC["title"], "PB"
    ed = w.editions[isbn]
    return w.contracts[ed.cid]["title"], ed.fmt


def write_pellham_old(w: World, path: Path, month: int, reissued: bool = False) -> None:
    rows: list[list] = [
        ["Pellham Book Distribution Ltd - Client sales by title and account"],
        [
            f"Client: KESTREL LANE BOOKS LTD (KLB)   Period: {MONTH_NAME[month]} 2026"
            + ("   (RE-ISSUED)" if reissued else "")
        ],
        [],
        [
            "Period",
            "Doc Date",
            "Doc No",
            "Account",
            "Account Name",
            "Market",
            "Country",
            "ISBN",
            "Title",
            "Type",
            "Qty",
            "RRP",
            "Disc %",
            "Net Value",
        ],
    ]
    qty = value = 0.0
    for s in _pellham_lines(w, month):
        title, fmt = _title_of(w, s.isbn)
        rows.append(
            [
                f"2026-{month:02d}",
                s.when.strftime("%d/%m/%Y"),
                s.doc,
                s.account,
                s.name,
                "HOME" if s.country == "GB" else "EXPORT",
                s.country,
                hyphenate(s.isbn),
                short_title(title, fmt),
                s.kind,
                s.qty,
                f"{s.rrp:.2f}",
                f"{s.disc:g}",
                f"{s.value:.2f}",
            ]
        )
        qty += s.qty
        value += s.value
    rows.append(["TOTAL", "", "", "", "", "", "", "", "", "", int(qty), "", "", f"{money(value):.2f}"])
    write_rows(path, rows)


def write_pellham_new(w: World, path: Path, month: int) -> None:
    kind = {"INV": "Invoice", "CRN": "Credit note", "DSP": "Despatch only (client invoiced)"}
    rows: list[list] = [
        ["PELLHAM BOOK DISTRIBUTION - CLIENT SALES REPORT"],
        [f"Client KLB - Kestrel Lane Books Ltd; {MONTH_NAME[month]} 2026; amounts in GBP"],
        [
            "Doc date",
            "Doc no",
            "Cust no",
            "Customer",
            "Ctry",
            "Sale type",
            "EAN",
            "Description",
            "Qty",
            "Retail price",
            "Disc",
            "Net amount",
        ],
    ]
    for s in _pellham_lines(w, month):
        title, fmt = _title_of(w, s.isbn)
        rows.append(
            [
                s.when.strftime("%d.%m.%Y"),
                s.doc,
                s.account.replace("PL-", ""),
                s.name,
                s.country,
                kind[s.kind],
                s.isbn,
                short_title(title, fmt),
                s.qty,
                f"{s.rrp:.2f}".replace(".", ","),
                f"{s.disc:.2f}".replace(".", ","),
                f"{s.value:.2f}".replace(".", ","),
            ]
        )
    write_rows(path, rows, sep=";")


def write_pellham(w: World, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    new_from = w.inst.get("new_layout_from")
    for _, m in MONTHS:
        path = folder / f"pellham_sales_2026-{m:02d}.csv"
        if new_from and f"2026-{m:02d}" >= new_from:
            write_pellham_new(w, path, m)
        else:
            write_pellham_old(w, path, m)
    rep = w.inst["repeat"]
    if w.inst["hard"]:  # downloaded twice from the portal
        (folder / f"pellham_sales_{rep} (1).csv").write_bytes((folder / f"pellham_sales_{rep}.csv").read_bytes())
    else:
        write_pellham_old(w, folder / f"pellham_sales_{rep}_reissued.csv", int(rep[-2:]), reissued=True)


# ------------------------------------------------------------------------------------------- special sales


def write_special(w: World, path: Path) -> None:
    rng = random.Random(w.inst["seed"] + 11)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Special sales H2 2026"
    ws.append(["Special sales - orders invoiced by Kestrel Lane (despatched by Pellham)", None, None])
    ws.append(
        [
            "Order ref",
            "Order date",
            "Customer",
            "Country",
            "ISBN",
            "Title",
            "Copies",
            "RRP",
            "Discount",
            "Price per copy",
            "Invoice value",
            "Terms / notes",
        ]
    )
    for s in sorted((s for s in w.sales if s.source == "special"), key=lambda s: (s.when, s.doc)):
        title, fmt = _title_of(w, s.isbn)
        price = money(s.rrp * (1 - s.disc / 100))
        isbn: object = hyphenate(s.isbn)
        when: object = s.when
        if w.inst["hard"] and rng.random() < 0.5:
            isbn = int(s.isbn)
        if w.inst["hard"] and rng.random() < 0.4:
            when = s.when.strftime("%d/%m/%Y")
        ws.append(
            [
                s.doc,
                when,
                s.name,
                s.country,
                isbn,
                f"{title} ({FORMAT[fmt].lower()})",
                s.qty,
                s.rrp,
                f"{s.disc:g}%",
                price,
                money(s.qty * price),
                s.note,
            ]
        )
    for row in ws.iter_rows(min_row=3, min_col=2, max_col=2):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


# ------------------------------------------------------------------------------------------- digital


def write_inkstream(w: World, path: Path) -> None:
    rows: list[list] = [
        ["Sales Month", "eISBN", "Title", "Retailer", "Territory", "Units", "Currency", "List Price", "Net Receipts"]
    ]
    for r in sorted(w.ebook, key=lambda r: (r["month"], r["isbn"], r["retailer"], r["territory"], r["units"])):
        rows.append(
            [
                f"2026-{r['month']:02d}",
                r["isbn"],
                r["title"],
                r["retailer"],
                r["territory"],
                r["units"],
                "USD",
                f"{r['list']:.2f}",
                f"{r['net']:.2f}",
            ]
        )
    write_rows(path, rows)


def receipts_lines(w: World) -> list[str]:
    out = [
        "KESTREL LANE BOOKS LTD - FINANCE",
        "Inkstream Digital: remittances for ebook sales July to December 2026",
        "(from the bank statements: US dollars remitted by Inkstream and sterling credited to our account)",
        "",
        f"{'Sales month':<16}{'Remitted on':<14}{'USD remitted':>16}{'GBP credited':>16}{'Bank rate':>12}",
        "",
    ]
    for _, m in MONTHS:
        usd, gbp = w.remit[m]
        when = d(REMITTED[m])
        out.append(
            f"{MONTH_NAME[m] + ' 2026':<16}{when.strftime('%d %b %Y'):<14}{usd:>16,.2f}{gbp:>16,.2f}{gbp / usd:>12.4f}"
        )
    total_usd = money(sum(u for u, _ in w.remit.values()))
    total_gbp = money(sum(g for _, g in w.remit.values()))
    out += [
        "",
        f"{'Total':<30}{total_usd:>16,.2f}{total_gbp:>16,.2f}",
        "",
        "Inkstream's monthly report gives each line's net receipts in US dollars; the sterling we received for a",
        "month's sales is the amount credited above. Prepared by Finance, 16 February 2027.",
    ]
    return out


def write_sonorant(w: World, path: Path) -> None:
    rows: list[list] = [
        ["Sonorant Audio - publisher sales report", "", "", "", "", ""],
        ["Month", "ISBN", "Title", "Author", "Units", "Net receipts (£)"],
    ]
    for r in sorted(w.audio, key=lambda r: (r["month"], r["isbn"])):
        rows.append(
            [
                date(2026, r["month"], 1).strftime("%b-%y"),
                hyphenate(r["isbn"]),
                r["title"],
                w.authors[r["author"]]["name"],
                r["units"],
                f"{r['net']:.2f}",
            ]
        )
    write_rows(path, rows, encoding="cp1252")


# ------------------------------------------------------------------------------------------- ledger and register


def write_ledger(w: World, prior: dict, path: Path) -> None:
    rng = random.Random(w.inst["seed"] + 13)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Authors"
    ws.append(["Author no", "Author", "Agent", "Agent's commission", "Statements and payments to"])
    for a in w.authors.values():
        ws.append(
            [
                a["id"],
                a["name"],
                a["agency"] or "-",
                f"{a['commission']:g}%" if a["agency"] else "-",
                "Agent" if a["agency"] else "Author",
            ]
        )
    ts = wb.create_sheet("Titles")
    ts.append(["Contract", "Author no", "Title", "Format", "ISBN", "First published", "RRP (GBP)"])
    for ed in w.editions.values():
        c = w.contracts[ed.cid]
        pub = ed.pub or min(e.pub for e in w.editions.values() if e.cid == ed.cid and e.pub)
        ts.append(
            [
                ed.cid,
                c["author"],
                c["title"],
                FORMAT[ed.fmt],
                hyphenate(ed.isbn),
                pub,
                ed.rrp if ed.fmt in ("HB", "PB") else None,
            ]
        )
    ts.append(["-", "-", CLASSIC["title"], "Paperback", hyphenate(CLASSIC["isbn"]), date(2019, 3, 7), CLASSIC["rrp"]])
    for row in ts.iter_rows(min_row=2, min_col=6, max_col=6):
        for cell in row:
            cell.number_format = "dd/mm/yyyy"
    sl = wb.create_sheet("Statement lines")
    sl.append(["Period", "Contract", "ISBN", "Line", "Units", "Royalty (GBP)", "Cumulative home copies"])
    for r in prior["lines"]:
        label = r["period"]
        if w.inst["hard"] and rng.random() < 0.3:
            label = {"H2 2025": "Jul-Dec 2025", "H1 2026": "Jan-Jun 2026"}[label]
        isbn = hyphenate(r["isbn"]) if r["isbn"] else ""
        if w.inst["hard"] and isbn and rng.random() < 0.2:
            isbn = r["isbn"]
        sl.append([label, r["contract"], isbn, r["line"], r["units"], r["royalty"], r["cumulative"]])
    ab = wb.create_sheet("Account balances")
    ab.append(
        [
            "Period",
            "Account",
            "Author no",
            "Sales royalties",
            "Sub-rights",
            "Reserve withheld",
            "Reserve released",
            "Advances paid",
            "Unearned advance b/f",
            "Unearned advance c/f",
            "Paid",
        ]
    )
    for b in prior["balances"]:
        ab.append(
            [
                b["period"],
                b["account"],
                b["author"],
                b["sales"],
                b["sub"],
                b["held"],
                b["released"],
                b["advances"],
                b["unearned_bf"],
                b["unearned_cf"],
                b["paid"],
            ]
        )
    adv = wb.create_sheet("Advances paid")
    adv.append(["Contract", "Instalment", "Amount (GBP)", "Paid on"])
    for cid, c in w.contracts.items():
        for stage, amount, paid in c["advance"]:
            when: object = d(paid)
            if w.inst["hard"] and rng.random() < 0.3:
                when = d(paid).strftime("%d %b %Y")
            adv.append([cid, stage.capitalize(), amount, when])
    for row in adv.iter_rows(min_row=2, min_col=4, max_col=4):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_register(w: World, path: Path) -> None:
    facts = w.inst["facts"]
    wht = facts.get("withholding", {}).get("refs", [])
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Rights income 2026"
    ws.append(["Sub-rights income register 2026 (rights team)"])
    ws.append(
        [
            "Ref",
            "Contract",
            "Title",
            "Right",
            "Licensee",
            "Language / territory",
            "Stage",
            "Currency",
            "Amount",
            "Co-agent",
            "Co-agent %",
            "GBP received",
            "Date received",
            "Reconciled",
            "Notes",
        ]
    )
    for deal in w.inst["deals"]:
        ref, cid, right, lic, terr, stage, cur, amount, coag, pct, gbp, when = deal
        title = w.contracts[cid]["title"]
        if when and d(when) <= date(2026, 12, 31):
            rec, note = ("N - tax certificate awaited", "") if ref in wht else ("Y", "")
        elif when:
            rec, note = ("Y", "received after the year end")
        else:
            rec, note = ("", "invoiced 20/11/2026, not yet received")
        ws.append(
            [
                ref,
                cid,
                title,
                RIGHT[right],
                lic,
                terr,
                stage,
                cur,
                amount,
                coag or "-",
                pct or None,
                gbp,
                d(when) if when else None,
                rec,
                note,
            ]
        )
    for row in ws.iter_rows(min_row=3, min_col=13, max_col=13):
        for cell in row:
            cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)
