"""Asking Hollowmere's staff (the hard instance) and reading what their answers state: the facts that change the
validation, keyed as the reference uses them. Shared by the reference and the shortcuts that ask."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import ebv_read as rd


def _day(text: str) -> str | None:
    m = re.search(rf"(\d{{1,2}} (?:{rd.MONTHS}) \d{{4}})", text)
    return datetime.strptime(m.group(1), "%d %B %Y").date().isoformat() if m else None


def _site(sites: dict, text: str) -> str | None:
    m = re.search(r"\((S\d\d)\)", text)
    if m:
        return m.group(1)
    return next((code for code, s in sites.items() if s["name"].split(",")[0] in text), None)


def read_answer(sites: dict, text: str) -> dict:
    """The facts one reply states (empty when it states none)."""
    out: dict = {}
    day = _day(text)
    cca = re.search(r"(?:took effect|effect) on [^.]*? (\d+)% of|(\d+)% of the bakery's supply", text)
    if cca and day and re.search(r"climate change agreement", text):
        code = _site(sites, text)
        if code:
            key = "bakery_cca" if "cca" in sites[code]["ccl"].lower() else "thornbury_cca"
            out[key] = {"site": code, "from": day, "share": int(cca.group(1) or cca.group(2)) / 100}
    credit = re.search(r"disputed (BWE-\d{4}-\d{5})", text)
    band = re.search(r"the (red|amber|green) units", text)
    if credit and band and "credit note" in text:
        out["invoice_credited"] = {"invoice": credit.group(1), "charge": f"duos_{band.group(1)}"}
    caps = {code: int(kva) for _, code, kva in re.findall(r"(\w[\w ]*) \((S\d\d)\) from \d+ kVA to (\d+) kVA", text)}
    if caps and day:
        out["capacity_reduced"] = {"from": day, "sites": caps}
    if re.search(r"let on a commercial lease|nobody lives", text) and day and _site(sites, text):
        out["flats_let"] = {"site": _site(sites, text), "from": day}
    llfc = re.search(r"\((S\d\d)\).*?to LLFC (\d{3})", text)
    if llfc and day:
        out["llfc_reallocated"] = {"site": llfc.group(1), "from": day, "llfc": int(llfc.group(2))}
    v2 = re.search(rf"applies from (\d{{1,2}} (?:{rd.MONTHS}) \d{{4}})", text)
    if v2 and "version 2" in text:
        out["v2_concession"] = {"from": _day(v2.group(1)), "sites": re.findall(r"\((S\d\d)\)", text)}
    return out


def ask_staff(books: Any, rows: list[dict], open_questions: bool = True) -> dict:
    """Put to each person what the files cannot settle: the anomalies (the bakery's certificate noted on the site
    list, an invoice billed far above the charging statement, with the overcharge worked out) and, with
    `open_questions`, an open question in each owner's area."""
    import worktrial_kit as kit

    known: dict = {}

    def ask(person: str, question: str) -> None:
        r = kit.ask(person, question)
        if r.answered:
            known.update(read_answer(books.sites, r.text))

    for code, s in books.sites.items():
        if "cca" in s["ccl"].lower():
            ask(
                "aisling",
                f"The site list notes a CCA facility certificate for {s['name']} ({code}) with "
                "you, and Brightwater bills its climate change levy at the full main rate on every "
                "invoice this quarter. Has the climate change agreement certificate taken effect, "
                "from what date, and for what share of the supply?",
            )
    for row in sorted((r for r in rows if r["cause"] == "duos_rate"), key=lambda r: r["invoice_no"]):
        if "invoice_credited" in known:
            break
        ask(
            "dev",
            f"Invoice {row['invoice_no']} for {books.sites[row['site_code']]['name']} bills the "
            f"{row['charge'].removeprefix('duos_')} units above the DNO's published rate, GBP "
            f"{row['billed'] - row['expected']:,.2f} too much. Has it already been disputed or credited?",
        )
    if not open_questions:
        return known
    for person, question in OPEN_QUESTIONS:
        ask(person, question)
    return known


OPEN_QUESTIONS = [
    (
        "tomasz",
        "Has anything changed at our sites during the quarter or since the site list was updated - "
        "supply capacities, connections, meters or equipment - that the invoices should reflect?",
    ),
    (
        "tomasz",
        "And has the use or occupancy of any of our buildings changed this quarter - a letting, a vacated "
        "unit, the flats above a store, a change of use - that affects the VAT or CCL declarations?",
    ),
    (
        "aisling",
        "Apart from the bakery, are there any other CCL reliefs, CCA certificates or exemptions for our "
        "sites that the site list doesn't show, or any that have changed since it was updated?",
    ),
    (
        "nerys",
        "Has any site's DUoS tariff, line loss factor class or metering voltage changed, or been reviewed "
        "with Vale & Weald, since the site list was updated?",
    ),
    (
        "graham",
        "Has anything been agreed with Brightwater about prices or the contract since version 2 of "
        "Schedule 2 was signed - a side letter, a concession, a change of effective date?",
    ),
]
