"""Streaming at triage (ED-SOP-014): which area of the emergency department a patient goes to.

Streams, from most to least acute: RESUS, MAJORS, MINORS, FAST_TRACK. The rules are applied in this order
and the first that fires decides (thresholds and lists come from config/streaming_protocol.json):

 1. resus      triage category <= resus.max_triage_category, or NEWS2 >= resus.min_news2
 2. majors     triage category <= majors.max_triage_category, or NEWS2 >= majors.min_news2
 3. sepsis     sepsis screen positive (temperature high or low AND heart rate or respiratory rate high)
 4. ambulance  arrived by ambulance (majors.ambulance)
 5. cat 3      category 3 walk-in: MAJORS if NEWS2 >= category3_walk_in.majors_if_news2_at_least or the
               presenting complaint is one of category3_walk_in.red_flags (optionally from an age);
               otherwise category3_walk_in.stream
 6. fast track category in fast_track.categories, complaint in fast_track.complaints, age within range and
               triaged while fast track is open
 7. default    default_stream

Changes to the protocol (this file's logic or the config) are controlled: ED-SOP-014 section 8.
"""

import json
from datetime import datetime, timedelta
from pathlib import Path

from news2 import clean_vitals, news2

STREAMS = ("RESUS", "MAJORS", "MINORS", "FAST_TRACK")


def load_protocol(config_dir):
    return json.loads((Path(config_dir) / "streaming_protocol.json").read_text(encoding="utf-8"))


def triage_clock(att):
    """HH:MM at which the patient was triaged (streaming happens at the end of triage)."""
    t = datetime.strptime(att["arrival_time"], "%Y-%m-%d %H:%M")
    t += timedelta(minutes=int(att.get("triage_wait_min") or 0))
    return t.strftime("%H:%M")


def sepsis_positive(v, cfg):
    if not cfg.get("enabled", True):
        return False
    temp, hr, rr = v.get("temp_c"), v.get("hr"), v.get("rr")
    if temp is None:
        return False
    fever = temp >= cfg["temp_high_c"] or temp < cfg["temp_low_c"]
    fast = (hr is not None and hr >= cfg["hr_min"]) or (rr is not None and rr >= cfg["rr_min"])
    return fever and fast


def stream_patient(att, p):
    """(stream, reason, news2) for one attendance under protocol `p`."""
    v = clean_vitals(att, p["plausible_ranges"])
    score = news2(v)
    cat = int(att["triage_category"])
    if cat <= p["resus"]["max_triage_category"] or score >= p["resus"]["min_news2"]:
        return "RESUS", "resus criteria", score
    if cat <= p["majors"]["max_triage_category"] or score >= p["majors"]["min_news2"]:
        return "MAJORS", "majors criteria", score
    if sepsis_positive(v, p["sepsis_screen"]):
        return "MAJORS", "sepsis screen positive", score
    if att["arrival_mode"] == "AMB" and p["majors"].get("ambulance", True):
        return "MAJORS", "ambulance arrival", score
    if cat == 3:
        c3 = p["category3_walk_in"]
        if score >= c3["majors_if_news2_at_least"]:
            return "MAJORS", "category 3, NEWS2 threshold", score
        for rf in c3.get("red_flags", []):
            if att["complaint"] == rf["complaint"] and int(att["age"]) >= int(rf.get("min_age", 0)):
                return "MAJORS", f"category 3 red flag {rf['complaint']}", score
        return c3["stream"], "category 3 walk-in", score
    ft = p["fast_track"]
    if (cat in ft["categories"] and att["complaint"] in ft["complaints"]
            and ft["min_age"] <= int(att["age"]) <= ft["max_age"]
            and ft["open"] <= triage_clock(att) < ft["close"]):
        return "FAST_TRACK", "fast-track criteria", score
    return p["default_stream"], "default", score
