"""Writes tolerance_stackup's inputs: drawing extracts (pdf), the BOM and the lot dispositions (xlsx), the suppliers'
inspection data (csv, xlsx; mm and inch), the design standard (docx) and the e-mails."""

from __future__ import annotations

from pathlib import Path

import docx
import openpyxl
from _tolerance_stackup_docs import save_docx, save_xlsx, write_csv, write_eml, write_pdf
from _tolerance_stackup_model import ALPHA, BEARINGS, FITS, INCH, Dim, Drawing, Gap, Lot


def tol_text(d: Dim) -> str:
    if abs(d.upper + d.lower) < 1e-12 and d.upper > 0:
        return f"±{d.upper:.3f}"

    def one(v: float) -> str:
        return "0" if abs(v) < 1e-12 else f"{v:+.3f}"

    return f"{one(d.upper)} / {one(d.lower)}"


def drawing_pdf(path: Path, dw: Drawing) -> None:
    sup = f" (supersedes rev {dw.supersedes})" if dw.supersedes else ""
    lines = [
        "MARROWBY GEAR SYSTEMS LTD".ljust(60) + "DRAWING EXTRACT - dimension and GD&T tables",
        "",
        f"Drawing no.: {dw.part}    Title: {dw.title}",
        f"Revision: {dw.rev}    Status: {dw.status}    Released: {dw.released}    Change: {dw.ecn or '-'}{sup}",
        f"Material: {dw.material}",
        "Units: mm unless stated.  Dimensioning and tolerancing per ASME Y14.5-2018.  Untoleranced: ISO 2768-m.",
        "",
        "DIMENSIONS",
        f"{'Ref':<6}{'Feature':<58}{'Nominal':>12}   Tolerance",
    ]
    for d in dw.dims:
        nom = ("Ø " if d.diameter else "") + f"{d.nominal:.3f}"
        lines.append(f"{d.ref:<6}{d.desc:<58}{nom:>12}   {tol_text(d)}")
    if dw.controls:
        lines += ["", "GEOMETRIC TOLERANCES (feature control frames)",
                  f"{'Ref':<6}{'Characteristic':<20}{'Applies to':<16}{'Tolerance':<12}Datum references"]
        for c in dw.controls:
            zone = ("Ø" if c.kind == "position" else "") + f"{c.tol:.3f}"
            refs = " | ".join(f"{d}(M)" if mmb else d for d, mmb in c.datums) or "-"
            lines.append(f"{c.ref:<6}{c.kind.capitalize():<20}{c.of:<16}{zone:<12}{refs}")
    if dw.datums:
        lines += ["", "DATUM FEATURES"]
        for letter, ref in dw.datums.items():
            what = next((d.desc for d in dw.dims if d.ref == ref), ref)
            lines.append(f"{letter} = {ref} ({what})" if ref.startswith("D") else f"{letter} = {ref}")
        lines.append("(M) after a datum letter: the datum feature is referenced at maximum material boundary (MMB).")
    write_pdf(path, [lines], f"{dw.part} rev {dw.rev}")


def assembly_pdf(path: Path, gaps: list[Gap], rev: str) -> None:
    lines = [
        "MARROWBY GEAR SYSTEMS LTD".ljust(60) + "DRAWING EXTRACT - assembly requirements",
        "",
        f"Drawing no.: ISA-160    Title: Intermediate shaft assembly, MG-160 helical reducer    Revision: {rev}",
        "Dimensioning and tolerancing per ASME Y14.5-2018.  Stack-up analysis per MDS-0410.",
        "",
        "CRITICAL GAPS (functional requirements)",
        f"{'Gap':<5}{'Description':<52}{'Limits (mm)':<18}Condition",
    ]
    for g in gaps:
        lim = f"{g.lower:.2f} to {g.upper:.2f}"
        lines.append(f"{g.gid:<5}{g.name:<52}{lim:<18}at {g.temp_text}")
    lines += ["", "DIMENSION LOOPS (+ opens the gap, - closes it, ± either way; ½ = half of a diameter)"]
    for g in gaps:
        parts = []
        for part, ref, sens in g.loop:
            sign = "±" if ref.startswith("G") else ("+" if sens > 0 else "-")
            half = "½ " if abs(abs(sens) - 0.5) < 1e-9 else ""
            parts.append(f"{sign} {half}{part} {ref}")
        lines.append(f"{g.gid}:  " + " | ".join(parts))
    lines += ["", "Purchased bearings: feature B = ring width, from the catalogue (see BOM).", "",
              "LOCATING FITS"]
    for p1, r1, p2, r2, what in FITS:
        lines.append(f"{p1} {r1} in {p2} {r2}: {what}")
    write_pdf(path, [lines], f"ISA-160 rev {rev}")


def write_bom(path: Path, dwgs: list[Drawing], hard: bool) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "BOM"
    ws.append(["ISA-160 Intermediate shaft assembly - bill of materials (PLM export)"])
    ws.append(["Exported 2026-11-27 by PLM; revision = current released revision"])
    ws.append([])
    ws.append(["Item", "Part number", "Description", "Rev", "Qty", "Make/Buy", "Supplier", "Material", "Remarks"])
    cur = {d.part: d for d in dwgs if d.current}
    revs = {"H-160-01": "Rev F", "C-160-02": "rev. D", "S-160-03": "C", "SP-160-04": "C", "G-160-06": "B",
            "GK-160-05": "A"}
    rows = [
        (10, "H-160-01", "Housing, machined", "Buy", "Tarnwick Castings Ltd", ""),
        (20, "C160-02", "Cover, bearing end", "Buy", "Bellwood Machining Inc. (Dayton, OH)",
         "Supplier reports in inch"),
        (30, "S-160-03", "Shaft, intermediate", "Buy", "Ryecroft Precision", ""),
        (40, "SP-160-04", "Spacer, bearing", "Buy", "Brannock Turned Parts", ""),
        (50, "G-160-06", "Gear, helical z47", "Buy", "Ryecroft Precision", ""),
        (60, "GK-160-05", "Gasket, cover", "Buy", "Sealwell Gaskets", "No incoming inspection (certificate only)"),
        (60, "GK-160-05", "Gasket, cover", "Buy", "Sealwell Gaskets", "No incoming inspection (certificate only)"),
    ]
    for item, pn, desc, mb, sup, rem in rows:
        key = pn if pn in cur else pn.replace("C160", "C-160")
        ws.append([item, pn, desc, revs[key], 1, mb, sup, cur[key].material, rem])
    for pn, (desc, nom, up, lo) in BEARINGS.items():
        ws.append([70 if pn.endswith("C3") else 80, pn, desc, "-", 1, "Buy", "catalogue (any approved brand)",
                   "100Cr6 bearing steel", f"Width B = {nom:.2f} {up:+.3f}/{lo:.3f} mm (catalogue)".replace("+0.000",
                                                                                                            "0")])
    ws.append([90, "FS-M8x25", "Cap screw M8x25 10.9", "-", 6, "Buy", "stores", "steel", ""])
    ws.append([100, "OS-52x72", "Radial shaft seal 52x72x8", "-", 1, "Buy", "stores", "NBR", "not in a stack"])
    save_xlsx(wb, path)


def write_dispositions(path: Path, lot_list: list[Lot]) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Incoming lots"
    ws.append(["Part no.", "Lot", "Supplier", "Qty", "Received", "Sample measured", "Disposition"])
    for lot in lot_list:
        ws.append([lot.part, lot.lot, lot.supplier, lot.n * 25, lot.received, lot.n, lot.disposition])
    save_xlsx(wb, path)


def _limits_result(dw: Drawing, ref: str, x: float) -> str:
    d = dw.dim(ref)
    return "OK" if d.min - 1e-9 <= x <= d.max + 1e-9 else "NOK"


def write_inspection(folder: Path, lot_list: list[Lot], cur: dict[str, Drawing], hard: bool) -> None:
    folder.mkdir()
    # housing: long format, mm
    rows = []
    for lot in (x for x in lot_list if x.part == "H-160-01"):
        for i in range(lot.n):
            for ref in ("D2", "D3", "D4"):
                d = cur["H-160-01"].dim(ref)
                v = lot.values[ref][i]
                rows.append([lot.lot, f"{lot.lot}-{i + 1:02d}", ref, d.desc, f"{d.nominal:.3f}", f"{v:.3f}",
                             f"{v - d.nominal:+.3f}", _limits_result(cur["H-160-01"], ref, v)])
    if hard:  # the supplier re-sent lot T2404 and the file carries it twice
        rows += [r for r in rows if r[0] == "T2404"]
    write_csv(folder / "Tarnwick_CMM_H-160-01.csv", ["Lot", "Serial", "Char", "Description", "Nominal", "Measured",
                                                     "Deviation", "Result"], rows)
    # cover, Bellwood: xlsx in inches, wide
    wb = openpyxl.Workbook()
    bellwood = [x for x in lot_list if x.part == "C-160-02" and x.supplier.startswith("Bellwood")]
    for k, lot in enumerate(bellwood if hard else bellwood[:1]):
        ws = wb.active if k == 0 else wb.create_sheet()
        ws.title = f"Lot {lot.lot}" if hard else "Dimensional report"
        ws.append(["Bellwood Machining Inc. - dimensional inspection report, part C-160-02 rev D"])
        ws.append(["ALL DIMENSIONS IN INCHES"])
        ws.append(["Lot", "S/N", "Spigot OD (D2)", "Spigot length (D3)", "Labyrinth bore (D5)", "Inspector"])
        for one in [lot] if hard else bellwood:
            for i in range(one.n):
                inches = [round(one.values[r][i] / INCH, 5) for r in ("D2", "D3", "D5")]
                ws.append([one.lot, f"{one.lot}/{i + 1}", *inches, "JK" if i % 2 else "RM"])
                for col in (3, 4, 5):
                    ws.cell(ws.max_row, col).number_format = "0.00000"
    save_xlsx(wb, folder / "Bellwood_C-160-02_inspection.xlsx")
    kp = [x for x in lot_list if x.part == "C-160-02" and x.supplier.startswith("Kilnsey")]
    if kp:
        rows = []
        for lot in kp:
            for i in range(lot.n):
                rows.append([lot.lot, i + 1] + [f"{lot.values[r][i]:.3f}" for r in ("D2", "D3", "D5")])
        write_csv(folder / "Kilnsey_C-160-02_lots.csv", ["lot", "piece", "spigot_dia_D2_mm", "spigot_len_D3_mm",
                                                         "laby_bore_D5_mm"], rows)
    # shaft and gear: wide, mm
    rows = []
    for lot in (x for x in lot_list if x.part == "S-160-03"):
        for i in range(lot.n):
            rows.append([lot.lot, f"S{lot.lot[1:]}{i + 1:03d}", lot.received, f"{lot.values['D2'][i]:.3f}",
                         f"{lot.values['D4'][i]:.3f}"])
    write_csv(folder / "Ryecroft_S-160-03.csv", ["lot", "part_sn", "date", "collar_length_D2", "seal_journal_D4"],
              rows)
    rows = [[lot.lot, f"{lot.lot}-{i + 1}", f"{lot.values['D1'][i]:.3f}"]
            for lot in lot_list if lot.part == "G-160-06" for i in range(lot.n)]
    write_csv(folder / "Ryecroft_G-160-06.csv", ["lot", "sn", "hub_offset_D1"], rows)
    # spacer: long, a unit column (one gauge reports in inch)
    rows = []
    for lot in (x for x in lot_list if x.part == "SP-160-04"):
        inch = lot.lot in ("7733", "7735")
        for i, v in enumerate(lot.values["D1"]):
            rows.append([lot.lot, i + 1, "D1 length", f"{v / INCH:.5f}" if inch else f"{v:.3f}",
                         "in" if inch else "mm"])
    write_csv(folder / "Brannock_SP-160-04_length.csv", ["Lot", "Piece", "Dimension", "Value", "Unit"], rows)


def write_standard(path: Path) -> None:
    d = docx.Document()
    d.add_heading("MDS-0410 Tolerance stack-up analysis", 0)
    d.add_paragraph("Marrowby Gear Systems Ltd - Engineering design standard, issue 3 (2026-03-02). Owner: Head of "
                    "Mechanical Design.")
    d.add_heading("1 Scope", 1)
    d.add_paragraph("Every critical gap named on an assembly drawing is analysed before design freeze. Drawings are "
                    "dimensioned and toleranced to ASME Y14.5-2018; the analysis uses the current released revision "
                    "of each drawing as listed on the bill of materials.")
    d.add_heading("2 Methods", 1)
    d.add_paragraph("2.1 Worst case (arithmetic) analysis of every contributor in the dimension loop, including "
                    "contributions from geometric tolerances, from datum feature shift where a datum feature of "
                    "size is referenced at MMB, and from the float of a part in the locating fits of the assembly.")
    d.add_paragraph("2.2 Statistical analysis by root sum of squares (RSS). Contributors are expressed in equal-"
                    "bilateral form about their mid-limit before either analysis.")
    d.add_paragraph("2.3 A process-capability-based prediction of the share of assemblies outside the gap limits, "
                    "from the suppliers' incoming inspection data (normal distribution; each contributor's sample "
                    "mean and overall sample standard deviation). Only lots released for use count. A contributor "
                    "without inspection data is taken as centred on its mid-limit with Pp = 1.33.")
    d.add_paragraph("2.4 Results are evaluated at the temperature at which the requirement applies. Thermal growth "
                    "from 20 °C is computed per contributor with the coefficients of Table 1; geometric contributors "
                    "and non-metallic parts are not grown.")
    d.add_paragraph("2.5 Inch data are converted at 1 in = 25.4 mm exactly.")
    d.add_heading("3 Acceptance at design freeze", 1)
    d.add_paragraph("A gap that meets its limits by worst case is accepted. A gap that meets them by RSS only is "
                    "accepted when the predicted share outside the limits is below 0.27 % (3 sigma); otherwise the "
                    "design review decides on a change (tolerance, process centring, selective assembly or a "
                    "design change). Every gap's result goes to the review with its contributors.")
    d.add_heading("Table 1 Coefficients of linear thermal expansion", 1)
    t = d.add_table(rows=1, cols=2)
    t.rows[0].cells[0].text, t.rows[0].cells[1].text = "Material", "alpha (10^-6 / K)"
    for mat, a in ALPHA.items():
        cells = t.add_row().cells
        cells[0].text, cells[1].text = mat, "not considered" if a == 0 else f"{a:.1f}"
    save_docx(d, path)


def write_emails(folder: Path, hard: bool) -> None:
    folder.mkdir()
    mails = [
        ("01_spacer_proposal.eml", "Ravi Menon <r.menon@marrowby-gs.example>", "Mechanical design", "2026-08-21 10:12",
         "SP-160-04 spacer - proposal for rev C",
         "Hi all,\n\nBrannock say they can hold the spacer length better if we move to 40.12 0/-0.05. I've drafted "
         "rev C; until it is released please keep using rev B (40.10 +/-0.05) for any calculations.\n\nRavi\n"),
        ("02_ecn_2291_released.eml", "Document Control <doc.control@marrowby-gs.example>", "Engineering; Quality",
         "2026-09-14 15:40", "ECN-2291 released: SP-160-04 rev C",
         "ECN-2291 is released. SP-160-04 bearing spacer is now at revision C; rev B is superseded. Suppliers have "
         "been notified.\n\nDocument Control\n"),
        ("03_ncr_5518.eml", "Quality Inspection <quality@marrowby-gs.example>", "Supplier quality; Engineering",
         "2026-10-01 08:30", "NCR-5518 housing lot T2403",
         "Housing lot T2403 failed D2 at goods-in and went back to Tarnwick. Their CMM file still carries the lot; "
         "the disposition log is the record of what was released.\n\nQuality Inspection\n"),
    ]
    if hard:
        mails.append(("04_cover_lots.eml", "Goods-in <goodsin@marrowby-gs.example>", "Quality Inspection",
                      "2026-11-19 12:05", "C-160-02 lots - new data file",
                      "Two lots of C-160-02 came in from Kilnsey this month; their data is in a separate file from "
                      "Bellwood's.\n\nGoods-in\n"))
    else:
        mails.append(("04_test_conditions.eml", "Priya Natarajan <p.natarajan@marrowby-gs.example>",
                      "Mechanical design",
                      "2026-11-10 16:20", "G2 at temperature",
                      "As agreed at the last review, the G2 requirement holds at the 80 °C operating temperature on "
                      "the assembly drawing; G1 and G3 are at 20 °C.\n\nPriya Natarajan\nTest Engineering\n"))
    for name, frm, to, when, subject, body in mails:
        write_eml(folder / name, frm, to, when, subject, body)
