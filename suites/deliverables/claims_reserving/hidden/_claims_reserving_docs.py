"""The documents of claims_reserving: the reserving policy (pdf, written by a small PDF writer so that the bytes are
fixed), last year's reserving report (docx) and the e-mails (eml), written by the kit's `DocumentWriter`."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import docx

from worktrial.kit.documents import LARGER_PRINT, DocumentWriter

COMPANY = "Marchbank Mutual Insurance Ltd"
FIXED_TIME = (2027, 1, 8, 9, 0, 0)

DOCS = DocumentWriter(COMPANY, datetime(*FIXED_TIME), pdf_style=LARGER_PRINT)
write_pdf = DOCS.write_pdf
save_docx = DOCS.save_docx
save_xlsx = DOCS.save_workbook
write_emails = DOCS.write_emails


# ------------------------------------------------------------------------------------------------ policy


def policy_blocks(inst: dict) -> list[tuple[str, str]]:
    cap = f"{inst['cap']:,.0f}"
    elr = inst["elr"]
    tails = inst["tails"]
    return [
        (
            "p",
            f"Version {inst['policy_version']}, approved by the Reserving Committee on {inst['policy_date']}. "
            "It replaces every earlier version. Owner: Head of Reserving.",
        ),
        ("h", "1. Scope and basis"),
        (
            "p",
            "This policy sets how the actuarial function estimates the gross claims reserves of the motor and "
            "household accounts at each quarter-end. Reserves are estimated gross of reinsurance and net of "
            "salvage and subrogation recoveries actually received. Figures are in pounds sterling, "
            "undiscounted.",
        ),
        ("h", "2. Data"),
        (
            "p",
            "2.1 The data are the claims transactions (payments, payment reversals, case-reserve movements and "
            "recoveries received) with a transaction date on or before the valuation date. Transactions dated "
            "after the valuation date are left out, whatever the date of the extract.",
        ),
        (
            "p",
            "2.2 Each transaction counts once. Where the same transaction appears in more than one extract or "
            "more than once in one extract, it is kept once. A payment made in error and reversed is kept "
            "together with its reversal.",
        ),
        (
            "p",
            "2.3 A transaction belongs to the accident year of the claim's date of loss and to the development "
            "year of its own transaction date: development year 1 is the accident year itself. Where a system "
            "records a posting date different from the date of the transaction, the date of the transaction "
            "is used.",
        ),
        (
            "p",
            "2.4 A reopened claim remains the claim it was: its later transactions stay in the accident year of "
            "the original date of loss, whatever number or date the reopening was recorded under.",
        ),
        (
            "p",
            "2.5 Recoveries (salvage and subrogation) reduce the paid and the incurred amounts of the claim in "
            "the development year in which they are received. Recoveries not yet received are not anticipated.",
        ),
        ("h", "3. Large losses"),
        (
            "p",
            f"3.1 A large loss is a claim whose incurred amount exceeds GBP {cap}. In the development triangles "
            f"every claim's cumulative paid and cumulative incurred amounts are limited to GBP {cap} at each "
            "development point; the triangles are therefore of capped (attritional) losses.",
        ),
        (
            "p",
            "3.2 The excess of each large loss's incurred amount over the threshold at the valuation date is "
            "added to the ultimate of its accident year without further development. Settlements or case "
            "re-estimates of large losses agreed after the valuation date but before the Committee meets are "
            "reflected in that excess.",
        ),
        ("h", "4. Development factors"),
        (
            "p",
            "4.1 Triangles are annual, cumulative, by accident year and development year. Link ratios are the "
            f"volume-weighted averages of the individual ratios over the latest {inst['periods']} calendar years "
            "of development available (the latest diagonals), computed on the capped incurred triangle.",
        ),
        (
            "p",
            "4.2 Where the Claims function confirms a one-off change in case-reserving practice (a reserve "
            "strengthening or release across a portfolio), the individual ratios of the calendar year in which "
            "the change took effect are excluded from the averages for the class concerned; the excluded year is "
            "not replaced by an earlier one.",
        ),
        (
            "p",
            f"4.3 Tail factors beyond development year {len(inst['years'])}: motor {tails['motor']:.3f}, "
            f"household {tails['household']:.3f}.",
        ),
        ("h", "5. Methods"),
        ("p", "5.1 Chain-ladder on the capped incurred triangle is computed for every accident year."),
        (
            "p",
            "5.2 Bornhuetter-Ferguson is computed for every accident year, with the initial expected loss ratio "
            "of Table 1 applied to the gross earned premium of the accident year as finally reported by "
            "Finance, and the development pattern of the incurred chain-ladder.",
        ),
        (
            "p",
            f"5.3 Selection: Bornhuetter-Ferguson for the {inst['bf_years']} most recent accident years, "
            "chain-ladder for every earlier accident year.",
        ),
        (
            "p",
            "5.4 The ultimate of an accident year is the selected method's capped ultimate plus the large-loss "
            "excess of 3.2. IBNR is the ultimate less the incurred amount at the valuation date (uncapped, "
            "including the large losses); the reserve is the ultimate less the paid amount.",
        ),
        ("h", "Table 1. Initial expected loss ratios (capped losses to gross earned premium)"),
        ("t", "Class        Accident years      Initial expected loss ratio"),
        ("t", f"Motor        all                 {elr['motor'] * 100:.0f}%"),
        ("t", f"Household    all                 {elr['household'] * 100:.0f}%"),
        ("p", ""),
        (
            "p",
            "The loss ratios are reviewed by the Pricing actuary each year and changes are approved by the "
            "Reserving Committee.",
        ),
        ("h", "6. Reporting"),
        (
            "p",
            "The quarter-end note to the Reserving Committee states the ultimate, IBNR and reserve by class, the "
            "movements that need the Committee's attention, the departures from this policy, if any, and the "
            "data matters found.",
        ),
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
        "system, completed on 1 July 2025, was reflected by loading the legacy history up to 30 June 2025."
    )
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
    d.add_paragraph(
        "The Committee approved the initial expected loss ratios for 2026 in the policy. The Claims "
        "function reported no change in case-reserving practice during 2025 up to the date of this "
        "report."
    )
    d.add_paragraph("Next review: quarter-end 31 December 2026.")
    save_docx(d, path)
