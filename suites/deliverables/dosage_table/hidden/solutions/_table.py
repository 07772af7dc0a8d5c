"""The dosage table and warnings from the formulary and the renal guide, and, where the client's staff can be
asked (bin/ask), what only they know: a maximum out of line with its dose (Medicines Information), a renal entry
carried over from an older guide (the renal pharmacist), and what the Drug and Therapeutics Committee has decided
since the extract (its secretary)."""

import csv
import os
import re

import openpyxl
from dosing import (
    BANDS,
    amounts_mg,
    clean,
    frequency_h,
    kit,
    read_formulary,
    read_renal,
    renal_daily,
    single_dose_mg,
)

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
BAND_ANSWER = {
    "30_50": r"CrCl 30\s*(?:-|to)\s*50 mL/min ([^;.]+)",
    "10_29": r"CrCl 10\s*(?:-|to)\s*29 mL/min ([^;.]+)",
    "below_10": r"below 10 mL/min ([^;.]+)",
}


def can_ask():
    return (kit.workspace() / "bin" / "ask").exists()


def carried_over(names, path="input/renal_dosing_guide.pdf"):
    """The guide's entries whose comment says they were not updated for this version."""
    text = kit.plain(" ".join(kit.pdf_text(path).split()))
    found = []
    for name in sorted(names):
        at = text.find(name + " CrCl")
        if at >= 0 and re.search(r"unchanged from version [\d.]+", text[at : at + 400]):
            found.append(name)
    return found


def run(ask=True):
    """`ask`: True (everyone), False (no one) or the ids of the people to ask."""
    drugs = read_formulary()
    names = {name for name, _, _ in drugs}
    renal = read_renal(names)
    status = {name: on for name, on, _ in drugs}
    maxima = {}
    people = {"sunita", "imogen", "owen"} if ask is True else set(ask or ())
    if not can_ask():
        people = set()
    if "sunita" in people:
        r = kit.ask(
            "sunita",
            "I am finalising the adult dosage table from formulary edition 9 for the e-prescribing build. Has "
            "anything changed since the extract was produced - a committee decision on a drug's formulary status?",
        )
        if r.answered:
            for name in re.findall(r"suspended (\w+)", r.text):
                status[name] = False
            for name in re.findall(r"reinstated (\w+)", r.text):
                status[name] = True
    if "imogen" in people:
        for name, _on, entries in drugs:
            for indication, adult, _paed, max_text in entries:
                daily = single_dose_mg(adult) * 24 / frequency_h(adult)
                top = max(amounts_mg(max_text))
                if top > 5 * daily:
                    r = kit.ask_when_in(
                        "imogen",
                        f"The {name} monograph gives a maximum of {max_text} for {indication.lower()}, but its "
                        f"dose ({adult}) gives only {clean(daily)} mg a day; every other maximum is one to two times "
                        "its daily dose. Is that maximum right, and what does the source say?",
                        ["fri"],
                    )
                    m = re.search(r"maximum of ([\d.,]+ ?(?:mg|g|micrograms))", r.text) if r.answered else None
                    if m:
                        maxima[(name, indication)] = max(amounts_mg(m.group(1)))
    if "owen" in people:
        for name in carried_over(names):
            r = kit.ask_when_in(
                "owen",
                f"The {name} entry in renal dosing guide 2.0 says 'entry unchanged from version 1.9'. Was it "
                "re-reviewed for 2.0, and are its rules still current?",
                ["mon"],
            )
            if r.answered:
                rules = {b: m.group(1) for b, rx in BAND_ANSWER.items() if (m := re.search(rx, r.text))}
                if len(rules) == len(BANDS):
                    renal[name] = {b: rules[b] + (" per day" if "maximum" in rules[b] else "") for b in BANDS}
    rows, warnings = [], []
    for name, _on, entries in drugs:
        if not status[name]:
            continue
        for indication, adult, _paed, max_text in entries:
            dose = single_dose_mg(adult)
            freq = frequency_h(adult)
            max_daily = maxima.get((name, indication), max(amounts_mg(max_text)))
            rules = renal.get(name, {})
            adjusted = []
            for band in BANDS:
                value = renal_daily(rules.get(band), dose, freq)
                adjusted.append(value if value == "avoid" else clean(value))
            rows.append([name, indication, clean(dose), freq, clean(max_daily), *adjusted])
            daily = dose * 24 / freq
            if daily > max_daily + 1e-9:
                warnings.append([name, indication, clean(daily), clean(max_daily)])
    rows.sort(key=lambda r: (r[0], r[1]))
    warnings.sort(key=lambda r: (r[0], r[1]))

    os.makedirs("output", exist_ok=True)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dosage"
    ws.append(HEADERS)
    for r in rows:
        ws.append(r)
    for col, width in zip("ABCDEFGH", (16, 44, 14, 12, 14, 20, 20, 22), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "C2"
    wb.save("output/dosage.xlsx")
    with open("output/warnings.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["drug", "indication", "daily_dose_mg", "max_daily_mg"])
        w.writerows(warnings)
