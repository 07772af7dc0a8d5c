"""oprisk_capital's taxonomy: the standard's event types, legacy cause codes, business lines and cost-centre
ranges, the instances' dataclasses, how an event is described and the rules that classify it (build_inputs.py
draws the events; _oprisk_capital_files.py writes them)."""

from __future__ import annotations

import random
from dataclasses import dataclass

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
NUMBER_WORDS = {3: "three", 5: "five", 10: "ten"}
WINDOW = 5
MULTIPLIER = 15
BUCKETS = [(1_000_000_000, 0.12), (30_000_000_000, 0.15), (None, 0.18)]



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
