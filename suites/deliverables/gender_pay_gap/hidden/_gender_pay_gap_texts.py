"""The documents of gender_pay_gap: the two versions of the pay elements mapping (docx), last year's published report
(pdf), the e-mails that came with the files, and the matters the note to the HR Director must raise."""

from __future__ import annotations

from pathlib import Path

from _gender_pay_gap_docs import write_pdf, write_table_doc
from _gender_pay_gap_model import Story

HEAD = ["Code", "Description", "Category", "Notes"]
COMMON = [
    ["BASIC", "Basic salary (monthly payroll)", "Basic pay", "Contractual salary for the month"],
    ["BASICHR", "Basic hours (weekly payroll)", "Basic pay", "Hours x hourly rate; flex hours from the timesheet"],
    ["HOL", "Holiday pay (weekly payroll, bank holidays included)", "Leave pay", "Paid at the basic hourly rate"],
    ["SHIFT", "Shift premium", "Premium", "Nights GBP 1.80/h (drivers GBP 2.10/h), lates GBP 0.90/h, on hours worked"],
    ["OT15", "Overtime at time and a half", "Overtime", "Hours over the contracted week"],
    ["OT20", "Overtime at double time", "Overtime", "Sundays and call-ins"],
    ["SSP", "Statutory sick pay", "Leave pay (statutory)", ""],
    [
        "CSP",
        "Company sick pay",
        "Leave pay",
        "Occupational scheme: full pay for 8 weeks in any 12 months, then half pay",
    ],
    ["SMP", "Statutory maternity pay", "Leave pay (statutory)", ""],
    ["SHPP", "Statutory shared parental pay", "Leave pay (statutory)", ""],
    ["UPL", "Unpaid leave (hours, weekly payroll)", "Leave", "Hours not paid; amount is always 0.00"],
    ["UPLDED", "Unpaid leave deduction (monthly payroll)", "Leave", "Days x daily rate deducted"],
    [
        "PENSS",
        "Pension contribution by salary sacrifice",
        "Salary sacrifice",
        "The employee's sacrificed amount (negative)",
    ],
    ["CYC", "Cycle to work", "Salary sacrifice", "Negative"],
    ["CARALL", "Car allowance", "Allowance", "Cash allowance instead of a company car"],
    ["FAID", "First aider", "Allowance", "Appointed first aiders"],
    ["MILES", "Business mileage", "Expense reimbursement", "45p a mile, from the expenses system"],
    ["NIGHTOUT", "Night out", "Expense reimbursement", "Drivers' overnight subsistence"],
    [
        "BIKCAR",
        "Company car",
        "Benefit in kind",
        "Payrolled benefit: notional amount taxed through payroll, no cash paid",
    ],
    ["COMM", "Sales commission", "Commission", "Quarterly; paid the month after the quarter ends"],
    ["REDUN", "Redundancy payment", "Termination", ""],
    ["HOLPIL", "Holiday pay in lieu", "Termination", "Untaken holiday paid on leaving"],
]
V1 = [
    ["SUP", "Supervisor overtime supplement", "Overtime", "Paid to supervisors for hours over 40"],
    ["ONC", "On-call callout", "Overtime", "Hours worked on callout at overtime rates"],
]
V2 = [
    [
        "SUP",
        "Supervisory responsibility allowance",
        "Allowance",
        "GBP 95 a month to shift team leaders (from January 2026)",
    ],
    ["ONC", "On-call availability allowance", "Allowance", "GBP 110 a month for being on the on-call rota"],
    ["MATENH", "Company maternity pay", "Leave pay", "Full pay for the first 13 weeks of maternity leave"],
    ["EVSS", "Electric car scheme", "Salary sacrifice", "Negative; from January 2026"],
]


def write_mappings(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_table_doc(
        folder / "pay_elements_mapping_v1_2024.docx",
        "Payroll element codes - version 1 (March 2024)",
        [
            "Calderbrook Distribution Ltd - Payroll. The codes used on the weekly and monthly payrolls and what they "
            "pay."
        ],
        [(None, [HEAD, *sorted(COMMON + V1)])],
        ["Owner: Payroll Manager. Review: annually."],
    )
    write_table_doc(
        folder / "pay_elements_mapping_v2_2026.docx",
        "Payroll element codes - version 2 (January 2026)",
        [
            "Calderbrook Distribution Ltd - Payroll. This version replaces version 1 (March 2024) from the January "
            "2026 payrolls. SUP and ONC were re-used for the new allowances agreed in the 2025 pay deal; the old "
            "SUP and ONC overtime elements were closed in December 2025.",
        ],
        [(None, [HEAD, *sorted(COMMON + V2)])],
        ["Owner: Payroll Manager. Review: annually."],
    )


def write_last_report(path: Path, story: Story) -> None:
    r = story.inst["last_report"]
    blocks = [
        ("p", "Calderbrook Distribution Ltd - Gender pay gap report, snapshot date 5 April 2025."),
        ("h", "Our figures"),
        ("t", f"Mean hourly pay gap            {r['mean']:>6}%"),
        ("t", f"Median hourly pay gap          {r['median']:>6}%"),
        ("t", f"Mean bonus gap                 {r['bmean']:>6}%"),
        ("t", f"Median bonus gap               {r['bmedian']:>6}%"),
        ("t", f"Men receiving a bonus          {r['bm']:>6}%"),
        ("t", f"Women receiving a bonus        {r['bf']:>6}%"),
        ("t", "Quartiles (men / women)        lower 61/39, lower middle 70/30, upper middle 74/26, upper 79/21"),
        ("h", "How we calculated them"),
        (
            "p",
            "We included every colleague working at our sites on 5 April 2025, including our agency colleagues, so the "
            "figures reflect our whole workforce. Colleagues on maternity leave or long-term sickness absence were "
            "left "
            "out of every figure. Part-time colleagues' bonuses were converted to their full-time equivalent so that "
            "they "
            "compare fairly with full-time colleagues. Pay is gross pay from the April 2025 payrolls.",
        ),
        ("h", "What we are doing"),
        (
            "p",
            "We have introduced a supervisory allowance and an on-call allowance in the 2025 pay deal, and we "
            "continue to "
            "encourage women into our driver academy.",
        ),
        ("p", f"Published on our website and the government's reporting service on {r['published']} by the HR team."),
    ]
    write_pdf(path, "Gender pay gap report 2025", blocks)


def mails_for(story: Story) -> list[tuple[str, str, str, str, str, str]]:
    hard = story.inst["hard"]
    jo = "Joanna Whitlock <joanna.whitlock@calderbrook.co.uk>"
    f = story.facts
    mails = [
        (
            "01_payroll_exports.eml",
            "Martin Oyelaran <martin.oyelaran@calderbrook.co.uk>",
            jo,
            "2026-05-07 16:40",
            "GPG - payroll exports for April 2026",
            "Joanna,\n\nThe elements export has every line paid in April on both payrolls: the weekly payroll's weeks "
            "ending 29 March to 19 April and the monthly payroll for April. The monthly payroll was re-run on 23 April "
            "(RUN 2 FINAL is what was paid).\n"
            + (
                ""
                if hard
                else "The export tool appended Doncaster's week ending 05/04/2026 a second time at the end of the "
                "file - "
                "those lines are in twice. "
            )
            + "Element codes are as in the January 2026 mapping (version 2); version 1 is out of date.\n\n"
            "Hull is not in "
            "this export: the transferred staff are still paid four-weekly by Humberside's bureau until July, so I "
            "have "
            "attached the bureau's payslip data for periods 3 and 4.\n\nMartin\n",
        ),
        (
            "02_bonus_ledger.eml",
            "Sunil Varma <sunil.varma@aldermoor-group.com>",
            jo,
            "2026-05-08 11:05",
            "Bonus ledger 2025/26",
            "Joanna,\n\nAttached is the company's bonus ledger from the payroll system for April 2025 to April 2026 "
            "(cash schemes, commission and the Star Award vouchers).\n"
            + (
                ""
                if hard
                else "\nNot in it: the Aldermoor Performance Share Plan 2023 award vested on 20 March 2026 and was "
                "settled "
                "in Aldermoor shares by the group, so nothing went through your payroll. Taxable value at vesting, by "
                "employee: "
                + "; ".join(f"{k} GBP {v:,.2f}" for k, v in sorted(f["ltip"].items()))
                + ". The plan rewards performance, so it is an incentive award of securities.\n"
            )
            + "\nSunil\nGroup Reward Manager, Aldermoor Group plc\n",
        ),
        (
            "03_non_payroll_workers.eml",
            "Greg Fairhurst <greg.fairhurst@calderbrook.co.uk>",
            jo,
            "2026-05-08 14:22",
            "People not on the payroll",
            "Joanna,\n\nAs asked, everyone working for us in April who is not on either payroll: StaffLink's agency "
            "temps "
            "and our multi-drop owner-drivers, with their weekly invoices.\n"
            + (
                ""
                if hard
                else "\nLegal's view from January: the owner-drivers must do the work themselves (no substitution), "
                "drive "
                "our vans to our rota and are paid a day rate, so they are in employment under a contract personally "
                "to do "
                "work under the Equality Act and count for the gender pay gap like employees. StaffLink's temps are "
                "StaffLink's employees. Six of StaffLink's temps joined us directly on 30 March.\n"
            )
            + "\nGreg\nTransport Director\n",
        ),
        (
            "04_hull_transfer.eml",
            "Dawn Hebden <dawn.hebden@calderbrook.co.uk>",
            jo,
            "2026-05-11 09:15",
            "Hull staff",
            "Joanna,\n\nThe Hull cross-dock staff transferred to us under TUPE on 1 February and are in the HR master; "
            "their contracts transferred unchanged (40 hours a week). "
            + (
                "Not everything came across from Humberside's records yet."
                if hard
                else "Their gender is in the HR master and on the bureau's payslip data."
            )
            + "\n\nDawn\nHR Operations Manager\n",
        ),
        (
            "05_employee_relations.eml",
            "Kerry Lund <kerry.lund@calderbrook.co.uk>",
            jo,
            "2026-05-11 12:30",
            "Pay deal 2025" if hard else "Normanton shorter working week",
            (
                "Joanna,\n\nFor the narrative: the 2025 pay deal brought in the supervisory and on-call allowances "
                "from "
                "January and the productivity bonus was paid on 19 December.\n\nKerry\nEmployee Relations Manager\n"
                if hard
                else "Joanna,\n\nThe Normanton hub's full-time warehouse operatives moved from 40 to 37.5 hours a "
                "week on 1 "
                "March 2026 under the site agreement, with no loss of pay. Payroll still pays the weekly wage as 40 "
                "units "
                "at the old rate until the system change in June, and the HR master still shows 40 hours until "
                "then.\n\n"
                "Kerry\nEmployee Relations Manager\n"
            ),
        ),
    ]
    return mails


def _m(what: str, all_of: list, any_of: list, weight: float = 1) -> dict:
    return {"what": what, "all_of": all_of, "any_of": any_of, "weight": weight}


def issues_for(story: Story) -> list[dict]:
    """The matters the note must raise: a block names everything in all_of and something in any_of."""
    hard = story.inst["hard"]
    f = story.facts
    dup = next(b for p in story.people for b in p.bonuses if b["amount"] < 0)
    twice = dup["note"].split()[2]
    women = len(f["hull_women"])
    out = [
        _m(
            "agency temps are the agency's employees: excluded",
            [["agency"]],
            [
                "excluded",
                "employed by the agency",
                "employed by stafflink",
                "stafflink's employees",
                "not relevant employees",
                "left out",
                "not counted",
            ],
        ),
        _m(
            "owner-drivers are in employment under a contract personally to do work: relevant employees",
            [["owner-driver", "owner driver"]],
            ["personally to do work", "relevant employee", "personal service", "included"],
            2 if hard else 1,
        ),
        _m(
            "those on reduced or nil pay because of leave: out of the hourly figures, in the bonus figures",
            [["full-pay", "full pay"], ["bonus"]],
            ["reduced", "nil", "leave"],
        ),
        _m(
            "company maternity pay at full pay: full-pay relevant employees",
            [["maternity"], ["full pay", "full-pay"]],
            ["included", "company maternity", "matenh", "13 weeks"],
        ),
        _m(
            "ordinary pay after salary sacrifice",
            [["salary sacrifice", "sal sac"]],
            ["after", "reduced amount", "deducted", "net of"],
        ),
        _m(
            "overtime, expenses, benefits in kind, redundancy and pay in lieu are not ordinary pay",
            [["overtime"]],
            ["not ordinary pay", "left out", "excluded", "not counted"],
        ),
        _m("SUP and ONC are allowances under version 2 of the mapping", [["sup"], ["version 2", "v2"]], ["allowance"]),
        _m(
            "the April commission: in hourly pay pro-rated to the pay period, outside this year's bonus period",
            [["commission"]],
            ["pro-rat", "prorat", "30/90", "30 of 90", "relevant pay period"],
        ),
        _m(
            "weekly-paid: the relevant pay period is the week 30 March to 5 April",
            [["30 march", "week ending 5 april", "week ending 05/04", "we 05/04", "w/e 05/04"]],
            ["relevant pay period", "pay period", "weekly"],
        ),
        _m(
            "flex operatives' weekly working hours: the 12-week average",
            [["12 weeks", "12-week", "twelve weeks", "twelve-week"]],
            ["flex", "variable", "zero hours", "zero-hours", "no normal"],
        ),
        _m(
            "the bonus paid twice in error and reversed counts once",
            [[twice, dup["ref"]]],
            ["twice", "reversed", "reversal", "once", "duplicate"],
        ),
        _m(
            "flex operatives still paid GBP 12.21 after the National Living Wage rose on 1 April 2026",
            [["living wage", "minimum wage", "nlw", "nmw"]],
            ["12.21"],
        ),
        _m(
            "the report needs a written statement of accuracy signed by a director",
            [["written statement", "signed statement", "statement of accuracy"]],
            ["director"],
        ),
        _m(
            "last year's report was published after its deadline",
            [["28 april 2026", "28/04/2026"]],
            ["late", "deadline", "after"],
        ),
        _m(
            "the parent's Performance Share Plan vesting is bonus pay",
            [["performance share plan", "psp", "share plan"]],
            ["bonus pay", "bonus figures", "counts as bonus", "included", "is a bonus"],
            2 if hard else 1,
        ),
        _m(
            "Normanton's full-time operatives work 37.5 hours since 1 March",
            [["normanton"]],
            ["37.5"],
            2 if hard else 1,
        ),
    ]
    if hard:
        out.append(
            _m(
                "the Hull staff's gender, from HR Operations",
                [["hull"], ["gender", "women"]],
                [f"{women} women", f"{f['hull_count'] - women} men"],
                1,
            )
        )
    else:
        out.append(
            _m(
                "the Hull staff transferred under TUPE are included from the bureau's four-weekly period",
                [["hull"]],
                ["four-weekly", "4-weekly", "28 days", "period 4"],
            )
        )
    return out
