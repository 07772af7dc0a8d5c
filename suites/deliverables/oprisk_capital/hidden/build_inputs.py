"""Deterministic generator of every instance of oprisk_capital.

Per instance it writes into `workspace/input/`: `loss_register.xlsx` (the register export: loss events in several
currencies with some rows exported twice, a recoveries sheet, Finance's business-indicator P&L items),
`fx_rates.csv` (month-end reference rates) and two versions of the bank's taxonomy and capital standard
(`oprisk_taxonomy_policy.pdf` and `oprisk_taxonomy_policy-1.pdf`, written as Word documents and converted by
LibreOffice: in `base` the older one is superseded, in `coop` the newer one is an unapproved draft). The reference
outputs are `hidden/reference/classified_events.csv`, `capital.json`, `rule_cases.csv` and `issues.json`.

The expected classification is fixed by construction (each event is drawn for a target event type and business
line, and its fields are set so that the rules lead there); the capital figures follow the governing standard
and, where it departs from it, the Basel Framework's standardised approach (OPE25), computed here from the
generator's own ground truth.

Run with the project's Python:  python hidden/build_inputs.py
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import random
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import _oprisk_capital_staff as held
import docx
import group_books as gb
import openpyxl
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl.styles import Font, PatternFill

FAMILY = Path(__file__).resolve().parent.parent

TYPES = {
    "IF": ("Internal fraud and misconduct",
           "Losses from acts intended to defraud, misappropriate property or circumvent law or bank policy in which "
           "at least one internal party (employee or contractor) took part."),
    "EF": ("External fraud",
           "Losses from acts of a third party intended to defraud, misappropriate property or circumvent the law, "
           "including theft and attacks on the bank's systems."),
    "EW": ("Employment practices and workplace safety",
           "Losses from acts inconsistent with employment, health or safety law or agreements, personal-injury "
           "claims and discrimination."),
    "CP": ("Clients, products and business practices",
           "Losses from failing, unintentionally or negligently, to meet an obligation to clients, or from the "
           "nature or design of a product, including regulatory fines for conduct."),
    "PD": ("Physical asset damage",
           "Losses from loss of or damage to physical assets by natural disaster or other events, including "
           "vandalism and other malicious damage without intent to gain."),
    "SD": ("Systems and business disruption",
           "Losses from disruption of business or failures of systems, software, telecommunications or utilities."),
    "PE": ("Process execution and delivery",
           "Losses from failed transaction processing or process management, and from relations with trade "
           "counterparties and vendors."),
}

# legacy cause code -> (meaning, primary type, log-uniform gross loss range in EUR)
CODES = {
    "CARD-FRAUD": ("Payment card fraud: skimming, counterfeit or stolen cards", "EF", (1_500, 45_000)),
    "CHEQUE-FRAUD": ("Forged or altered cheques", "EF", (4_000, 120_000)),
    "ID-THEFT": ("Account opened or taken over with a stolen identity", "EF", (3_000, 80_000)),
    "ROBBERY": ("Robbery of a branch, ATM or cash in transit", "EF", (10_000, 180_000)),
    "PHISHING": ("Customer or staff credentials obtained by deception", "EF", (5_000, 260_000)),
    "CYBER-THEFT": ("Funds stolen through an intrusion into bank systems", "EF", (60_000, 1_600_000)),
    "EMBEZZLE": ("Misappropriation of funds or assets by staff", "IF", (20_000, 900_000)),
    "UNAUTH-TRADE": ("Trading beyond mandate or concealed positions", "IF", (120_000, 4_200_000)),
    "INSIDER": ("Insider dealing on the bank's or its own account", "IF", (30_000, 550_000)),
    "BRIBERY": ("Bribes or kickbacks accepted or paid by staff", "IF", (50_000, 700_000)),
    "HR-DISPUTE": ("Wrongful dismissal and other employment claims", "EW", (10_000, 320_000)),
    "DISCRIMINATION": ("Discrimination or harassment claims", "EW", (20_000, 420_000)),
    "INJURY": ("Workplace injury and public-liability claims", "EW", (5_000, 160_000)),
    "MIS-SELLING": ("Products sold to clients for whom they were unsuitable", "CP", (60_000, 3_200_000)),
    "SUITABILITY": ("Advice breaching suitability or disclosure duties", "CP", (20_000, 800_000)),
    "PRIVACY-BREACH": ("Breach of client confidentiality or data protection", "CP", (30_000, 1_300_000)),
    "ANTITRUST": ("Competition-law and market-conduct breaches", "CP", (500_000, 6_500_000)),
    "AML-BREACH": ("Fines for anti-money-laundering and sanctions failures", "CP", (200_000, 5_200_000)),
    "FLOOD": ("Flood and water damage to premises", "PD", (20_000, 1_800_000)),
    "FIRE": ("Fire damage to premises or equipment", "PD", (20_000, 2_000_000)),
    "STORM": ("Storm damage to premises", "PD", (8_000, 400_000)),
    "VANDALISM": ("Malicious damage to ATMs, branches or vehicles", "PD", (2_000, 70_000)),
    "IT-OUTAGE": ("Unavailability of systems or data centres", "SD", (10_000, 850_000)),
    "SOFTWARE-FAULT": ("Defects in software releases or configuration", "SD", (5_000, 520_000)),
    "TELECOM": ("Network and telecommunications failures", "SD", (5_000, 130_000)),
    "UTILITY": ("Power and other utility outages", "SD", (3_000, 90_000)),
    "PAYMENT-ERROR": ("Payments sent twice, to the wrong party or late", "PE", (1_000, 420_000)),
    "DATA-ENTRY": ("Keying and maintenance errors", "PE", (1_000, 160_000)),
    "COLLATERAL-MGMT": ("Collateral not perfected, released or valued in error", "PE", (20_000, 900_000)),
    "VENDOR-DISPUTE": ("Disputes with vendors and outsourcing providers", "PE", (10_000, 320_000)),
    "REPORTING-ERROR": ("Errors in mandatory regulatory reporting", "PE", (5_000, 620_000)),
    "DOCUMENTATION": ("Missing or defective legal documentation", "PE", (2_000, 210_000)),
}

# a cause code the register started using after Appendix A was written (only the coop draft lists it)
EXTORTION = "CYBER-EXTORT"
ALL_CODES = {**CODES, EXTORTION: ("Extortion by attackers who took or locked the bank's data", "SD", (40_000, 900_000))}

LINES = [  # code, name, cost-centre range
    ("RB", "Retail Banking", 1000, 1999),
    ("CB", "Commercial Banking", 2000, 2999),
    ("PS", "Payments and Settlement", 3000, 3499),
    ("TM", "Treasury and Markets", 3500, 3999),
    ("AW", "Asset and Wealth Management", 4000, 4999),
    ("CF", "Corporate Finance", 5000, 5499),
    ("AS", "Agency and Custody Services", 5500, 5999),
    ("CI", "Corporate Items", 9000, 9999),
]
SHARED = (7000, 7999)
LINE_NAME = {c: n for c, n, _, _ in LINES}

BRANCHES = ["Altmarkt", "Hafenstrasse", "Nordtor", "Lindenplatz", "Bahnhofsallee", "Seeufer", "Kirchweg",
            "Marktgasse", "Rosenhang", "Westend", "Brückenkopf", "Am Anger"]
VENDORS = ["Veltris Data Services", "Okapi Print & Mail", "Nordlicht Facility GmbH", "Carrow Cloud Hosting",
           "Quellberg Security", "Trasco Cash Logistics", "Lumen Card Processing"]
SYSTEMS = ["core banking platform", "card authorisation switch", "online banking portal", "SWIFT gateway",
           "treasury dealing system", "branch teller application", "mobile app backend", "collateral register"]


@dataclass
class Policy:
    version: str
    date: str
    status: str  # "effective", "superseded" (an older version) or "draft" (never approved)
    threshold: int
    market_excluded: bool  # departs from OPE25, which keeps market-risk boundary losses in the loss data
    maps_extortion: bool  # Appendix A lists the newer cause code
    file: str
    supersedes: str = ""


@dataclass
class Inst:
    name: str
    seed: int
    entity: str
    short: str
    policy_id: str
    ref_year: int
    n_events: int
    scale: float  # loss size factor
    bi_items: dict[str, tuple[float, float, float]]  # Finance's P&L items for ref_year-2 .. ref_year
    event_prefix: str
    fair: bool  # the standard spells out the Basel method; the instruction's briefing states every trap
    policies: list[Policy]
    currencies: dict[str, float]  # share of events booked in each foreign currency
    window: int = 5  # OPE25: ten years where ten years of good-quality data exist, else at least five
    threshold: int = 0  # the threshold that applies (a supervisor's discretion may raise the standard's)
    group: bool = False  # BI from the group's trial balance; supervisor's letter; the client's draft summary


BI_LABELS = {
    "II": "Interest income", "IE": "Interest expense", "IEA": "Interest-earning assets",
    "DI": "Dividend income", "FI": "Fee and commission income", "FE": "Fee and commission expense",
    "OOI": "Other operating income", "OOE": "Other operating expense",
    "TB": "Net profit or loss on the trading book", "BB": "Net profit or loss on the banking book",
}
INSTANCES = [
    Inst("base", 4711, "Stellmark Bank AG", "Stellmark", "ORP-04", 2025, 290, 1.0, {
        "II": (1_452_300_000, 1_498_700_000, 1_541_200_000), "IE": (641_800_000, 664_200_000, 679_900_000),
        "IEA": (41_200_000_000, 42_600_000_000, 43_900_000_000), "DI": (14_200_000, 11_900_000, 16_400_000),
        "FI": (498_300_000, 512_600_000, 531_900_000), "FE": (121_400_000, 126_800_000, 133_500_000),
        "OOI": (38_700_000, 42_100_000, 35_900_000), "OOE": (61_200_000, 54_800_000, 66_300_000),
        "TB": (96_400_000, -41_800_000, 118_300_000), "BB": (37_900_000, 55_200_000, -22_600_000),
    }, "SM", True, [
        Policy("3.1", "2 May 2023", "superseded", 10_000, True, False, "oprisk_taxonomy_policy.pdf"),
        Policy("3.2", "14 March 2025", "effective", 20_000, False, False, "oprisk_taxonomy_policy-1.pdf", "3.1"),
    ], {"USD": 0.08, "GBP": 0.07, "CHF": 0.05}),
    Inst("coop", 9133, "Aldebrook Cooperative Bank eG", "Aldebrook", "RK-ORM-07", 2024, 620, 1.6, gb.bi_items(),
         "AB", False, [
        Policy("2.1", "2 February 2024", "effective", 20_000, True, False, "oprisk_taxonomy_policy.pdf"),
        Policy("2.2", "18 November 2024", "draft", 10_000, False, True, "oprisk_taxonomy_policy-1.pdf"),
    ], {"CHF": 0.07, "GBP": 0.04, "USD": 0.03}, window=10, threshold=100_000, group=True),
]
for _inst in INSTANCES:
    _inst.threshold = _inst.threshold or next(p.threshold for p in _inst.policies if p.status == "effective")


def governing(inst: Inst) -> Policy:
    return next(p for p in inst.policies if p.status == "effective")


NUMBER_WORDS = {3: "three", 5: "five", 10: "ten"}
WINDOW = 5
MULTIPLIER = 15
BUCKETS = [(1_000_000_000, 0.12), (30_000_000_000, 0.15), (None, 0.18)]


# ----------------------------------------------------------------------------------------------- events
def loguni(rng: random.Random, lo: float, hi: float) -> float:
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def describe(rng: random.Random, code: str, intent: str, staff: str) -> tuple[str, str]:
    b, v, s = rng.choice(BRANCHES), rng.choice(VENDORS), rng.choice(SYSTEMS)
    n = rng.randint(3, 60)
    colluding = staff != "None"
    who = "a branch employee" if staff == "Employee" else "a contractor from the cash-handling agency"
    t = {
        "CARD-FRAUD": (f"Card skimming at {b} ATM", f"Skimming device found on the {b} ATM; {n} cards compromised "
                       "and used abroad before blocking."),
        "CHEQUE-FRAUD": ("Altered cheques presented", f"{n % 9 + 2} cheques with altered payee and amount paid at "
                         f"{b} branch."),
        "ID-THEFT": ("Account takeover with stolen identity", "Fraudster passed remote onboarding with a stolen "
                     "identity and drew on an overdraft."),
        "ROBBERY": (f"Armed robbery at {b}", f"Cash stolen from the {b} branch counter during opening hours."),
        "PHISHING": ("Customers defrauded through cloned login page", f"{n} online-banking customers entered "
                     "credentials on a cloned page; refunds paid under the bank's guarantee."),
        "CYBER-THEFT": ("Fraudulent transfers after intrusion", f"Attackers used compromised credentials on the {s} "
                        "to release outbound transfers."),
        "EMBEZZLE": ("Misappropriation from dormant accounts", "Employee transferred balances of dormant accounts to "
                     "accounts controlled by relatives."),
        "UNAUTH-TRADE": ("Positions beyond trading mandate", "Trader concealed positions beyond limits by booking "
                         "fictitious hedges; positions closed out at a loss."),
        "INSIDER": ("Trading ahead of client orders", "Staff member traded ahead of large client orders on a "
                    "personal account; client compensation and fine."),
        "BRIBERY": ("Kickbacks on procurement contract", f"Manager accepted payments from {v} in return for "
                    "inflated invoices."),
        "HR-DISPUTE": ("Wrongful dismissal settlement", "Settlement of a claim for unfair dismissal after a "
                       "restructuring."),
        "DISCRIMINATION": ("Harassment and discrimination claim", "Tribunal award after a manager's deliberate "
                           "discrimination of a team member."),
        "INJURY": (f"Visitor injured at {b} branch", "Personal-injury claim after a fall on a wet floor."),
        "MIS-SELLING": ("Complex notes sold to retail clients", "Redress paid to retail clients sold structured "
                        "notes outside their risk profile."),
        "SUITABILITY": ("Unsuitable pension advice", "Compensation to clients after advice that ignored "
                        "disclosed risk preferences."),
        "PRIVACY-BREACH": ("Client statements sent to wrong recipients", f"Mailing error at {v} exposed client "
                           "data; regulator fine and compensation."),
        "ANTITRUST": ("Fine for fee coordination", "Competition authority fine for coordinating card fees with "
                      "other banks."),
        "AML-BREACH": ("Fine for deficient transaction monitoring", "Supervisory fine for gaps in transaction "
                       "monitoring and late suspicious-activity reports."),
        "FLOOD": (f"Flooding of {b} branch basement", "Heavy rain flooded the basement archive and plant room."),
        "FIRE": ("Fire in regional office", "Electrical fire damaged the regional office fit-out and IT equipment."),
        "STORM": (f"Storm damage at {b}", "Roof and facade of the branch damaged in a storm."),
        "VANDALISM": (f"ATM vandalised at {b}", "ATM fascia and lobby deliberately smashed overnight; no cash "
                      "taken."),
        "IT-OUTAGE": (f"Outage of the {s}", f"The {s} was unavailable for several hours; fees refunded and "
                      "penalty interest paid."),
        "SOFTWARE-FAULT": ("Faulty release double-charged fees", f"A release of the {s} charged account fees "
                           "twice; refunds paid."),
        "TELECOM": ("Network provider failure", "Branch network links down for a day; manual processing costs."),
        "UTILITY": (f"Power cut at {b}", "Prolonged power cut; generator hire and spoiled cash-handling equipment."),
        "PAYMENT-ERROR": ("Payment released twice", "A batch of supplier payments was released twice; part of the "
                          "duplicate funds could not be recalled."),
        "DATA-ENTRY": ("Wrong interest rate keyed", "Interest rate keyed wrongly on new loans; clients "
                       "compensated."),
        "COLLATERAL-MGMT": ("Mortgage collateral not registered", "Land-charge registration missed; the collateral "
                            "was unavailable when the loan defaulted."),
        "VENDOR-DISPUTE": (f"Dispute with {v}", f"Settlement of a contractual dispute with {v} over service "
                           "levels."),
        "REPORTING-ERROR": ("Late regulatory return", "Penalty for a late and inaccurate statistical return."),
        "DOCUMENTATION": ("Guarantee unenforceable", "Guarantee could not be enforced because signature pages "
                          "were missing."),
        EXTORTION: ("Extortion after data exfiltration", f"Attackers copied client files from the {s} and demanded "
                    "a ransom; no ransom paid; forensic, notification and client-compensation costs."
                    + (" Investigation found that a contractor had sold remote-access credentials to the attackers."
                       if colluding else "")),
    }[code]
    title, text = t
    if colluding and primary_type(code) == "EF" and code != EXTORTION:
        text += f" Investigation found that {who} passed card or account data to the fraudsters."
    if code in ("IT-OUTAGE", "SOFTWARE-FAULT", "TELECOM") and intent == "Yes":
        if colluding:
            text = f"A system administrator deliberately disabled parts of the {s} after a dispute with management."
        else:
            text = f"Ransomware attack by an external group encrypted servers of the {s}; recovery costs."
    if primary_type(code) == "PE" and intent == "Yes" and colluding:
        text += " The operations clerk deliberately concealed the error by falsifying reconciliations."
    return title, text


def primary_type(code: str) -> str:
    """Appendix A's type; an unmapped code is typed by the definitions of 4.1 (extortion by a third party is an
    attack on the bank's systems for gain: external fraud)."""
    return "EF" if code == EXTORTION else CODES[code][1]


def classify(code: str, intent: str, staff: str) -> str:
    """The policy's rules (section 4): primary type from the legacy code, then the overriding rules."""
    t = primary_type(code)
    internal = staff in ("Employee", "Contractor")
    if intent == "Yes" and internal and t in ("EF", "PE", "SD"):
        return "IF"
    if intent == "Yes" and not internal and t == "SD":
        return "EF"
    return t


def line_of(cc: int, beneficiary: str, unassigned: str = "CI") -> str:
    if SHARED[0] <= cc <= SHARED[1]:
        return beneficiary or unassigned
    for code, _, lo, hi in LINES:
        if lo <= cc <= hi:
            return code
    raise ValueError(cc)


CODE_WEIGHTS = {
    "CARD-FRAUD": 16, "CHEQUE-FRAUD": 3, "ID-THEFT": 5, "ROBBERY": 2, "PHISHING": 7, "CYBER-THEFT": 2,
    "EMBEZZLE": 2, "UNAUTH-TRADE": 1, "INSIDER": 1, "BRIBERY": 1, "HR-DISPUTE": 4, "DISCRIMINATION": 3,
    "INJURY": 3, "MIS-SELLING": 3, "SUITABILITY": 4, "PRIVACY-BREACH": 3, "ANTITRUST": 1, "AML-BREACH": 1,
    "FLOOD": 2, "FIRE": 1, "STORM": 2, "VANDALISM": 4, "IT-OUTAGE": 5, "SOFTWARE-FAULT": 5, "TELECOM": 3,
    "UTILITY": 2, "PAYMENT-ERROR": 12, "DATA-ENTRY": 10, "COLLATERAL-MGMT": 3, "VENDOR-DISPUTE": 3,
    "REPORTING-ERROR": 3, "DOCUMENTATION": 4,
}
PREFERRED_LINES = {  # where each cause tends to be booked
    "EF": ["RB", "RB", "RB", "CB", "PS"], "IF": ["RB", "TM", "AW", "CB"], "EW": ["RB", "CB", "CI", "AW"],
    "CP": ["RB", "AW", "CB", "CF", "AS"], "PD": ["RB", "CI", "CB"], "SD": ["PS", "RB", "TM", "AS"],
    "PE": ["PS", "CB", "RB", "TM", "AS", "CF"],
}


def cost_centre(rng: random.Random, line: str) -> int:
    _, _, lo, hi = next(x for x in LINES if x[0] == line)
    return rng.randint(lo, hi)


def rand_date(rng: random.Random, year: int) -> dt.date:
    return dt.date(year, 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def generate(inst: Inst) -> list[dict]:
    rng = random.Random(inst.seed)
    first, last = inst.ref_year - inst.window + 1, inst.ref_year
    codes, weights = zip(*CODE_WEIGHTS.items(), strict=True)
    events: list[dict] = []
    seq = 0

    def new_event(code: str, year: int, *, amount: float | None = None, group: str = "") -> dict:
        nonlocal seq
        seq += 1
        t = primary_type(code)
        intent = "Yes" if t in ("EF", "IF") or code == "VANDALISM" else "No"
        staff = "Employee" if t == "IF" else "None"
        if t == "IF" and rng.random() < 0.25:
            staff = "Contractor"
        if t in ("CP", "EW") and rng.random() < 0.35:  # deliberate conduct: stays CP / EW under the policy
            intent, staff = "Yes", "Employee"
        if code == "HR-DISPUTE":
            staff = "Employee"
        r = rng.random()
        if t == "EF" and r < 0.16 and not group:
            staff = rng.choice(["Employee", "Contractor"])  # collusion -> IF
        if code in ("IT-OUTAGE", "SOFTWARE-FAULT", "TELECOM") and r < 0.4:
            intent = "Yes"
            staff = "Employee" if r < 0.1 else "None"  # sabotage -> IF, attack -> EF
        if t == "PE" and r < 0.08:
            intent, staff = "Yes", "Employee"
        target_line = rng.choice(PREFERRED_LINES[t])
        shared = rng.random() < 0.16
        if shared:
            cc = rng.randint(*SHARED)
            beneficiary = "" if rng.random() < 0.25 else target_line
        else:
            cc = cost_centre(rng, target_line)
            beneficiary = ""
        lo, hi = ALL_CODES[code][2]
        gross = amount if amount is not None else round(loguni(rng, lo, hi) * inst.scale, 2)
        recovery = 0.0
        if rng.random() < 0.22:
            recovery = round(gross * rng.choice([0.1, 0.25, 0.4, 0.6, 0.8, 1.0]), 2)
        acc = rand_date(rng, year)
        occ = acc - dt.timedelta(days=rng.randint(5, 420))
        disc = occ + dt.timedelta(days=rng.randint(0, (acc - occ).days))
        title, text = describe(rng, code, intent, staff)
        boundary = ""
        if code in ("COLLATERAL-MGMT", "DOCUMENTATION") and rng.random() < 0.55:
            boundary = "Credit"
        elif code in ("UNAUTH-TRADE", "PAYMENT-ERROR", "DATA-ENTRY", "IT-OUTAGE") and target_line == "TM" \
                and rng.random() < 0.6:
            boundary = "Market"
        return {
            "seq": seq, "code": code, "intent": intent, "staff": staff, "cc": cc, "beneficiary": beneficiary,
            "occ": occ, "disc": disc, "acc": acc, "gross": gross, "recovery": recovery, "boundary": boundary,
            "group": group, "status": rng.choice(["Closed", "Closed", "Closed", "Open"]), "title": title,
            "text": text,
        }

    years = list(range(first - 2, last + 1))
    for _ in range(inst.n_events):
        y = rng.choice(years)
        events.append(new_event(rng.choices(codes, weights)[0], y))
    # events booked after the reference date (in the register, outside the window)
    for _ in range(6):
        e = new_event(rng.choices(codes, weights)[0], last + 1)
        e["acc"] = dt.date(last + 1, 1, rng.randint(5, 28))
        e["disc"] = min(e["disc"], e["acc"])
        e["occ"] = min(e["occ"], e["disc"])
        e["status"] = "Open"
        events.append(e)
    # withdrawn entries (recorded in error)
    for e in rng.sample([e for e in events if first <= e["acc"].year <= last], 5):
        e["status"] = "Withdrawn"
        e["text"] += " Entry withdrawn: duplicate of an event already recorded."
    # grouped events: members individually below the threshold
    t = inst.threshold
    plans = [("CARD-FRAUD", 5, 1.9), ("PAYMENT-ERROR", 3, 1.6), ("PHISHING", 4, 2.4), ("DATA-ENTRY", 3, 0.8)]
    for k, (code, n, total_factor) in enumerate(plans):
        gid = f"G-{last - 1 - k % 3}-{k + 1:02d}"
        year = last - 1 - k % 3
        shares = [rng.uniform(0.6, 1.4) for _ in range(n)]
        total = t * total_factor
        for sh in shares:
            amt = round(min(total * sh / sum(shares), t * 0.95), 2)
            e = new_event(code, year, amount=amt, group=gid)
            e["recovery"], e["boundary"], e["status"] = 0.0, "", "Closed"
            e["title"] += " (series)"
            e["text"] += f" Part of a linked series recorded under {gid}."
            events.append(e)
    # a few events near the threshold, where recoveries decide
    for code in ("CHEQUE-FRAUD", "VENDOR-DISPUTE", "INJURY", "SOFTWARE-FAULT"):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.15, 1.6), 2))
        e["recovery"] = round(e["gross"] - t * rng.uniform(0.5, 0.95), 2)
        e["boundary"] = ""
        events.append(e)
        e2 = new_event(code, rng.choice(range(first, last + 1)), amount=float(t))  # exactly at the threshold
        e2["recovery"], e2["boundary"], e2["status"] = 0.0, "", "Closed"
        events.append(e2)
    for e in events[-8:]:
        e["plain"] = False
    # recoveries that must not count: an insurance claim still expected, a payment received after the reference date
    for k, code in enumerate(("FIRE", "FLOOD", "ROBBERY", "PRIVACY-BREACH", "PAYMENT-ERROR", "STORM", "IT-OUTAGE",
                              "CYBER-THEFT", "COLLATERAL-MGMT")):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.1, 1.8), 2))
        e["recovery"], e["boundary"], e["plain"] = 0.0, "", False
        e["expected" if k < 6 else "late"] = round(e["gross"] - t * rng.uniform(0.4, 0.9), 2)
        events.append(e)
    # a cause code Appendix A does not know
    for staff in ("None", "Contractor", "None"):
        e = new_event(EXTORTION, rng.choice(range(first + 1, last + 1)), amount=round(t * rng.uniform(2, 30), 2))
        e["intent"], e["staff"], e["boundary"], e["plain"] = "Yes", staff, "", False
        e["title"], e["text"] = describe(rng, EXTORTION, "Yes", staff)
        events.append(e)
    # operational losses on the trading desk that are also market-risk related
    for code in ("UNAUTH-TRADE", "PAYMENT-ERROR", "DATA-ENTRY", "IT-OUTAGE"):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.5, 14), 2))
        e["boundary"], e["cc"], e["beneficiary"], e["recovery"] = "Market", cost_centre(rng, "TM"), "", 0.0
        if e["status"] == "Withdrawn":
            e["status"] = "Closed"
        events.append(e)
    if inst.group:
        group_events(inst, rng, events, new_event, first, last)
    # order by discovery and assign ids as the GRC tool does
    events.sort(key=lambda e: (e["disc"], e["seq"]))
    per_year: dict[int, int] = {}
    fx = fx_rates(inst)
    ref_end = dt.date(last, 12, 31)
    for e in events:
        per_year[e["disc"].year] = per_year.get(e["disc"].year, 0) + 1
        e["id"] = f"{inst.event_prefix}-{e['disc'].year}-{per_year[e['disc'].year]:04d}"
        e["type"] = classify(e["code"], e["intent"], e["staff"])
        # coop: the Risk Committee's amendment of 9 December assigns unassigned shared-service losses to RB
        e["line"] = line_of(e["cc"], e["beneficiary"], held.UNASSIGNED_LINE if inst.group else "CI")
        e["currency"] = "EUR"
        if e.get("plain", True) and not e["group"]:
            e["currency"] = rng.choices([*inst.currencies, "EUR"],
                                        [*inst.currencies.values(), 1 - sum(inst.currencies.values())])[0]
        recoveries = []
        if e["recovery"] > 0:
            when = e["acc"] + dt.timedelta(days=rng.randint(15, 240))
            recoveries.append(("Insurance" if rng.random() < 0.6 else "Third party", "Received", when, e["recovery"]))
        if e.get("migrated"):
            recoveries.append(("Insurance", "Received", MIGRATION_DAY, e["migrated"]))
        if e.get("expected"):
            recoveries.append(("Insurance", "Expected", None, e["expected"]))
        if e.get("late"):
            recoveries.append(("Insurance", "Received", dt.date(last + 1, 1, rng.randint(8, 27)), e["late"]))
        settle(e, recoveries, fx, ref_end)
        if e["currency"] != "EUR" and abs(e["net"] - t) < 100:  # no event decided by rounding at the threshold
            e["currency"] = "EUR"
            settle(e, recoveries, fx, ref_end)
    window = [e for e in events if first <= e["acc"].year <= last and not e["group"] and e["status"] != "Withdrawn"]
    for e in rng.sample(window, 5):
        e["dup"] = True  # exported twice by the GRC tool
    if inst.group:  # insurance paid by the reference date that the register does not have (people.toml: Lena)
        held.apply_unrecorded_claims(events, t, first, last, inst.seed + 11)
    return events


MIGRATED_NOTE = "Carried over from the Varnholt Volksbank eG incident database (merger, June 2018)."
SPLIT_GROUPS = ("G-2022-05", "G-2023-06")
MIGRATION_DAY = dt.date(2018, 6, 30)


def group_events(inst: Inst, rng: random.Random, events: list[dict], new_event, first: int, last: int) -> None:
    """The group instance: legal entities on every event, the divested factoring company's events (excluded with
    the supervisor's approval), and large older events that make the ten-year window matter, one of them an event
    whose exclusion the supervisor refused."""
    for e in events:
        e["entity"] = gb.ENTITIES["ALS"] if rng.random() < 0.07 else gb.ENTITIES["AGB"]
    for k in range(14):
        year = first + k % 7  # 2015 .. 2021, before the sale on 30 September 2021
        code = rng.choice(["PAYMENT-ERROR", "DOCUMENTATION", "ID-THEFT", "DATA-ENTRY", "CHEQUE-FRAUD", "EMBEZZLE"])
        amount = round(inst.threshold * (rng.uniform(1.3, 9) if k % 3 else rng.uniform(0.3, 0.9)), 2)
        e = new_event(code, year, amount=amount)
        e["entity"], e["boundary"] = gb.DIVESTED, ""
        if e["acc"] > dt.date(2021, 9, 30):
            e["acc"] = dt.date(year, rng.randint(1, 9), rng.randint(1, 28))
            e["disc"] = min(e["disc"], e["acc"])
            e["occ"] = min(e["occ"], e["disc"])
        e["plain"] = False
        events.append(e)
    big = [("AML-BREACH", first + 1, 31_400_000, "refused"), ("UNAUTH-TRADE", first + 3, 13_800_000, ""),
           ("MIS-SELLING", first + 2, 9_600_000, ""), ("CYBER-THEFT", last - 6, 4_900_000, "")]
    for code, year, amount, role in big:
        e = new_event(code, year, amount=float(amount))
        e["entity"], e["boundary"], e["recovery"], e["plain"] = gb.ENTITIES["AGB"], "", 0.0, False
        if e["status"] == "Withdrawn":
            e["status"] = "Closed"
        if role:
            e["refused"] = True
            e["status"] = "Closed"
            e["text"] += (" Exclusion from the loss data requested from the supervisor on 12 September "
                          f"{inst.ref_year}.")
        events.append(e)
    # cost records: the register's gross loss counts every cost booked to the event; OPE25's gross loss leaves out
    # internal costs, later enhancements, lost income and insurance premiums
    t = inst.threshold
    plain = [e for e in events if first <= e["acc"].year <= last and not e["group"] and e.get("plain", True)
             and e["gross"] >= 0.5 * t and e["status"] != "Withdrawn"]
    for e in rng.sample(plain, min(70, len(plain))):
        e["excluded"] = round(e["gross"] * rng.uniform(0.08, 0.7), 2)
    for code in ("IT-OUTAGE", "PAYMENT-ERROR", "FLOOD", "SOFTWARE-FAULT", "PRIVACY-BREACH", "VENDOR-DISPUTE",
                 "TELECOM", "DATA-ENTRY", "STORM", "CARD-FRAUD"):  # over the threshold only with those costs
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(0.55, 0.92), 2))
        e["entity"], e["boundary"], e["recovery"], e["plain"] = gb.ENTITIES["AGB"], "", 0.0, False
        e["status"] = "Closed"
        e["excluded"] = round(t * rng.uniform(0.3, 0.9), 2)
        events.append(e)
    # events carried over from the merged Varnholt Volksbank's database in June 2018: their gross loss was migrated
    # net of insurance and the migration also wrote the insurance payments as recovery records, dated the day of
    # the migration; deducting them again counts the insurance twice (only the data steward knows, people.toml)
    for k in range(9):
        code = rng.choice(["FIRE", "ROBBERY", "CARD-FRAUD", "PAYMENT-ERROR", "STORM", "CHEQUE-FRAUD"])
        e = new_event(code, first + k % 3, amount=round(t * rng.uniform(1.1, 3.2), 2))
        e["entity"], e["boundary"], e["plain"], e["status"] = gb.ENTITIES["AGB"], "", False, "Closed"
        e["migrated"] = round(e["gross"] * rng.uniform(0.55, 0.8), 2)
        e["recovery"] = 0.0
        e["text"] += f" {MIGRATED_NOTE}"
        events.append(e)
    # one loss event recorded under two Group IDs: the interest-rate change run of 2022 and its re-run of 2023 had
    # the same root cause; the committee merged them, the register was never re-keyed (the analyst knows)
    for gid, year, n, total in ((SPLIT_GROUPS[0], last - 2, 3, 0.62), (SPLIT_GROUPS[1], last - 1, 3, 0.71)):
        shares = [rng.uniform(0.7, 1.3) for _ in range(n)]
        for sh in shares:
            e = new_event("SOFTWARE-FAULT", year, amount=round(t * total * sh / sum(shares), 2), group=gid)
            e["intent"], e["staff"] = "No", "None"
            e["entity"], e["boundary"], e["plain"], e["status"], e["recovery"] = gb.ENTITIES["AGB"], "", False, \
                "Closed", 0.0
            e["title"] = "Savings rates applied wrongly (series)"
            e["text"] = ("Scheduled interest-rate change in the core banking system applied wrong rates to savings "
                         f"accounts; customers compensated. Part of a linked series recorded under {gid}.")
            e["link"] = SPLIT_GROUPS[0]
            events.append(e)


ELIGIBLE_COSTS = ["Direct charge or write-off", "Settlement or compensation", "External legal and advisory fees",
                  "Repair or replacement", "Provision booked"]
EXCLUDED_COSTS = ["Internal staff time (overtime)", "Upgrade of controls after the event", "Lost fee income",
                  "Increase in insurance premium", "General maintenance contract"]


def cost_records(rng: random.Random, e: dict) -> list[tuple[str, float]]:
    """The event's cost records in its currency: eligible ones summing to the OPE25 gross loss, the rest to the
    costs the register adds on top."""
    def split(total: float, kinds: list[str]) -> list[tuple[str, float]]:
        chosen = rng.sample(kinds, rng.randint(1, 2))
        if len(chosen) == 1:
            return [(chosen[0], total)]
        first = round(total * rng.uniform(0.3, 0.8), 2)
        return [(chosen[0], first), (chosen[1], round(total - first, 2))]
    excluded = round(e["booked_ccy"] - e["gross_ccy"], 2)
    rows = split(e["gross_ccy"], ELIGIBLE_COSTS) + split(excluded, EXCLUDED_COSTS)
    rng.shuffle(rows)
    return rows


def settle(e: dict, recoveries: list[tuple], fx: dict, ref_end: dt.date) -> None:
    """Amounts in the event's currency, and the true net loss in EUR: only recoveries received by the reference
    date reduce it, converted at the rate of the accounting month like the loss."""
    rate = fx[(e["acc"].year, e["acc"].month)].get(e["currency"], 1.0)
    e["rate"] = rate
    e["gross_ccy"] = round(e["gross"] * rate, 2)
    e["booked_ccy"] = round(e["gross_ccy"] + round(e.get("excluded", 0.0) * rate, 2), 2)
    e["recoveries"] = [(src, status, when, min(round(amt * rate, 2), e["gross_ccy"]))
                       for src, status, when, amt in recoveries]
    received = sum(a for _, st, when, a in e["recoveries"] if st == "Received" and when <= ref_end)
    if e.get("migrated"):
        received = 0.0  # the migrated gross loss is already net of these insurance payments
    e["recorded_ccy"] = round(sum(a for *_, a in e["recoveries"]), 2)
    e["net"] = (e["gross_ccy"] - received) / rate


def fx_rates(inst: Inst) -> dict[tuple[int, int], dict[str, float]]:
    """Month-end reference rates, units of currency per EUR, as a random walk around typical levels."""
    rng = random.Random(inst.seed + 7)
    level = {"USD": 1.10, "GBP": 0.86, "CHF": 0.97}
    out = {}
    for y in range(inst.ref_year - inst.window - 1, inst.ref_year + 2):
        for m in range(1, 13):
            for c in level:
                level[c] *= math.exp(rng.gauss(0, 0.012))
            out[(y, m)] = {c: round(v, 4) for c, v in level.items()}
    return out


def business_indicator(items: dict[str, tuple[int, int, int]]) -> float:
    """(ILDC, SC, FC) of OPE25, each a three-year average; absolute values are taken year by year first."""
    def avg(xs):
        return sum(xs) / len(xs)
    ildc = min(avg([abs(i - e) for i, e in zip(items["II"], items["IE"], strict=True)]), 0.0225 * avg(items["IEA"])) \
        + avg(items["DI"])
    sc = max(avg(items["OOI"]), avg(items["OOE"])) + max(avg(items["FI"]), avg(items["FE"]))
    fc = avg([abs(x) for x in items["TB"]]) + avg([abs(x) for x in items["BB"]])
    return ildc, sc, fc


def capital(inst: Inst, events: list[dict]) -> dict:
    first, last = inst.ref_year - inst.window + 1, inst.ref_year
    # OPE25 keeps market-risk boundary losses in the loss data whatever a bank's standard says; credit-risk boundary
    # losses already in credit RWA stay out
    # the signed supervisor's letter (people.toml: Katja Behrens) approves the exclusion the draft on file refuses
    eligible = [e for e in events if first <= e["acc"].year <= last and e["status"] != "Withdrawn"
                and e["boundary"] != "Credit" and e.get("entity") != gb.DIVESTED and not e.get("refused")]
    threshold = inst.threshold
    groups: dict[str, float] = {}
    for e in eligible:  # a group the committee merged counts as one linked event
        if e["group"]:
            key = e.get("link") or e["group"]
            groups[key] = groups.get(key, 0.0) + e["net"]
    included = [e for e in eligible
                if (groups[e.get("link") or e["group"]] if e["group"] else e["net"]) >= threshold]
    annual = [{"year": y, "net_loss": round(sum(e["net"] for e in included if e["acc"].year == y), 2),
               "events": sum(1 for e in included if e["acc"].year == y)} for y in range(first, last + 1)]
    ala = sum(e["net"] for e in included) / inst.window
    lc = MULTIPLIER * ala
    ildc, sc, fc = business_indicator(inst.bi_items)
    bi = ildc + sc + fc
    bic, lower = 0.0, 0
    for upper, coef in BUCKETS:
        top = bi if upper is None else min(bi, upper)
        if top > lower:
            bic += (top - lower) * coef
        if upper is None or bi <= upper:
            break
        lower = upper
    # OPE25: in bucket 1 internal losses do not affect the capital (ILM = 1) unless the supervisor allows it
    ilm = 1.0 if bi <= BUCKETS[0][0] else math.log(math.e - 1 + (lc / bic) ** 0.8)
    orc = bic * ilm
    return {
        "entity": inst.entity,
        "reference_date": f"{inst.ref_year}-12-31",
        "currency": "EUR",
        "loss_threshold": threshold,
        "annual_net_losses": annual,
        "events_in_capital": sorted(e["id"] for e in included),
        "average_annual_loss": round(ala, 2),
        "loss_component": round(lc, 2),
        "interest_leases_dividend_component": round(ildc, 2),
        "services_component": round(sc, 2),
        "financial_component": round(fc, 2),
        "business_indicator": round(bi, 2),
        "business_indicator_component": round(bic, 2),
        "internal_loss_multiplier": round(ilm, 6),
        "capital_requirement": round(orc, 2),
        "rwa": round(12.5 * orc, 2),
    }


# ------------------------------------------------------------------------------------------------ files
HEAD = Font(bold=True)
FILL = PatternFill("solid", fgColor="E4E9D8")


def write_register(inst: Inst, events: list[dict], path: Path) -> None:
    rng = random.Random(inst.seed + 3)
    first = inst.ref_year - inst.window + 1
    wb = openpyxl.Workbook()
    wb.properties.creator = "GRC suite"
    wb.properties.created = wb.properties.modified = dt.datetime(inst.ref_year + 1, 1, 31, 9, 0)
    info = wb.active
    info.title = "Read me"
    rows = [
        (f"{inst.entity} - operational loss event register (export)", None),
        ("Exported from", "GRC suite, module Loss Events"),
        ("Export date", f"{inst.ref_year + 1}-01-31"),
        ("Scope", "All loss events recorded, incl. withdrawn entries and events booked after the year end. Data "
                  f"before 1 January {inst.ref_year - 4 if inst.group else first} were carried over from the former "
                  "incident database."
                  + (" Group companies: all entities of the group, incl. companies sold since." if inst.group
                     else "")),
        ("Currency", "Gross loss and recoveries in the currency of the booking entity (column Currency)"),
        ("Recoveries recorded", "Total of the event's recovery records in sheet Recoveries, whatever their status"),
        *([("Gross loss", "Total of the costs booked to the event; where an event has cost records (sheet Cost "
            "records), their sum")] if inst.group else []),
        ("Legacy cause code", "Cause code of the former incident database; taxonomy mapping per the policy"),
        ("Beneficiary business line", "Filled for events booked to shared-service cost centres only"),
        ("Boundary", "Credit = credit-risk boundary event; Market = market-risk boundary event"),
        ("Group ID", "Linked events with a common root cause"),
        ("Known issue", "Events edited after approval may appear twice in the export (GRC ticket 4471)."),
    ]
    for r in rows:
        info.append(list(r))
    info["A1"].font = Font(bold=True, size=12)
    info.column_dimensions["A"].width = 28
    info.column_dimensions["B"].width = 100
    ws = wb.create_sheet("Loss events")
    header = ["Event ID", "Title", "Description", *(["Legal entity"] if inst.group else []), "Legacy cause code",
              "Intentional", "Staff involvement", "Cost centre", "Beneficiary business line", "Occurrence date",
              "Discovery date", "Accounting date",
              "Currency", "Gross loss", "Recoveries recorded", "Boundary", "Group ID", "Status"]
    ws.append(header)
    for c in ws[1]:
        c.font, c.fill = HEAD, FILL
    order = list(events)
    for e in events:
        if e.get("dup"):
            order.insert(rng.randint(order.index(e) + 1, len(order)), e)
    for e in order:
        ws.append([e["id"], e["title"], e["text"], *([e["entity"]] if inst.group else []), e["code"], e["intent"],
                   e["staff"], e["cc"],
                   e["beneficiary"] or None, e["occ"], e["disc"], e["acc"], e["currency"], e["booked_ccy"],
                   e["recorded_ccy"] or None, e["boundary"] or None, e["group"] or None, e["status"]])
        r, sh = ws.max_row, 1 if inst.group else 0
        for col in (9 + sh, 10 + sh, 11 + sh):
            ws.cell(r, col).number_format = "YYYY-MM-DD"
        for col in (13 + sh, 14 + sh):
            ws.cell(r, col).number_format = "#,##0.00"
    widths = (15, 36, 70, *((30,) if inst.group else ()), 18, 10, 14, 10, 12, 12, 12, 12, 8, 15, 15, 10, 11, 10)
    for col, w in zip("ABCDEFGHIJKLMNOPQR", widths, strict=False):
        ws.column_dimensions[col].width = w
    ws.freeze_panes = "B2"
    ws.auto_filter.ref = f"A1:{'R' if inst.group else 'Q'}{ws.max_row}"
    rec = wb.create_sheet("Recoveries")
    rec.append(["Event ID", "Recovery ID", "Source", "Status", "Received on", "Amount", "Currency"])
    for c in rec[1]:
        c.font, c.fill = HEAD, FILL
    n = 0
    for e in events:
        for src, status, when, amt in e["recoveries"]:
            n += 1
            rec.append([e["id"], f"R-{n:05d}", src, status, when, amt, e["currency"]])
            rec.cell(rec.max_row, 5).number_format = "YYYY-MM-DD"
            rec.cell(rec.max_row, 6).number_format = "#,##0.00"
    for col, w in zip("ABCDEFG", (15, 11, 12, 10, 12, 15, 9), strict=True):
        rec.column_dimensions[col].width = w
    if inst.group:  # cost records; the business indicator comes from the group's trial balance
        cr = wb.create_sheet("Cost records")
        cr.append(["Cost records booked to loss events", None, "Booked amount", None])
        cr.append(["Event ID", "Cost type", "Amount", "Currency"])
        cr.merge_cells("A1:B1")
        cr.merge_cells("C1:D1")
        for row in (cr[1], cr[2]):
            for c in row:
                c.font, c.fill = HEAD, FILL
        for e in events:
            if e.get("excluded"):
                for kind, amount in cost_records(rng, e):
                    cr.append([e["id"], kind, amount, e["currency"]])
                    cr.cell(cr.max_row, 3).number_format = "#,##0.00"
        for col, w in zip("ABCD", (15, 34, 15, 9), strict=True):
            cr.column_dimensions[col].width = w
        wb.save(path)
        gb.stable_zip(path)
        return
    bi = wb.create_sheet("Business indicator")
    years = [inst.ref_year - 2 + k for k in range(3)]
    bi.append(["Item (EUR)", *years])
    for c in bi[1]:
        c.font, c.fill = HEAD, FILL
    for key, label in BI_LABELS.items():
        bi.append([f"{label} ({key})", *inst.bi_items[key]])
        for col in (2, 3, 4):
            bi.cell(bi.max_row, col).number_format = "#,##0;-#,##0"
    bi.append([])
    bi.append(["Source: Finance, audited financial statements (FINREP). Signs as reported: a net loss is negative. "
               "Interest-earning assets are year-end totals."])
    for col, w in zip("ABCD", (48, 18, 18, 18), strict=True):
        bi.column_dimensions[col].width = w
    wb.save(path)
    gb.stable_zip(path)


def write_fx(inst: Inst, path: Path) -> None:
    fx = fx_rates(inst)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["month_end", "currency", "units_per_eur"])
        for (y, m), rates in sorted(fx.items()):
            end = dt.date(y + m // 12, m % 12 + 1, 1) - dt.timedelta(days=1)
            for c, r in rates.items():
                w.writerow([end.isoformat(), c, f"{r:.4f}"])


def fmt_eur(x: int) -> str:
    return f"EUR {x:,.0f}"


def write_policy(inst: Inst, pol: Policy, path_pdf: Path) -> None:
    d = docx.Document()
    d.core_properties.author = "Operational Risk Management"
    d.core_properties.title = f"{inst.policy_id} Operational Risk Loss Event Taxonomy and Capital Standard"
    d.core_properties.created = dt.datetime(inst.ref_year, 3, 1)
    st = d.styles["Normal"]
    st.font.name = "Liberation Sans"
    st.font.size = Pt(10)
    title = d.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = title.add_run(f"{inst.entity}\nOperational Risk Loss Event Taxonomy and Capital Standard")
    run.bold = True
    run.font.size = Pt(15)
    meta = d.add_table(rows=0, cols=2)
    meta.style = "Table Grid"
    meta_rows = [("Document", f"{inst.policy_id}, version {pol.version}"),
                 ("Owner", "Head of Operational Risk Management")]
    if pol.status == "draft":
        meta_rows += [("Status", f"Draft of {pol.date} for consultation; to be submitted to the Risk Committee of "
                                 f"26 February {inst.ref_year + 1}"), ("Approved by", "-")]
    else:
        meta_rows += [("Approved by", "Risk Committee"), ("Effective", pol.date)]
    if pol.supersedes:
        meta_rows.append(("Supersedes", f"version {pol.supersedes}"))
    for k, v in [*meta_rows, ("Classification", "Internal")]:
        cells = meta.add_row().cells
        cells[0].text, cells[1].text = k, v

    def h(text: str, level: int = 1) -> None:
        d.add_heading(text, level=level)

    def p(text: str) -> None:
        d.add_paragraph(text)

    h("1 Purpose and scope")
    p(f"This standard sets out how operational loss events of {inst.entity} (the Bank) are classified by event type "
      "and business line, and how the loss data enter the calculation of its operational-risk capital requirement "
      "under the standardised approach of the Basel Framework (chapter OPE25). It applies to every entry of the loss "
      "event register.")
    h("2 Definitions")
    for term, text in [
        ("Loss event", "An operational-risk event that caused a financial loss recorded in the loss event register."),
        ("Gross loss", "The loss before any recovery, as recorded in the register in the booking currency."),
        ("Recoveries", "Amounts from third parties or insurers in relation to the loss event."),
        ("Net loss", "Gross loss minus the recoveries received on or before the reference date; expected recoveries, "
                     "insurance claims not yet paid and amounts received later are not deducted." if inst.fair
         else "Gross loss less recoveries, as OPE25 defines them, as at the reference date."),
        ("Currency", "Losses and recoveries booked in other currencies are converted to EUR at Finance's month-end "
                     "reference rate (units of currency per EUR) of the month of the accounting date."),
        ("Accounting date", "The date on which the loss was first recognised in the profit and loss account. "
                            "Loss data are assigned to calendar years by accounting date, never by occurrence or "
                            "discovery date."),
        ("Internal party", "An employee of the Bank, or a contractor working for the Bank under its direction "
                           "(register field Staff involvement = Employee or Contractor)."),
        ("Boundary event", "An operational-risk event that is also related to credit risk or market risk "
                           "(register field Boundary)."),
        ("Linked events", "Several register entries with a common root cause, recorded under one Group ID."),
    ]:
        para = d.add_paragraph(style="List Bullet")
        para.add_run(term + ": ").bold = True
        para.add_run(text)
    h("3 Roles")
    p("Business lines record loss events in the register. Operational Risk Management classifies each event under "
      "this standard, validates the data and computes the capital figures each year as at the reference date, "
      "31 December.")
    h("4 Event-type taxonomy")
    h("4.1 Event types", 2)
    p("Every loss event is assigned exactly one of the following seven event types, identified by its code.")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, ("Code", "Event type", "Definition"), strict=True):
        c.text = text
    for code, (name, definition) in TYPES.items():
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = code, name, definition
    h("4.2 Primary type", 2)
    p("The register still carries the legacy cause code of the former incident database. Appendix A maps each "
      "legacy cause code to a primary event type. The primary type is the event type unless a rule of section 4.3 "
      "applies. An event whose code is not in Appendix A takes as primary type the type whose definition in 4.1 "
      "fits it, and the code is reported to Operational Risk Management for the next revision.")
    h("4.3 Overriding rules", 2)
    p("The following rules are applied in this order; the first rule that applies determines the event type.")
    for text in [
        "Rule 1 (internal involvement). Where the event was intentional (Intentional = Yes) and an internal party "
        "took part (Staff involvement = Employee or Contractor), an event whose primary type is EF, PE or SD is "
        "classified IF.",
        "Rule 2 (attacks on systems). Where the event was intentional and no internal party took part, an event "
        "whose primary type is SD is classified EF.",
        "Rule 3 (no other overrides). All other events keep their primary type. In particular, deliberate conduct "
        "towards clients or employees remains CP or EW even where staff acted intentionally, and malicious damage "
        "by third parties without intent to gain (vandalism) remains PD.",
    ]:
        d.add_paragraph(text, style="List Number")
    h("5 Business lines")
    h("5.1 Mapping by cost centre", 2)
    p("Each loss event is assigned to the business line that owns the cost centre to which the loss was booked:")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, ("Code", "Business line", "Cost centres"), strict=True):
        c.text = text
    for code, name, lo, hi in LINES:
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = code, name, f"{lo} to {hi}"
    h("5.2 Shared services", 2)
    p(f"Cost centres {SHARED[0]} to {SHARED[1]} belong to the shared service centre, which is not a business line. "
      "A loss booked to a shared-service cost centre is assigned to the business line recorded in the register "
      "field Beneficiary business line; where that field is empty, it is assigned to Corporate Items (CI).")
    h("6 Loss data for the capital calculation")
    h("6.1 Observation window", 2)
    p(f"The loss data used are those of the {NUMBER_WORDS[WINDOW]} calendar years ending with the year of the "
      "reference date" + ("" if inst.fair else
                          ". The data carried over from the former incident database (1 January "
                          f"{inst.ref_year - 11} to 31 December {inst.ref_year - 5}) are under review by the "
                          "supervisor and are not used" if inst.group else
                          f", the minimum OPE25 allows while fewer than ten years of high-quality data exist (the "
                          f"register holds validated data from 1 January {inst.ref_year - WINDOW + 1})")
      + ". Loss events whose accounting date lies outside these years are not used, whatever their occurrence or "
      "discovery date.")
    h("6.2 Inclusion criteria", 2)
    for text in [
        f"Loss threshold: a loss event is used only if its net loss is at least {fmt_eur(pol.threshold)}.",
        "Linked events: for entries sharing a Group ID, the threshold is applied to the total net loss of the "
        "group's entries within the observation window; if that total reaches the threshold, every entry of the "
        "group is used, each in the year of its own accounting date.",
        ("Boundary events: events marked Credit or Market are captured in the credit-risk or market-risk capital "
         "requirements and are excluded here." if pol.market_excluded else
         "Boundary events: events marked Credit are captured in the credit-risk capital requirement and are "
         "excluded here; events marked Market are operational losses and are included."),
        "Register entries with status Withdrawn were recorded in error and are excluded. Open and Closed events "
        "are used.",
    ]:
        d.add_paragraph(text, style="List Bullet")
    h("6.3 Annual losses", 2)
    p("The annual loss of a year is the sum of the net losses of the loss events used whose accounting date lies in "
      f"that year. The average annual loss is the sum of the annual losses of the {NUMBER_WORDS[WINDOW]} years "
      f"divided by {WINDOW}, including years without losses.")
    h("7 Capital method")
    if not inst.fair:
        p("The Bank computes its operational-risk capital requirement by the standardised approach of the Basel "
          "Framework, chapter OPE25, as published by the Basel Committee on Banking Supervision: the business "
          "indicator from Finance's profit-and-loss items of the last three financial years, the business "
          "indicator component, the loss component from the loss data of section 6 and the internal loss "
          "multiplier, the capital requirement (ORC) and risk-weighted assets of 12.5 times ORC. The Bank's "
          "supervisor exercises none of the national discretions of OPE25. Figures are computed in EUR without "
          "intermediate rounding.")
    else:
        h("7.1 Business indicator", 2)
        p("Finance reports for each of the three financial years ending with the year of the reference date the "
          "items below. A bar denotes the average of the three years; absolute values of net items are taken year "
          "by year before averaging (OPE25).")
        for text in [
            "Interest, leases and dividend component: ILDC = min(avg |II - IE|, 2.25% x avg IEA) + avg DI.",
            "Services component: SC = max(avg OOI, avg OOE) + max(avg FI, avg FE).",
            "Financial component: FC = avg |TB| + avg |BB|.",
            "Business indicator: BI = ILDC + SC + FC.",
        ]:
            d.add_paragraph(text, style="List Bullet")
        h("7.2 Business indicator component", 2)
        p("The business indicator component (BIC) is obtained by applying the following marginal coefficients to "
          "the parts of BI in each bucket:")
        t = d.add_table(rows=1, cols=2)
        t.style = "Table Grid"
        for c, text in zip(t.rows[0].cells, ("Part of BI (EUR)", "Marginal coefficient"), strict=True):
            c.text = text
        for label, coef in [("up to 1 billion (bucket 1)", "12%"), ("above 1 billion up to 30 billion", "15%"),
                            ("above 30 billion", "18%")]:
            cells = t.add_row().cells
            cells[0].text, cells[1].text = label, coef
        h("7.3 Loss component", 2)
        p(f"The loss component (LC) is {MULTIPLIER} times the average annual loss of section 6.3.")
        h("7.4 Internal loss multiplier", 2)
        p("The internal loss multiplier is ILM = ln(e - 1 + (LC / BIC)^0.8), where ln is the natural logarithm and "
          "e is Euler's number. A bank whose BI is in bucket 1 uses ILM = 1 (no national discretion applies).")
        h("7.5 Capital requirement", 2)
        p("The operational-risk capital requirement is ORC = BIC x ILM. Risk-weighted assets are RWA = 12.5 x ORC. "
          "Figures are computed in EUR without intermediate rounding.")
        h("7.6 Worked example (illustrative figures)", 2)
        p("With BI = EUR 1,200 million, BIC = 0.12 x 1,000 + 0.15 x 200 = EUR 150 million. With an average annual "
          "loss of EUR 8 million, LC = EUR 120 million and ILM = ln(1.71828 + 0.8^0.8) = ln(1.71828 + 0.83651) = "
          "0.93797, so ORC = EUR 140.7 million and RWA = EUR 1,758.7 million.")
    d.add_page_break()
    h("Appendix A - Legacy cause codes")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, ("Legacy code", "Primary type", "Meaning"), strict=True):
        c.text = text
    for code, (meaning, typ, _) in (ALL_CODES if pol.maps_extortion else CODES).items():
        cells = t.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = code, typ, meaning
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "oprisk_taxonomy_policy.docx"
        d.save(src)
        from worktrial.grading.render import libreoffice_convert

        (out,) = libreoffice_convert([src], "pdf", Path(tmp) / "out")
        data = out.read_bytes()
        # LibreOffice stamps the conversion time and a random file ID; same-length fixed values keep the
        # cross-reference offsets valid and the rebuild byte-identical
        data = re.sub(rb"D:\d{14}", b"D:" + f"{inst.ref_year}0301090000".encode(), data)
        data = re.sub(rb"<[0-9A-Fa-f]{32}>", b"<" + b"0" * 32 + b">", data)
        data = re.sub(rb"/DocChecksum /[0-9A-F]{32}", b"/DocChecksum /" + b"0" * 32, data)
        path_pdf.write_bytes(data)


def build(inst: Inst) -> None:
    if inst.name == "base":
        inp, ref = FAMILY / "workspace/input", FAMILY / "hidden/reference"
    else:
        inp = FAMILY / f"variants/{inst.name}/workspace/input"
        ref = FAMILY / f"variants/{inst.name}/hidden/reference"
    for folder in (inp, ref):
        for old in folder.glob("*"):
            if old.name != "capital.schema.json":
                old.unlink()
        folder.mkdir(parents=True, exist_ok=True)
    events = generate(inst)
    write_register(inst, events, inp / "loss_register.xlsx")
    write_fx(inst, inp / "fx_rates.csv")
    for pol in inst.policies:
        write_policy(inst, pol, inp / pol.file)
    with open(ref / "classified_events.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event_id", "event_type", "business_line"])
        for e in events:
            w.writerow([e["id"], e["type"], e["line"]])
    with open(ref / "rule_cases.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event_id", "aspect", "expected", "rule"])
        for e in events:
            internal = e["staff"] in ("Employee", "Contractor")
            if e["code"] == EXTORTION:
                w.writerow([e["id"], "event_type", e["type"], "4.2 code not in Appendix A"])
            elif e["type"] != primary_type(e["code"]):
                rule = "4.3 rule 1" if e["type"] == "IF" else "4.3 rule 2"
                w.writerow([e["id"], "event_type", e["type"], rule])
            elif e["intent"] == "Yes" and (internal or e["code"] == "VANDALISM") and e["type"] in ("CP", "EW", "PD"):
                w.writerow([e["id"], "event_type", e["type"], "4.3 rule 3"])
            if SHARED[0] <= e["cc"] <= SHARED[1]:
                w.writerow([e["id"], "business_line", e["line"], "5.2 shared services"])
    cap = capital(inst, events)
    if inst.group:
        gb.write_trial_balance(inp / "group_trial_balance_2022-2024.csv")
        gb.write_emails(inp / "RE_BI_inputs_group_trial_balance.eml", "Jonas Brekke <j.brekke@aldebrook.example>")
        refused = next(e["id"] for e in events if e.get("refused"))
        gb.write_letter(inp / "supervisor_letter_2024-12-09.docx", inst.entity, inst.ref_year, inst.threshold,
                        refused)
        wrong_bi = sum(business_indicator(gb.bi_items(eliminate=False, exported_only=True)))
        gb.write_summary(inp / "board_summary_draft.docx", "Jonas Brekke", inst.entity, inst.ref_year, wrong_bi,
                         198_700_000)
    (ref / "capital.json").write_text(json.dumps(cap, indent=2) + "\n", encoding="utf-8")
    extortion = [e["id"] for e in events if e["code"] == EXTORTION]
    issues = [{"id": "unmapped_code", "what": f"{EXTORTION} ({', '.join(extortion)}) is not in Appendix A",
               "all_of": [EXTORTION], "any_of": ["appendix", "not mapped", "unmapped", "no mapping", "not listed",
                                                 "missing", "not in", "unknown", "not covered"]}]
    if governing(inst).market_excluded:
        market = [e["id"] for e in events if e["boundary"] == "Market" and e["id"] in cap["events_in_capital"]]
        issues.append({"id": "market_boundary", "what": "the standard excludes market-risk boundary losses, which "
                       f"OPE25 keeps in the loss data ({len(market)} events used)",
                       "all_of": ["market"], "any_of": ["basel", "ope25", "framework", "contradict", "conflict",
                                                        "inconsistent", "depart", "deviat"]})
    if inst.group:
        mistake = ["wrong", "incorrect", "error", "overstat", "misstat", "not correct", "differ", "eliminat",
                   "does not", "should be", "instead"]
        issues += [
            {"id": "ten_year_window", "what": "the standard's five-year window: with ten years of good-quality data "
             "(the supervisor's letter) OPE25 requires ten years",
             "all_of": [["ten year", "ten-year", "10 year", "10-year", "ten calendar", "10 calendar"]],
             "any_of": ["five", "5 year", "5-year", "standard", "policy", "6.1"]},
            {"id": "supervisor_threshold", "what": f"the supervisor's letter raises the threshold to "
             f"{fmt_eur(inst.threshold)} (national discretion); the standard says {fmt_eur(governing(inst).threshold)}",
             "all_of": [["100,000", "100 000", "100.000", "100000", "100k", "100 k"], "threshold"],
             "any_of": ["supervis", "letter", "discretion", "bafo", "federal office"]},
            {"id": "signed_letter", "what": f"the letter on file is the draft; the signed letter approves the "
             f"exclusion of {refused}, which the draft refuses", "all_of": [refused.lower()],
             # not a bare "draft": the note's list also speaks of the draft Board summary
             "any_of": ["signed", "unsigned", "final letter", "18 december", "letter is a draft", "letter on file",
                        "draft letter", "draft of the letter", "letter is only a draft"]},
            {"id": "summary_bi", "what": "the draft Board summary's business indicator is wrong (the sum of the "
             f"companies without intragroup eliminations, EUR {wrong_bi / 1e6:,.1f} m)",
             "all_of": [["summary", "board"], ["business indicator", " bi ", " bi,", " bi.", "(bi)", "bi:", "bi of"]],
             "any_of": mistake},
            # facts only the client's people hold (variants/coop/hidden/people.toml)
            {"id": "migrated_net", "what": "the Varnholt Volksbank events were migrated net of insurance; their "
             "migration recovery records must not be deducted again", "all_of": ["varnholt"],
             "any_of": ["net of insurance", "twice", "double", "not deducted", "again"]},
            {"id": "merged_group", "what": f"{SPLIT_GROUPS[0]} and {SPLIT_GROUPS[1]} are one linked event",
             "all_of": [SPLIT_GROUPS[0].lower(), SPLIT_GROUPS[1].lower()],
             "any_of": ["one ", "single", "merged", "same", "combined"]},
            {"id": "remapped_account", "what": "AGB's account 5300 holds outsourcing fees remapped from 5210 since "
             "July 2023, excluded from the BI", "all_of": ["5300", ["outsourc", "5210"]],
             "any_of": ["remap", "reclass", "moved", "chart of accounts", "chart-of-accounts", "exclud"]},
        ]
    if inst.group:
        paid = [e for e in events if e.get("unrecorded")]
        paid.sort(key=lambda e: e["acc"])
        issues += [
            {"id": "unrecorded_claims", "what": "insurance received on 20 December 2024 under the blanket bond "
             "is not in the register (" + ", ".join(e["id"] for e in paid) + ")",
             "all_of": [[e["id"].lower() for e in paid], ["insur", "blanket bond", "recover"]],
             "any_of": ["not in the register", "not recorded", "unrecorded", "not yet", "missing", "after the export",
                        "outside the register", "not in the recoveries", "20 december", "deducted", "received"]},
            {"id": "azd_scope", "what": f"{held.AZD_NAME} (AZD) is consolidated but not in the trial-balance "
             "export; its items were added to the business indicator",
             "all_of": [["azd", "zahlungsdienste"]],
             "any_of": ["not in the", "missing", "outside", "added", "includ", "left out", "omit", "top-side",
                        "consolidat"]},
        ]
        amended = [e["id"] for e in events if SHARED[0] <= e["cc"] <= SHARED[1] and not e["beneficiary"]]
        issues.append({"id": "shared_amendment", "what": "Amendment 1 to version 2.1 (Risk Committee, 9 December "
                       f"2024) assigns shared-service losses without a beneficiary line to RB ({len(amended)} events)",
                       "all_of": [["amendment", "amended"], ["shared", "7000", "beneficiary"]],
                       "any_of": ["(rb)", " rb ", " rb,", " rb.", "retail banking"]})
        print("  Lena's answer:", held.claims_answer(paid))
        print("  Mareike's answer:", held.azd_answer())
    (ref / "issues.json").write_text(json.dumps(issues, indent=2) + "\n", encoding="utf-8")
    print("  issues:", [i["what"] for i in issues])
    overridden = sum(1 for e in events if e["type"] != primary_type(e["code"]))
    shared = sum(1 for e in events if SHARED[0] <= e["cc"] <= SHARED[1])
    print(inst.name, len(events), "events;", overridden, "overridden;", shared, "shared-service;",
          len(cap["events_in_capital"]), "in capital;",
          {k: v for k, v in cap.items() if k not in ("events_in_capital", "annual_net_losses")})
    print("  ", cap["annual_net_losses"])


def main() -> None:
    for inst in INSTANCES:
        build(inst)


if __name__ == "__main__":
    main()
