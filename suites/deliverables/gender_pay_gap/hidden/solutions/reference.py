"""Reference: Calderbrook Distribution Ltd's gender pay gap figures for the snapshot date 5 April 2026 under the
Equality Act 2010 (Gender Pay Gap Information) Regulations 2017, from the exports as they come.

Relevant employees are everyone employed on the snapshot date, including those in employment under a contract
personally to do work (the owner-drivers) and the Hull staff transferred under TUPE, but not agency temps (the
agency employs them), leavers or later starters. Hourly pay is ordinary pay (basic pay, allowances, pay for leave,
shift premium, after salary sacrifice; not overtime, expenses, benefits in kind, redundancy or pay in lieu) plus
bonus paid in the relevant pay period pro-rated to it, over the pay period holding the snapshot date (the week 30
March to 5 April, April, the bureau's period 4), scaled to a week and divided by weekly working hours (contracted,
or the 12-week average for variable hours). Only full-pay relevant employees enter the hourly figures and quartiles;
bonus figures take every relevant employee and bonus paid in the 12 months ending with the snapshot date, as paid.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
import _gpg_calc as calc
import _gpg_note as note
import _gpg_read as rd

OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # asks_nobody runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # build_inputs gives the staff's answers directly when it writes the reference
COLUMNS = [
    "employee_id",
    "gender",
    "payroll",
    "relevant",
    "full_pay",
    "ordinary_pay",
    "bonus_in_period",
    "period_days",
    "weekly_hours",
    "hourly_rate",
    "bonus_12m",
    "quartile",
    "notes",
]


def ltip_from(text: str) -> dict[str, float]:
    return {k: rd.parse_amount(v) for k, v in re.findall(r"(CD\d{5})\s*(?:GBP|£)\s*([\d,]+\.\d\d)", text)}


def facts_from_mails(mails: list[tuple[str, str, str]]) -> dict:
    """The fair instance: what the staff wrote in the e-mails that came with the files."""
    known: dict = {}
    for _name, _subject, body in mails:
        flat = re.sub(r"\s+", " ", body)
        if "Performance Share Plan" in flat and ltip_from(flat):
            known["ltip"] = ltip_from(flat)
        if "contract personally to do work" in flat and "owner-driver" in flat:
            known["owner_drivers"] = True
        m = re.search(r"from 40 to (\d+(?:\.\d+)?) hours a week", flat)
        if m:
            known["normanton_hours"] = float(m.group(1))
    return known


def parse_answers(texts: dict[str, str]) -> dict:
    """Facts from the staff's answers (person id -> reply text); shared with the asks_everybody shortcut."""
    known: dict = {}
    for text in texts.values():
        flat = re.sub(r"\s+", " ", text)
        if ltip_from(flat) and "Performance Share Plan" in flat:
            known["ltip"] = ltip_from(flat)
        m = re.search(r"37\.5 hours", flat)
        if m and "Normanton" in flat:
            known["normanton_hours"] = 37.5
        if re.search(r"contract personally to do work", flat):
            known["owner_drivers"] = True
        women = re.findall(r"HUL-\d{4}", flat.split("are men")[0]) if "are women" in flat else []
        if women:
            known["hull_women"] = women
    return known


def ask_staff(data: dict) -> dict:
    if not (ASK and Path("bin/ask").exists()):
        return {}
    import worktrial_kit as kit

    texts: dict[str, str] = {}
    drivers = [
        d for d in data["drivers"].values() if d["from"] <= rd.SNAPSHOT and (d["to"] is None or d["to"] >= rd.SNAPSHOT)
    ]
    hull = [
        h for h in data["hr"].values() if h["payroll"].startswith("Bureau") and calc.relevant(h) and not h["gender"]
    ]
    qs = [
        (
            "greg",
            f"The non-payroll workers file lists {len(drivers)} owner-drivers engaged on 5 April 2026 "
            "(each agreement once). "
            "They must do the work themselves, drive our vans and cannot send a substitute. Are they self-employed, "
            "or in employment under a contract personally to do work?",
        ),
        (
            "dawn",
            f"The HR master has no gender for the {len(hull)} Hull staff employed on 5 April 2026 who transferred from "
            "Humberside under TUPE. Which of them are women and which are men?",
        ),
        (
            "kerry",
            "Before I finalise the gender pay gap figures: has anything changed in contracts, working hours or pay "
            "agreements since the HR master export of 7 April that the export would not show?",
        ),
        (
            "sunil",
            "Were there any bonus, incentive or share awards to Calderbrook employees in the 12 months to 5 April 2026 "
            "that are not in the company's bonus ledger - for example paid or settled by the group?",
        ),
    ]
    for who, q in qs:
        r = kit.ask(who, q)
        if r.answered:
            texts[who] = r.text
    return parse_answers(texts)


def staff_facts(data: dict) -> dict:
    if KNOWN is not None:
        return dict(KNOWN)
    known = facts_from_mails(data["mails"])
    known.update(ask_staff(data))
    return known


def deliver(data: dict, known: dict, method: calc.Method | None = None) -> None:
    """Write the three deliverables from the data and the facts as kept (`hull_women`: the Hull staff who are women,
    the others being men)."""
    facts = {k: v for k, v in known.items() if k != "hull_women"}
    if known.get("hull_women") is not None:
        hull = [h for h, v in data["hr"].items() if v["payroll"].startswith("Bureau")]
        facts["hull_gender"] = {h: ("F" if h in known["hull_women"] else "M") for h in hull}
    rows, figs, left_out = calc.compute(data, facts, method)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "gpg_figures.json").write_text(json.dumps(figs, indent=2) + "\n", encoding="utf-8")
    with open(OUTPUT / "gpg_employees.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, COLUMNS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in rows.values():
            w.writerow(r)
        for r in left_out:
            w.writerow(r)
    (OUTPUT / "note_to_hr_director.md").write_text(note.write(data, facts, rows, figs, known), encoding="utf-8")


def main() -> None:
    data = calc.load()
    deliver(data, staff_facts(data))


if __name__ == "__main__":
    main()
