"""Builds every instance of dosage_table: a fictional formulary (docx) and renal dosing guide (pdf) in
workspace/input/, the dosage table and warnings in hidden/reference/. Deterministic: the same seed gives the
same drugs and the same bytes.

    python hidden/build_inputs.py            (needs python-docx, openpyxl, pypdf and LibreOffice's soffice)

Every drug name is invented; the doses are made up for a data-handling exercise and are not clinical advice.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
import re
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import docx
import openpyxl
from _dosage_table_drugs import BAND_LABELS, BANDS, Drug, Row, make_drugs, renal_daily
from docx.shared import Pt
from pypdf import PdfReader, PdfWriter

FAMILY = Path(__file__).resolve().parent.parent
FIXED = dt.datetime(2026, 2, 2, 9, 0, 0)
HEADERS = [
    "drug",
    "indication",
    "adult_dose_mg",
    "frequency_h",
    "max_daily_mg",
    "crcl_30_50_daily_mg",
    "crcl_10_29_daily_mg",
    "crcl_below_10_daily_mg",
]
WARNING_HEADERS = ["drug", "indication", "daily_dose_mg", "max_daily_mg"]

# ---------------------------------------------------------------------------------------------- documents


def _props(d, title: str) -> None:
    p = d.core_properties
    p.author = "Medicines Information"
    p.last_modified_by = "Medicines Information"
    p.title = title
    p.created = FIXED
    p.modified = FIXED
    p.revision = 1


def _doc():
    d = docx.Document()
    d.styles["Normal"].font.name = "Calibri"
    d.styles["Normal"].font.size = Pt(10.5)
    return d


@dataclass
class Site:
    instance: str
    seed: int
    hospital: str
    edition: str
    guide_version: str
    drugs: list[Drug] = field(default_factory=list)


def formulary_doc(site: Site):
    d = _doc()
    _props(d, f"{site.hospital} adult formulary")
    d.add_heading(f"{site.hospital} - Adult Formulary (extract)", 0)
    d.add_paragraph(
        f"{site.edition}. FICTIONAL TRAINING EDITION: every medicine named in this document is invented and the doses "
        "are made up for a data-handling exercise. Not for clinical use."
    )
    d.add_paragraph(
        "Each monograph gives the licensed indications with the usual adult and paediatric doses and the maximum "
        "adult daily dose. Doses are for adults with normal renal function; for renal impairment see the Renal "
        "Dosing Guide. Where a dose range is given, the upper end is the usual dose for a typical adult. Loading "
        "doses are given once only at the start of treatment."
    )
    by_class: dict[str, list[Drug]] = {}
    for drug in site.drugs:
        by_class.setdefault(drug.cls, []).append(drug)
    for section, cls in enumerate(sorted(by_class), start=1):
        d.add_heading(f"Section {section}: {cls[0].upper() + cls[1:]}s", 1)
        for drug in sorted(by_class[cls], key=lambda x: x.name):
            d.add_heading(drug.name, 2)
            if drug.formulary:
                d.add_paragraph("Formulary status: Formulary (green) - may be prescribed by any prescriber.")
            else:
                d.add_paragraph(
                    "Formulary status: NON-FORMULARY - removed from the formulary by the Drug and Therapeutics "
                    "Committee; not to be included in formulary lists or started in new patients."
                )
            d.add_paragraph(f"Class: {drug.cls} (fictional). Presentations: {drug.presentations}.")
            table = d.add_table(rows=1, cols=4)
            table.style = "Table Grid"
            for i, h in enumerate(("Indication", "Adult dose", "Paediatric dose", "Maximum adult daily dose")):
                table.cell(0, i).text = h
            for row in drug.rows:
                cells = table.add_row().cells
                cells[0].text = row.indication
                cells[1].text = row.dose_text()
                cells[2].text = row.paed
                cells[3].text = row.max_text()
            d.add_paragraph("Renal impairment: see the Renal Dosing Guide.")
    return d


def renal_doc(site: Site):
    d = _doc()
    _props(d, "Renal dosing guide")
    d.add_heading(f"{site.hospital} - Renal Dosing Guide for Adults", 0)
    d.add_paragraph(
        f"Version {site.guide_version}. FICTIONAL TRAINING EDITION: the medicines and rules are invented for a "
        "data-handling exercise. Not for clinical use."
    )
    d.add_heading("How to use this guide", 1)
    d.add_paragraph(
        "Estimate creatinine clearance (CrCl) with the Cockcroft-Gault equation: CrCl (mL/min) = (140 - age) x weight "
        "(kg) x 1.23 / serum creatinine (micromol/L), multiplied by 0.85 for women. Then apply the rule for the band "
        "the patient is in: CrCl 30-50 mL/min, CrCl 10-29 mL/min, or CrCl less than 10 mL/min."
    )
    d.add_paragraph(
        'Percentages and maximum daily amounts refer to the usual adult dose in the formulary. "Extend the dosing '
        'interval" means giving the same single dose less often. Medicines that are not listed in this guide need '
        "no dose adjustment in any band."
    )
    d.add_heading("Medicines", 1)
    rng = random.Random(site.seed + 1)
    for drug in sorted((x for x in site.drugs if x.renal), key=lambda x: x.name):
        d.add_heading(drug.name, 2)
        style = rng.randrange(2)
        for band in BANDS:
            d.add_paragraph(f"{BAND_LABELS[band][style]}: {drug.renal[band][2]}")
        comment = rng.choice(
            [
                "Comment: monitor renal function at least every 3 days during treatment.",
                "Comment: accumulates in renal failure; watch for confusion.",
                "Comment: removed by haemodialysis; give the dose after dialysis.",
                "Comment: check levels after the 4th dose if CrCl is below 30 mL/min.",
            ]
        )
        d.add_paragraph(drug.renal_comment or comment)
    return d


# ---------------------------------------------------------------------------------------------- files

_DROP = ("word/stylesWithEffects.xml", "docProps/thumbnail.jpeg")


def _fixed_zip(data: bytes) -> bytes:
    """The archive with fixed member timestamps and without python-docx's optional template parts."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename in _DROP:
                continue
            body = src.read(info.filename)
            if info.filename.endswith(".rels") or info.filename == "[Content_Types].xml":
                text = body.decode("utf-8")
                for part in _DROP:
                    name = part.rsplit("/", 1)[-1]
                    text = re.sub(r"<(?:Relationship|Override)\b[^>]*" + re.escape(name) + r'"[^>]*/>', "", text)
                body = text.encode("utf-8")
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2026-02-02T09:00:00Z", body)
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 2, 2, 9, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            dst.writestr(fixed, body, compresslevel=9)
    return out.getvalue()


def save_docx(d, path: Path) -> None:
    buf = io.BytesIO()
    d.save(buf)
    path.write_bytes(_fixed_zip(buf.getvalue()))


def docx_to_pdf(d, path: Path, title: str) -> None:
    with tempfile.TemporaryDirectory(prefix="dt-build-") as tmp:
        src = Path(tmp) / (path.stem + ".docx")
        d.save(src)
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{tmp}/profile",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                tmp,
                str(src),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        writer = PdfWriter(clone_from=PdfReader(Path(tmp) / (path.stem + ".pdf")))
    writer.metadata = None
    writer.add_metadata({"/Title": title, "/CreationDate": "D:20260202090000Z"})
    writer._ID = None
    buf = io.BytesIO()
    writer.write(buf)
    path.write_bytes(buf.getvalue())


def num(x: float) -> float | int:
    x = round(x, 4)
    return int(x) if float(x).is_integer() else x


def write_reference(site: Site, ref: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "Medicines Information"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Dosage"
    ws.append(HEADERS)
    warnings = []
    for drug in sorted((x for x in site.drugs if x.in_table), key=lambda x: x.name):
        for row in sorted(drug.rows, key=lambda r: r.indication):
            renal = []
            for band in BANDS:
                value = renal_daily(row, drug.rules[band]) if drug.rules else row.daily
                renal.append(value if value == "avoid" else num(value))
            ws.append([drug.name, row.indication, num(row.dose), row.freq, num(row.max_daily), *renal])
            if row.daily > row.max_daily + 1e-9:
                warnings.append([drug.name, row.indication, num(row.daily), num(row.max_daily)])
    buf = io.BytesIO()
    wb.save(buf)
    (ref / "dosage.xlsx").write_bytes(_fixed_zip(buf.getvalue()))
    with open(ref / "warnings.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(WARNING_HEADERS)
        w.writerows(warnings)
    (ref / "key_entries.json").write_text(json.dumps(key_entries(site), indent=1) + "\n", encoding="utf-8")


def _entry(drug: Drug, row: Row) -> dict:
    """One dosage row as the reference has it: every graded value."""
    values: dict[str, float | str] = {"adult_dose_mg": num(row.dose), "frequency_h": row.freq}
    values["max_daily_mg"] = num(row.max_daily)
    for band in BANDS:
        v = renal_daily(row, drug.rules[band]) if drug.rules else row.daily
        values[f"crcl_{band}_daily_mg"] = v if v == "avoid" else num(v)
    return {"drug": drug.name, "indication": row.indication, "present": True, "values": values}


def _warning(drug: Drug, row: Row) -> dict:
    hit = row.daily > row.max_daily + 1e-9
    return {
        "drug": drug.name,
        "indication": row.indication,
        "present": hit,
        "daily_dose_mg": num(row.daily),
        "max_daily_mg": num(row.max_daily),
    }


def key_entries(site: Site) -> list[dict]:
    """The entries checks.py:key_entries grades on their own: in an instance with staff, the entries each staff
    fact changes (one group per fact, weighted as hidden/DESIGN.md says); elsewhere, the rows of the formulary's
    hardest wordings (loading doses, ranges, micrograms, alternate days)."""
    by_name = {d.name: d for d in site.drugs}
    if site.instance == "riverside":
        sel, mira = by_name["Selvorin"], by_name["Mirapenem"]
        kel, tir = by_name["Kelmarin"], by_name["Tiramex"]
        suspended = [{"drug": sel.name, "indication": r.indication, "present": False} for r in sel.rows]
        kel_row = next(r for r in kel.rows if r.printed_max)
        return [
            {
                "id": "committee_decision",
                "weight": 0.2,
                "entries": suspended + [_entry(mira, r) for r in mira.rows],
                "warnings": [{**_warning(sel, r), "present": False} for r in sel.rows if r.daily > r.max_daily],
            },
            {
                "id": "keyed_maximum",
                "weight": 0.35,
                "entries": [{**_entry(kel, kel_row), "values": {"max_daily_mg": num(kel_row.max_daily)}}],
                "warnings": [_warning(kel, kel_row)],
            },
            {
                "id": "renal_rereview",
                "weight": 0.45,
                "entries": [
                    {**e, "values": {k: v for k, v in e["values"].items() if k.startswith("crcl")}}
                    for e in (_entry(tir, r) for r in tir.rows)
                ],
                "warnings": [],
            },
        ]
    groups: dict[str, list[tuple[Drug, Row]]] = {}
    for d in site.drugs:
        if not d.in_table:
            continue
        for r in d.rows:
            kind = "loading" if r.dose_style == "loading" else "range" if r.dose_style == "range" else ""
            kind = kind or ("micrograms" if r.dose < 1 else "alternate_days" if r.freq == 48 else "")
            if kind:
                groups.setdefault(kind, []).append((d, r))
    return [
        {
            "id": kind,
            "weight": round(1 / len(groups), 6),
            "entries": [_entry(d, r) for d, r in pairs],
            "warnings": [_warning(d, r) for d, r in pairs],
        }
        for kind, pairs in sorted(groups.items())
    ]


def staff_facts(site: Site) -> None:
    """Riverside only: what the client's staff know that the documents do not say (hidden/DESIGN.md)."""
    if site.instance != "riverside":
        return
    by_name = {d.name: d for d in site.drugs}
    # 1. The Drug and Therapeutics Committee of 26 March 2026, after the extract: Selvorin suspended (batch
    #    recall), Mirapenem back on the formulary in its place. Nothing in the documents hints at it.
    by_name["Selvorin"].listed = False
    by_name["Mirapenem"].listed = True
    # 2. Kelmarin's maximum for focal seizures was keyed as 600 mg per day; the source monograph says 50 mg.
    kel = next(r for r in by_name["Kelmarin"].rows if r.indication.startswith("Focal seizures"))
    kel.printed_max, kel.max_daily = "600 mg per day", 50.0
    # 3. Tiramex's renal entry was carried over from version 1.9; the renal team's re-review changed every band.
    tir = by_name["Tiramex"]
    tir.renal_comment = "Comment: entry unchanged from version 1.9."
    tir.true_renal = {
        "30_50": ("max", 1000.0, "Maximum 1 g per day."),
        "10_29": ("max", 500.0, "Maximum 500 mg per day."),
        "below_10": ("avoid", 0, "Avoid."),
    }


def build(site: Site) -> None:
    site.drugs = make_drugs(site.seed)
    staff_facts(site)
    root = FAMILY / "variants" / site.instance
    inp = root / "workspace" / "input"
    ref = root / "hidden" / "reference"
    for folder in (inp, ref):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    save_docx(formulary_doc(site), inp / "formulary.docx")
    docx_to_pdf(renal_doc(site), inp / "renal_dosing_guide.pdf", f"{site.hospital} Renal Dosing Guide")
    write_reference(site, ref)
    n_rows = sum(len(x.rows) for x in site.drugs if x.in_table)
    n_warn = (ref / "warnings.csv").read_text().count("\n") - 1
    print(f"{site.instance}: {n_rows} rows, {n_warn} warnings")


SITES = [
    Site("base", 11, "Fenmoor General Hospital", "Edition 14, February 2026", "3.2 (January 2026)"),
    Site("riverside", 23, "Riverside Community Hospital", "Edition 9, March 2026", "2.0 (March 2026)"),
    Site("coastal", 37, "Saltmarsh Coastal Hospital", "Edition 5, April 2026", "1.4 (April 2026)"),
]


def main() -> None:
    for site in SITES:
        build(site)


if __name__ == "__main__":
    main()
