"""warranty_refunds' catalogue: money and capacity, products, fault codes, repair
centres, dates and serials, and the production register. Part of the grader (grader.py)."""

import calendar
import datetime as dt
import hashlib
import random
import re
from typing import Any

# ----------------------------------------------------------------------------- money and capacity

CASE_FEE = 300.0          # Consumer Disputes Board fee charged to the trader per case


GOODWILL = 50.0           # Vellmar goodwill voucher when a refusal is overturned


COMP_RATE = 0.25          # statutory compensation on an overturned refusal (CSA s.19(4)), share of the price


INSPECTION_COST = 90.0    # courier collection both ways + bench technician


INSPECTION_CAPACITY = 40  # inspections the Brackenfield bay completes within the 14-day deadline per month


HIGH_VALUE_EUR = 1200.0


WARRANTY_MONTHS = 24


SIGNOFF_FACT = "triage_rule_signoff"


CLAIM_MONTH = "2026-03"


RULE_VERSION = "TR-3.2"


# ----------------------------------------------------------------------------- products and codes

# model: (product type, model name, plants, price points EUR, launched)
MODELS = {
    "WM5": ("washing machine", "Vellmar Aqua 5 washing machine", ("K", "T"), (429, 469, 499, 529, 569), "2022-03"),
    "WM7": ("washing machine", "Vellmar Aqua 7 washer", ("K",), (649, 699, 749, 799, 849, 899), "2023-09"),
    "DW4": ("dishwasher", "Vellmar Clara 4 dishwasher", ("K",), (479, 529, 579, 629, 679, 729), "2023-11"),
    "FR6": ("fridge-freezer", "Vellmar Frost 6 fridge-freezer", ("K", "T"),
            (799, 899, 949, 999, 1049, 1149, 1249, 1349), "2022-10"),
    "OV3": ("oven", "Vellmar Therma 3 built-in oven", ("T",), (389, 449, 499, 549, 599, 659), "2021-05"),
    "TD2": ("tumble dryer", "Vellmar Breeze 2 heat-pump dryer", ("T",), (459, 529, 589, 639, 699), "2022-08"),
}


MODEL_WEIGHTS = [("WM5", 0.22), ("WM7", 0.17), ("DW4", 0.18), ("FR6", 0.16), ("OV3", 0.12), ("TD2", 0.15)]


PLANTS = {"K": "Kolsby", "T": "Tarnowo"}


# v3 failure code list (current since 2022): code -> (description, category, component)
CODES = {
    "E10": ("Drive motor failure", "defect", "drive motor"),
    "E21": ("Drain pump failure", "defect", "drain pump"),
    "E34": ("Heating element failure", "inspect", "heating element"),
    "C02": ("Main control board failure", "defect", "main control board"),
    "C05": ("Display / user interface failure", "defect", "display board"),
    "M07": ("Door lock / latch failure", "defect", "door lock"),
    "S03": ("Drum bearing / spider failure", "defect", "drum bearing"),
    "R11": ("Compressor failure", "defect", "compressor"),
    "R14": ("Thermostat / temperature sensor failure", "defect", "temperature sensor"),
    "X01": ("Foreign object (pump, drum or sump)", "misuse", "drain pump"),
    "X02": ("Liquid ingress into electrical parts", "misuse", "main control board"),
    "X03": ("Impact or transport damage", "misuse", "cabinet"),
    "X04": ("Incorrect installation", "misuse", "installation"),
    "X05": ("Limescale / lack of maintenance", "misuse", "heating element"),
    "N00": ("No fault found", "nff", "-"),
}


DEFECT_CODES = {
    "WM5": ("E10", "E21", "C02", "C05", "M07", "S03"), "WM7": ("E10", "E21", "C02", "C05", "M07", "S03"),
    "DW4": ("E21", "C02", "C05", "M07"), "FR6": ("R11", "R14", "C02", "C05"),
    "OV3": ("R14", "C02", "C05", "M07"), "TD2": ("E10", "C02", "C05"),
}


MISUSE_CODES = {
    "WM5": ("X01", "X02", "X03", "X04", "X05"), "WM7": ("X01", "X02", "X03", "X04", "X05"),
    "DW4": ("X01", "X02", "X03", "X04", "X05"), "FR6": ("X02", "X03", "X04"),
    "OV3": ("X02", "X03", "X04"), "TD2": ("X01", "X03", "X04"),
}


E34_MODELS = ("WM5", "WM7", "DW4", "OV3", "TD2")


# The 2019 code list (v2) used by Southgate's new system after its migration in the bad_data variant:
# the same codes with E/X swapped for four of them. V2_TO_V3 translates what such a feed reports.
V2_TO_V3 = {"X01": "E21", "E21": "X01", "X03": "E10", "E10": "X03"}


# repair centres: id -> (name, region, feed system, weight)
REPAIR_CENTRES = {
    "RC-N": ("Northbay Appliance Service", "North", "FixFlow 4", 0.25),
    "RC-S": ("Southgate Repairs", "South", "ServiceDesk 9 (since 19 Jan 2026; ServiceDesk 7 before)", 0.30),
    "RC-E": ("Eastmere Appliance Care", "East", "FixFlow 4", 0.25),
    "RC-W": ("Westholm Technical Services", "West", "own system (CSV export)", 0.20),
}


TECHNICIANS = {
    "RC-N": ["J. Aaltonen", "R. Birkeland", "S. Mwangi"], "RC-S": ["D. Okoro", "L. Fairweather", "P. Santos"],
    "RC-E": ["K. Nyberg", "A. Lindgren", "T. Ocampo"], "RC-W": ["M. Rask", "E. Doyle", "H. Varela"],
}


RETAILERS = [
    ("R01", "Hallberg Electrical", "store"), ("R02", "KitchenCity", "store"), ("R03", "Vellmar webshop", "online"),
    ("R04", "Brightmart", "online"), ("R05", "Olofsson & Son", "independent"),
]


SOUTHGATE = "RC-S"


SOUTHGATE_CUTOVER = "2026-01-19"


SOUTHGATE_SD9 = ("D. Okoro", "L. Fairweather")   # the Harbour Road workshop moved to ServiceDesk 9; Santos did not


MILLBROOK_TECH = "P. Santos"   # Millbrook site; with `millbrook_sd9_from` it joins ServiceDesk 9 (unseen months only)


def southgate_v2(params: dict, rc: str | None, technician: str | None, report_date: str) -> bool:
    """Whether a Southgate report was coded in the v2 list by ServiceDesk 9 (Harbour Road from the cut-over,
    Millbrook from `millbrook_sd9_from`, a date that falls after the history and that only Claims Systems knows)."""
    if not _flag(params, "southgate_v2_feed") or rc != SOUTHGATE:
        return False
    if technician in SOUTHGATE_SD9 and report_date >= SOUTHGATE_CUTOVER:
        return True
    mill = str(_p(params, "millbrook_sd9_from", "") or "")
    return bool(mill) and technician == MILLBROOK_TECH and report_date >= mill


# bad_data, `tarnowo_line2_from` (a build week): Tarnowo's second assembly line numbers its units from 50001 so the
# two lines never collide, but the register export (production_batches) carries line 1's counts only, so the serial
# check refuses line 2's appliances as unknown. Line 2 built ovens and dryers first, washers and fridge-freezers too
# from `LINE2_MORE_FROM` (claims on those reach the unseen months only), numbered in their own block from 60001.
# Known at the plant (Kolsby supplier quality looks after the register interface of both plants), hinted in the
# history only by a few refusals.
LINE2_SEQ_FROM = 50001


LINE2_MORE_SEQ_FROM = 60001        # washers and fridge-freezers on line 2: the line's second product group


LINE2_BLOCK = 1000                 # line 2 never builds more than 1,000 units of a model in a week


LINE2_FIRST_MODELS = ("OV3", "TD2")


LINE2_MORE_MODELS = ("WM5", "FR6")


LINE2_MORE_FROM = 2602


def line2_from(params: dict) -> int:
    v = str(_p(params, "tarnowo_line2_from", "") or "").strip()
    return int(v) if v else 0


def line2_models(params: dict, plant: str, wc: int) -> tuple[str, ...]:
    """The models Tarnowo's line 2 built in build week `wc` (none without the variant's line 2)."""
    start = line2_from(params)
    if not start or plant != "T" or wc < start:
        return ()
    return LINE2_FIRST_MODELS + (LINE2_MORE_MODELS if wc >= LINE2_MORE_FROM else ())


def line2_base(model: str) -> int:
    """The first sequence number of line 2's block for a model."""
    return LINE2_MORE_SEQ_FROM if model in LINE2_MORE_MODELS else LINE2_SEQ_FROM


def in_line2_block(seq: int) -> bool:
    return any(base <= seq < base + LINE2_BLOCK for base in (LINE2_SEQ_FROM, LINE2_MORE_SEQ_FROM))


def line2_qty(model: str, wc: int) -> int:
    return random.Random(f"vellmar/line2/{model}/{wc}").randint(3, 9) * 100


def line2_genuine(params: dict, ps: tuple[str, str, int, int] | None) -> bool:
    """Whether a parsed serial is one of line 2's (numbered from 50001, not in the register)."""
    if ps is None or ps[0] not in line2_models(params, ps[1], ps[2]):
        return False
    base = line2_base(ps[0])
    return base <= ps[3] < base + line2_qty(ps[0], ps[2])


# known-defect facts of the world (which of them hold is a variant parameter)
DW4_VENT_FIX_WEEK = 2536           # DW-4 built at Kolsby before ISO week 36/2025 lack the door-vent baffle


FR6_LOT_WEEKS = (2519, 2520, 2521, 2522, 2523, 2526, 2527)   # Kolsby FR-6 with Arvent relay lot A-25-17..23


FR6_GAP_WEEKS = (2524, 2525)      # Kolsby FR-6 built with the second-source compressor in between


LETTERS_OFF_FROM = "2026-01-01"    # notice_gap variant: refusal letters stopped at the CRM migration


WESTHOLM = "RC-W"


WESTHOLM_TABLETS_FROM = "2025-12-01"   # westholm_case: the technicians' new tablet app writes codes its own way


EASTMERE = "RC-E"


EASTMERE_FF42_FROM = "2026-01-12"      # eastmere_intake: FixFlow 4.2 files an intake placeholder report


PRELIM_RX = re.compile(r"-P(?:RE|\d)?$", re.I)


BALT_FROM_WEEK = 2527                  # balt_market: Baltic retail programme builds from July 2025


DIAG = {
    "E10": ["Drive motor does not turn, open circuit on stator winding; motor replaced.",
            "Motor brushes worn through early, commutator scored; motor replaced."],
    "E21": ["Drain pump seized, pump motor winding open circuit; drain pump replaced.",
            "Drain pump runs but does not empty, impeller shaft worn; pump replaced."],
    "E34": ["Heating element open circuit; some scale on element; element replaced.",
            "No heat, element leaking to earth and tripping RCD; element replaced."],
    "C02": ["Main control board dead, no LED activity; board replaced.",
            "Main control board relay welded, programme stops mid-cycle; board replaced."],
    "C05": ["Display segments missing, keys unresponsive; display board replaced."],
    "M07": ["Door lock does not engage, error on start; door lock replaced."],
    "S03": ["Loud rumble on spin, drum bearing worn and spider arm cracked; drum unit replaced."],
    "R11": ["Compressor does not start, locked rotor; compressor and drier replaced, system recharged."],
    "R14": ["Temperature sensor out of tolerance, over-cooling; sensor replaced."],
    "X01": ["Coin lodged in drain pump impeller, impeller broken; pump replaced.",
            "Bra underwire trapped between drum and tub, drum scratched.",
            "Glass fragments blocking the sump and drain pump."],
    "X03": ["Cabinet dented at rear corner, mounting bent: impact damage.",
            "Door glass cracked from an impact.", "Control panel fascia broken, impact mark visible."],
    "X04": ["Transit bolts not removed; suspension damaged on first spin.",
            "Appliance not levelled, excessive vibration damaged the shock absorbers.",
            "Installed without ventilation gap, unit overheating."],
    "X05": ["Heavy limescale on heating element and pump; no descaling done."],
    "N00": ["Appliance tested on 4 h bench run, all functions normal; no fault found."],
}


DIAG_X02 = {
    "main control board": "Corrosion and moisture traces on main control board, connector J4 area; board replaced.",
    "door keypad": "Sticky liquid residue under the door keypad; keypad replaced.",
    "power supply board": "Power supply board corroded, water marks in the base; board replaced.",
}


DIAG_FR6_NFF = ("Unit ran normally on 4 h bench test; customer reports warm fridge compartment and clicking "
                "near the compressor; no fault found.")


# ----------------------------------------------------------------------------- small helpers

def _p(params: dict, key: str, default: Any) -> Any:
    v = params.get(key, default)
    return default if v is None else v


def _flag(params: dict, key: str) -> bool:
    v = _p(params, key, False)
    if isinstance(v, str):
        return v.strip().lower() in ("1", "true", "yes", "on")
    return bool(v)


def _d(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def add_months(d: dt.date, months: int) -> dt.date:
    m = d.month - 1 + months
    y = d.year + m // 12
    m = m % 12 + 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def week_code(d: dt.date) -> int:
    y, w, _ = d.isocalendar()
    return (y % 100) * 100 + w


def monday_of(code: int) -> dt.date:
    return dt.date.fromisocalendar(2000 + code // 100, code % 100, 1)


SERIAL_RX = re.compile(r"^([A-Z]{2}\d)([A-Z])-(\d{4})-(\d{5})$")


def parse_serial(s: str) -> tuple[str, str, int, int] | None:
    m = SERIAL_RX.match((s or "").strip().upper())
    if not m:
        return None
    return m.group(1), m.group(2), int(m.group(3)), int(m.group(4))


def e34_invalid(claim_id: str, serial: str) -> bool:
    """Hidden truth of a heating-element claim (limescale vs element defect): only an inspection tells."""
    h = hashlib.sha256(f"vellmar/e34/{claim_id}/{serial}".encode()).digest()
    return h[0] < 115  # about 45 %


# ----------------------------------------------------------------------------- production register

BATCH_FROM = dt.date(2022, 1, 3)   # ISO 2022-W01


BATCH_TO = dt.date(2026, 3, 23)


def batches(balt: bool = False) -> dict[tuple[str, str, int], tuple[int, str]]:
    """(model, plant, week) -> (qty, market). Independent of the split; with `balt` some Kolsby FR-6 and WM-7
    weeks from July 2025 were built for the Baltic retail programme (market BALT) instead of NORD."""
    out: dict[tuple[str, str, int], tuple[int, str]] = {}
    for model, (_t, _n, plants, _pp, launched) in MODELS.items():
        start = max(BATCH_FROM, _d(launched + "-01"))
        start -= dt.timedelta(days=start.weekday())
        for plant in plants:
            d = start
            while d <= BATCH_TO:
                wc = week_code(d)
                r = random.Random(f"vellmar/batch/{model}{plant}/{wc}")
                if not (wc % 100 in (29, 30, 52) and r.random() < 0.8):   # summer / year-end shutdowns
                    qty = r.randint(6, 24) * 100
                    market = "EXP" if r.random() < 0.07 and (model, plant) != ("FR6", "K") else "NORD"
                    if model == "DW4" and r.random() < 0.05:
                        market = "EXP"
                    rb = random.Random(f"vellmar/balt/{model}{plant}/{wc}")
                    if balt and plant == "K" and model in ("FR6", "WM7") and wc >= BALT_FROM_WEEK and \
                            market == "NORD" and rb.random() < 0.3:
                        market = "BALT"
                    out[(model, plant, wc)] = (qty, market)
                d += dt.timedelta(days=7)
    return out


_BATCHES = {False: batches(False), True: batches(True)}


def batch_table(params: dict) -> dict[tuple[str, str, int], tuple[int, str]]:
    return _BATCHES[_flag(params, "balt_market")]


def serial_of(model: str, plant: str, wc: int, seq: int) -> str:
    return f"{model}{plant}-{wc:04d}-{seq:05d}"
