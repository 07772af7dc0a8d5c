"""The texts of stability_shelf_life: the stability protocol (pdf), the evaluation SOP and the current
specification (docx), the superseded specification (pdf), the e-mails, and the matters the note must raise
(`hidden/reference/issues.json`, read by checks.py:note_issues)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import docx
from _stability_shelf_life_pdf import COMPANY, save_docx, write_pdf

PRODUCT = "Ostriclan 10 mg and 20 mg film-coated tablets"
QC = "Kofi Mensah <k.mensah@brackenridge-generics.example>"
QA = "Ingrid Salo <i.salo@brackenridge-generics.example>"
ODB = "Pavel Dvorak <p.dvorak@brackenridge-oderberg.example>"
RA = "Amara Okonkwo <a.okonkwo@brackenridge-generics.example>"
QUALITY = "Helena Marsh <h.marsh@brackenridge-generics.example>"


def protocol(path: Path) -> None:
    blocks = [
        ("p", "Document STP-OST-014, version 3, approved 14 December 2022. Product: " + PRODUCT + "."),
        ("h", "1. Purpose and scope"),
        (
            "p",
            "This protocol covers the primary stability batches of Ostriclan 10 mg (manufactured and tested at "
            "Carrow Mill) and Ostriclan 20 mg (manufactured and tested at the Oderberg plant) in the commercial "
            "container closure, an Alu/Alu blister (pack component PK-2240) in a carton. The data support the "
            "shelf life and the storage statement of the marketing authorisation.",
        ),
        ("h", "2. Storage conditions"),
        ("t", "Condition        Temperature / humidity      Intervals (months)"),
        ("t", "Long-term        25 C +/- 2 C / 60 % RH      0, 3, 6, 9, 12, 18, 24, 36"),
        ("t", "Intermediate     30 C +/- 2 C / 65 % RH      0, 3, 6, 9, 12"),
        ("t", "Accelerated      40 C +/- 2 C / 75 % RH      0, 3, 6"),
        ("p", ""),
        ("h", "3. Tests"),
        (
            "p",
            "Appearance; assay of ostriclan by HPLC (% of label claim); impurity B and total impurities by HPLC "
            "(%, area normalised); dissolution at 30 minutes "
            "(6 units, % dissolved); water content. Acceptance criteria: the current shelf-life specification.",
        ),
        ("h", "4. Pulls and testing"),
        (
            "p",
            "4.1 Samples are pulled from the chamber within 7 days after the nominal date and tested within 30 "
            "days of the pull. A test performed later than that is recorded as a deviation from this protocol "
            "and assessed by QA.",
        ),
        (
            "p",
            "4.2 For the evaluation of results the age of a sample is the time from the batch's stability "
            "start date (the date the batch was placed on station, as recorded in the stability batch register) "
            "to the date the sample was tested, in months of 30.44 days. The nominal interval only identifies "
            "the pull. The initial results (T0), tested at release, count at age 0 at every storage condition.",
        ),
        ("h", "5. Evaluation"),
        (
            "p",
            "The results are evaluated according to ICH Q1E and QC-SOP-112. The shelf life is proposed from the "
            "long-term results of the primary batches, supported by the intermediate and accelerated results "
            "as ICH Q1A(R2) and Q1E describe.",
        ),
    ]
    write_pdf(path, f"{COMPANY}: Stability protocol STP-OST-014", blocks)


def sop(path: Path) -> None:
    d = docx.Document()
    d.add_heading("QC-SOP-112 Evaluation of stability data", 0)
    d.add_paragraph(f"{COMPANY}. Version 5, effective 3 March 2024. Owner: Head of Quality Control.")
    d.add_heading("1. Purpose", 1)
    d.add_paragraph(
        "How stability results are prepared for evaluation and how the shelf life of a product is "
        "proposed from them. The statistical evaluation follows ICH Q1E; storage conditions and the "
        "criteria of a significant change are those of ICH Q1A(R2); the storage statement follows the "
        "EU guideline on declaration of storage conditions."
    )
    d.add_heading("2. Results used", 1)
    rules = [
        "Only reportable results are used. A result confirmed out of specification stands. A result invalidated "
        "by a closed OOS investigation with an assignable laboratory cause is replaced by the valid retest. While "
        "an investigation is open, the original result stands and the retest is not reportable.",
        "A result appearing more than once in an export (same result id) is used once.",
        "Impurity results reported below the limit of quantitation ('<LOQ'; LOQ 0.05 %) enter the evaluation at "
        "half the LOQ, 0.025 %; results reported as not detected ('ND') at zero.",
        "Assay is evaluated as % of label claim: results reported in mg per tablet are converted with the "
        "strength's label claim. Dissolution is evaluated as the mean of the units tested.",
        "Each attribute is evaluated against the acceptance criterion of the shelf-life specification in force "
        "at the time of the evaluation, whatever version was printed with the result.",
    ]
    for i, r in enumerate(rules, start=1):
        d.add_paragraph(f"2.{i} {r}")
    d.add_heading("3. Evaluation", 1)
    evals = [
        "Each strength is evaluated on its own primary batches in the commercial container closure, attribute "
        "by attribute: assay, impurity B, total impurities and dissolution.",
        "Where the batches of a strength are not combined, each batch's regression line is fitted to that "
        "batch's own results.",
        "The shelf life is stated in whole months, rounded down. One shelf life is proposed for the product: "
        "the shortest of its strengths'.",
        "The evaluation report states, per attribute, whether the batches were combined, the batch that limits "
        "the shelf life where they were not, and the time at which the attribute reaches its acceptance "
        "criterion; and it states the storage statement proposed for the product information.",
    ]
    for i, r in enumerate(evals, start=1):
        d.add_paragraph(f"3.{i} {r}")
    save_docx(d, path)


def spec_current(path: Path, specs: dict) -> None:
    d = docx.Document()
    d.add_heading("SPEC-FP-OST Finished product specification: Ostriclan film-coated tablets", 0)
    d.add_paragraph(
        f"{COMPANY}. Version {specs['current']}, effective 15 January 2025. Supersedes version 3.0. "
        "Shelf-life acceptance criteria as approved in the marketing authorisation."
    )
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, ("Test", "Method", "Shelf-life acceptance criterion"), strict=True):
        c.text = text
    rows = [
        ("Appearance", "Visual", "White, round, biconvex film-coated tablets"),
        ("Assay", "ATM-0311 (HPLC)", f"{specs['assay']:.1f} - 105.0 % of label claim"),
        ("Impurity B", "ATM-0457 (HPLC)", f"Not more than {specs['impurity_b']:.2f} %"),
        ("Any other impurity", "ATM-0457 (HPLC)", "Not more than 0.20 %"),
        ("Total impurities", "ATM-0457 (HPLC)", f"Not more than {specs['total_impurities']:.1f} %"),
        ("Dissolution (30 min)", "ATM-0320", f"Q = {specs['dissolution']:.0f} %"),
        ("Water content", "KF", "Not more than 4.0 %"),
    ]
    for row in rows:
        cells = t.add_row().cells
        for c, text in zip(cells, row, strict=True):
            c.text = text
    d.add_paragraph(
        "Change from version 3.0: impurity B, total impurities and dissolution tightened at the "
        "request of the competent authority at the renewal of the authorisation."
    )
    save_docx(d, path)


def spec_old(path: Path, specs: dict) -> None:
    blocks = [
        ("p", "Version 3.0, effective 1 June 2021."),
        ("t", "Test                  Method            Shelf-life acceptance criterion"),
        ("t", f"Assay                 ATM-0311 (HPLC)   {specs['assay']:.1f} - 105.0 % of label claim"),
        ("t", f"Impurity B            ATM-0457 (HPLC)   Not more than {specs['old_impurity_b']:.2f} %"),
        ("t", "Any other impurity    ATM-0457 (HPLC)   Not more than 0.20 %"),
        ("t", f"Total impurities      ATM-0457 (HPLC)   Not more than {specs['old_total']:.1f} %"),
        ("t", "Dissolution (30 min)  ATM-0320          Q = 75 %"),
        ("t", "Water content         KF                Not more than 4.0 %"),
    ]
    write_pdf(path, "SPEC-FP-OST Finished product specification: Ostriclan film-coated tablets", blocks)


def mails(inst: dict, story: dict, export_names: list[str]) -> list[tuple[str, str, str, str, str, str]]:
    oos = story["oos"]
    hard = inst["hard"]
    out = [
        (
            "01_lims_export.eml",
            QC,
            QUALITY,
            f"{inst['export_date']:%Y-%m-%d} 16:20",
            "Ostriclan 10 mg stability results from LIMS",
            "Helena,\n\nAttached the LIMS export of the Ostriclan 10 mg stability studies at Carrow Mill, all three "
            "storage conditions, up to the 24-month pull: "
            + ", ".join(export_names)
            + ".\n\n"
            + (
                "The export tool appends the last re-export, so some results are in twice with the same result id. "
                "Impurity results below the LOQ show as '<LOQ' or 'ND'.\n\n"
                if not hard
                else ""
            )
            + "Kofi\nQC Laboratory Manager, Carrow Mill\n",
        ),
        (
            "02_oderberg_results.eml",
            ODB,
            QUALITY,
            f"{inst['export_date']:%Y-%m-%d} 10:05",
            "Ostriclan 20 mg stability - Oderberg workbook",
            "Dear Helena,\n\nPlease find the 20 mg stability results from our laboratory in the usual workbook, "
            "one sheet per batch and condition.\n\n"
            + (
                "As always we report assay in mg per tablet and the six dissolution vessels separately; dates are "
                "day.month.year.\n\n"
                if not hard
                else ""
            )
            + "Best regards,\nPavel Dvorak\nHead of Quality Control, Oderberg\n",
        ),
    ]
    if not hard:
        out.append(
            (
                "03_oos.eml",
                QA,
                QUALITY,
                "2025-05-12 11:40",
                f"{oos['id']} closed",
                f"Helena,\n\n{oos['id']} (Ostriclan 10 mg batch {oos['batch']}, 24-month assay at 25C/60%RH, "
                f"{oos['original']:.1f} %) is closed: the Phase I investigation found an assignable laboratory "
                "cause, a damaged HPLC column. The original result is invalidated and the retest of "
                f"{oos['retest']:.1f} % is the reportable result. LIMS still shows the original as OOS until "
                "the record is updated.\n\nIngrid\nQA Manager\n",
            )
        )
    else:
        out.append(
            (
                "03_oos.eml",
                QC,
                QUALITY,
                f"{oos['tested'] + timedelta(days=2):%Y-%m-%d} 09:15",
                f"{oos['id']} opened - Ostriclan 10 mg assay",
                f"Helena,\n\nFYI I have opened {oos['id']}: batch {oos['batch']}, 24-month assay at 25C/60%RH, "
                f"{oos['original']:.1f} % against 95.0 - 105.0 %. The analyst's retest is in LIMS but not "
                "reportable until the investigation is closed. Phase I has not found a cause yet.\n\nKofi\n",
            )
        )
    out.append(
        (
            "04_variation.eml",
            RA,
            QUALITY,
            f"{inst['export_date']:%Y-%m-%d} 14:30",
            "Ostriclan shelf-life variation",
            "Hi Helena,\n\nFor the variation to extend the Ostriclan shelf life (currently 24 months, no special "
            "storage conditions on the label) I need from Quality the proposed shelf life and storage statement "
            "with the justification of the stability data under ICH Q1E, and the QP's agreement before we "
            "submit.\n\nAmara\nRegulatory Affairs Manager\n",
        )
    )
    return out


def issues(inst: dict, story: dict) -> list[dict]:
    oos = story["oos"]
    out = [
        {
            "id": "oos",
            "what": f"the 24-month assay OOS {oos['id']} on {oos['batch']} and which result was used",
            "all_of": [[oos["id"].lower(), oos["batch"].lower()]],
            "any_of": [
                "retest",
                "invalidat",
                "laboratory error",
                "lab error",
                "column",
                "original result",
                "reportable",
            ],
        },
        {
            "id": "significant_change",
            "what": "the accelerated data show a significant change (impurity B over its "
            "limit), which limits extrapolation",
            "all_of": [["accelerated", "40c", "40 c", "40°c", "40 °c"]],
            "any_of": [
                "significant change",
                "1.5",
                "x + 6",
                "x+6",
                "six months beyond",
                "6 months beyond",
                "intermediate",
            ],
        },
        {
            "id": "spec_version",
            "what": "the current specification version 4.0 (impurity B 0.40 %) replaces 3.0",
            "all_of": [["4.0", "version 4", "v4"]],
            "any_of": ["0.40", "0.4 %", "0.4%", "supersed", "3.0", "v3", "version 3", "tighten"],
        },
        {
            "id": "ages",
            "what": "ages taken from the test dates, not the nominal intervals",
            "all_of": [["test date", "tested", "date of test", "actual age", "actual time", "date the sample"]],
            "any_of": ["nominal", "age", "30.44", "month"],
        },
        {
            "id": "storage",
            "what": "the storage statement: do not store above 30 °C",
            "all_of": [["30°c", "30 °c", "30c", "30 c", "30 degrees", "30 ºc", "30ºc"]],
            "any_of": ["store", "storage"],
        },
        {
            "id": "late_testing",
            "what": "samples tested more than 30 days after the pull: protocol deviations",
            "all_of": [["30 days", "testing window", "window", "protocol deviation", "deviation"]],
            "any_of": ["late", "after the pull", "outside", "beyond", "exceed", "pulled"],
        },
    ]
    if inst["hard"]:
        biased = story["biased"]
        out += [
            {
                "id": "same_run",
                "what": f"{biased['batch']}'s 24-month assay from the same run is invalid too",
                "all_of": [[biased["batch"].lower()]],
                "any_of": [
                    f"{biased['retest']:.1f}",
                    "invalidat",
                    "same run",
                    "same sequence",
                    "same column",
                    "biased",
                ],
            },
            {
                "id": "old_pack",
                "what": "O20-2314 in the old PK-1180 blister is not representative and excluded",
                "all_of": [["o20-2314"]],
                "any_of": ["pk-1180", "pack", "blister", "container", "exclud", "not representative"],
            },
            {
                "id": "rrf",
                "what": "Oderberg's impurity B results used the wrong relative response factor",
                "weight": 2,
                "all_of": [["rrf", "response factor"]],
                "any_of": ["0.8", "oderberg", "impurity b", "correct"],
            },
            {
                "id": "commitment",
                "what": "the agreed total impurities limit of 0.8 % at shelf life",
                "weight": 2,
                "all_of": [["total impurit"], ["0.8 %", "0.8%", "0.80 %", "0.80%", "nmt 0.8", "not more than 0.8"]],
                "any_of": ["commitment", "agreed", "agency", "authority", "tighten", "limit", "criterion"],
            },
        ]
    return out
