"""The hard instance's group books: the trial balance of three legal entities, Finance's e-mails (one restatement
that applies, one proposal that does not), the supervisor's letter and the client's draft summary.

The ground truth is the table TB below (EUR million, as the items are in economic sign: income and assets positive,
expenses positive); `bi_items` maps it to the OPE25 business-indicator items the way an expert does: intragroup
rows eliminated, excluded items (staff, depreciation of own assets, impairments, provisions other than for
operational losses, tax, insurance premiums paid and reimbursements received, non-financial outsourcing) left out,
depreciation of operating-lease assets in interest expense, operational losses in other operating expense, the
restated 2023 trading result used, interest-earning assets gross of allowances and without intragroup loans.
"""

from __future__ import annotations

import csv
import datetime as dt
import random
import re
import zipfile
from pathlib import Path

import docx

YEARS = (2022, 2023, 2024)
ENTITIES = {"AGB": "Aldebrook Cooperative Bank eG", "ALS": "Aldebrook Leasing GmbH",
            "AVM": "Aldebrook Versicherungsvermittlung GmbH"}
# Aldebrook Zahlungsdienste GmbH (AZD) is consolidated but reports outside the consolidation tool: its rows are in
# the truth (bi_items) and never in the export (_oprisk_capital_staff.py; only Group Financial Reporting knows)
DIVESTED = "Aldebrook Factoring GmbH"  # sold 30 September 2021; only in the loss register
SIDE = {"income": -1, "expense": 1, "asset": 1}  # trial-balance sign: debit +, credit -

# account, name, kind, BI item (None: excluded), {entity: {partner: (y1, y2, y3)}} in EUR million
TB: list[tuple[str, str, str, str | None, dict[str, dict[str, tuple[float, float, float]]]]] = [
    ("4000", "Interest income - loans and advances", "income", "II",
     {"AGB": {"": (1480, 1650, 1720), "ALS": (38, 44, 47)}}),
    ("4010", "Interest income - debt securities", "income", "II", {"AGB": {"": (190, 215, 232)}}),
    ("4020", "Finance lease income", "income", "II", {"ALS": {"": (58, 64, 69)}}),
    ("4030", "Operating lease rental income", "income", "II", {"ALS": {"": (41, 44, 47)}}),
    ("5000", "Interest expense - deposits and borrowings", "expense", "IE",
     {"AGB": {"": (560, 740, 805)}, "ALS": {"": (4, 5, 6), "AGB": (38, 44, 47)}}),
    ("5010", "Interest expense - debt securities issued", "expense", "IE", {"AGB": {"": (120, 150, 162)}}),
    ("5020", "Depreciation of operating lease assets", "expense", "IE", {"ALS": {"": (27, 29, 31)}}),
    ("4100", "Dividend income - equity holdings", "income", "DI", {"AGB": {"": (8.2, 9.6, 7.9)}}),
    ("4110", "Dividend income - group companies", "income", "DI",
     {"AGB": {"AVM": (12.0, 14.5, 15.0), "ALS": (20.0, 22.0, 18.0)}}),
    ("4200", "Fee and commission income", "income", "FI",
     {"AGB": {"": (470, 488, 505), "AVM": (24, 26, 27), "ALS": (3.1, 3.3, 3.4)}, "AVM": {"": (31, 33, 36)},
      "AZD": {"": (46, 51, 57)}}),
    ("5200", "Fee and commission expense", "expense", "FE",
     {"AGB": {"": (118, 124, 131)}, "AVM": {"AGB": (24, 26, 27)}, "ALS": {"AGB": (3.1, 3.3, 3.4)},
      "AZD": {"": (14, 15, 17)}}),
    ("5210", "Outsourcing fees - IT and facility services", "expense", None, {"AGB": {"": (64, 69, 73)}}),
    ("4300", "Other operating income", "income", "OOI", {"AGB": {"": (22, 19, 25)}, "ALS": {"": (1.2, 0.9, 1.4)}}),
    ("4310", "Rental income from investment property", "income", "OOI", {"AGB": {"": (7.5, 7.8, 8.1)}}),
    ("4320", "Gains on non-current assets held for sale", "income", "OOI", {"AGB": {"": (0.0, 6.2, 0.0)}}),
    ("4330", "Insurance reimbursements received", "income", None, {"AGB": {"": (2.1, 6.5, 1.3)}}),
    ("5300", "Other operating expense", "expense", "OOE", {"AGB": {"": (28, 31, 27)}, "ALS": {"": (1.8, 2.1, 1.6)}}),
    ("5310", "Losses and provisions from operational risk events", "expense", "OOE",
     {"AGB": {"": (19.4, 26.8, 22.1)}, "ALS": {"": (0.6, 1.1, 0.4)}}),
    ("5320", "Insurance premiums paid - operational risk cover", "expense", None, {"AGB": {"": (4.2, 4.4, 4.6)}}),
    ("5400", "Staff expenses", "expense", None,
     {"AGB": {"": (610, 640, 668)}, "ALS": {"": (9.1, 9.6, 10.2)}, "AVM": {"": (6.4, 6.9, 7.3)}}),
    ("5410", "Depreciation - property, equipment and software", "expense", None, {"AGB": {"": (58, 61, 63)}}),
    ("5420", "Impairment losses on loans (expected credit loss)", "expense", None, {"AGB": {"": (95, 140, 120)}}),
    ("5430", "Additions to pension provisions", "expense", None, {"AGB": {"": (11, 9, 12)}}),
    ("5440", "Income tax expense", "expense", None,
     {"AGB": {"": (105, 98, 112)}, "ALS": {"": (6.1, 6.8, 7.4)}, "AVM": {"": (3.9, 4.2, 4.6)}}),
    ("4400", "Net trading income", "income", "TB", {"AGB": {"": (41, -25, 57)}}),
    ("4500", "Net result on financial assets not held for trading", "income", "BB",
     {"AGB": {"": (18, -29, 14)}, "AZD": {"": (3.6, 4.2, 2.9)}}),
    ("4510", "Hedge accounting result", "income", "BB", {"AGB": {"": (3.5, -5.9, 2.8)}}),
    ("1000", "Loans and advances to customers (gross carrying amount)", "asset", "IEA",
     {"AGB": {"": (36000, 37200, 38300), "ALS": (1450, 1600, 1700)}, "AZD": {"": (640, 690, 760)}}),
    ("1010", "Debt securities held", "asset", "IEA", {"AGB": {"": (7600, 8000, 8400)}}),
    ("1020", "Finance lease receivables", "asset", "IEA", {"ALS": {"": (1020, 1110, 1190)}}),
    ("1030", "Operating lease assets (net book value)", "asset", "IEA", {"ALS": {"": (420, 450, 480)}}),
    ("1040", "Allowance for expected credit losses", "asset", None, {"AGB": {"": (-620, -690, -720)}}),
    ("1050", "Cash in hand", "asset", None, {"AGB": {"": (410, 395, 420)}}),
    ("1060", "Equity holdings", "asset", None, {"AGB": {"": (305, 318, 322)}}),
    ("1070", "Investments in group companies", "asset", None, {"AGB": {"": (240, 240, 240)}}),
]
# Finance's restatement (audit finding on a valuation model): the 2023 trading result of AGB
RESTATED = {("AGB", 2023, "4400"): -31_184_226.17}
# a later proposal that was never agreed and must not be used
PROPOSED = {("AVM", 2024, "4200"): 38_912_400.00}
# the chart-of-accounts change of 1 July 2023: AGB booked its IT and facility outsourcing fees (5210, excluded) to
# 5300 other operating expense from then on; only Group Financial Reporting knows the amounts moved (people.toml)
REMAP_FROM, REMAP_TO = "5210", "5300"
REMAP_SHARE = {2023: 0.52, 2024: 1.0}


def remapped(year: int) -> float:
    """EUR of AGB's outsourcing fees booked in 5300 instead of 5210 in the year."""
    share = REMAP_SHARE.get(year, 0.0)
    return round(share * _eur("AGB", year, REMAP_FROM, "", TB_BY_ACCOUNT[REMAP_FROM][4]["AGB"][""][YEARS.index(year)]),
                 2) if share else 0.0


def _eur(entity: str, year: int, account: str, partner: str, amount: float) -> float:
    """The booked amount in EUR: the table's millions with deterministic odd digits, as real balances have."""
    if amount == 0:
        return 0.0
    if partner:  # both sides of an intragroup row agree to the cent
        key = "|".join(sorted((entity, partner))) + f"|{year}|{round(amount, 3)}"
    else:
        key = f"{entity}|{year}|{account}"
    return round(amount * 1e6 + random.Random(key).uniform(-0.45e6, 0.45e6), 2)


def _value(entity: str, year: int, account: str, partner: str, amount: float, restated: bool) -> float:
    k = (entity, year, account)
    if restated and k in RESTATED and not partner:
        return RESTATED[k]
    return _eur(entity, year, account, partner, amount)


def bi_items(*, eliminate: bool = True, restated: bool = True, exclusions: bool = True, oploss_in_ooe: bool = True,
             gross_iea: bool = True, exported_only: bool = False) -> dict[str, tuple[float, float, float]]:
    """The consolidated OPE25 items per year in EUR; the switches are a hurried reader's choices."""
    out: dict[str, list[float]] = {k: [0.0, 0.0, 0.0] for k in ("II", "IE", "IEA", "DI", "FI", "FE", "OOI", "OOE",
                                                                 "TB", "BB")}
    for account, _name, _kind, item, books in TB:
        target = item
        if target is None and not exclusions:  # a reader who maps every line by its wording
            target = {"5210": "FE", "4330": "OOI", "5320": "OOE"}.get(account)
        if account == "1040" and not gross_iea:
            target = "IEA"
        if account == "5310" and not oploss_in_ooe:
            target = None
        if target is None:
            continue
        for entity, parts in books.items():
            if exported_only and entity not in ENTITIES:
                continue
            for partner, values in parts.items():
                if partner and eliminate:
                    continue
                for k, v in enumerate(values):
                    out[target][k] += _value(entity, YEARS[k], account, partner, v, restated)
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def write_trial_balance(path: Path) -> None:
    """Semicolon-separated, decimal comma, Windows-1252: the consolidation tool's export."""
    with open(path, "w", newline="", encoding="cp1252") as f:
        w = csv.writer(f, delimiter=";")
        w.writerow(["Entity", "Fiscal year", "Account", "Account name", "Trading partner", "Balance EUR (Dr+ / Cr-)"])
        for year_k, year in enumerate(YEARS):
            for entity in ENTITIES:
                for account, name, kind, _item, books in TB:
                    for partner, values in books.get(entity, {}).items():
                        v = _eur(entity, year, account, partner, values[year_k])
                        if entity == "AGB" and not partner and account in (REMAP_FROM, REMAP_TO):
                            v += remapped(year) * (1 if account == REMAP_TO else -1)
                        v = round(v, 2) * SIDE[kind]
                        text = f"{v:,.2f}".replace(",", " ").replace(".", ",")
                        w.writerow([entity, year, account, name, partner, text])


def write_emails(path: Path, sender: str) -> None:
    (ent, yr, acc), val = next(iter(RESTATED.items()))
    old = _eur(ent, yr, acc, "", TB_BY_ACCOUNT[acc][4][ent][""][YEARS.index(yr)])
    (pent, pyr, pacc), pval = next(iter(PROPOSED.items()))
    pold = _eur(pent, pyr, pacc, "", TB_BY_ACCOUNT[pacc][4][pent][""][YEARS.index(pyr)])
    text = f"""From: Mareike Holt <m.holt@aldebrook.example>, Group Financial Reporting
To: {sender}
Date: Tue, 4 Feb 2025 16:12:09 +0100
Subject: BI inputs - group trial balance 2022-2024

Hello,

attached is the consolidation tool's trial-balance export for the three group companies (AGB, ALS, AVM),
fiscal years 2022 to 2024, as used for FINREP. Balances are in EUR, debit positive and credit negative;
the column Trading partner is filled where the counterparty is a group company.

One correction: the 2023 comparatives were restated in the 2024 financial statements (IAS 8, valuation
model error found by the auditors). The export still shows the original 2023 figure:

    {ent} {yr} account {acc} ({TB_BY_ACCOUNT[acc][1]}): restated EUR {val:,.2f}
    (export shows {old:,.2f}), income positive

Please use the restated figure. Everything else in the export agrees with the audited statements.

Kind regards
Mareike

-----
From: Tobias Renn <t.renn@aldebrook.example>, Controlling AVM
To: {sender}; Mareike Holt
Date: Mon, 17 Feb 2025 09:41:55 +0100
Subject: RE: BI inputs - group trial balance 2022-2024

Hi both,

for AVM I would like to book additional 2024 commission income (insurer year-end bonus). If it goes
through, the figure would be:

    {pent} {pyr} account {pacc}: EUR {pval:,.2f} (export shows {pold:,.2f}), income positive

Tobias

-----
From: Mareike Holt <m.holt@aldebrook.example>
To: Tobias Renn; {sender}
Date: Mon, 17 Feb 2025 11:03:20 +0100
Subject: RE: RE: BI inputs - group trial balance 2022-2024

Tobias, the 2024 statements are signed off; the bonus is a 2025 item. The export stands for 2024.

Mareike
"""
    path.write_text(text, encoding="utf-8")


TB_BY_ACCOUNT = {row[0]: row for row in TB}


def stable_zip(path: Path) -> None:
    """Rewrite an Office file's zip with fixed entry times, so that a rebuild gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            if name == "docProps/core.xml":  # openpyxl stamps the save time as modified
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2025-01-31T09:00:00Z", data)
            z.writestr(zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


def _save(d: docx.document.Document, path: Path, when: dt.datetime) -> None:
    d.core_properties.created = d.core_properties.modified = when
    d.core_properties.last_printed = when
    d.save(path)
    stable_zip(path)


def write_letter(path: Path, entity: str, ref_year: int, threshold: int, refused_event: str) -> None:
    d = docx.Document()
    d.add_paragraph("Federal Office for Banking Supervision - Division BA 3 (cooperative banks)")
    d.add_paragraph(f"{entity}\nRisk Controlling\n\nBonn, 9 December {ref_year}")
    # the copy on file is the draft sent ahead of the closing meeting; the signed letter differs on point 3
    d.add_paragraph(f"Our ref. BA 3-OR-{ref_year}/117 - draft for the closing meeting of 11 December {ref_year}")
    d.add_paragraph("Operational risk: standardised approach, your applications of 12 September "
                    f"{ref_year}").runs[0].bold = True
    for text in [
        "Dear Sir or Madam,",
        f"following our review of your loss data collection (examination report of 3 October {ref_year}), we "
        "inform you as follows.",
        "1. Quality of loss data. The internal loss data recorded in your loss event register from 1 January 2013 "
        "onwards meet the qualitative requirements of the Basel Framework for the calculation of the loss "
        "component. The findings of the examination have been closed.",
        f"2. Loss threshold. For banks whose business indicator exceeds EUR 1 billion we exercise the national "
        f"discretion of the standardised approach and set the threshold for the calculation of the average annual "
        f"losses at EUR {threshold:,.0f}. Loss data collection continues from EUR 20,000.",
        f"3. Exclusion of loss events. Your application to exclude the loss events of {DIVESTED}, sold with "
        "effect from 30 September 2021, from the loss data is approved: those activities no longer form part of "
        "the group. Your application to exclude the loss event "
        f"{refused_event} is not approved: a past event of unusual size is no reason to exclude it, and the "
        "business concerned remains with the bank.",
        "4. We do not exercise the discretion to set the internal loss multiplier to one for banks in our "
        "jurisdiction.",
        "Yours faithfully,",
        "Dr. H. Lenzen",
    ]:
        d.add_paragraph(text)
    _save(d, path, dt.datetime(ref_year, 12, 9, 10, 0))


def write_summary(path: Path, sender: str, entity: str, ref_year: int, wrong_bi: float, prior_orc: float) -> None:
    d = docx.Document()
    d.add_heading(f"Operational-risk capital {ref_year}: draft summary for the Board", level=1)
    d.add_paragraph(f"Prepared by {sender}, Risk Controlling, {entity}. Draft - figures to be confirmed by the "
                    "capital calculation.")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, ("Figure", f"{ref_year} (draft)", f"{ref_year - 1}"), strict=True):
        c.text = text
    rows = [
        ("Business indicator (three-year, EUR m)", f"{wrong_bi / 1e6:,.1f}", "1,602.4"),
        ("Loss data threshold (EUR)", "20,000", "20,000"),
        ("Observation window", f"{ref_year - 4}-{ref_year}", f"{ref_year - 5}-{ref_year - 1}"),
        ("Operational-risk capital (EUR m)", "to follow", f"{prior_orc / 1e6:,.1f}"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, text in zip(cells, r, strict=True):
            c.text = text
    d.add_paragraph("Business indicator per Group Financial Reporting's FINREP figures for AGB, ALS and AVM. "
                    "Comments welcome before the Board meeting of 27 February.")
    _save(d, path, dt.datetime(ref_year + 1, 2, 10, 9, 0))
