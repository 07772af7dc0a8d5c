"""Streaming at triage (ED-SOP-014): which area of the emergency department a patient goes to.

Streams, from most to least acute: RESUS, MAJORS, MINORS, FAST_TRACK. The rules are applied in this order
and the first that fires decides (thresholds and lists come from config/streaming_protocol.json):

 0. feeds      before anything else: complaint codes are normalised (case, blanks) and mapped through
               complaint_groups ({"NEW_CODE": "PROTOCOL_CODE"}) so that a code split by a terminal update keeps
               its rules; temperatures from the terminals in temperature_feeds ([{"terminal", "from",
               "unit": "F"}]) are converted to Celsius, and with temperature_fahrenheit_above any temperature
               above that value (no body temperature in Celsius is) is read as Fahrenheit, whatever the terminal
 1. resus      triage category <= resus.max_triage_category, or NEWS2 >= resus.min_news2
 2. majors     triage category <= majors.max_triage_category, or NEWS2 >= majors.min_news2
 3. sepsis     sepsis screen positive (temperature high or low AND heart rate or respiratory rate high)
 4. ambulance  arrived by ambulance (majors.ambulance)
 5. cat 3      category 3 walk-in: MAJORS if NEWS2 >= category3_walk_in.majors_if_news2_at_least or the
               presenting complaint is one of category3_walk_in.red_flags (optionally from an age);
               otherwise the stream of the first category3_walk_in.by_time window that contains the triage
               time ({"from": "HH:MM", "to": "HH:MM", "stream"}, optionally "days": ["mon", ...] of the
               triage date), else category3_walk_in.stream
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
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def load_protocol(config_dir):
    return json.loads((Path(config_dir) / "streaming_protocol.json").read_text(encoding="utf-8"))


def triage_time(att):
    t = datetime.strptime(att["arrival_time"], "%Y-%m-%d %H:%M")
    return t + timedelta(minutes=int(att.get("triage_wait_min") or 0))


def triage_clock(att):
    """HH:MM at which the patient was triaged (streaming happens at the end of triage)."""
    return triage_time(att).strftime("%H:%M")


def _in_window(hhmm, start, end):
    return start <= hhmm < end if start <= end else (hhmm >= start or hhmm < end)


def _to_celsius(value):
    return round((float(value) - 32) * 5 / 9, 1)


def apply_feeds(att, p):
    """Correct the known problems of the terminal feeds: split complaint codes and Fahrenheit temperatures."""
    att = dict(att)
    code = str(att.get("complaint") or "").strip().upper().replace(" ", "_").replace("-", "_")
    att["complaint"] = p.get("complaint_groups", {}).get(code, code)
    temp = att.get("temp")
    if temp is None or temp == "":
        return att
    for feed in p.get("temperature_feeds", []):
        if (att.get("terminal") == feed["terminal"] and triage_time(att).strftime("%Y-%m-%d") >= feed["from"]
                and feed.get("unit", "F") == "F"):
            return {**att, "temp": _to_celsius(temp)}
    above = p.get("temperature_fahrenheit_above")
    if above is not None and float(temp) > float(above):
        return {**att, "temp": _to_celsius(temp)}
    return att


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
    att = apply_feeds(att, p)
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
        clock = triage_clock(att)
        day = DAYS[triage_time(att).weekday()]
        for w in c3.get("by_time", []):
            if _in_window(clock, w["from"], w["to"]) and day in w.get("days", DAYS):
                return w["stream"], f"category 3 walk-in {w['from']}-{w['to']}", score
        return c3["stream"], "category 3 walk-in", score
    ft = p["fast_track"]
    if (cat in ft["categories"] and att["complaint"] in ft["complaints"]
            and ft["min_age"] <= int(att["age"]) <= ft["max_age"]
            and ft["open"] <= triage_clock(att) < ft["close"]):
        return "FAST_TRACK", "fast-track criteria", score
    return p["default_stream"], "default", score
