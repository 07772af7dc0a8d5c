"""The documents of discharge_permit_compliance: the agency's assessment guidance (pdf), the permits, a reissue's
superseded version and the variation notice (docx), the agency's letter on the storm (pdf, fair instance), the
e-mails that came with the files, and the matters the note must raise (`hidden/reference/issues.json`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import docx
from _discharge_permit_compliance_docs import AGENCY, COMPANY, save_docx, write_pdf
from _discharge_permit_compliance_model import Story, works_of
from _discharge_permit_compliance_story import Limits, Works

HEAD = "Dr Sarah Penhaligon <s.penhaligon@tarnvale-water.example>"
LAB = "Dr Kwame Asante <k.asante@tarnvale-water.example>"
SAMPLING = "Bethan Lloyd <b.lloyd@tarnvale-water.example>"
REG = "Imran Qureshi <i.qureshi@tarnvale-water.example>"
OPS = "Declan Furness <d.furness@tarnvale-water.example>"
FLOWS = "Jo Whitcombe <j.whitcombe@tarnvale-water.example>"
TEAM = "Environmental Compliance <env.compliance@tarnvale-water.example>"


def guidance(path: Path) -> None:
    p = "p"
    blocks = [
        (
            "p",
            "Operational guidance WQ-OG-417, version 3.1, March 2024. Water discharge activities: wastewater "
            "treatment works operated under operator self-monitoring (OSM).",
        ),
        ("h", "1. Purpose"),
        (
            p,
            "This guidance sets out how the agency assesses whether the discharge from a wastewater treatment works "
            "complied with the conditions of its environmental permit over a calendar year. Operators use it to "
            "prepare their annual compliance return; the agency uses the same method in its own assessment.",
        ),
        ("h", "2. Compliance samples"),
        (
            p,
            "2.1 A compliance sample is a sample of final effluent taken at the sampling point specified in the "
            "permit, under the operator's approved sampling plan and registered as an OSM compliance sample, or an "
            "audit sample taken by the agency. Samples taken for process control, operational or investigation "
            "purposes are not compliance samples, whatever their results.",
        ),
        (
            p,
            "2.2 Every compliance sample taken in the year counts, whether or not it was in the sampling plan. A "
            "resample taken after a failure is an additional compliance sample; it does not replace the sample it "
            "follows.",
        ),
        (
            p,
            "2.3 A laboratory's re-analysis of the same sample under its quality procedures is not a new sample. "
            "The sample's result is the final authorised result.",
        ),
        (
            p,
            "2.4 Where the agency splits a sample with the operator, the two parts are one sample. For each "
            "determinand the agency analysed, the agency's result is used.",
        ),
        (
            p,
            "2.5 An operator may ask the agency to disregard a compliance sample that was not representative of "
            "the discharge (an invalidation request, with its evidence). Only a request the agency has accepted "
            "removes the sample. A sample whose request was refused, or has not been decided when the assessment "
            "is made, counts.",
        ),
        (
            p,
            "2.6 Compliance samples must be analysed by a laboratory accredited to ISO/IEC 17025 for the method "
            "under the agency's Monitoring Certification Scheme. A result obtained while the laboratory did not "
            "hold that accreditation for the method is not a valid compliance result.",
        ),
        (
            p,
            "2.7 A sample taken at a point other than the permitted sampling point is not a compliance sample "
            "unless the agency has agreed that point in writing, and then only from the date of its agreement.",
        ),
        (
            p,
            "2.8 Results that the agency agrees in writing were caused by unusual situations, such as heavy rain, "
            "flooding or an emergency (Directive 91/271/EEC, Annex I, D.5), are disregarded. Only the agency can "
            "agree this; the operator's own view that a result was unusual is not enough.",
        ),
        ("h", "3. Assessing the conditions"),
        (p, "3.1 Each condition is assessed on the valid compliance samples of the calendar year."),
        (
            p,
            "3.2 Conditions marked 'look-up table' are assessed with the look-up table of Directive 91/271/EEC, "
            "Annex I, Table 3.",
        ),
        (p, "3.3 Upper tier limits are absolute limits."),
        (
            p,
            "3.4 An annual average limit is compared with the mean of all the valid compliance results of the "
            "year. A result below the limit of detection is taken at the limit of detection.",
        ),
        (p, "3.5 A result equal to a limit complies with it."),
        (
            p,
            "3.6 Where a permit is varied during the year, each varied condition is assessed separately over the "
            "period in which each version applied, on the samples taken in that period.",
        ),
        (
            p,
            "3.7 Results are assessed in the units of the permit: milligrams per litre, ammoniacal nitrogen as N, "
            "phosphorus as P, iron as total iron.",
        ),
        ("h", "4. Flow conditions"),
        (
            p,
            "4.1 Dry weather flow is assessed on the measured DWF as the permit defines it, from the daily volumes "
            "recorded by the certified final effluent flow meter. Days without a complete record are left out.",
        ),
        (
            p,
            "4.2 A spill from a storm overflow that started while the flow passed forward to full treatment was "
            "below the permitted flow to full treatment (FFT) is a breach of the FFT condition. Spills from an "
            "emergency overflow are not assessed under the FFT condition.",
        ),
        ("h", "5. Reporting"),
        (
            p,
            "5.1 The annual compliance return states, for each works, each condition and whether it was met. It "
            "reports every failure, every breach of a flow condition, and any year in which fewer compliance "
            "samples were taken than the permit requires.",
        ),
    ]
    write_pdf(
        path,
        f"{AGENCY}: assessing the compliance of wastewater treatment works discharges",
        blocks,
        f"{AGENCY} WQ-OG-417 v3.1",
    )


def _limit_rows(lim: Limits) -> list[list[str]]:
    rows = []
    for key, label in (("bod", "BOD (5 day, ATU)"), ("ss", "Suspended solids"), ("nh3", "Ammoniacal nitrogen as N")):
        v = getattr(lim, key)
        if v:
            rows.append([label, "Look-up table", f"{v[0]:g}", "mg/l", "Calendar year"])
            rows.append([label, "Upper tier", f"{v[1]:g}", "mg/l", "Any sample"])
    if lim.tp:
        rows.append(["Total phosphorus as P", "Annual average", f"{lim.tp:.1f}", "mg/l", "Calendar year"])
    if lim.fe:
        rows.append(["Total iron", "Upper tier", f"{lim.fe:g}", "mg/l", "Any sample"])
    return rows


def _table(d: Any, header: list[str], rows: list[list[str]]) -> None:
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, header, strict=True):
        c.text = h
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r, strict=True):
            c.text = v


def permit(path: Path, w: Works, lim: Limits, issued: str, replaces: str = "") -> None:
    d = docx.Document()
    d.add_heading(f"Environmental permit {w.permit_no}", 0)
    d.add_paragraph(f"Issued by the {AGENCY} on {issued}.")
    d.add_paragraph(
        f"Operator: {COMPANY}. Regulated facility: {w.name} Wastewater Treatment Works, a water "
        f"discharge activity of treated sewage effluent to the {w.river} at NGR {w.ngr}."
    )
    if replaces:
        d.add_paragraph(replaces)
    d.add_heading("Schedule 3 - Emissions and monitoring", 1)
    d.add_paragraph("Table S3.1 Effluent limits for the discharge of final effluent from outlet point FE1.")
    _table(d, ["Determinand", "Limit type", "Limit", "Units", "Reference period"], _limit_rows(lim))
    d.add_paragraph("")
    d.add_paragraph("Table S3.2 Flow conditions.")
    _table(
        d,
        ["Condition", "Limit", "Units"],
        [
            ["Dry weather flow (measured DWF)", f"{lim.dwf:,}", "m3/d"],
            ["Flow to full treatment before storm overflow S1 operates", f"{lim.fft:g}", "l/s"],
        ],
    )
    d.add_paragraph(
        "Measured DWF means the daily volume of final effluent exceeded on 80 % of the days of the calendar year "
        "for which the flow meter recorded a complete day. The storm overflow S1 shall not discharge unless the "
        "flow passed forward to full treatment is at least the flow to full treatment in Table S3.2."
    )
    d.add_paragraph("Table S3.3 Monitoring.")
    _table(
        d,
        ["Sampling point", "Description", "Compliance samples a year"],
        [["FE1", f"Final effluent sampling chamber after the final settlement tanks, NGR {w.ngr}", str(lim.required)]],
    )
    d.add_paragraph(
        "Compliance samples are spot samples. Analysis by a laboratory accredited for the method under "
        "the agency's Monitoring Certification Scheme. Compliance is assessed as set out in the "
        "agency's guidance WQ-OG-417."
    )
    save_docx(d, path)


def variation(path: Path, w: Works) -> None:
    eff, new, ref, issued = w.variation
    old = w.limits
    d = docx.Document()
    d.add_heading(f"Notice of variation {ref}", 0)
    d.add_paragraph(f"Issued by the {AGENCY} on {issued} to {COMPANY}.")
    d.add_paragraph(
        f"Environmental permit {w.permit_no}, {w.name} Wastewater Treatment Works, is varied as set out "
        f"below with effect from {eff.day} {eff.strftime('%B %Y')}, following the completion of the "
        "nutrient removal scheme. All other conditions of the permit are unchanged."
    )
    rows = []
    old_rows = {(r[0], r[1]): r[2] for r in _limit_rows(old)}
    for r in _limit_rows(new):
        if old_rows.get((r[0], r[1])) != r[2]:
            rows.append([r[0], r[1], old_rows.get((r[0], r[1]), "-"), r[2], r[3]])
    _table(
        d,
        [
            "Determinand",
            "Limit type",
            "Limit until the variation",
            f"Limit from {eff.day} {eff.strftime('%B %Y')}",
            "Units",
        ],
        rows,
    )
    d.add_paragraph("Table S3.1 of the permit is to be read with these limits from the date above.")
    save_docx(d, path)


def storm_letter(path: Path, story: Story) -> None:
    st = story.inst["storm"]
    ws = works_of(story.inst)
    hit = [s for s in story.samples if s.storm]
    lines = [f"{s.sid} taken at {ws[s.works].name} WwTW on {s.day.strftime('%d %B %Y')}" for s in hit]
    blocks = [
        ("p", f"To: {COMPANY}, Environmental Compliance. Date: {st['letter']}."),
        (
            "p",
            f"Thank you for your request about the compliance samples taken during {st['name']}. The works was "
            "flooded and lost power for most of the day, and we agree that the results of the following sample "
            "were caused by an unusual situation (heavy rain and flooding). Under section 2.8 of our guidance "
            "WQ-OG-417 they will be disregarded in the 2025 compliance assessment:",
        ),
    ]
    blocks += [("t", "  " + ln) for ln in lines]
    blocks += [
        ("p", ""),
        (
            "p",
            "No other sample of 2025 is covered by this agreement. Water Quality Regulation, "
            f"{story.inst['area']} area.",
        ),
    ]
    write_pdf(path, f"{AGENCY}: {st['name']} - samples to be disregarded", blocks, AGENCY)


def mails(story: Story, names: dict) -> list[tuple[str, str, str, str, str, str]]:
    inst = story.inst
    hard = inst["hard"]
    ws = works_of(inst)
    out = [
        (
            "01_lims_export.eml",
            LAB,
            HEAD,
            "2026-01-12 16:40",
            f"LIMS export 2025, {inst['area']} area",
            f"Sarah,\n\nThe LIMS export of every final effluent sample of the {inst['area']} area works in 2025 is "
            f"{names['lims']}: all purposes, all statuses, one row per determinand and result version. It was run "
            "today and the export routine appended part of the previous run again at the end, I'm afraid.\n\n"
            + (
                "Meridian Analytical did Barnacre Vale's March ammonia while our analyser was down; they report "
                "ammonium as NH4. Eskholme's iron comes off the ICP in ug/l since June.\n\n"
                if not hard
                else "Meridian Analytical did some of the March ammonia while our analyser was down.\n\n"
            )
            + "Kwame\n",
        ),
        (
            "02_sampling.eml",
            SAMPLING,
            HEAD,
            "2026-01-20 11:05",
            "Sampling calendar and invalidation log",
            "Sarah,\n\nHere are the 2025 sampling calendar (the plan as issued in December 2024) and the log of our "
            "invalidation requests to the REA. "
            + (
                "Every request has now been decided.\n\n"
                if not hard
                else "Most have been decided; a few were still with the REA when I ran the log.\n\n"
            )
            + "Bethan\n",
        ),
        (
            "03_regulation.eml",
            REG,
            HEAD,
            "2026-01-26 09:30",
            "REA audit results 2025 and the permits",
            "Sarah,\n\nThe REA's schedule of audit sample results for 2025 came on Friday (in regulator/). The permits "
            "folder holds every permit we have for the area's works, with the variation notices. "
            + (
                f"The REA has agreed to disregard the Corrow Bridge sample of {inst['storm']['name']}; their letter is "
                "in regulator/ too.\n\n"
                if not hard
                else "\n\n"
            )
            + "Imran\n",
        ),
        (
            "04_flows.eml",
            FLOWS,
            HEAD,
            "2026-01-27 14:15",
            "Flow data 2025",
            "Sarah,\n\nThe flow workbook has a sheet of daily volumes for each works from the certified final "
            "effluent meters, with the data quality flags, and the overflow spills from telemetry. "
            + (
                "Corrow Bridge's overflow monitor reports the pass-forward flow in m3/h since the telemetry "
                "upgrade.\n\n"
                if not hard
                else "\n\n"
            )
            + "Jo\n",
        ),
    ]
    if not hard:
        lapse = inst["lapse"]
        out.append(
            (
                "05_accreditation.eml",
                LAB,
                HEAD,
                "2026-01-13 08:50",
                "TP accreditation in May",
                "Sarah,\n\nAs you know, the National Accreditation Service suspended our accreditation for total "
                f"phosphorus (method SLL-TP-04) from {lapse['start'].day} to {lapse['end'].day} May 2025, after the "
                "surveillance visit. The REA confirmed in June that the TP results of our compliance samples taken in "
                "that period are not valid compliance results. Nothing else was affected.\n\nKwame\n",
            )
        )
    del ws
    return out
