"""Helpers of the shortcuts that do not run the calculation of _pipeline.py (made-up numbers, placeholders); file
writing is the kit's."""

import datetime as dt
import math
from pathlib import Path

import openpyxl
import worktrial_kit as kit

INPUT, OUTPUT = Path("input"), Path("output")

# Appendix A as a quick reader would copy it: legacy code -> event type, no overriding rules
LEGACY = {
    "CARD-FRAUD": "EF", "CHEQUE-FRAUD": "EF", "ID-THEFT": "EF", "ROBBERY": "EF", "PHISHING": "EF",
    "CYBER-THEFT": "EF", "EMBEZZLE": "IF", "UNAUTH-TRADE": "IF", "INSIDER": "IF", "BRIBERY": "IF",
    "HR-DISPUTE": "EW", "DISCRIMINATION": "EW", "INJURY": "EW", "MIS-SELLING": "CP", "SUITABILITY": "CP",
    "PRIVACY-BREACH": "CP", "ANTITRUST": "CP", "AML-BREACH": "CP", "FLOOD": "PD", "FIRE": "PD", "STORM": "PD",
    "VANDALISM": "PD", "IT-OUTAGE": "SD", "SOFTWARE-FAULT": "SD", "TELECOM": "SD", "UTILITY": "SD",
    "PAYMENT-ERROR": "PE", "DATA-ENTRY": "PE", "COLLATERAL-MGMT": "PE", "VENDOR-DISPUTE": "PE",
    "REPORTING-ERROR": "PE", "DOCUMENTATION": "PE",
}
RANGES = [(1000, 1999, "RB"), (2000, 2999, "CB"), (3000, 3499, "PS"), (3500, 3999, "TM"), (4000, 4999, "AW"),
          (5000, 5499, "CF"), (5500, 5999, "AS"), (9000, 9999, "CI")]


def register():
    wb = openpyxl.load_workbook(INPUT / "loss_register.xlsx", data_only=True)
    rows = [list(r) for r in wb["Loss events"].iter_rows(values_only=True)]
    head = [str(h) for h in rows[0]]
    events = [dict(zip(head, r, strict=False)) for r in rows[1:] if r[0]]
    bi = [(int(y),) for y in next(wb["Business indicator"].iter_rows(values_only=True))[1:4]]  # the three years
    entity = str(wb["Read me"]["A1"].value).split(" - ")[0]
    return events, bi, entity


def day(v):
    return v.date() if isinstance(v, dt.datetime) else v


def line_by_range(cc):
    return next((code for lo, hi, code in RANGES if lo <= int(cc) <= hi), "CI")


def proper_type(e):
    t = LEGACY[e["Legacy cause code"]]
    intent = e["Intentional"] == "Yes"
    internal = e["Staff involvement"] in ("Employee", "Contractor")
    if intent and internal and t in ("EF", "PE", "SD"):
        return "IF"
    if intent and not internal and t == "SD":
        return "EF"
    return t


def proper_line(e):
    if 7000 <= int(e["Cost centre"]) <= 7999:
        return e["Beneficiary business line"] or "CI"
    return line_by_range(e["Cost centre"])


def write_csv(rows):
    kit.write_csv(OUTPUT / "classified_events.csv", ["event_id", "event_type", "business_line"],
                  [dict(zip(("event_id", "event_type", "business_line"), r, strict=True)) for r in rows])


def bic_of(bi):
    bic = 0.12 * min(bi, 1e9)
    if bi > 1e9:
        bic += 0.15 * (min(bi, 30e9) - 1e9)
    if bi > 30e9:
        bic += 0.18 * (bi - 30e9)
    return bic


def write_capital(entity, ref_year, threshold, annual, ids, bi, ilm=None):
    ala = sum(a["net_loss"] for a in annual) / len(annual)
    lc = 15 * ala
    bic = bic_of(bi)
    if ilm is None:
        ilm = math.log(math.e - 1 + (lc / bic) ** 0.8)
    doc = {
        "entity": entity, "reference_date": f"{ref_year}-12-31", "currency": "EUR", "loss_threshold": threshold,
        "annual_net_losses": annual, "events_in_capital": sorted(ids), "average_annual_loss": round(ala, 2),
        "loss_component": round(lc, 2), "business_indicator": round(bi, 2),
        "business_indicator_component": round(bic, 2), "internal_loss_multiplier": round(ilm, 6),
        "capital_requirement": round(bic * ilm, 2), "rwa": round(12.5 * bic * ilm, 2),
    }
    kit.write_json(OUTPUT / "capital.json", doc)
