"""ghg_inventory's documents: the reporting policy, the e-mails, and the matters the note must raise."""

from __future__ import annotations

from pathlib import Path

from _ghg_inventory_estate import BUYER, SELLER
from _ghg_inventory_files import write_docx, write_eml
from _ghg_inventory_story import COMPANY, World


def write_policy(path: Path) -> None:
    write_docx(path, f"{COMPANY}: Greenhouse-gas reporting policy (v3, approved by the Audit Committee, May 2025)", [
        ("h", "1. Standard and boundary"),
        ("p", "1.1 The Group reports its greenhouse-gas emissions under the GHG Protocol Corporate Accounting and "
              "Reporting Standard (revised edition) and, for electricity, the GHG Protocol Scope 2 Guidance."),
        ("p", "1.2 The organisational boundary is set by operational control: a site or activity is in the inventory "
              "for the part of the reporting year in which the Group has the full authority to introduce and "
              "implement its operating policies there."),
        ("p", "1.3 The reporting year is the calendar year. Scope 1 and scope 2 are reported; scope 3 is reported "
              "separately and is not part of this inventory."),
        ("h", "2. Scope 2"),
        ("p", "2.1 Scope 2 is reported both location-based and market-based. Contractual instruments count in the "
              "market-based figure only when they were cancelled on behalf of the Group, relate to the supply "
              "point, and were generated in the reporting year. Supply not covered by such instruments is reported "
              "at the residual mix factor."),
        ("p", "2.2 The Group's headline figures and its table of emissions by site use market-based scope 2."),
        ("h", "3. Factors and global warming potentials"),
        ("p", "3.1 Emission factors are taken from the latest issued version of the Group emission factor workbook "
              "for the reporting year. Global warming potentials are the 100-year values of the IPCC Fifth "
              "Assessment Report (AR5)."),
        ("p", "3.2 Refrigerant emissions are estimated from the refrigerant added to equipment to replace what "
              "leaked (top-ups). Refrigerant recovered to cylinders, and the charge of equipment after a repair in "
              "which the charge was recovered, are not emissions."),
        ("h", "4. Activity data"),
        ("p", "4.1 Actual meter reads take precedence over estimated reads: where a later bill on an actual read "
              "covers a period that was billed on estimates, the estimated bills are replaced. Where a bill straddles "
              "the start or end of the reporting year, or the date a site joins or leaves the boundary, its "
              "consumption is apportioned by days."),
        ("h", "5. Base year"),
        ("p", "5.1 The base year is 2023. The base-year inventory is recalculated when structural changes "
              "(acquisitions, divestments, outsourcing or insourcing of emitting activities), alone or together, "
              "change base-year emissions by 5% or more, and when errors or changes in method do so. Whether to "
              "recalculate is decided by the Audit Committee on the Head of Sustainability's recommendation."),
    ])


def write_emails(folder: Path, w: World, fair: bool) -> None:
    folder.mkdir()
    mails = [
        ("01_factor_workbook_v2.eml", "Group Finance Reporting <gfr@larchmont-foods.example>", "Sustainability team",
         "2027-01-12 10:05", "Emission factor workbook for 2026 reporting",
         "Hello,\n\nThe Group emission factor workbook for the 2026 reporting year has been re-issued. The grid, "
         "residual mix and diesel factors in the March release were wrong and have been corrected. Please make sure "
         "the annual inventory uses the current issue.\n\nGroup Finance Reporting\n"),
        ("02_last_years_method.eml", "Callum Oduya <c.oduya@larchmont-foods.example>", "Imogen Castellanos",
         "2026-12-04 16:40", "Handover - how I did the inventory last year",
         "Hi Imogen,\n\nBefore I go, some notes on last year's inventory: I took the workbook marked FINAL, used the "
         "AR6 column for the refrigerants since that's where everyone is heading, and added the T&D losses to the "
         "electricity so scope 2 wasn't understated. I just summed every bill in the exports for each site.\n\n"
         "Good luck,\nCallum\n"),
        ("03_property_changes.eml", "Property team <property@larchmont-foods.example>", "Sustainability team",
         "2026-10-02 09:30", "Estate changes this year",
         f"Hi,\n\nFor your records: the purchase of the Fernhill store from {SELLER} completed on 1 July 2026; we "
         "took over running it that day and it now trades as Larchmont Market Fernhill (ST10). Its electricity and "
         "gas accounts transferred to us with the site, so the supplier portal shows its bills from January. The sale "
         f"of Brindle Cross Depot (DC2) to {BUYER} completed on 30 September 2026, and they have run it since.\n\n"
         "Property\n"),
        ("04_fleet_cards.eml", "Fleet office <fleet@larchmont-foods.example>", "Sustainability team",
         "2027-01-15 14:12", "Fuel card exports 2026",
         "Hello,\n\nAttached are the two fuel card exports for 2026. FuelLink reports litres; Crossway reports "
         "gallons (it is a UK account). Both exports include AdBlue. The Brindle Cross cards were cancelled on "
         f"7 October - {BUYER} used them in the first week and we recharged them.\n\nFleet office\n"),
    ]
    if fair:
        mails.append(
            ("05_energy_bureau.eml", "Energy bureau <bureau@larchmont-foods.example>", "Sustainability team",
             "2027-01-27 11:20", "Bills and certificates for the inventory",
             "Hello,\n\nThe bill exports run from each meter's first read in December 2025 to its first read in "
             "January 2027, so the first and last bills straddle the year. Where a supplier re-billed an estimated "
             "period on an actual read, both the estimated bills and the re-bill are in the export; the portal also "
             "repeats a few bills. Head office bills come from Northwold as PDF statements. The certificate "
             "statement lists everything cancelled on the bureau account, including a late 2025 batch and "
             f"the certificates {SELLER} held for Fernhill before the sale.\n\nEnergy bureau\n"))
    else:
        mails.append(
            ("05_energy_bureau.eml", "Energy bureau <bureau@larchmont-foods.example>", "Sustainability team",
             "2027-01-27 11:20", "Bills and certificates for the inventory",
             "Hello,\n\nAll the 2026 bill exports and the certificate statement are attached, as in previous "
             "years. Head office bills come from Northwold as PDF statements.\n\nEnergy bureau\n"))
    for fname, frm, to, when, subject, body in mails:
        write_eml(folder / fname, frm, to, when, subject, body)


def issues_for(w: World) -> list[dict]:
    issues = [
        {"id": "base_year", "what": "the Brindle Cross divestment (with Fernhill) moves base-year emissions by more "
                                    "than the 5% threshold: recalculation needs the committee's decision",
         "all_of": [["base year", "base-year", "2023"], ["recalculat", "restat", "re-calculat", "re-stat"]],
         "any_of": ["brindle", "dc2", "divest", "disposal", "sale", "sold", "threshold", "5%", "5 %"]},
        {"id": "stale_certificates", "what": "certificates that cannot count in the market-based figure (the 2025 "
                                             "batch for Hollins Green, Dunmore's for Fernhill)",
         "all_of": [["certificate", "rego", "guarantee"]],
         "any_of": ["2025", "dunmore", "vintage", "previous year", "prior year", "last year", "not ours",
                    "other company", "another company", "previous owner", "before the acquisition", "excluded"]},
        {"id": "factor_version", "what": "the factors come from workbook v2.0; v1.3 (marked FINAL) is superseded and "
                                         "last year's method differed (AR6, T&D losses)",
         "all_of": [["workbook", "factor"]], "any_of": ["2.0", "v2", "1.3", "supersed", "re-issued", "reissued",
                                                         "corrected"]},
        {"id": "boundary_changes", "what": "Fernhill is in from 1 July and Brindle Cross out after 30 September (part "
                                           "of the year each)",
         "all_of": [["fernhill", "st10", "brindle", "dc2"]],
         "any_of": ["1 july", "30 september", "2026-07-01", "2026-09-30", "01/07", "30/09", "part of the year",
                    "part-year", "part year", "pro-rat", "apportion"]},
    ]
    if w.facts:
        c, lk = w.facts["control_end"], w.facts["leak"]
        issues += [
            {"id": "wrexford_control", "what": "Wrexford Depot has been under Kestrel's operational control since "
                                               "1 March (an outsourcing: out of scope 1 and 2, and a structural "
                                               "change)",
             "all_of": [["wrexford", c["site"].lower()], ["kestrel", "operational control", "outsourc", "lsa",
                                                          "logistics services"]],
             "any_of": ["1 march", "2026-03-01", "01/03", "march", "scope 3", "excluded", "out of the boundary",
                        "outside the boundary"]},
            {"id": "unlogged_leak", "what": "the leak at Millfield recharged by Coldfront is not in the service log",
             "all_of": [["millfield", lk["site"].lower()], ["leak", "recharg", "top-up", "top up", "refrigerant"]],
             "any_of": ["coldfront", "not in the log", "not in the service log", "missing from", "58", "service log",
                        "polar"]},
            {"id": "tariff_lapsed", "what": "Meridian's green tariff ended on 30 June: its July-December "
                                            "certificates were never cancelled for the Group",
             "all_of": [["meridian", "green tariff"]],
             "any_of": ["30 june", "1 july", "july", "lapsed", "ended", "never cancelled", "not cancelled",
                        "not retired", "never retired", "standard tariff"]},
            {"id": "bulk_fuel", "what": "diesel delivered in bulk (the Kingsmere yard tank, the stores' standby "
                                        "generators) is on neither fuel-card export",
             "all_of": [["bulk", "hexley", "yard tank", "generator"], ["diesel", "fuel", "litres"]],
             "any_of": ["fuel card", "fuel-card", "card export", "not on", "neither", "outside", "missing",
                        "kingsmere", "dc1", "included", "added"]},
            {"id": "unlisted_site", "what": "the Harrowgate Park overflow store, run on a short licence for the "
                                            "Christmas peak, is on no register but in the boundary",
             "all_of": [["harrowgate", w.facts["extra_site"]["site"].lower(), "overflow"]],
             "any_of": ["register", "licence", "license", "temporary", "short-term", "short term", "christmas",
                        "peak", "sub-meter", "submeter", "landlord", "included", "kwh", "not listed"]},
        ]
    return issues
