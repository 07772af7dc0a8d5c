"""The world of the pharmacy_stock family: Kelderby Royal Infirmary's wards, medicines, suppliers and demand.

Everything here is a pure function of the variant's parameters: the catalogue (product codes, names in each
supplier's wording, dm+d-style VMP ids), the cabinet lines of every ward with their fridge and CD bins, the
daily demand rate of every ward and medicine on any date (winter respiratory surge, a ward closing or growing,
production drift) and the supplier lead times as they really are.

Product *keys* (`salbutamol_neb`) are the world's own names and never reach the data; the data only knows
codes, which change when a product moves to another supplier or a formulary decision replaces it.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from datetime import date, timedelta

EXTRACT_DAY = date(2026, 3, 1)  # last day in the workspace's history database
PRODUCTION_START = date(2026, 3, 9)  # the March par review; the unseen month is 9 March - 5 April
PRODUCTION_DAYS = 28
PILOT_START = date(2026, 3, 2)
PILOT_DAYS = 14
SURGE_FROM = date(2026, 1, 5)

WARDS = {
    "AMU": ("Acute Medical Unit", 32, "acute medicine"),
    "W7": ("Ward 7 - Respiratory", 28, "respiratory medicine"),
    "W9": ("Ward 9 - Care of the Elderly", 30, "elderly care"),
    "W12": ("Ward 12 - General Surgery", 24, "general surgery"),
    "W14": ("Ward 14 - Surgical Day Unit", 12, "day surgery"),
    "ICU": ("Intensive Care Unit", 14, "critical care"),
    "PAED": ("Children's Ward", 20, "paediatrics"),
}
NEW_WARDS = {"W7B": ("Ward 7B - Respiratory escalation", 16, "respiratory medicine")}  # only when a variant opens it
STORE = "STORE"
SUPPLIERS = {
    "CAL": "Calder Healthcare (wholesaler)",
    "MED": "Medway Pharma Supplies (regional framework)",
    "NGT": "Northgate Specialist Pharma (cold chain)",
}
CRIT = {3: "RED", 2: "AMBER", 1: "GREEN"}
RESP = frozenset(
    {"salbutamol_neb", "ipratropium_neb", "prednisolone_tab", "dexamethasone_soln", "oseltamivir_cap", "coamox_iv",
     "clarith_iv"}
)  # fmt: skip

FORMS = {  # key: (long wording, wholesaler abbreviation)
    "neb": ("nebuliser liquid unit dose vials", "NEB SOLN UDV"),
    "tab": ("tablets", "TABS"),
    "cap": ("capsules", "CAPS"),
    "amp": ("solution for injection ampoules", "INJ AMP"),
    "pvial": ("powder for solution for injection vials", "PDR FOR INJ VIAL"),
    "vial": ("solution for injection vials", "INJ VIAL"),
    "inf": ("solution for infusion vials", "INF VIAL"),
    "pfs": ("solution for injection pre-filled syringes", "INJ PFS"),
    "pen": ("solution for injection 3ml pre-filled pens", "INJ 3ML PEN"),
    "susp": ("oral suspension sugar free", "ORAL SUSP S/F"),
    "soln": ("oral solution", "ORAL SOLN"),
    "drops": ("eye drops", "EYE DPS"),
    "kit": ("powder and solvent for solution for injection kit", "INJ KIT"),
}


@dataclass(frozen=True)
class Product:
    key: str
    generic: str  # as Calder and Northgate write it
    strength: str
    form: str
    pack: str  # "20", "100ml"
    storage: str  # AMBIENT, FRIDGE, CD
    crit: int  # 3 RED, 2 AMBER, 1 GREEN
    cost: float  # GBP per pack
    chapter: str  # BNF chapter
    supplier: str  # supplier before any switch
    shelf: int = 0  # days a pack keeps once in a ward fridge (0: longer than anything here)
    med_generic: str = ""  # Medway's wording of the generic name
    med_strength: str = ""


def _p(key, generic, strength, form, pack, storage, crit, cost, chapter, supplier, shelf=0, mg="", ms=""):
    return Product(key, generic, strength, form, pack, storage, crit, cost, chapter, supplier, shelf, mg, ms)


PRODUCTS: dict[str, Product] = {
    p.key: p
    for p in [
        _p("salbutamol_neb", "Salbutamol", "2.5mg/2.5ml", "neb", "20", "AMBIENT", 3, 3.10, "03", "CAL"),
        _p("ipratropium_neb", "Ipratropium bromide", "500micrograms/2ml", "neb", "20", "AMBIENT", 2, 4.20, "03",
           "CAL", ms="500MCG/2ML"),
        _p("prednisolone_tab", "Prednisolone", "5mg", "tab", "28", "AMBIENT", 2, 1.10, "03", "CAL"),
        _p("dexamethasone_soln", "Dexamethasone", "2mg/5ml", "soln", "150ml", "AMBIENT", 2, 24.00, "03", "CAL"),
        _p("oseltamivir_cap", "Oseltamivir", "75mg", "cap", "10", "AMBIENT", 2, 15.50, "05", "CAL"),
        _p("coamox_iv", "Co-amoxiclav", "1000mg/200mg", "pvial", "10", "AMBIENT", 3, 11.40, "05", "CAL",
           ms="1.2G"),
        _p("clarith_iv", "Clarithromycin", "500mg", "pvial", "1", "AMBIENT", 3, 9.80, "05", "CAL"),
        _p("amoxicillin_cap", "Amoxicillin", "500mg", "cap", "21", "AMBIENT", 1, 0.90, "05", "CAL"),
        _p("gentamicin_inj", "Gentamicin", "80mg/2ml", "amp", "5", "AMBIENT", 3, 6.60, "05", "CAL"),
        _p("piptaz_iv", "Piperacillin with tazobactam", "4g/500mg", "pvial", "1", "AMBIENT", 3, 8.10, "05", "CAL",
           mg="PIP/TAZ", ms="4.5G"),
        _p("paracetamol_tab", "Paracetamol", "500mg", "tab", "32", "AMBIENT", 1, 0.45, "04", "CAL"),
        _p("paracetamol_inf", "Paracetamol", "1g/100ml", "inf", "10", "AMBIENT", 2, 12.00, "04", "CAL"),
        _p("paracetamol_inf500", "Paracetamol", "500mg/50ml", "inf", "10", "AMBIENT", 2, 9.20, "04", "CAL"),
        _p("paracetamol_susp", "Paracetamol", "120mg/5ml", "susp", "100ml", "AMBIENT", 1, 0.80, "04", "CAL"),
        _p("ibuprofen_susp", "Ibuprofen", "100mg/5ml", "susp", "100ml", "AMBIENT", 1, 1.60, "10", "CAL"),
        _p("ondansetron_inj", "Ondansetron", "4mg/2ml", "amp", "5", "AMBIENT", 2, 2.10, "04", "CAL"),
        _p("metoclopramide_tab", "Metoclopramide", "10mg", "tab", "28", "AMBIENT", 1, 0.70, "04", "CAL"),
        _p("enoxaparin_pfs", "Enoxaparin sodium", "40mg/0.4ml", "pfs", "10", "AMBIENT", 2, 28.00, "02", "CAL",
           mg="ENOXAPARIN"),
        _p("tinzaparin_pfs", "Tinzaparin sodium", "4,500units/0.45ml", "pfs", "10", "AMBIENT", 2, 26.50, "02", "CAL",
           mg="TINZAPARIN", ms="4500IU/0.45ML"),
        _p("furosemide_inj", "Furosemide", "20mg/2ml", "amp", "10", "AMBIENT", 2, 3.40, "02", "CAL"),
        _p("amiodarone_inj", "Amiodarone", "150mg/3ml", "amp", "10", "AMBIENT", 3, 12.00, "02", "CAL"),
        _p("noradrenaline_inj", "Noradrenaline (norepinephrine)", "4mg/4ml", "amp", "10", "AMBIENT", 3, 38.00, "02",
           "CAL", mg="NORADRENALINE"),
        _p("adrenaline_pfs", "Adrenaline (epinephrine)", "1mg/10ml", "pfs", "1", "AMBIENT", 3, 7.50, "02", "CAL",
           mg="ADRENALINE"),
        _p("naloxone_inj", "Naloxone", "400micrograms/1ml", "amp", "10", "AMBIENT", 3, 21.00, "15", "CAL",
           ms="400MCG/1ML"),
        _p("chlorphenamine_inj", "Chlorphenamine", "10mg/1ml", "amp", "5", "AMBIENT", 3, 22.00, "03", "CAL"),
        _p("lactulose_soln", "Lactulose", "3.35g/5ml", "soln", "500ml", "AMBIENT", 1, 3.00, "01", "CAL"),
        _p("morphine_inj", "Morphine sulfate", "10mg/1ml", "amp", "1", "CD", 3, 0.95, "04", "CAL",
           mg="MORPHINE SULPHATE"),
        _p("oxycodone_cap", "Oxycodone hydrochloride", "5mg", "cap", "28", "CD", 2, 3.10, "04", "CAL",
           mg="OXYCODONE HCL"),
        _p("midazolam_inj", "Midazolam", "10mg/2ml", "amp", "1", "CD", 3, 0.80, "04", "CAL"),
        _p("fentanyl_inj", "Fentanyl", "100micrograms/2ml", "amp", "1", "CD", 3, 0.70, "15", "CAL",
           ms="100MCG/2ML"),
        _p("insulin_aspart_vial", "Insulin aspart", "100units/ml", "vial", "1", "FRIDGE", 3, 14.10, "06", "NGT",
           shelf=28),
        _p("epoetin_pfs", "Epoetin alfa", "10,000units/1ml", "pfs", "1", "FRIDGE", 1, 42.50, "09", "NGT", shelf=42),
        _p("lorazepam_inj", "Lorazepam", "4mg/1ml", "amp", "1", "FRIDGE", 3, 3.40, "04", "CAL", shelf=42),
        _p("insulin_glargine_pen", "Insulin glargine", "100units/ml", "pen", "1", "FRIDGE", 3, 8.10, "06", "NGT",
           shelf=42),
        _p("rocuronium_inj", "Rocuronium bromide", "50mg/5ml", "vial", "1", "FRIDGE", 3, 3.10, "15", "NGT",
           shelf=56),
        _p("suxamethonium_inj", "Suxamethonium chloride", "100mg/2ml", "amp", "1", "FRIDGE", 3, 1.20, "15", "CAL",
           shelf=42),
        _p("atracurium_inj", "Atracurium besilate", "50mg/5ml", "amp", "1", "FRIDGE", 3, 3.20, "15", "CAL",
           shelf=42),
        _p("glucagon_kit", "Glucagon", "1mg", "kit", "1", "FRIDGE", 3, 11.50, "06", "NGT", shelf=56),
        _p("latanoprost_drops", "Latanoprost", "50micrograms/ml", "drops", "2.5ml", "FRIDGE", 1, 2.00, "11", "NGT",
           shelf=28),
    ]
}  # fmt: skip

# Packs a day each ward uses of each medicine in an ordinary winter week (before the respiratory surge).
RATES: dict[str, dict[str, float]] = {
    "AMU": {"salbutamol_neb": 0.8, "ipratropium_neb": 0.4, "prednisolone_tab": 0.3, "coamox_iv": 0.9,
            "clarith_iv": 1.2, "amoxicillin_cap": 0.4, "paracetamol_tab": 1.2, "paracetamol_inf": 0.6,
            "ondansetron_inj": 0.5, "metoclopramide_tab": 0.2, "enoxaparin_pfs": 1.0, "furosemide_inj": 0.6,
            "amiodarone_inj": 0.15, "adrenaline_pfs": 0.1, "naloxone_inj": 0.05, "chlorphenamine_inj": 0.05,
            "gentamicin_inj": 0.3, "piptaz_iv": 1.5, "morphine_inj": 6.0, "oxycodone_cap": 0.3,
            "midazolam_inj": 1.0, "insulin_aspart_vial": 2.0, "insulin_glargine_pen": 0.8, "glucagon_kit": 0.05,
            "epoetin_pfs": 0.5, "lorazepam_inj": 1.5},
    "W7": {"salbutamol_neb": 4.0, "ipratropium_neb": 2.2, "prednisolone_tab": 1.0, "oseltamivir_cap": 0.6,
           "coamox_iv": 2.0, "clarith_iv": 2.5, "amoxicillin_cap": 0.3, "paracetamol_tab": 0.8,
           "enoxaparin_pfs": 0.7, "furosemide_inj": 0.3, "adrenaline_pfs": 0.05, "naloxone_inj": 0.03,
           "morphine_inj": 2.0, "oxycodone_cap": 0.1, "midazolam_inj": 0.8, "insulin_aspart_vial": 1.2,
           "chlorphenamine_inj": 0.03, "piptaz_iv": 0.6},
    "W9": {"paracetamol_tab": 1.5, "lactulose_soln": 0.5, "metoclopramide_tab": 0.2, "enoxaparin_pfs": 0.8,
           "furosemide_inj": 0.7, "amoxicillin_cap": 0.3, "coamox_iv": 0.4, "salbutamol_neb": 0.4,
           "prednisolone_tab": 0.2, "insulin_aspart_vial": 1.5, "insulin_glargine_pen": 1.0,
           "latanoprost_drops": 0.3, "morphine_inj": 1.5, "oxycodone_cap": 0.4, "glucagon_kit": 0.03,
           "naloxone_inj": 0.02, "adrenaline_pfs": 0.03, "epoetin_pfs": 1.0, "lorazepam_inj": 0.5},
    "W12": {"paracetamol_tab": 3.04, "paracetamol_inf": 3.65, "ondansetron_inj": 2.43, "metoclopramide_tab": 0.81,
            "enoxaparin_pfs": 2.43, "coamox_iv": 3.24, "gentamicin_inj": 1.62, "piptaz_iv": 3.24, "morphine_inj": 5.0,
            "oxycodone_cap": 1.2, "midazolam_inj": 0.8, "insulin_aspart_vial": 1.6, "naloxone_inj": 0.11,
            "adrenaline_pfs": 0.06, "furosemide_inj": 0.41, "lactulose_soln": 0.41,
            "insulin_glargine_pen": 0.6, "lorazepam_inj": 0.4, "glucagon_kit": 0.1, "epoetin_pfs": 0.3},
    "W14": {"paracetamol_tab": 0.5, "paracetamol_inf": 0.4, "ondansetron_inj": 0.4, "enoxaparin_pfs": 0.3,
            "coamox_iv": 0.15, "morphine_inj": 2.0, "oxycodone_cap": 0.3, "naloxone_inj": 0.03,
            "adrenaline_pfs": 0.03, "metoclopramide_tab": 0.1, "gentamicin_inj": 0.1, "insulin_aspart_vial": 0.3,
            "midazolam_inj": 0.2},
    "ICU": {"noradrenaline_inj": 1.2, "adrenaline_pfs": 0.3, "amiodarone_inj": 0.3, "midazolam_inj": 10.0,
            "fentanyl_inj": 12.0, "morphine_inj": 4.0, "rocuronium_inj": 6.0, "suxamethonium_inj": 3.0,
            "atracurium_inj": 2.0, "piptaz_iv": 1.2, "gentamicin_inj": 0.4, "insulin_aspart_vial": 2.5,
            "paracetamol_inf": 0.8, "furosemide_inj": 0.6, "chlorphenamine_inj": 0.05, "naloxone_inj": 0.05,
            "glucagon_kit": 0.03, "coamox_iv": 0.3, "lorazepam_inj": 2.0, "insulin_glargine_pen": 0.5},
    "PAED": {"salbutamol_neb": 2.0, "ipratropium_neb": 0.8, "prednisolone_tab": 0.5, "dexamethasone_soln": 0.6,
             "oseltamivir_cap": 0.3, "paracetamol_susp": 0.7, "ibuprofen_susp": 0.5, "coamox_iv": 0.6,
             "clarith_iv": 0.4, "amoxicillin_cap": 0.3, "adrenaline_pfs": 0.03, "chlorphenamine_inj": 0.03,
             "ondansetron_inj": 0.2, "gentamicin_inj": 0.2},
}  # fmt: skip
RATE_SCALE = 2.0  # the table above is per 12 beds of a ward's case mix; the wards are busier
RATES = {w: {k: round(v * RATE_SCALE, 3) for k, v in r.items()} for w, r in RATES.items()}

# The shipped job's rules as they are in workspace/system/config/rules.json (the world's copy, checked against the
# file by build_history.py): the history's par levels are the shipped job's.
WARD_COVER, TOPUP_LEAD, STORE_COVER, WINDOW_WEEKS = 3, 3, 7, 8
SAFETY = {3: 1.0, 2: 0.5, 1: 0.5}
MIN_PAR = {3: 2, 2: 1, 1: 1}


def _digits(*parts: object, n: int = 5) -> str:
    h = hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()
    return str(int(h[:12], 16) % 10**n).zfill(n)


def code_of(key: str, supplier: str) -> str:
    """The product code (NPC) of a product as listed from a supplier."""
    if supplier == "MED":
        return f"MPS-{_digits('med', key)}"
    if supplier == "NGT":
        return f"NG{_digits('ngt', key, n=4)}"
    return f"3{_digits('cal', key)}"


def vmp_of(key: str) -> str:
    return f"V{_digits('vmp', key, n=7)}"


def _pack_words(p: Product) -> tuple[str, str]:
    if p.pack[-2:] == "ml":
        return f"({p.pack} bottle)", p.pack.upper()
    return f"(pack of {p.pack})", f"X{p.pack}"


def name_of(p: Product, supplier: str) -> str:
    """The product's name in its supplier's price file wording."""
    long, abbr = FORMS[p.form]
    cal_pack, med_pack = _pack_words(p)
    if supplier == "MED":
        generic = (p.med_generic or p.generic).upper()
        strength = (p.med_strength or p.strength).upper().replace("UNITS", "U")
        return f"{generic} {strength} {abbr} {med_pack}"
    if supplier == "NGT":
        return f"{p.generic} {p.strength} {long} - {p.pack}"
    return f"{p.generic} {p.strength} {long} {cal_pack}"


# ----------------------------------------------------------------------------- a variant's truth


@dataclass(frozen=True)
class Switch:
    keys: tuple[str, ...]
    day: date
    to: str = "MED"


@dataclass(frozen=True)
class Truth:
    lead: dict[str, int]  # supplier -> lead days as configured (and as it really was before `lead_changes`)
    lead_changes: tuple[tuple[str, int, date], ...]  # (supplier, real lead days, from)
    switches: tuple[Switch, ...]  # supplier switches: new codes from the day
    formulary: tuple[tuple[str, str, date], ...]  # (old key, new key, from): new product replaces old one
    surge_wards: frozenset[str]
    surge_levels: tuple[float, ...]  # weekly level of respiratory use from SURGE_FROM (history weeks)
    surge_peak: float  # level over the unseen month
    moves: tuple[tuple[str, str, date, float], ...]  # (ward closing, ward taking its patients, from, share moving)
    surge_next: dict[str, float] = field(default_factory=dict)  # wards the surge reaches in the unseen month -> level
    growth: dict[str, float] = field(default_factory=dict)  # ward -> factor from PRODUCTION_START
    openings: tuple[tuple[str, str, float, date], ...] = ()  # (new ward, ward whose case mix it takes, factor, from)
    consignment: tuple[tuple[str, str], ...] = ()  # (ward, key) lines the supplier topped up, until...
    consignment_ends: date | None = None
    bin_slack: float = 1.1
    suppliers: dict[str, str] = field(default_factory=dict)  # key -> supplier from the start (else the product's)
    uplift_trial: tuple[tuple[str, ...], date, date, float] | None = None  # wards, from, to, factor
    # a national shortage: (product out, substitute, substitute packs per pack, from, substitute listed on)
    shortages: tuple[tuple[str, str, float, date, date], ...] = ()
    extra_use: tuple[tuple[str, date, tuple[tuple[str, float], ...]], ...] = ()  # (ward, from, (key, packs a day))
    escalation: tuple[tuple[str, float, date], ...] = ()  # (ward, factor, from): beds opened, history and month alike
    store_slack: float = 1.7  # the store's cold-room and CD-safe shelves: this many times the par set up for


def _day(s: str) -> date:
    return date.fromisoformat(s.strip())


def _list(s: object) -> list[str]:
    return [x.strip() for x in str(s or "").replace(";", ",").split(",") if x.strip()]


def truth_of(params: dict) -> Truth:
    lead = {k: int(v) for k, v in (x.split("=") for x in _list(params.get("lead_configured", "CAL=1,MED=2,NGT=2")))}
    changes = []
    for part in _list(params.get("lead_truth", "")):  # "NGT=4@2026-01-12"
        sup, rest = part.split("=")
        days, first = rest.split("@")
        changes.append((sup, int(days), _day(first)))
    switches = []
    for part in str(params.get("switches", "")).split("|"):  # "salbutamol_neb,coamox_iv@2026-02-02|..."
        if part.strip():
            keys, first = part.split("@")
            switches.append(Switch(tuple(_list(keys)), _day(first)))
    formulary = []
    for part in _list(params.get("formulary", "")):  # "enoxaparin_pfs>tinzaparin_pfs@2026-03-02"
        pair, first = part.split("@")
        old, new = pair.split(">")
        formulary.append((old.strip(), new.strip(), _day(first)))
    moves, growth = [], {}
    openings = []
    for part in _list(params.get("ward_changes", "")):  # "W12>W14@2026-03-09", "ICU*1.3", "W7B=W7*0.6@2026-03-09"
        if "=" in part:
            pair, first = part.split("@")
            new, rest = pair.split("=")
            like, f = rest.split("*")
            openings.append((new.strip(), like.strip(), float(f), _day(first)))
        elif ">" in part:  # "W7>W12*0.4@2026-03-09": 40 % of Ward 7's patients move
            pair, first = part.split("@")
            a, b = pair.split(">")
            b, share = [*b.split("*"), "1"][:2]
            moves.append((a.strip(), b.strip(), _day(first), float(share)))
        elif "*" in part:
            w, f = part.split("*")
            growth[w.strip()] = float(f)
    cons = tuple(tuple(x.split(":")) for x in _list(params.get("consignment", "")))  # "ICU:rocuronium_inj"
    trial = None
    if params.get("uplift_trial"):  # "AMU,W9@2025-12-15..2026-01-04*1.25"
        wards, rest = str(params["uplift_trial"]).split("@")
        span, factor = rest.split("*")
        a, b = span.split("..")
        trial = (tuple(_list(wards)), _day(a), _day(b), float(factor))
    shortages = []
    for part in _list(params.get("shortages", "")):  # "paracetamol_inf>paracetamol_inf500*2@2026-03-16/2026-03-05"
        pair, when = part.split("@")
        old, rest = pair.split(">")
        new, f = rest.split("*")
        first, listed = when.split("/")
        shortages.append((old.strip(), new.strip(), float(f), _day(first), _day(listed)))
    extra = []
    for part in str(params.get("extra_use", "")).split("|"):  # "PAED@2026-03-16:salbutamol_neb=4,morphine_inj=2.5"
        if part.strip():
            head, rates = part.split(":")
            ward, first = head.split("@")
            pairs = tuple((k.strip(), float(v)) for k, v in (x.split("=") for x in _list(rates)))
            extra.append((ward.strip(), _day(first), pairs))
    escalation = []
    for part in _list(params.get("escalation", "")):  # "ICU*1.3@2026-02-16"
        pair, first = part.split("@")
        w, f = pair.split("*")
        escalation.append((w.strip(), float(f), _day(first)))
    return Truth(
        lead=lead,
        lead_changes=tuple(changes),
        switches=tuple(switches),
        formulary=tuple(formulary),
        surge_wards=frozenset(_list(params.get("surge_wards", "W7,PAED"))),
        surge_levels=tuple(float(x) for x in _list(params.get("surge_levels", ""))),
        surge_peak=float(params.get("surge_peak", 1.0)),
        surge_next={w: float(f) for w, f in (x.split(":") for x in _list(params.get("surge_next", "")))},
        moves=tuple(moves),
        growth=growth,
        openings=tuple(openings),
        consignment=cons,  # type: ignore[arg-type]
        consignment_ends=_day(params["consignment_ends"]) if params.get("consignment_ends") else None,
        bin_slack=float(params.get("bin_slack", 1.1)),
        suppliers={k: v for k, v in (x.split("=") for x in _list(params.get("suppliers", "")))},
        uplift_trial=trial,
        shortages=tuple(shortages),
        extra_use=tuple(extra),
        escalation=tuple(escalation),
        store_slack=float(params.get("store_slack", STORE_SLACK)),
    )


def real_lead(truth: Truth, supplier: str, day: date) -> int:
    days = truth.lead.get(supplier, 2)
    for sup, d, first in truth.lead_changes:
        if sup == supplier and day >= first:
            days = d
    return days


def first_supplier(truth: Truth, key: str) -> str:
    return truth.suppliers.get(key, PRODUCTS[key].supplier)


def supplier_on(truth: Truth, key: str, day: date) -> str:
    sup = first_supplier(truth, key)
    for sw in truth.switches:
        if key in sw.keys and day >= sw.day:
            sup = sw.to
    return sup


def current_key(truth: Truth, key: str, day: date) -> str:
    """The product a ward line of `key` holds on `day` (after formulary replacements)."""
    for old, new, first in truth.formulary:
        if key == old and day >= first:
            return new
    return key


def code_on(truth: Truth, key: str, day: date) -> str:
    return code_of(key, supplier_on(truth, key, day))


def surge_level(truth: Truth, day: date, production: bool) -> float:
    if production:
        return truth.surge_peak
    if day < SURGE_FROM or not truth.surge_levels:
        return 1.0
    week = min((day - SURGE_FROM).days // 7, len(truth.surge_levels) - 1)
    return truth.surge_levels[week]


def demand_rate(truth: Truth, ward: str, key: str, day: date, production: bool) -> float:
    """Expected packs a day of `key` at `ward` (the world's demand, before noise), with moves applied."""
    for new, like, f, first in truth.openings:
        if ward == new:
            return f * _own_rate(truth, like, key, day, production) if day >= first else 0.0
    rate = _own_rate(truth, ward, key, day, production)
    for a, b, first, share in truth.moves:
        if day >= first:
            if ward == a:
                rate *= 1 - share
            if ward == b:
                rate += share * _own_rate(truth, a, key, day, production)
    for w, f, first in truth.escalation:
        if w == ward and day >= first:
            rate *= f
    return rate * truth.growth.get(ward, 1.0) if production else rate


def _own_rate(truth: Truth, ward: str, key: str, day: date, production: bool) -> float:
    for old, new, f, first, _ in truth.shortages:
        if production and day >= first:
            if key == old:
                return 0.0  # out nationally: the prescribers' advice moves every dose to the substitute
            if key == new:
                return f * _ward_rate(truth, ward, old, day, production)
    return _ward_rate(truth, ward, key, day, production)


def _ward_rate(truth: Truth, ward: str, key: str, day: date, production: bool) -> float:
    base = RATES.get(ward, {}).get(key, 0.0)
    if key in RESP and ward in truth.surge_wards:
        base *= surge_level(truth, day, production)
    elif key in RESP and production and ward in truth.surge_next:
        base *= truth.surge_next[ward]
    for w, first, pairs in truth.extra_use:
        if production and w == ward and day >= first:
            base += dict(pairs).get(key, 0.0)
    return base


def unavailable(truth: Truth, key: str, day: date) -> bool:
    """No supplier can deliver `key` on `day` (a national shortage): orders for it go unfulfilled."""
    return any(key == old and day >= first for old, _, _, first, _ in truth.shortages)


def wards_on(truth: Truth, day: date) -> dict[str, tuple[str, int, str]]:
    """The wards the stock system knows on `day`: a ward opening is set up in MedVault four days ahead."""
    out = dict(WARDS)
    for new, _, _, first in truth.openings:
        if day >= first - timedelta(days=4):
            out[new] = NEW_WARDS[new]
    return out


def ward_keys(truth: Truth, ward: str) -> list[str]:
    """Medicines a ward's cabinet holds (before formulary replacement), as configured."""
    return sorted(RATES[ward])


def bin_units(truth: Truth, ward: str, key: str) -> int | None:
    """Fridge and CD bins are sized to the par level they were set up for; ambient pockets do not limit."""
    p = PRODUCTS[key]
    if p.storage == "AMBIENT":
        return None
    r = RATES[ward].get(key, 0.0)
    par = max(MIN_PAR[p.crit], math.ceil(r * (WARD_COVER + TOPUP_LEAD + SAFETY[p.crit])))
    return max(2, math.ceil(par * truth.bin_slack) + BIN_MARGIN)


def store_shelf(truth: Truth, key: str) -> int | None:
    """The store's cold room and CD safe hold each fridge or CD product up to twice the par it was set up for."""
    p = PRODUCTS[key]
    if p.storage == "AMBIENT":
        return None
    use = sum(RATES[w].get(key, 0.0) for w in RATES)
    lead = truth.lead.get(first_supplier(truth, key), 2)
    par = max(MIN_PAR[p.crit], math.ceil(use * (STORE_COVER + lead + SAFETY[p.crit])))
    return math.ceil(par * truth.store_slack)


STORE_SLACK = 1.7
BIN_MARGIN = 1  # bins were set up one pack above the par of the time
SPARE_BIN = {"FRIDGE": 4, "CD": 6}  # a spare bin per ward cabinet and kind, for a line set up later


def days(first: date, n: int) -> list[date]:
    return [first + timedelta(days=i) for i in range(n)]
