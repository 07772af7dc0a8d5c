"""The reference's note to the HR director: the totals, the systematic causes, the individual matters and what the
client's staff said that changed the figures."""

from __future__ import annotations

from datetime import date
from pathlib import Path


def _overpaid_first(register: list[dict], stepped_down) -> list[str]:
    """Whoever stepped down to a lower grade first (the overpayment that needs a decision), then the largest."""

    def overpaid(e: str) -> float:
        return -sum(
            float(r["difference_gbp"]) for r in register if r["employee_id"] == e and float(r["difference_gbp"]) < 0
        )

    emps = {r["employee_id"] for r in register if float(r["difference_gbp"]) < 0}
    return sorted(emps, key=lambda e: (e not in stepped_down, -overpaid(e)))


def _staff_lines(known: dict, people: dict) -> list[str]:
    lines: list[str] = []
    if known.get("award_from"):
        since = date.fromisoformat(known["award_from"])
        lines += [
            f"- The side letter signed with the union after the export moves the 2026 rise to the pay week "
            f"beginning {since.strftime('%d %B %Y')}: the register pays the new rates from then, so every "
            "employee on the agreement is owed the rise for the weeks before 3 August as well.",
            "",
        ]
    if known.get("arrears"):
        a = known["arrears"]
        weeks = " and ".join(a["weeks_ending"])
        lines += [
            f"- The supplementary payroll run of {a['paid_on']}, which is not in the weekly export, already "
            f"paid the arrears of the late rise for the weeks ending {weeks}; the register counts them as paid "
            "in those weeks.",
            "",
        ]
    if known.get("terminal"):
        t = known["terminal"]
        lines += [
            f"- Canal Wharf (CWF): the clocking terminal recorded times one hour early from {t['from']} to "
            f"{t['to']}; the register uses the corrected times.",
            "",
        ]
    for site, prem in known.get("local_night", {}).items():
        lines += [
            f"- Ravensworth General Hospital ({site}): the local agreement LA-RGH-2024 (Schedule 3) pays a "
            f"night premium of {prem:.0%}, not 25%; the register applies it.",
            "",
        ]
    if known.get("backdated"):
        b = known["backdated"]
        lines += [
            f"- Northgate Retail Park ({b['site']}): the grading appeal settled after the export re-grades the "
            f"{b['from_grade']} cleaners to {b['to_grade']}, back-dated to {b['since']}; the register "
            "includes the arrears.",
            "",
        ]
    if known.get("transferred"):
        who = ", ".join(f"{people[e]['name']} ({e})" for e in known["transferred"] if e in people)
        lines += [
            f"- Ravensworth General Hospital (RGH): {who} transferred to us with the hospital contract in 2024 "
            "under TUPE and keep their protected contract terms. The collective agreement's pay terms do not "
            "apply to them and payroll pays them under their own contracts, so they are excluded from the "
            "register and the totals.",
            "",
        ]
    return lines


def write_note(
    path: Path,
    totals: dict,
    register: list[dict],
    unreconciled: list,
    people: dict,
    known: dict,
    rise: date,
    stepped_down=frozenset(),
) -> None:
    lines = [
        "# Q3 2026 pay audit against the collective agreement",
        "",
        f"Total underpaid: GBP {totals['total_underpaid_gbp']:,.2f} to {totals['employees_underpaid']} employees; "
        f"total overpaid: GBP {totals['total_overpaid_gbp']:,.2f} ({totals['employees_overpaid']} employees).",
        "",
        "## Systematic causes",
        "",
        f"- The 2026 pay rise took effect on {rise.strftime('%d %B %Y')} (week beginning 3 August) but the payroll "
        "loaded the new rates only from 17 August, so every employee was paid the old rates for two weeks.",
        "",
        "- Night premium was paid only for hours up to midnight; the agreement pays it for every hour between "
        "22:00 and 06:00, so night shifts crossing midnight were underpaid.",
        "",
        "- Weekend premium was paid by the day the shift started; the agreement pays Saturday and Sunday hours by "
        "the clock. Weekly overtime beyond 38 hours was not paid, and call-outs were topped up to the old 3 hours "
        "instead of 4.",
        "",
        "- Clyde Street Offices (CSG, Glasgow) is in Scotland: its public holiday was 3 August, not 31 August, so "
        "the public holiday premium was paid on the wrong day there.",
        "",
        "## Individual matters",
        "",
    ]
    for emp in _overpaid_first(register, stepped_down)[:3]:
        p = people[emp]
        amount = -sum(
            float(r["difference_gbp"]) for r in register if r["employee_id"] == emp and float(r["difference_gbp"]) < 0
        )
        lines += [
            f"- {p['name']} ({emp}) was overpaid GBP {amount:,.2f} in some weeks (paid above their HR grade "
            "after a grade change, or a premium paid on the wrong day). Under clause 8.2 this may not be set off "
            "against the underpayment; recovery needs written notice and an agreed instalment plan.",
            "",
        ]
    for emp, end, amount in unreconciled:
        p = people.get(emp, {"name": emp})
        lines += [
            f"- {p['name']} ({emp}) was paid GBP {amount:,.2f} for the week ending {end.isoformat()} with no "
            "timesheet behind it: this record cannot be reconciled and is left out of the register until "
            "payroll explains it.",
            "",
        ]
    lines += _staff_lines(known, people)
    lines += ["## By site", ""] + [f"- {s}: GBP {v:,.2f}" for s, v in totals["by_site"].items()] + [""]
    path.write_text("\n".join(lines), encoding="utf-8")
