"""The data files of discharge_permit_compliance as the company's and the agency's systems produce them: the LIMS
export (csv), the sampling calendar (csv), the invalidation request log (xlsx), the flow workbook (xlsx) and the
agency's audit results (pdf)."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import openpyxl
from _discharge_permit_compliance_docs import AGENCY, COMPANY, save_xlsx, write_pdf
from _discharge_permit_compliance_model import Sample, Story, works_of

LIMS_COLS = [
    "LIMS_ROW", "SAMPLE_NO", "SITE_CODE", "SITE_NAME", "SAMPLE_POINT", "SAMPLED", "PURPOSE", "DETERMINAND", "RESULT",
    "UNITS", "LOD", "STATUS", "VERSION", "LAB", "ANALYSED", "INV_REF", "COMMENT",
]  # fmt: skip
DET_TEXT = {
    "BOD": ("BOD (5 day ATU)", "BOD5 ATU"),
    "SS": ("Suspended solids", "Solids, suspended at 105C"),
    "NH3": ("Ammoniacal nitrogen as N", "Ammoniacal Nitrogen as N"),
    "TP": ("Phosphorus, total as P", "Phosphorus Total as P"),
    "FE": ("Iron, total", "Iron Total"),
}
LOD_TEXT = {"BOD": "2", "SS": "3", "NH3": "0.2", "TP": "0.05", "FE": "0.05"}
PURPOSE = {"OSM": "OSM", "OPS": "OPS", "INV": "INVEST"}


def _when(dt: datetime, hard: bool, rng: random.Random) -> str:
    if not hard:
        return dt.strftime("%Y-%m-%d %H:%M")
    return dt.strftime(rng.choice(("%d/%m/%Y %H:%M", "%Y-%m-%dT%H:%M", "%d-%b-%Y %H:%M", "%d/%m/%Y %H:%M")))


def lims_rows(story: Story, hard: bool, rng: random.Random) -> list[dict]:
    ws = works_of(story.inst)
    rows = []
    for s in story.samples:
        if s.purpose == "AUDIT":
            continue
        w = ws[s.works]
        for det, r in s.results.items():
            name = DET_TEXT[det][1 if hard and rng.random() < 0.3 else 0]
            units, lod = "mg/l", LOD_TEXT[det]
            if r.units == "NH4":
                name, units, lod = "Ammonium as NH4", "mg/l NH4", "0.3"
            elif r.units == "ug/l":
                units, lod = ("µg/l" if hard else "ug/l"), "50"
            base = {
                "SAMPLE_NO": s.sid,
                "SITE_CODE": "" if hard else w.code,
                "SITE_NAME": rng.choice(w.aliases) if hard else w.aliases[0],
                "SAMPLE_POINT": s.point,
                "SAMPLED": _when(s.when, hard, rng),
                "PURPOSE": PURPOSE[s.purpose],
                "DETERMINAND": name,
                "UNITS": units,
                "LOD": lod,
                "LAB": r.lab,
                "INV_REF": r.inv_ref,
                "COMMENT": s.comment,
            }
            analysed = (s.day + timedelta(days=rng.randint(0, 2))).isoformat()
            if s.cancelled:
                rows.append({**base, "RESULT": "", "STATUS": "CANCELLED", "VERSION": "1", "ANALYSED": ""})
                continue
            text = r.text
            if r.units == "ug/l" and hard and len(text) > 3 and not text.startswith("<") and rng.random() < 0.5:
                text = f"{int(text):,}"
            if hard and rng.random() < 0.04:
                text = f" {text} "
            if r.first is not None:
                rows.append(
                    {
                        **base,
                        "RESULT": r.first,
                        "STATUS": "SUPERSEDED",
                        "VERSION": "1",
                        "ANALYSED": analysed,
                        "COMMENT": "Re-analysed: analytical quality control failed on the run",
                    }
                )
                later = (s.day + timedelta(days=4)).isoformat()
                rows.append({**base, "RESULT": text, "STATUS": "AUTHORISED", "VERSION": "2", "ANALYSED": later})
                continue
            comment = s.comment
            if r.status == "INVALID":
                comment = f"Invalidation requested: {r.inv_reason}"
            elif r.lab == "MER":
                comment = "Subcontracted to Meridian Analytical: analyser breakdown"
            rows.append(
                {**base, "RESULT": text, "STATUS": r.status, "VERSION": "1", "ANALYSED": analysed, "COMMENT": comment}
            )
    for i, row in enumerate(rows, start=1):
        row["LIMS_ROW"] = f"{(7 if hard else 4) * 100000 + i * 3}"
    return rows


def write_lims(path: Path, story: Story, hard: bool, rng: random.Random) -> int:
    rows = lims_rows(story, hard, rng)
    n = len(rows)
    # the export appends its last re-export: a block of rows again (in the hard instance under a second header)
    block = rows[int(n * 0.55) : int(n * 0.55) + (60 if hard else 35)]
    out = io.StringIO()
    wr = csv.DictWriter(out, LIMS_COLS, lineterminator="\r\n" if hard else "\n")
    wr.writeheader()
    wr.writerows(rows)
    if hard:
        out.write(",".join(LIMS_COLS) + "\r\n")
        wr.writerows(rows[int(n * 0.2) : int(n * 0.2) + 25])
    wr.writerows(block)
    text = out.getvalue()
    path.write_bytes(("\ufeff" + text).encode("utf-8") if hard else text.encode("utf-8"))
    return n


def write_calendar(path: Path, story: Story) -> None:
    ws = works_of(story.inst)
    out = io.StringIO()
    wr = csv.writer(out, lineterminator="\n")
    wr.writerow(["works_id", "works_name", "permit_no", "planned_date", "sample_type", "sampler"])
    samplers = ["J. Ridley", "M. Osei", "K. Varga", "P. Doherty"]
    for code, days in story.plan.items():
        w = ws[code]
        for i, d in enumerate(days):
            wr.writerow([code, f"{w.name} WwTW", w.permit_no, d.isoformat(), "OSM compliance", samplers[i % 4]])
    path.write_text(out.getvalue(), encoding="utf-8")


def write_invalidations(path: Path, story: Story, hard: bool) -> None:
    ws = works_of(story.inst)
    wb = openpyxl.Workbook()
    sh = wb.active
    sh.title = "Requests 2025"
    sh.append([f"{COMPANY} - sample invalidation requests to the {AGENCY}, 2025"])
    sh.append([f"Log as at {'20 January 2026' if hard else '30 January 2026'}"])
    sh.append([])
    sh.append(
        [
            "Request",
            "Works",
            "Sample no",
            "Sampled",
            "Determinand",
            "Reason",
            "Submitted",
            "REA decision",
            "Decision date",
            "REA comment",
        ]
    )
    reqs = []
    for s in story.samples:
        for det, r in s.results.items():
            if r.status == "INVALID":
                reqs.append((r.inv_ref, s, det, r))
    for ref, s, det, r in sorted(reqs, key=lambda x: x[0]):
        submitted = s.day + timedelta(days=9 if hard else 6)
        if r.outcome.startswith("pending"):
            decision, when, note = "Awaiting REA decision", None, ""
        elif r.outcome == "accepted":
            decision, when, note = "Accepted", submitted + timedelta(days=21), "Sample disregarded"
        else:
            decision, when, note = (
                "Refused",
                submitted + timedelta(days=25),
                "Evidence does not show the sample is unrepresentative",
            )
        sh.append([ref, f"{ws[s.works].name} WwTW", s.sid, s.day, det, r.inv_reason, submitted, decision, when, note])
    for row in sh.iter_rows(min_row=5):
        for c in row:
            if isinstance(c.value, date):
                c.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_flows(path: Path, story: Story, hard: bool, rng: random.Random) -> None:
    ws = works_of(story.inst)
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for code, vols in story.volumes.items():
        w = ws[code]
        ml = w.flow["volume"] == "Ml"
        sh = wb.create_sheet(w.name if hard else code)
        sh.append([f"{w.name} WwTW - final effluent flow meter FM01 - daily volumes 2025"])
        sh.append([f"Permit {w.permit_no}"])
        sh.append([])
        sh.append(["Date", "Daily volume (Ml)" if ml else "Daily volume (m3)", "Data quality"])
        for d, v, q in vols:
            cell = d
            if hard and rng.random() < 0.08:
                cell = d.strftime("%d/%m/%Y")
            if v is None:
                shown = "M" if hard and rng.random() < 0.5 else None
            elif ml:
                shown = round(v / 1000, 3)
            else:
                shown = int(v)
                if hard and rng.random() < 0.06:
                    shown = f"{int(v):,}"
            sh.append([cell, shown, q])
        for row in sh.iter_rows(min_row=5, max_col=1):
            for c in row:
                if isinstance(c.value, date):
                    c.number_format = "dd/mm/yyyy"
    sh = wb.create_sheet("Overflow spills")
    sh.append(["Storm and emergency overflow spills recorded by telemetry, 2025"])
    sh.append([])
    sh.append(
        [
            "Event ID",
            "Works",
            "Outlet",
            "Spill start",
            "Spill end",
            "Duration (h)",
            "Pass-forward flow at spill start",
            "Units",
        ]
    )
    rows = []
    for sp in sorted(story.spills, key=lambda x: x.start):
        end = sp.start + timedelta(hours=sp.hours)
        outlet = {"S1": "S1 storm overflow", "E1": "E1 inlet emergency overflow"}[sp.outlet]
        flow = sp.flow if sp.units == "m3/h" else round(sp.flow, 1)
        rows.append([sp.eid, f"{ws[sp.works].name} WwTW", outlet, sp.start, end, sp.hours, flow, sp.units])
    if hard:
        for i in (3, 11, 19):
            rows.insert(i + 1, list(rows[i]))  # the logger re-sent these events
    for r in rows:
        sh.append(r)
    for row in sh.iter_rows(min_row=4, min_col=4, max_col=5):
        for c in row:
            c.number_format = "dd/mm/yyyy hh:mm"
    save_xlsx(wb, path)


def _audit_line(s: Sample, det: str, name: str) -> str:
    r = s.results[det]
    units = {"BOD": "mg/l", "SS": "mg/l", "NH3": "mg/l N", "TP": "ug/l P"}[det]
    label = {"BOD": "BOD (ATU)", "SS": "Susp. solids", "NH3": "Ammoniacal N", "TP": "Total phosphorus"}[det]
    split = s.split if isinstance(s.split, str) and s.split else "-"
    text = r.text + ("*" if r.provisional else "")
    return f"{s.sid:<12} {name:<22} {s.day.strftime('%d/%m/%Y'):<11} {label:<17} {text:>7} {units:<7} {split}"


def write_audit_pdf(path: Path, story: Story, hard: bool) -> None:
    ws = works_of(story.inst)
    area = story.inst["area"]
    audits = [s for s in story.samples if s.purpose == "AUDIT"]
    blocks = [
        ("p", f"Operator: {COMPANY}. Area: {area}. Period: 1 January to 31 December 2025. Issued 23 January 2026."),
        (
            "p",
            "These are the results of the agency's audit samples of final effluent at the operator's wastewater "
            "treatment works, analysed at the agency's National Laboratory. Where the sample was split with the "
            "operator, the operator's sample number is shown. Results below the limit of detection are shown as "
            "less than the limit. Phosphorus is reported in micrograms per litre as P.",
        ),
        ("h", "Results"),
        (
            "t",
            f"{'REA ref':<12} {'Site':<22} {'Sampled':<11} {'Determinand':<17} {'Result':>7} {'Units':<7} Split with",
        ),
    ]
    for s in audits:
        name = ws[s.works].aliases[1].title() if hard else f"{ws[s.works].name} WwTW"
        for det in ("BOD", "SS", "NH3", "TP"):
            if det in s.results:
                blocks.append(("t", _audit_line(s, det, name.replace("Stw", "STW"))))
    if any(r.provisional for s in audits for r in s.results.values()):
        blocks += [
            ("p", ""),
            (
                "p",
                "* Provisional: the National Laboratory is reviewing the analytical quality control "
                "of this run. A confirmed or withdrawn result will be notified separately.",
            ),
        ]
    blocks += [
        ("p", ""),
        (
            "p",
            "Queries about these results to the area's Water Quality Regulation team. This schedule does not "
            "record a compliance decision: compliance is assessed as set out in the agency's guidance.",
        ),
    ]
    write_pdf(path, f"{AGENCY} - audit monitoring results 2025", blocks, f"{AGENCY} - {area} area")
