"""ghg_inventory's file writers: deterministic xlsx, docx, csv, pdf and eml in the shapes the client's systems
export."""

from __future__ import annotations

import csv
import io
import random
import re
import zipfile
from datetime import date, datetime
from pathlib import Path

import docx
import openpyxl
from _ghg_inventory_story import COMPANY, FACTORS, GWP, UK_GALLON, World

FIXED_TIME = (2027, 1, 29, 9, 0, 0)
FIXED_ISO = "2027-01-29T09:00:00Z"


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


def write_csv(path: Path, header: list[str], rows: list[list], delimiter: str = ",") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n", delimiter=delimiter)
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode("utf-8"))


def pdf_bytes(lines: list[str]) -> bytes:
    """A plain text PDF (Helvetica, A4), 60 lines a page."""

    def esc(s: str) -> str:
        s = s.encode("ascii", "replace").decode("ascii")
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    pages = [lines[i:i + 60] for i in range(0, max(1, len(lines)), 60)]
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for page in pages:
        stream = "BT /F1 9 Tf 12 TL 48 800 Td " + " ".join(f"({esc(t)}) Tj T*" for t in page) + " ET"
        objs.append(f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                    f"/Contents {len(objs)} 0 R >>")
        kids.append(f"{len(objs)} 0 R")
    objs[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    out = b"%PDF-1.4\n"
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{o}\nendobj\n".encode("ascii")
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode("ascii")
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode("ascii")
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode("ascii")
    return out


def write_docx(path: Path, title: str, blocks: list[tuple[str, object]]) -> None:
    d = docx.Document()
    d.core_properties.author = COMPANY
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    d.add_heading(title, 0)
    for kind, content in blocks:
        if kind == "h":
            d.add_heading(str(content), 1)
        elif kind == "p":
            d.add_paragraph(str(content))
        elif kind == "table":
            rows = content  # type: ignore[assignment]
            t = d.add_table(rows=len(rows), cols=len(rows[0]))
            for r, cells in enumerate(rows):
                for c, v in enumerate(cells):
                    t.cell(r, c).text = str(v)
    d.save(str(path))
    normalise_zip(path)


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
            f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
    path.write_text(text, encoding="utf-8")


def dmy(d: date) -> str:
    return d.strftime("%d/%m/%Y")


# ------------------------------------------------------------------------------------------------ the files


def write_site_register(path: Path, w: World, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sites"
    ws.append(["Larchmont Fresh Foods - property and site register (exported 28/01/2027)"])
    ws.append([])
    ws.append(["Site code", "Site name", "Type", "Town", "Status", "In estate from", "In estate to",
               "Electricity MPAN", "Gas MPRN", "Notes"])
    for s in w.sites:
        frm = datetime.combine(s.start, datetime.min.time()) if s.start.year == 2026 and s.start.month > 1 else ""
        to = dmy(s.end) if s.end.month < 12 else ""
        ws.append([s.code, s.name, s.kind.title(), s.town, s.status, frm, to, s.mpan, s.mprn or "n/a", s.notes])
    fl = wb.create_sheet("Fleet")
    fl.append(["Registration", "Based at", "Fuel", "Card provider"])
    for reg, code, fuel, provider in w.vehicles:
        fl.append([reg, code, fuel.title(), {"fuellink": "FuelLink", "crossway": "Crossway Fuel"}[provider]])
    by = wb.create_sheet("Base year 2023")
    by.append(["Base-year (2023) inventory as restated in the 2024 report, t CO2e (scope 1 + scope 2 location-based)"])
    by.append(["Site code", "Site name", "t CO2e"])
    for s in w.sites:
        if s.base_year_t:
            by.append([s.code, s.name, s.base_year_t])
    by.append(["Total", "", round(sum(s.base_year_t for s in w.sites), 1)])
    save_xlsx(wb, path)


def write_factors(path: Path, version: str, issued: str, status: str) -> None:
    f = FACTORS[version]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Cover"
    for r in (["Larchmont Group emission factor workbook - reporting year 2026"], [],
              ["Version", version], ["Issued", issued], ["Status", status],
              ["Note", "All factors are the Group's own set for internal and annual reporting."]):
        ws.append(r)
    fs = wb.create_sheet("Factors")
    fs.append(["Category", "Activity", "Unit", "kg CO2e per unit", "Notes"])
    fs.append(["Fuels", "Natural gas (gross CV)", "kWh", f["gas_gross"], "Use with kWh on gas bills (gross CV basis)"])
    fs.append(["Fuels", "Natural gas (net CV)", "kWh", f["gas_net"], "Only for kWh stated on a net CV basis"])
    fs.append(["Fuels", "Diesel (average biofuel blend)", "litres", f["diesel"], "Road diesel as sold at forecourts"])
    fs.append(["Fuels", "Petrol (average biofuel blend)", "litres", f["petrol"], ""])
    fs.append(["Electricity", "Grid electricity - generation", "kWh", f["grid"], "Location-based"])
    fs.append(["Electricity", "Grid electricity - T&D losses", "kWh", f["td_losses"], "Upstream of supply"])
    fs.append(["Electricity", "Residual mix", "kWh", f["residual"], "Market-based, for supply not backed by "
               "certificates"])
    fs.append(["Conversions", "1 UK (imperial) gallon", "litres", UK_GALLON, ""])
    fs.append(["Conversions", "1 US gallon", "litres", 3.78541, ""])
    gs = wb.create_sheet("GWP")
    gs.append(["Refrigerant", "GWP 100-yr AR4", "GWP 100-yr AR5", "GWP 100-yr AR6"])
    for name, (a4, a5, a6) in GWP.items():
        gs.append([name, a4, a5, a6])
    save_xlsx(wb, path)


def write_bills(folder: Path, w: World, rng: random.Random) -> None:
    alias = {s.code: s.aliases for s in w.sites}
    elec, gas = [], []
    for b in sorted(w.bills, key=lambda b: (b.issued, b.bill_no)):
        name = rng.choice(alias[b.site])
        if b.site == "HO1":
            continue
        if b.fuel == "electricity":
            read = rng.choice({"A": ["A", "Actual"], "E": ["E", "Estimated"]}[b.read])
            elec.append([name, b.meter, b.bill_no, dmy(b.start), dmy(b.end), f"{b.kwh:.0f}", read, dmy(b.issued)])
        else:
            read = {"A": rng.choice(["ACTUAL", "ACTUAL", "CUSTOMER"]), "E": "ESTIMATED"}[b.read]
            gas.append([b.meter, name, b.start.isoformat(), b.end.isoformat(), f"{b.kwh:,.0f}", read, b.bill_no])
    head = ["Site", "MPAN", "Bill number", "Period from", "Period to", "Consumption (kWh)", "Read type", "Bill date"]
    if w.facts:  # the hard instance's file is two portal downloads pasted one under the other
        half = len(elec) // 2
        elec = [*elec[:half], [], head, *elec[half:]]
    write_csv(folder / "electricity_bills_2026.csv", head, elec)
    write_csv(folder / "gas_meter_export_2026.csv", ["MPRN", "Site ref", "Start", "End", "Energy kWh (gross)",
              "Reading", "Invoice"], gas)
    pdfs = folder / "head_office_statements"
    pdfs.mkdir()
    seen = set()
    pages: dict[str, list[list[str]]] = {"electricity": [], "gas": []}
    for b in w.bills:
        if b.site != "HO1" or b.bill_no in seen:
            continue
        seen.add(b.bill_no)
        lines = [
            "Northwold Utilities plc - Business energy statement", "",
            f"Customer: {COMPANY}, Pellam House, Thornbury", f"Statement number: {b.bill_no}",
            f"Statement date: {b.issued.strftime('%d %B %Y')}", "",
            f"Supply: {'Electricity' if b.fuel == 'electricity' else 'Natural gas'}",
            f"{'MPAN' if b.fuel == 'electricity' else 'MPRN'}: {b.meter}",
            f"Billing period: {b.start.strftime('%d %b %Y')} to {b.end.strftime('%d %b %Y')}",
            f"Reading type: {'Actual' if b.read == 'A' else 'Estimated'}", "",
            f"Energy used: {b.kwh:,.0f} kWh" + (" (gross calorific value basis)" if b.fuel == "gas" else ""),
            "", "Charges are shown on the next page of your paper statement.",
        ]
        if b.read == "A" and any(x.read == "E" and x.site == "HO1" and x.fuel == b.fuel and not x.counts and
                                 x.start >= b.start and x.end <= b.end for x in w.bills):
            lines.insert(10, "This statement replaces the estimated statements issued for this period.")
        pages[b.fuel].append(lines + [""] * (60 - len(lines)))
    for fuel, statements in pages.items():
        (pdfs / f"northwold_{fuel}_2026.pdf").write_bytes(pdf_bytes([ln for p in statements for ln in p]))


def write_fuel(folder: Path, w: World, rng: random.Random) -> None:
    link, cross = [], []
    product_l = {"diesel": "DIESEL", "petrol": "ULSP", "adblue": "ADBLUE"}
    product_c = {"diesel": "Derv", "petrol": "Unleaded", "adblue": "AdBlue"}
    cards = {}
    for t in sorted(w.fuel, key=lambda t: (t.when, t.txn)):
        if t.provider == "fuellink":
            card = cards.setdefault(t.reg, f"7077 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}")
            reg = t.reg if rng.random() < 0.7 else t.reg.replace(" ", "")
            link.append([t.txn, t.when.isoformat(), f"{rng.randint(5, 21):02d}:{rng.randint(0, 59):02d}", card, reg,
                         t.site, product_l[t.product], f"{t.litres:.2f}", f"{t.litres * rng.uniform(1.2, 1.5):.2f}"])
        else:
            gal = round(t.litres / UK_GALLON, 2)
            cross.append([t.txn.replace("T", "CX"), t.when.strftime("%d/%m/%y"), t.reg.replace(" ", ""),
                          product_c[t.product], f"{gal:.2f}", f"{gal * rng.uniform(5.5, 6.8):.2f}"])
    write_csv(folder / "fuellink_transactions_2026.csv", ["Transaction ID", "Date", "Time", "Card number",
              "Registration", "Cost centre", "Product", "Quantity (L)", "Net amount GBP"], link)
    write_csv(folder / "crossway_fuel_2026.csv", ["Txn Ref", "Txn Date", "Vehicle Reg", "Product", "Volume (gal)",
              "Value GBP"], cross)


def write_refrigerant_log(path: Path, w: World, rng: random.Random) -> None:
    alias = {s.code: [*s.aliases, s.name] for s in w.sites}
    spell = {"R404A": ["R404A", "R-404A", "404A"], "R448A": ["R448A", "R-448A", "R448a"], "R407F": ["R407F", "R-407F"],
             "R134a": ["R134a", "R-134a", "134A"], "R410A": ["R410A", "R-410A"], "R744": ["R744", "R744 (CO2)", "CO2"]}
    work = {"top_up": ["Top-up", "Leak repair & top up", "Recharge (top-up)", "TOP UP"],
            "recovered": ["Recovered to cylinder"], "new_charge": ["Charged after compressor change"],
            "leak_test": ["Leak test"]}
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Service log"
    ws.append(["Polar Services - F-gas service log for Larchmont Fresh Foods (exported 20/01/2027)"])
    ws.append(["Job ref", "Date", "Site", "Asset", "Refrigerant", "Work done", "Quantity", "Engineer notes"])
    for j in sorted(w.jobs, key=lambda j: (j.when, j.ref)):
        when: object = datetime.combine(j.when, datetime.min.time()) if rng.random() < 0.6 else dmy(j.when)
        if j.activity == "leak_test":
            qty: object = ""
        elif j.kg < 1:
            qty = f"{j.kg * 1000:.0f} g"
        elif rng.random() < 0.3:
            qty = f"{j.kg:.1f} kg".replace(".", ",")
        else:
            qty = j.kg
        note = j.note or ("pass, no leaks found" if j.activity == "leak_test" else "")
        ws.append([j.ref, when, rng.choice(alias[j.site]), j.asset, rng.choice(spell[j.gas]),
                   rng.choice(work[j.activity]), qty, note])
    save_xlsx(wb, path)


def write_certificates(path: Path, w: World) -> None:
    by = {s.code: s for s in w.sites}
    lines = ["Renewable electricity certificates - cancellation statement, compliance year 2026", "",
             f"Account holder: {COMPANY} (energy bureau account LFF-0042)", "Issued by the certificate registry "
             "on 26 January 2027", "",
             "Certificate ref | Supplier | Supply point (MPAN) | Generation period | MWh | Cancelled on behalf of"]
    for c in w.certs:
        lines.append(f"{c.ref} | {c.supplier} | {by[c.site].mpan} | {c.start.strftime('%b %Y')} - "
                     f"{c.end.strftime('%b %Y')} | {c.mwh:,.0f} | {c.beneficiary}")
    lines += ["", "Certificates are matched to supply points by the bureau. One certificate = 1 MWh."]
    path.write_bytes(pdf_bytes(lines))
