"""payroll_audit's note matters for hidden/build_inputs.py: what the note to the HR director must raise, per instance
(`hidden/reference/issues.json`, read by checks.py's note check)."""

from __future__ import annotations

from _payroll_audit_model import Employee


def issues_for(inst: dict, story: dict, emps: list[Employee]) -> list[dict]:
    by_id = {e.emp_id: e for e in emps}
    down, ghost = by_id[story["overpaid"]], by_id[story["ghost"][0]]
    issues = [
        {
            "id": "rise_late",
            "what": "the 2026 rise was paid from 17 August, not 3 August (a systematic cause)",
            "all_of": [["rise", "increase", "new rate", "uplift", "pay award", "2026 rate"]],
            "any_of": [
                "3 august",
                "3 aug",
                "17 august",
                "17 aug",
                "two weeks",
                "2 weeks",
                "late",
                "w/b 3",
                "week 32",
                "2026-08-03",
                "03/08",
            ],
        },
        {
            "id": "night_after_midnight",
            "what": "night premium not paid for hours after midnight (systematic)",
            "all_of": [["night"]],
            "any_of": ["midnight", "00:00", "after 24", "06:00", "6am", "6 am"],
        },
        {
            "id": "overpaid",
            "what": f"{down.name} ({down.emp_id}) was overpaid after stepping down to CL1",
            "all_of": [
                [down.emp_id.lower(), down.surname.lower()],
                ["overpa", "over-pa", "paid too much", "over paid"],
            ],
            "any_of": [
                "cl1",
                "tl1",
                "team leader",
                "grade",
                "step",
                "recover",
                "consent",
                "instalment",
                "set off",
                "set-off",
                "offset",
            ],
        },
        {
            "id": "unreconciled",
            "what": f"a payroll line for {ghost.name} ({ghost.emp_id}) with no timesheet",
            "all_of": [[ghost.emp_id.lower(), ghost.surname.lower()]],
            "any_of": [
                "no timesheet",
                "without a timesheet",
                "cannot be reconciled",
                "can't be reconciled",
                "not reconciled",
                "unreconcil",
                "no shifts",
                "no record",
                "not be reconciled",
                "no hours",
            ],
        },
        {
            "id": "scottish_holiday",
            "what": "Glasgow's public holiday is 3 August, not 31 August",
            "all_of": [["csg", "glasgow", "clyde", "scotland", "scottish"]],
            "any_of": ["3 august", "3 aug", "public holiday", "bank holiday", "31 august", "31 aug"],
        },
    ]
    if inst.get("terminal"):
        issues.append(
            {
                "id": "terminal",
                "what": "Canal Wharf's terminal recorded times an hour early for six weeks",
                "all_of": [["cwf", "canal wharf"]],
                "any_of": [
                    "terminal",
                    "clock",
                    "hour early",
                    "one hour",
                    "an hour",
                    "1 hour",
                    "bst",
                    "summer time",
                    "gmt",
                ],
            }
        )
        issues.append(
            {
                "id": "local_night",
                "what": "Ravensworth's local agreement pays 35% night premium",
                "all_of": [["rgh", "ravensworth", "hospital"], ["night"]],
                "any_of": ["35%", "35 %", "35 per", "local agreement", "la-rgh"],
            }
        )
        issues.append(
            {
                "id": "backdated",
                "what": "the Northgate cleaners' re-grading to CL2 back-dated to 29 June",
                "all_of": [["ngm", "northgate"], ["cl2", "re-grad", "regrad", "appeal"]],
                "any_of": [
                    "back-dat",
                    "backdat",
                    "29 june",
                    "start of the quarter",
                    "retrospect",
                    "after the export",
                    "since the export",
                    "appeal",
                ],
            }
        )
    if inst.get("terminal"):  # no list of traps in the hard instance: each systematic cause is a matter of its own
        issues.append(
            {
                "id": "weekend_by_clock",
                "what": "weekend premium paid by the shift's start day, not the clock",
                "all_of": [["weekend", "saturday", "sunday"]],
                "any_of": [
                    "by the clock",
                    "clock hour",
                    "start day",
                    "day the shift start",
                    "shift started",
                    "shift starts",
                    "starting day",
                    "crossing midnight",
                    "crosses midnight",
                    "cross midnight",
                    "after midnight",
                    "midnight",
                ],
            }
        )
        issues.append(
            {
                "id": "weekly_overtime",
                "what": "overtime beyond 38 hours a week not paid",
                "all_of": [["overtime"]],
                "any_of": ["weekly", "38 hours", "38 h", "38-hour", "per week", "in a week", "a week"],
            }
        )
        issues.append(
            {
                "id": "callout_minimum",
                "what": "call-outs topped up to 3 hours, not the agreement's 4",
                "all_of": [["call-out", "call out", "callout"]],
                "any_of": [
                    "4 hours",
                    "four hours",
                    "4-hour",
                    "4 hour",
                    "3 hours",
                    "three hours",
                    "3-hour",
                    "3 hour",
                    "minimum",
                ],
            }
        )
    if inst.get("award_from"):
        since = inst["award_from"]
        issues.append(
            {
                "id": "award_backdated",
                "what": f"the side letter with the union moves the 2026 rise to the week of {since:%d %B}",
                "all_of": [
                    [
                        "side letter",
                        "jnc",
                        "joint negotiating",
                        "agreed with the union",
                        "union agreed",
                        "settlement with the union",
                        f"{since.day} {since:%B}".lower(),
                        f"{since.day} {since:%b}".lower(),
                        since.isoformat(),
                        f"{since:%d/%m}",
                    ]
                ],
                "any_of": [
                    "rise",
                    "award",
                    "new rate",
                    "2026 rate",
                    "increase",
                    "uplift",
                    "back-dat",
                    "backdat",
                    "effective",
                ],
            }
        )
    if inst.get("arrears"):
        issues.append(
            {
                "id": "arrears_paid",
                "what": "the supplementary run of 25 September already paid the late rise for two weeks",
                "all_of": [
                    ["supplementary", "off-cycle", "off cycle", "separate run", "special run", "separate payroll run"],
                    ["arrears", "rise", "back pay", "back-pay", "new rate"],
                ],
                "any_of": [
                    "25 september",
                    "25 sep",
                    "2026-09-25",
                    "25/09",
                    "already paid",
                    "already been paid",
                    "were paid",
                    "was paid",
                    "has paid",
                    "have been paid",
                    "has been paid",
                    "were settled",
                    "counted as paid",
                    "counts them as paid",
                ],
            }
        )
    if story.get("transferred"):
        moved = [by_id[e] for e in story["transferred"]]
        issues.append(
            {
                "id": "transferred",
                "what": "the Ravensworth staff who transferred under TUPE keep their own terms: left out",
                "all_of": [
                    ["rgh", "ravensworth", "hospital"]
                    + [e.emp_id.lower() for e in moved]
                    + [e.surname.lower() for e in moved],
                    ["tupe", "transferred", "transfer", "protected"],
                ],
                "any_of": [
                    "exclud",
                    "left out",
                    "leave them out",
                    "not in the register",
                    "outside",
                    "not covered",
                    "omitted",
                    "removed",
                    "not included",
                    "out of the register",
                    "do not apply",
                    "does not apply",
                    "don't apply",
                    "not audited",
                ],
            }
        )
    return issues
