"""The data files of stability_shelf_life as the client's systems wrote them: Carrow Mill's LIMS export(s) of the
10 mg results (csv; the hard instance's older results in the legacy LIMS's layout), Oderberg's workbook of the
20 mg results (xlsx, one sheet per batch and condition, assay in mg per tablet, six dissolution vessels), the
stability batch register (xlsx) and, in the hard instance, QA's OOS log (xlsx)."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import openpyxl
from _stability_shelf_life_model import Batch, Result
from _stability_shelf_life_pdf import save_xlsx

TEST_NAME = {
    "assay": "ASSAY",
    "impurity_b": "IMPURITY B",
    "total_impurities": "TOTAL IMPURITIES",
    "dissolution": "DISSOLUTION 30 MIN",
}
UNITS = {"assay": "%LC", "impurity_b": "%", "total_impurities": "%", "dissolution": "% dissolved (mean n=6)"}
COND_LIMS = {"T0": "INITIAL", "LT": "25C/60%RH", "INT": "30C/65%RH", "ACC": "40C/75%RH"}
COND_LEGACY = {"T0": "Initial", "LT": "25°C/60%RH", "INT": "30°C/65%RH", "ACC": "40°C/75%RH"}
COND_SHEET = {"LT": "25-60", "INT": "30-65", "ACC": "40-75"}
COND_LONG = {
    "LT": "long-term 25 °C / 60 % RH",
    "INT": "intermediate 30 °C / 65 % RH",
    "ACC": "accelerated 40 °C / 75 % RH",
}
SPEC_CHANGE = date(2025, 1, 15)
LEGACY_CUT = date(2024, 7, 1)


def _csv(path: Path, header: list[str], rows: list[list], delimiter: str = ",", encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def _status_comment(r: Result) -> tuple[str, str]:
    if r.status == "OOS":
        return "OOS", r.note
    if r.status == "RETEST":
        return "RETEST", f"Retest - {r.note} - not reportable until the investigation is closed"
    return "APPROVED", ""


def _timepoint(r: Result) -> str:
    return "T0" if r.condition == "T0" else f"T{r.nominal}M"


def write_lims(folder: Path, inst: dict, batches: list[Batch], results: list[Result], rng: random.Random) -> list[str]:
    """The 10 mg results. Base: one export, ISO dates, the last re-export appended (repeated result ids). Hard: the
    results tested before July 2024 in the legacy LIMS's layout (semicolons, decimal commas, Windows-1252, dd/mm/yyyy)
    and the new LIMS's export from June 2024 (the overlap repeated), dates in two formats, a re-export appended."""
    carrow = {b.batch_id for b in batches if b.site == "carrow"}
    rows = sorted((r for r in results if r.batch in carrow), key=lambda r: (r.tested, r.batch, r.rid))
    header = [
        "RESULT_ID",
        "SAMPLE_ID",
        "BATCH",
        "PRODUCT",
        "CONDITION",
        "TIMEPOINT",
        "PULL_DATE",
        "TEST_DATE",
        "TEST",
        "RESULT",
        "UNITS",
        "SPEC_VERSION",
        "STATUS",
        "COMMENT",
    ]

    def new_row(r: Result, mixed: bool) -> list:
        status, comment = _status_comment(r)
        fmt = "%d-%b-%Y" if mixed and rng.random() < 0.3 else "%Y-%m-%d"
        return [
            r.rid,
            f"S-{r.batch[-4:]}-{COND_LIMS[r.condition][:2]}-{_timepoint(r)}",
            r.batch,
            "OSTRICLAN 10MG FCT",
            COND_LIMS[r.condition],
            _timepoint(r),
            r.pulled.strftime(fmt),
            r.tested.strftime(fmt),
            TEST_NAME[r.attribute],
            r.text,
            UNITS[r.attribute],
            "3.0" if r.tested < SPEC_CHANGE else "4.0",
            status,
            comment,
        ]

    names = []
    if not inst["hard"]:
        body = [new_row(r, False) for r in rows]
        again = [list(b) for b, r in zip(body, rows, strict=True) if date(2024, 3, 1) <= r.tested <= date(2024, 9, 30)]
        name = "carrow_LIMS_stability_OST10_export.csv"
        _csv(folder / name, header, body + again)
        return [name]
    legacy = [r for r in rows if r.tested < LEGACY_CUT]
    leg_header = [
        "Result No",
        "Batch",
        "Study",
        "Storage",
        "Interval",
        "Pulled",
        "Tested",
        "Analysis",
        "Result",
        "Unit",
        "Status",
    ]
    leg_rows = []
    for r in legacy:
        text = r.text.replace(".", ",")
        interval = "Initial" if r.condition == "T0" else f"{r.nominal} M"
        leg_rows.append(
            [
                r.rid,
                r.batch.replace("-", ""),
                "STP-OST-014",
                COND_LEGACY[r.condition],
                interval,
                r.pulled.strftime("%d/%m/%Y"),
                r.tested.strftime("%d/%m/%Y"),
                TEST_NAME[r.attribute].title(),
                text,
                UNITS[r.attribute],
                "Released",
            ]
        )
    name = "carrow_LIMS_legacy_OST10_to_2024-06.csv"
    _csv(folder / name, leg_header, leg_rows, delimiter=";", encoding="cp1252")
    names.append(name)
    recent = [r for r in rows if r.tested >= date(2024, 6, 1)]
    body = [new_row(r, True) for r in recent]
    again = [list(b) for b, r in zip(body, recent, strict=True) if date(2024, 11, 1) <= r.tested <= date(2025, 2, 28)]
    name = "carrow_LIMS_stability_OST10_export.csv"
    _csv(folder / name, header, body + again)
    names.append(name)
    return names


def write_oderberg(path: Path, inst: dict, batches: list[Batch], results: list[Result], rng: random.Random) -> None:
    """The 20 mg results: one sheet per batch and condition, intervals across, assay in mg per tablet, the six
    dissolution vessels on their own rows; dates as day.month.year text (the hard instance mixes in real dates)."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    by = {}
    for r in results:
        by.setdefault((r.batch, r.condition, r.nominal), {})[r.attribute] = r
    for b in (b for b in batches if b.site == "oderberg"):
        for cond in ("LT", "INT", "ACC"):
            label = b.batch_id.replace("-", " ") if inst["hard"] else b.batch_id
            ws = wb.create_sheet(f"{label} {COND_SHEET[cond]}")
            ws.append([f"Ostriclan 20 mg - batch {b.batch_id} - {COND_LONG[cond]}"])
            keys = sorted((k for k in by if k[0] == b.batch_id and k[1] in (cond, "T0")), key=lambda k: k[2])
            if cond != "LT":
                keys = [k for k in keys if k[1] != "T0"]
                ws.append(["Initial results: see the long-term sheet"])
            cols = [by[k] for k in keys]

            def when(d: date) -> object:
                if inst["hard"] and rng.random() < 0.4:
                    return datetime(d.year, d.month, d.day)
                return d.strftime("%d.%m.%Y")

            ws.append(["Interval (months)", *[k[2] for k in keys]])
            ws.append(["Pull date", *[when(c["assay"].pulled) for c in cols]])
            ws.append(["Test date", *[when(c["assay"].tested) for c in cols]])
            ws.append(["Assay (mg/tablet)", *[float(c["assay"].text) for c in cols]])
            imp = []
            for c in cols:
                t = c["impurity_b"].text
                imp.append("< LOQ" if t == "<LOQ" else "n.d." if t == "ND" else float(t))
            ws.append(["Impurity B (%)", *imp])
            ws.append(["Total impurities (%)", *[float(c["total_impurities"].text) for c in cols]])
            for v in range(6):
                ws.append([f"Dissolution 30 min, vessel {v + 1} (%)", *[c["dissolution"].units[v] for c in cols]])
            for row in ws.iter_rows(min_row=3):
                for cell in row:
                    if isinstance(cell.value, datetime):
                        cell.number_format = "dd.mm.yyyy"
    save_xlsx(wb, path)


def write_register(path: Path, inst: dict, batches: list[Batch]) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Register"
    ws.append(["Stability batch register - Ostriclan film-coated tablets (STP-OST-014)"])
    ws.append(
        [
            "Batch",
            "Strength",
            "Manufacturing site",
            "Manufactured",
            "Placed on station",
            "Pack component",
            "Batch size (tablets)",
            "Study role",
        ]
    )
    for b in sorted(batches, key=lambda b: b.batch_id):
        made = b.start - timedelta(days=21)
        ws.append(
            [
                b.batch_id,
                b.strength.replace("mg", " mg"),
                "Carrow Mill" if b.site == "carrow" else "Oderberg",
                made,
                b.start,
                b.pack,
                600_000 if b.strength == "10mg" else 450_000,
                "Primary stability",
            ]
        )
    for row in ws.iter_rows(min_row=3, min_col=4, max_col=5):
        for cell in row:
            cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_oos_log(path: Path, story: dict) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "OOS log"
    ws.append(["OOS / OOT investigation log - QC Carrow Mill"])
    ws.append(["Investigation", "Product", "Batch", "Test / interval", "Result", "Opened", "Phase I outcome", "Status"])
    ws.append(
        [
            "OOS-24-077",
            "Fenoraxil 5 mg tablets",
            "F05-2211",
            "Dissolution / release",
            "71 %",
            date(2024, 10, 2),
            "Assignable cause: wrong medium pH",
            "Closed 18/10/2024",
        ]
    )
    ws.append(
        [
            "OOT-25-004",
            "Ostriclan 20 mg FCT",
            "-",
            "Water content / 18 M",
            "3.1 %",
            date(2025, 1, 20),
            "Within trend after review",
            "Closed 04/02/2025",
        ]
    )
    oos = story["oos"]
    ws.append(
        [
            oos["id"],
            "Ostriclan 10 mg FCT",
            oos["batch"],
            "Assay / 24 M at 25C/60%RH",
            f"{oos['original']:.1f} %",
            oos["tested"],
            "No assignable cause found in Phase I",
            "Open - Phase II",
        ]
    )
    for row in ws.iter_rows(min_row=3, min_col=6, max_col=6):
        for cell in row:
            cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)
