"""oil_npt's contract world: rigs, contractors, rates and rules, the kinds of NPT event and
how a description is classified. Part of the grader (grader.py)."""

import csv
import io
import re
from dataclasses import dataclass

# ----------------------------------------------------------------------------- world constants

CLAIM_MONTH = "2026-03"


# Cost of a wrong claim line per USD wrongly claimed (struck after dispute or reversed at the joint audit with
# interest and fees): every constraint slice is worth what it recovers plus what it avoids losing.
WRONG_LINE_COST = 1.0


# A wrong line nobody disputes (a double booking) is found at the contractor's audit instead: a systematic error
# there is extrapolated over the audit period and reversed with interest, so it costs more.
AUDIT_FINDING_COST = 2.0


# Measurement tolerance of the mud test as minuted with Mirefield on 14 October 2025 (known to Cost Engineering
# only): a property this close outside the programme range still counts as within it.
MUD_TOLERANCE = {"mw": 0.1, "fv": 2.0, "fl": 0.5}


EPS = 1e-6


SIGNOFF_FACT = "claim_rule_signoff"


SG_TO_PPG = 8.345


RIG_IDS = ["BR-11", "BR-14", "BR-17"]


RIG_NAMES = {"BR-11": "Tollund Aurora", "BR-14": "Tollund Brenna", "BR-17": "Tollund Corrie"}


COMPANY_MEN = {
    "BR-11": ["G. Ferreira", "P. Haldane"],
    "BR-14": ["O. Nwachukwu", "T. Brannigan"],
    "BR-17": ["S. Ekdahl", "R. Mbeki-Lowe"],
}


MUD_ENGINEERS = {
    "BR-11": ["A. Castellanos", "J. Whitmore"],
    "BR-14": ["L. Petrakis", "M. Oyelaran"],
    "BR-17": ["C. Drummond", "Y. Tanaka-Reid"],
}


CONTRACTORS = [
    ("TDS", "Tollund Drilling Services", "Land drilling rigs, crews and all rig equipment",
     "Drilling Contract TDS-DC-2019-004, Exhibit B", "Bram Oosthuizen"),
    ("MFL", "Mirefield Fluids", "Drilling fluids, mud engineering, fluid products and solids control",
     "Master Service Agreement BRN-MSA-2023-017", "Morven Tate"),
    ("SXD", "Sextant Directional", "Directional drilling, MWD/LWD, mud motors and rotary steerable tools",
     "Service Contract BRN-SC-2024-031", "Hollis Varga"),
    ("QCS", "Quarrystone Cementing", "Primary and remedial cementing",
     "Service Contract BRN-SC-2022-112", "Annika Prowse"),
]


CONTRACTOR_NAMES = {c[0]: c[1] for c in CONTRACTORS}


RATES = {"TDS": 1187.50, "MFL": 640.00, "SXD": 910.00, "QCS": 820.00}


RATE_BASIS = {
    "TDS": "Zero Rate credit: Operating Rate USD 28,500/day / 24 (Exhibit B cl. 7.1, 7.4)",
    "MFL": "Spread Recovery Rate (MSA Schedule C item 4)",
    "SXD": "NPT recovery rate (Service Contract Schedule 2 item 9)",
    "QCS": "NPT recovery rate (Service Contract Schedule 3 item 6)",
}


FIELDS = [("HRW", "Harwick"), ("SLC", "Sallow Creek"), ("MDF", "Maundy Flats"), ("TRH", "Tarn Hollow"),
          ("EBR", "Ebbing Ridge")]


SECTIONS = [
    # code, label, mud system, section TD range (m), rate of penetration (m/day)
    ("SURF", "17-1/2in surface", "WBM spud mud", (420, 650), (260, 380)),
    ("INT", "12-1/4in intermediate", "WBM KCl-polymer", (1850, 2400), (180, 260)),
    ("PROD", "8-1/2in production", "OBM", (3500, 4300), (130, 200)),
]


CASING = {"SURF": "13-3/8in", "INT": "9-5/8in", "PROD": "5-1/2in"}


PROG_BASE = {  # mw_min_ppg, mw_max_ppg, fv_min_s, fv_max_s, fl_max_ml
    "SURF": (8.7, 9.3, 32, 45, 15.0),
    "INT": (9.4, 10.2, 40, 55, 6.0),
    "PROD": (10.3, 11.2, 48, 68, 5.0),
}


CHECK_MINUTES = [5, 10, 20, 25, 35, 40, 50, 55]  # never a quarter hour: an event never starts at a check


# The attribution table as shipped (legacy) and as corrected after the December pump dispute (used as the
# shipped table in the variant where attribution is already right). build_history.py writes these files.
RULES_HEADER = "priority,pattern,contractor_id,basis,notes\n"


LEGACY_RULES_ROWS = [
    ("5", r"weather|lightning|high winds?|waiting on orders|regulator|company[- ]supplied|road closure|permit",
     "OPERATOR", "Company risk", "not claimable"),
    ("10", r"cement|\bwoc\b|squeeze|plug did not bump", "QCS", "Quarrystone contract cl. 11.2", ""),
    ("20", r"\bmud\b|drilling fluid|\bfluids?\b|losses|lost circulation|\blcm\b|stuck|pack[- ]?off|"
     r"tight hole|overpull|barite|gas[- ]cut", "MFL", "Mirefield MSA cl. 14.3", "K.L. 2024-02"),
    ("30", r"\bmwd\b|\blwd\b|\brss\b|rotary steerable|motor|directional|pulser", "SXD",
     "Sextant contract cl. 8.1", ""),
    ("40", r"top drive|drawworks|\bpumps?\b|iron roughneck|\bbop\b|generator|rig power|catwalk|"
     r"pipe handler|swivel", "TDS", "Tollund Exhibit B cl. 7.4 (Zero Rate)", ""),
]


CORRECTED_EXTRA_ROWS = [
    ("12", r"mud pumps?|fluid[- ]end", "TDS", "Tollund Exhibit B cl. 7.4 (Zero Rate)",
     "CR-2025-19 (I.S.) rig equipment"),
    ("13", r"mud motor", "SXD", "Sextant contract cl. 8.1", "CR-2025-19 (I.S.) DD tools"),
    ("14", r"hydraulic fluid|iron roughneck|top drive|drawworks", "TDS",
     "Tollund Exhibit B cl. 7.4 (Zero Rate)", "CR-2025-19 (I.S.) rig equipment"),
]


def _rules_csv(rows: list[tuple[str, ...]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["priority", "pattern", "contractor_id", "basis", "notes"])
    for r in rows:
        w.writerow(r)
    return buf.getvalue()


LEGACY_RULES_CSV = _rules_csv(LEGACY_RULES_ROWS)


CORRECTED_RULES_CSV = _rules_csv(sorted(LEGACY_RULES_ROWS + CORRECTED_EXTRA_ROWS, key=lambda r: int(r[0])))


def rates_csv() -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["contractor_id", "contractor_name", "rate_usd_per_h", "basis"])
    for cid, name, *_ in CONTRACTORS:
        w.writerow([cid, name, f"{RATES[cid]:.2f}", RATE_BASIS[cid]])
    return buf.getvalue()


# ----------------------------------------------------------------------------- event kinds

@dataclass(frozen=True)
class Kind:
    code: str
    party: str  # TDS / SXD / QCS / MFL / OPERATOR / HOLE (= fluids clause decides)
    hours: tuple[float, float]
    phases: tuple[str, ...]
    sections: tuple[str, ...]
    templates: tuple[str, ...]
    # wordings first seen in the unseen months (new company men, the new DDR app): keyword fixes fitted to
    # history miss or misroute them
    new_templates: tuple[str, ...] = ()


ALL_SEC = ("SURF", "INT", "PROD")


KINDS: dict[str, Kind] = {
    "EQ_TD": Kind("1-EQUIP", "TDS", (1.5, 7.5), ("drill", "case"), ALL_SEC, (
        "Top drive IBOP actuator failed to close, changed out actuator",
        "Top drive {tdpart} failure, repaired by rig crew",
        "Drawworks {dwpart}, repaired and function tested",
        "Iron roughneck {irpart}, changed out and tested",
        "Generator #{gen} tripped on overload, loss of rig power, restarted and load tested",
        "Catwalk machine hydraulic hose burst, replaced hose",
    ), (
        "Shale shaker #{gen} motor tripped, shakers by-passed while electrician repaired",
        "Standpipe manifold valve washed out, changed valve and pressure tested to 4,500 psi",
        "Traveling block sheave bearing noise, slipped and cut drill line, inspected block",
    )),
    "EQ_MUDPUMP": Kind("1-EQUIP", "TDS", (2.0, 6.0), ("drill", "case"), ALL_SEC, (
        "Mud pump #{mp} {mppart}, changed out",
        "Mud pumps #{mp} and #{mp2} down, suction manifold leak, repaired",
    ), (
        "Triplex pump #{mp} {mppart}, changed out",
        "Fluid end on pump #{mp} cracked, changed module",
    )),
    "EQ_HYD": Kind("1-EQUIP", "TDS", (1.5, 4.0), ("drill", "case"), ALL_SEC, (
        "Iron roughneck hydraulic fluid leak, replaced hose and cleaned up spill",
        "Hydraulic fluid leak on top drive link tilt, changed seals",
    ), (
        "HPU hose burst on the pipe handler, hydraulic oil on the rig floor, replaced hose",
        "Hydraulic oil leak on BOP accumulator unit, changed fitting and re-charged",
    )),
    "DD_MWD": Kind("1-EQUIP", "SXD", (6.0, 13.0), ("drill",), ("INT", "PROD"), (
        "MWD pulser failure, no pulse detection at surface, POOH to change tool",
        "MWD lost signal with decoding failure, POOH for MWD change",
        "LWD gamma ray tool failure, tripped to change out",
    )),
    "DD_RSS": Kind("1-EQUIP", "SXD", (7.0, 14.0), ("drill",), ("PROD",), (
        "Rotary steerable not responding to downlinks, POOH to change RSS",
        "RSS pad actuator failure, unable to hold inclination, POOH",
    )),
    "DD_MOTOR": Kind("1-EQUIP", "SXD", (7.0, 13.0), ("drill",), ("INT", "PROD"), (
        "Mud motor stalled out repeatedly, bearing section failure, POOH to change BHA",
        "Mud motor lost differential pressure (stator chunking), POOH to change motor",
    ), (
        "PDM stalled repeatedly, bearing section failure, POOH to change BHA",
        "Positive displacement motor lost output torque, POOH, changed PDM",
    )),
    "CMT": Kind("4-CMT", "QCS", (5.0, 11.0), ("case",), ALL_SEC, (
        "Cement job on {csg} casing: plug did not bump, extended WOC and ran top job",
        "Cementing unit {cu} failure during {csg} cement job, displacement delayed",
        "Poor cement returns on {csg} casing, remedial squeeze performed",
    )),
    "FL_STUCK": Kind("3-HOLE", "HOLE", (4.0, 16.0), ("drill",), ALL_SEC, (
        "Stuck pipe at {d} m while {act}, worked pipe and jarred free",
        "Differentially stuck at {d} m on connection, spotted pipe-freeing pill and worked free",
    )),
    "FL_LOSS": Kind("3-HOLE", "HOLE", (3.0, 14.0), ("drill",), ALL_SEC, (
        "Partial losses of {r} bbl/hr at {d} m, pumped LCM pill and reduced flow rate",
        "Total losses at {d} m, spotted LCM and regained returns",
    ), (
        "Lost returns at {d} m, pumped LCM sweep and regained circulation",
    )),
    "FL_PACK": Kind("3-HOLE", "HOLE", (3.0, 10.0), ("drill",), ALL_SEC, (
        "Pack-off while {act} at {d} m, circulated hole clean",
    ), (
        "Hole packing off at {d} m while {act}, worked string and circulated clean",
    )),
    "FL_TIGHT": Kind("3-HOLE", "HOLE", (3.0, 9.0), ("drill",), ALL_SEC, (
        "Tight hole with {o} klb overpull at {d} m, back-reamed stand",
    )),
    "FL_GAS": Kind("3-HOLE", "HOLE", (3.0, 8.0), ("drill",), ("INT", "PROD"), (
        "Gas-cut mud on bottoms-up at {d} m, circulated out through choke",
    )),
    "SUP_BARITE": Kind("5-WAIT", "MFL", (3.0, 8.0), ("drill",), ALL_SEC, (
        "Waiting on barite delivery from Mirefield stock point",
        "Waiting on Mirefield drilling fluid products (base oil) delivery",
    )),
    "OP_WEATHER": Kind("5-WAIT", "OPERATOR", (2.0, 10.0), ("drill", "case"), ALL_SEC, (
        "Waiting on weather, lightning within 8 km, operations suspended",
        "High winds {w} km/h, unable to pick up pipe",
    )),
    "OP_ORDERS": Kind("5-WAIT", "OPERATOR", (2.0, 8.0), ("drill", "case"), ALL_SEC, (
        "Waiting on orders from town, geology review of casing point",
        "Waiting on orders, partner approval of revised well plan",
    ), (
        "Waiting on orders, geologist reviewing mud log samples at casing point",
    )),
    "OP_SUPPLY": Kind("5-WAIT", "OPERATOR", (3.0, 10.0), ("case",), ALL_SEC, (
        "Waiting on company-supplied casing, delivery delayed by road closure",
    )),
    "OP_REG": Kind("5-WAIT", "OPERATOR", (2.0, 6.0), ("case",), ALL_SEC, (
        "Waiting on regulator witness for BOP test",
    )),
}


FL_KINDS = ("FL_STUCK", "FL_LOSS", "FL_PACK", "FL_TIGHT", "FL_GAS")


SLOTS = {
    "tdpart": ["gearbox lube oil pump", "swivel packing", "link tilt cylinder", "pipe grabber die block",
               "VFD cooling fan"],
    "dwpart": ["brake cooling water pump tripped", "encoder fault with block position lost",
               "auxiliary brake overheating"],
    "irpart": ["spinner wrench failure", "torque wrench clamp cylinder failure", "tong die carrier damage"],
    "mppart": ["fluid-end module washed out", "discharge valve seat washed out", "liner washed out",
               "pulsation dampener bladder failed"],
    "cu": ["recirculating mixer", "batch mixer", "densometer"],
    "act": ["tripping out", "reaming down", "making a connection", "pulling out of hole"],
}


def _template_regex(t: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z0-9]+\}", t)
    return re.compile("(?:.+?)".join(re.escape(p) for p in parts) + r"\Z", re.S)


KIND_REGEXES: list[tuple[str, re.Pattern[str]]] = [
    (k, _template_regex(t)) for k, kind in KINDS.items() for t in (*kind.templates, *kind.new_templates)
]


OLD_REGEXES = [(k, _template_regex(t)) for k, kind in KINDS.items() for t in kind.templates]


def _old_wording(kind: str, description: str) -> bool:
    return any(k == kind and rx.match(description) for k, rx in OLD_REGEXES)


def classify(description: str) -> str | None:
    hits = {k for k, rx in KIND_REGEXES if rx.match(description or "")}
    return hits.pop() if len(hits) == 1 else None
