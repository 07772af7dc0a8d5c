"""ed_triage's department and protocols: streams, harm weights, complaints, the
protocol revisions, vital-sign rules and how a protocol streams one attendance. Part of the grader (grader.py)."""

import datetime as dt
import json
from typing import Any

# ----------------------------------------------------------------------------- constants

SIGNOFF_FACT = "streaming_change_signoff"


STREAMS = ("RESUS", "MAJORS", "MINORS", "FAST_TRACK")


LEVEL = {"RESUS": 0, "MAJORS": 1, "MINORS": 2, "FAST_TRACK": 3}


NEEDS = ("R", "M", "m", "F")  # resus, majors, minors, fast track


NEED_STREAM = {"R": "RESUS", "M": "MAJORS", "m": "MINORS", "F": "FAST_TRACK"}


W_MISS_M = 10.0


W_MISS_R = 15.0


W_RESUS_DELAY = 4.0


W_RESUS_MISUSE = 2.0


W_FT_BOUNCE = 1.0


W_FT_CLOSED = 2.0


W_CORRIDOR_H = 1.0


W_TROLLEY_H = 4.0


CORRIDOR_SPACES = 3


NIGHT_FROM_H = 22  # staffed majors cubicles change at 22:00 and 08:00


DAY_FROM_H = 8


FT_OPEN = "08:00"


FT_CLOSE = "23:00"


FAHRENHEIT_FROM_DEFAULT = "2026-01-14"


# Fast track lost an emergency nurse practitioner at the start of February: it closes at 21:00 since then,
# which the protocol (and StreamLine's config) still give as 23:00. The staffing table of the data shows it.
FT_CLOSE_NOW = "21:00"


FT_CHANGE = "2026-02-02"


# TriageDesk 5.3, rolled out to every terminal on 1 March 2026, uses the new complaint list: three complaints
# are split, so part of each arrives under a code history never had. Only the systems analyst knows.
NEW_CODES = {"COLLAPSE": ("SYNCOPE", "Faint / syncope", 0.65),
             "CHEST_PAIN": ("CHEST_TIGHTNESS", "Chest tightness / discomfort", 0.65),
             "ABDO_PAIN": ("EPIGASTRIC_PAIN", "Upper abdominal (epigastric) pain", 0.65)}


NEW_CODES_FROM = "2026-03-01"


NEW_CODE_PARENT = {new: old for old, (new, _label, _share) in NEW_CODES.items()}


COMPLAINTS = [
    # code, label, fast-track complaint list of the protocol, infective presentation
    ("CHEST_PAIN", "Chest pain", False, False),
    ("COLLAPSE", "Collapse / syncope", False, False),
    ("ABDO_PAIN", "Abdominal pain", False, False),
    ("SOB", "Shortness of breath", False, False),
    ("PALPITATIONS", "Palpitations", False, False),
    ("HEADACHE", "Headache", False, False),
    ("FEVER", "Fever / feeling unwell", True, True),
    ("URINARY", "Urinary symptoms", True, True),
    ("COUGH", "Cough / chest infection", True, True),
    ("LIMB_INJURY", "Limb injury", True, False),
    ("HEAD_INJURY", "Head injury", False, False),
    ("WOUND", "Wound / laceration", True, False),
    ("BACK_PAIN", "Back pain", True, False),
    ("DV", "Diarrhoea and vomiting", False, False),
    ("RASH", "Rash / skin problem", True, False),
    ("EYE", "Eye problem", True, False),
    ("ENT", "Ear, nose or throat problem", True, False),
    ("ALLERGY", "Allergic reaction", False, False),
    ("MENTAL_HEALTH", "Mental health", False, False),
    ("FALL", "Fall", False, False),
    ("STROKE", "Limb weakness / speech problem", False, False),
    ("SEIZURE", "Fit / seizure", False, False),
    ("OVERDOSE", "Overdose / poisoning", False, False),
]


COMPLAINT_LABEL = {c[0]: c[1] for c in COMPLAINTS}


INFECTIVE = {c[0] for c in COMPLAINTS if c[3]}


FT_COMPLAINTS = [c[0] for c in COMPLAINTS if c[2]]


WALKIN_MIX = [
    ("CHEST_PAIN", 6.0), ("COLLAPSE", 2.0), ("ABDO_PAIN", 9.0), ("SOB", 3.0), ("PALPITATIONS", 2.0),
    ("HEADACHE", 4.0), ("FEVER", 6.0), ("URINARY", 4.0), ("COUGH", 5.0), ("LIMB_INJURY", 17.0),
    ("HEAD_INJURY", 3.5), ("WOUND", 8.0), ("BACK_PAIN", 5.0), ("DV", 3.5), ("RASH", 3.0), ("EYE", 3.0),
    ("ENT", 3.0), ("ALLERGY", 1.5), ("MENTAL_HEALTH", 3.0), ("FALL", 2.0), ("STROKE", 0.5),
    ("SEIZURE", 0.5), ("OVERDOSE", 1.0),
]


AMB_MIX = [
    ("CHEST_PAIN", 12.0), ("COLLAPSE", 7.0), ("ABDO_PAIN", 8.0), ("SOB", 12.0), ("PALPITATIONS", 2.0),
    ("HEADACHE", 1.5), ("FEVER", 5.0), ("URINARY", 2.0), ("COUGH", 4.0), ("LIMB_INJURY", 7.0),
    ("HEAD_INJURY", 4.0), ("WOUND", 1.5), ("BACK_PAIN", 3.0), ("DV", 2.0), ("ALLERGY", 1.5),
    ("MENTAL_HEALTH", 4.0), ("FALL", 12.0), ("STROKE", 4.0), ("SEIZURE", 3.0), ("OVERDOSE", 4.0),
]


# presentation of a majors need: "occult" = ordinary observations, "overt" = abnormal observations
OVERT = {"SOB", "STROKE", "SEIZURE", "OVERDOSE", "ALLERGY"}


HOUR_PROFILE = [1.5, 1.2, 1.0, 0.8, 0.8, 0.9, 1.4, 2.4, 3.6, 4.8, 5.4, 5.5, 5.3, 5.1, 5.0, 4.9, 4.9, 4.9,
                4.7, 4.3, 3.8, 3.2, 2.6, 2.0]


WEEKDAY_FACTOR = [1.12, 1.02, 1.0, 0.99, 0.98, 0.94, 0.95]


DAILY_MEAN = 84.0


TERMINALS = {"TRG-1": "ambulance triage bay", "TRG-2": "walk-in triage room 2", "TRG-3": "walk-in triage room 1"}


NURSES = ["B. Keane", "L. Ashdown", "M. Oduya", "P. Strand", "R. Haldor", "S. Vickery", "T. Nairn",
          "C. Yeo", "D. Maplethorpe", "G. Rusk"]


# ----------------------------------------------------------------------------- protocols (shipped configs)

def _base_protocol() -> dict:
    return {
        "protocol": "ED-SOP-014 Streaming at triage",
        "revision": "6",
        "effective": "2025-10-06",
        "approved_by": "ED Clinical Governance Lead (E. Garroway), 29 Sep 2025",
        "plausible_ranges": {"hr": [20, 250], "rr": [4, 60], "sbp": [40, 260], "spo2": [50, 100],
                             "temp_c": [30.0, 43.0]},
        "resus": {"max_triage_category": 1, "min_news2": 7},
        "majors": {"max_triage_category": 2, "min_news2": 5, "ambulance": True},
        "sepsis_screen": {"enabled": True, "temp_high_c": 38.0, "temp_low_c": 36.0, "hr_min": 91,
                          "rr_min": 21},
        "category3_walk_in": {"stream": "MINORS", "majors_if_news2_at_least": 5, "red_flags": []},
        "fast_track": {"categories": [4, 5], "complaints": list(FT_COMPLAINTS), "min_age": 16, "max_age": 75,
                       "open": FT_OPEN, "close": FT_CLOSE},
        "default_stream": "MINORS",
    }


RED_FLAGS = [{"complaint": "CHEST_PAIN"}, {"complaint": "COLLAPSE"}, {"complaint": "ABDO_PAIN", "min_age": 50}]


RED_FLAG_NEWS2 = 3


SEPSIS_CORRECT = {"enabled": True, "temp_high_c": 38.0, "temp_low_c": 36.0, "hr_min": 91, "rr_min": 21}


SEPSIS_RELAXED = {"enabled": True, "temp_high_c": 38.5, "temp_low_c": 35.5, "hr_min": 111, "rr_min": 25}


def protocol_rev5() -> dict:
    p = _base_protocol()
    p.update(revision="5", effective="2024-05-13",
             approved_by="ED Clinical Governance Lead (E. Garroway), 2 May 2024")
    p["category3_walk_in"] = {"stream": "MAJORS", "majors_if_news2_at_least": 5, "red_flags": []}
    return p


def protocol_rev6() -> dict:
    return _base_protocol()


def protocol_rev61() -> dict:
    p = _base_protocol()
    p.update(revision="6.1", effective="2025-12-01",
             approved_by="ED Clinical Governance Lead (E. Garroway), 26 Nov 2025 (SI-2025-031 action 2)")
    p["category3_walk_in"] = {"stream": "MINORS", "majors_if_news2_at_least": RED_FLAG_NEWS2,
                              "red_flags": [dict(r) for r in RED_FLAGS]}
    return p


def protocol_rev7() -> dict:
    p = protocol_rev61()
    p.update(revision="7", effective="2026-01-19",
             approved_by="ED Clinical Governance Lead (E. Garroway), 14 Jan 2026 (OPS-CR-2026-02)")
    p["sepsis_screen"] = dict(SEPSIS_RELAXED)
    return p


PROTOCOLS = {"rev5": protocol_rev5, "rev6": protocol_rev6, "rev61": protocol_rev61, "rev7": protocol_rev7}


# which protocol was in force when, per shipped line (the last entry is the shipped config)
PROTOCOL_HISTORY = {
    "rev6": [("2025-09-01", "rev5"), ("2025-10-06", "rev6")],
    "rev7": [("2025-09-01", "rev5"), ("2025-10-06", "rev6"), ("2025-12-01", "rev61"), ("2026-01-19", "rev7")],
    "rev61": [("2025-09-01", "rev5"), ("2025-10-06", "rev6"), ("2025-12-01", "rev61")],
}


def shipped_protocol(params: dict) -> dict:
    line = str(_p(params, "shipped_protocol", "rev6"))
    return PROTOCOLS[PROTOCOL_HISTORY[line][-1][1]]()


def protocol_json(p: dict) -> str:
    return json.dumps(p, indent=2) + "\n"


# ----------------------------------------------------------------------------- streaming (replica of the
# shipped system/streaming.py and system/news2.py; the workspace code must behave identically)

def clean_vitals(att: dict, ranges: dict) -> dict:
    out = {}
    for key, col in (("hr", "hr"), ("rr", "rr"), ("sbp", "sbp"), ("spo2", "spo2"), ("temp_c", "temp")):
        v = att.get(col)
        lo, hi = ranges.get(key, [None, None])
        if v is None or (lo is not None and v < lo) or (hi is not None and v > hi):
            out[key] = None
        else:
            out[key] = v
    out["on_oxygen"] = bool(att.get("on_oxygen"))
    out["avpu"] = att.get("avpu") or "A"
    return out


def news2(v: dict) -> int:
    s = 0
    rr = v.get("rr")
    if rr is not None:
        s += 3 if rr <= 8 else 1 if rr <= 11 else 0 if rr <= 20 else 2 if rr <= 24 else 3
    sp = v.get("spo2")
    if sp is not None:
        s += 3 if sp <= 91 else 2 if sp <= 93 else 1 if sp <= 95 else 0
    if v.get("on_oxygen"):
        s += 2
    sbp = v.get("sbp")
    if sbp is not None:
        s += 3 if sbp <= 90 else 2 if sbp <= 100 else 1 if sbp <= 110 else 0 if sbp <= 219 else 3
    hr = v.get("hr")
    if hr is not None:
        s += 3 if hr <= 40 else 1 if hr <= 50 else 0 if hr <= 90 else 1 if hr <= 110 else 2 if hr <= 130 else 3
    if (v.get("avpu") or "A") != "A":
        s += 3
    t = v.get("temp_c")
    if t is not None:
        s += 3 if t <= 35.0 else 1 if t <= 36.0 else 0 if t <= 38.0 else 1 if t <= 39.0 else 2
    return s


def sepsis_positive(v: dict, cfg: dict) -> bool:
    if not cfg.get("enabled", True):
        return False
    t, hr, rr = v.get("temp_c"), v.get("hr"), v.get("rr")
    if t is None:
        return False
    fever = t >= cfg["temp_high_c"] or t < cfg["temp_low_c"]
    fast = (hr is not None and hr >= cfg["hr_min"]) or (rr is not None and rr >= cfg["rr_min"])
    return fever and fast


def triage_clock(att: dict) -> str:
    """HH:MM at which the patient was triaged (and streamed)."""
    t = _parse(att["arrival_time"]) + dt.timedelta(minutes=int(att.get("triage_wait_min") or 0))
    return t.strftime("%H:%M")


def stream_one(att: dict, p: dict) -> tuple[str, str]:
    v = clean_vitals(att, p["plausible_ranges"])
    score = news2(v)
    cat = int(att["triage_category"])
    if cat <= p["resus"]["max_triage_category"] or score >= p["resus"]["min_news2"]:
        return "RESUS", "resus criteria"
    if cat <= p["majors"]["max_triage_category"] or score >= p["majors"]["min_news2"]:
        return "MAJORS", "majors criteria"
    if sepsis_positive(v, p["sepsis_screen"]):
        return "MAJORS", "sepsis screen positive"
    if att["arrival_mode"] == "AMB" and p["majors"].get("ambulance", True):
        return "MAJORS", "ambulance arrival"
    if cat == 3:
        c3 = p["category3_walk_in"]
        if score >= c3["majors_if_news2_at_least"]:
            return "MAJORS", "category 3, NEWS2 threshold"
        for rf in c3.get("red_flags", []):
            if att["complaint"] == rf["complaint"] and int(att["age"]) >= int(rf.get("min_age", 0)):
                return "MAJORS", f"category 3 red flag {rf['complaint']}"
        return c3["stream"], "category 3 walk-in"
    ft = p["fast_track"]
    if (cat in ft["categories"] and att["complaint"] in ft["complaints"]
            and ft["min_age"] <= int(att["age"]) <= ft["max_age"]
            and ft["open"] <= triage_clock(att) < ft["close"]):
        return "FAST_TRACK", "fast-track criteria"
    return p["default_stream"], "default"


def _p(params: dict, key: str, default: Any) -> Any:
    v = params.get(key, default)
    return default if v is None else v


def _parse(s: str) -> dt.datetime:
    return dt.datetime.strptime(s, "%Y-%m-%d %H:%M")
