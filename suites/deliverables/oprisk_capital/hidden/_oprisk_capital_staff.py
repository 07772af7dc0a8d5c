"""The hard instance's facts that no input hints at, held by the client's people (variants/coop/hidden/people.toml).

- Insurance payments outside the register: on 20 December 2024 the insurers paid the group's open crime, cyber
  and property claims under the blanket bond in one settlement; the claims team (Lena Castell, Group Treasury)
  sent the allocation to the loss data steward only after the export, so the register's Recoveries sheet has none
  of it. Received by the reference date, they reduce the net loss of ten events, one in each year of the window;
  two of them fall under the threshold.
- A company outside the trial-balance export: Aldebrook Zahlungsdienste GmbH (AZD), the card-acquiring subsidiary,
  is fully consolidated but reports outside the consolidation tool (Mareike Holt, Group Financial Reporting); its
  fee income, fee expense, banking-book result and placements with banks belong in the consolidated business indicator
  (`group_books.TB`, entity AZD: in the truth, never in the export).

- A change to the standard since its approval: Amendment 1 to version 2.1 (Risk Committee, 9 December 2024,
  after the November draft of 2.2) assigns a loss booked to a shared-service cost centre without a beneficiary
  business line to Retail Banking instead of Corporate Items (Jonas Brekke, the standard's owner).

`build_inputs.py` applies the first to the generated events and prints both answers, which people.toml carries
word for word (tests/suites/test_oprisk_capital_checks.py compares them).
"""

from __future__ import annotations

import datetime as dt
import random

import group_books as gb

SETTLED_ON = dt.date(2024, 12, 20)
INSURED_CODES = ("CYBER-THEFT", "ROBBERY", "CHEQUE-FRAUD", "PHISHING", "EMBEZZLE", "ID-THEFT", "FIRE", "FLOOD",
                 "STORM", "INJURY", "CARD-FRAUD", "PRIVACY-BREACH", "CYBER-EXTORT", "VANDALISM", "IT-OUTAGE")
N_CLAIMS, N_BELOW = 10, 2


def apply_unrecorded_claims(events: list[dict], threshold: float, first: int, last: int, seed: int) -> list[dict]:
    """Choose the events the December settlement paid (one per year, EUR, no recovery on record, well above the
    threshold) and reduce their true net loss; the register is left as exported. Returns them, oldest first."""
    rng = random.Random(seed)
    fit = [e for e in events if first <= e["acc"].year <= last and not e["group"] and e["status"] != "Withdrawn"
           and e["boundary"] == "" and e.get("entity") == gb.ENTITIES["AGB"] and e["currency"] == "EUR"
           and not e["recoveries"] and not e.get("migrated") and not e.get("refused")
           and e["code"] in INSURED_CODES and e["net"] >= 1.4 * threshold]
    years = sorted({e["acc"].year for e in fit})
    chosen = []
    for year in rng.sample(years, N_CLAIMS):
        chosen.append(rng.choice([e for e in fit if e["acc"].year == year]))
    chosen.sort(key=lambda e: e["acc"])
    below = set(rng.sample(range(N_CLAIMS), N_BELOW))
    for k, e in enumerate(chosen):
        if k in below:  # what is left falls under the threshold
            paid = e["net"] - threshold * rng.uniform(0.35, 0.85)
        else:
            paid = min(e["net"] * rng.uniform(0.25, 0.6), e["net"] - 1.1 * threshold)
        e["unrecorded"] = round(paid, 2)
        e["net"] -= e["unrecorded"]
    return chosen


def claims_answer(chosen: list[dict]) -> str:
    items = "; ".join(f"{e['id']} EUR {e['unrecorded']:,.2f}" for e in chosen)
    total = sum(e["unrecorded"] for e in chosen)
    return ("Lena: Yes, one thing the register cannot show yet. On 18 December 2024 the insurers settled all our open "
            "crime, cyber and property claims under the blanket bond in one payment of EUR "
            f"{total:,.2f}, received on 20 December 2024. I sent the allocation per loss event to Mette only in "
            "February, after the register export, so none of it is in the Recoveries sheet yet. Received on "
            f"20 December 2024, per event: {items}. Nothing else was paid or agreed with insurers that the register "
            "does not have.")


AZD = "AZD"
AZD_NAME = "Aldebrook Zahlungsdienste GmbH"
AZD_ITEMS = (("4200", "fee and commission income"), ("5200", "fee and commission expense"),
             ("4500", "net result on financial assets not held for trading (currency conversion of merchant "
                      "settlements)"),
             ("1000", "placements with banks (interest-earning assets, year-end)"))


def azd_amount(account: str, year: int) -> float:
    row = gb.TB_BY_ACCOUNT[account]
    return gb._eur(AZD, year, account, "", row[4][AZD][""][gb.YEARS.index(year)])


def azd_answer() -> str:
    parts = []
    for account, label in AZD_ITEMS:
        amounts = ", ".join(f"EUR {azd_amount(account, y):,.2f} ({y})" for y in gb.YEARS)
        parts.append(f"{label} {amounts}")
    return (f"Mareike: Not quite - one company is missing. {AZD_NAME} (AZD), our card-acquiring subsidiary, has been "
            "fully consolidated since 1 January 2022, but it still reports through a separate package outside the "
            "consolidation tool, so the export only holds AGB, ALS and AVM; we add AZD by a top-side journal. It "
            "does no business with the other group companies, so there is nothing to eliminate. Its figures: "
            + "; ".join(parts) + ". Everything else it books is staff, IT depreciation and tax.")


UNASSIGNED_LINE = "RB"  # shared-service losses without a beneficiary line, under Amendment 1 (the standard says CI)
