"""The documents of claims_reserving: the reserving policy (pdf, written by a small PDF writer so that the bytes are
fixed), last year's reserving report (docx) and the e-mails (eml)."""

from __future__ import annotations

import io
import re
import textwrap
import zipfile
from datetime import datetime
from pathlib import Path

import docx

COMPANY = "Marchbank Mutual Insurance Ltd"
FIXED_TIME = (2027, 1, 8, 9, 0, 0)
FIXED_ISO = "2027-01-08T09:00:00Z"


# ------------------------------------------------------------------------------------------------ pdf


def _pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(path: Path, title: str, blocks: list[tuple[str, str]]) -> None:
    """A text-only PDF (Helvetica, A4). blocks: (kind, text), kind "h" heading, "p" paragraph, "t" table line."""
    lines: list[tuple[str, str]] = [("title", title), ("p", "")]
    for kind, text in blocks:
        if kind == "h":
            lines += [("p", ""), ("h", text)]
        elif kind == "t":
            lines.append(("t", text))
        else:
            lines += [("p", w) for w in textwrap.wrap(text, 92)] + [("p", "")]
    pages: list[list[tuple[str, str]]] = [[]]
    for ln in lines:
        if len(pages[-1]) >= 56:
            pages.append([])
        pages[-1].append(ln)
    objs: list[bytes] = []
    n_pages = len(pages)
    # 1 catalog, 2 pages, 3 font, 4 bold font, then per page: page, content
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n_pages))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    for i, page in enumerate(pages):
        ops = ["BT"]
        y = 800
        for kind, text in page:
            font, size = ("F2", 14) if kind == "title" else ("F2", 11) if kind == "h" else ("F1", 9.5)
            face = "Courier" if kind == "t" else None
            ops.append(f"/{'F3' if face else font} {size} Tf 1 0 0 1 50 {y} Tm ({_pdf_escape(text)}) Tj")
            y -= 13
        ops.append(f"/F1 8 Tf 1 0 0 1 50 30 Tm ({_pdf_escape(f'{COMPANY} - page {i + 1} of {n_pages}')}) Tj")
        ops.append("ET")
        stream = "\n".join(ops).encode("cp1252")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {6 + 2 * i} 0 R "
                    "/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 "
                    f"{5 + 2 * n_pages} 0 R >> >> >>".encode())
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(f"{k} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(out.getvalue())


# ------------------------------------------------------------------------------------------------ office files


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


def save_docx(d, path: Path) -> None:
    d.core_properties.author = COMPANY
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    d.save(str(path))
    normalise_zip(path)


# ------------------------------------------------------------------------------------------------ policy


def policy_blocks(inst: dict) -> list[tuple[str, str]]:
    cap = f"{inst['cap']:,.0f}"
    elr = inst["elr"]
    tails = inst["tails"]
    return [
        ("p", f"Version {inst['policy_version']}, approved by the Reserving Committee on {inst['policy_date']}. "
              "It replaces every earlier version. Owner: Head of Reserving."),
        ("h", "1. Scope and basis"),
        ("p", "This policy sets how the actuarial function estimates the gross claims reserves of the motor and "
              "household accounts at each quarter-end. Reserves are estimated gross of reinsurance and net of "
              "salvage and subrogation recoveries actually received. Figures are in pounds sterling, "
              "undiscounted."),
        ("h", "2. Data"),
        ("p", "2.1 The data are the claims transactions (payments, payment reversals, case-reserve movements and "
              "recoveries received) with a transaction date on or before the valuation date. Transactions dated "
              "after the valuation date are left out, whatever the date of the extract."),
        ("p", "2.2 Each transaction counts once. Where the same transaction appears in more than one extract or "
              "more than once in one extract, it is kept once. A payment made in error and reversed is kept "
              "together with its reversal."),
        ("p", "2.3 A transaction belongs to the accident year of the claim's date of loss and to the development "
              "year of its own transaction date: development year 1 is the accident year itself. Where a system "
              "records a posting date different from the date of the transaction, the date of the transaction "
              "is used."),
        ("p", "2.4 A reopened claim remains the claim it was: its later transactions stay in the accident year of "
              "the original date of loss, whatever number or date the reopening was recorded under."),
        ("p", "2.5 Recoveries (salvage and subrogation) reduce the paid and the incurred amounts of the claim in "
              "the development year in which they are received. Recoveries not yet received are not anticipated."),
        ("h", "3. Large losses"),
        ("p", f"3.1 A large loss is a claim whose incurred amount exceeds GBP {cap}. In the development triangles "
              f"every claim's cumulative paid and cumulative incurred amounts are limited to GBP {cap} at each "
              "development point; the triangles are therefore of capped (attritional) losses."),
        ("p", "3.2 The excess of each large loss's incurred amount over the threshold at the valuation date is "
              "added to the ultimate of its accident year without further development. Settlements or case "
              "re-estimates of large losses agreed after the valuation date but before the Committee meets are "
              "reflected in that excess."),
        ("h", "4. Development factors"),
        ("p", "4.1 Triangles are annual, cumulative, by accident year and development year. Link ratios are the "
              f"volume-weighted averages of the individual ratios over the latest {inst['periods']} calendar years "
              "of development available (the latest diagonals), computed on the capped incurred triangle."),
        ("p", "4.2 Where the Claims function confirms a one-off change in case-reserving practice (a reserve "
              "strengthening or release across a portfolio), the individual ratios of the calendar year in which "
              "the change took effect are excluded from the averages for the class concerned; the excluded year is "
              "not replaced by an earlier one."),
        ("p", f"4.3 Tail factors beyond development year {len(inst['years'])}: motor {tails['motor']:.3f}, "
              f"household {tails['household']:.3f}."),
        ("h", "5. Methods"),
        ("p", "5.1 Chain-ladder on the capped incurred triangle is computed for every accident year."),
        ("p", "5.2 Bornhuetter-Ferguson is computed for every accident year, with the initial expected loss ratio "
              "of Table 1 applied to the gross earned premium of the accident year as finally reported by "
              "Finance, and the development pattern of the incurred chain-ladder."),
        ("p", f"5.3 Selection: Bornhuetter-Ferguson for the {inst['bf_years']} most recent accident years, "
              "chain-ladder for every earlier accident year."),
        ("p", "5.4 The ultimate of an accident year is the selected method's capped ultimate plus the large-loss "
              "excess of 3.2. IBNR is the ultimate less the incurred amount at the valuation date (uncapped, "
              "including the large losses); the reserve is the ultimate less the paid amount."),
        ("h", "Table 1. Initial expected loss ratios (capped losses to gross earned premium)"),
        ("t", "Class        Accident years      Initial expected loss ratio"),
        ("t", f"Motor        all                 {elr['motor'] * 100:.0f}%"),
        ("t", f"Household    all                 {elr['household'] * 100:.0f}%"),
        ("p", ""),
        ("p", "The loss ratios are reviewed by the Pricing actuary each year and changes are approved by the "
              "Reserving Committee."),
        ("h", "6. Reporting"),
        ("p", "The quarter-end note to the Reserving Committee states the ultimate, IBNR and reserve by class, the "
              "movements that need the Committee's attention, the departures from this policy, if any, and the "
              "data matters found."),
    ]


def write_report(path: Path, inst: dict, last: dict) -> None:
    """Last year's reserving report (as at 31 December 2025): the superseded threshold and last year's figures."""
    d = docx.Document()
    d.add_heading(f"{COMPANY}: Reserving report as at 31 December 2025", 0)
    d.add_paragraph("Prepared for the Reserving Committee of 22 January 2026 by the actuarial function.")
    d.add_heading("1. Summary", 1)
    d.add_paragraph(
        "Gross reserves were estimated by chain-ladder on incurred for the older accident years and "
        "Bornhuetter-Ferguson for the two most recent, as the policy then in force required. Large losses were "
        f"those over GBP {inst['old_cap']:,.0f}, the threshold of the 2024 policy. The migration of the claims "
        "system, completed on 1 July 2025, was reflected by loading the legacy history up to 30 June 2025.")
    d.add_heading("2. Results by accident year", 1)
    for cls in ("motor", "household"):
        d.add_paragraph(f"{cls.capitalize()} (GBP)")
        t = d.add_table(rows=1, cols=4)
        t.style = "Table Grid"
        for c, text in zip(t.rows[0].cells, ("Accident year", "Ultimate", "IBNR", "Method"), strict=True):
            c.text = text
        for ay, (ult, ibnr, method) in sorted(last[cls].items()):
            cells = t.add_row().cells
            cells[0].text, cells[1].text, cells[2].text, cells[3].text = str(ay), f"{ult:,.0f}", f"{ibnr:,.0f}", method
    d.add_heading("3. Matters for the Committee", 1)
    d.add_paragraph("The Committee approved the initial expected loss ratios for 2026 in the policy. The Claims "
                    "function reported no change in case-reserving practice during 2025 up to the date of this "
                    "report.")
    d.add_paragraph("Next review: quarter-end 31 December 2026.")
    save_docx(d, path)


def write_emails(folder: Path, mails: list[tuple[str, str, str, str, str, str]]) -> None:
    folder.mkdir()
    for fname, frm, to, when, subject, body in mails:
        dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
        text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
                f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
        (folder / fname).write_text(text, encoding="utf-8")
