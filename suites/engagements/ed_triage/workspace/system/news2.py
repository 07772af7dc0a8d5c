"""NEWS2 (National Early Warning Score 2, SpO2 scale 1) from the triage observations.

Observations outside the plausible ranges of the streaming protocol are treated as keying errors at the
triage terminal and ignored (they score 0), as agreed with the ED informatics group in 2023: a mistyped
value must not send a patient to resus.
"""

VITALS = (("hr", "hr"), ("rr", "rr"), ("sbp", "sbp"), ("spo2", "spo2"), ("temp_c", "temp"))


def clean_vitals(att, ranges):
    """Observations of one attendance with implausible values removed (None)."""
    out = {}
    for key, col in VITALS:
        value = att.get(col)
        lo, hi = ranges.get(key, [None, None])
        if value is None or (lo is not None and value < lo) or (hi is not None and value > hi):
            out[key] = None
        else:
            out[key] = value
    out["on_oxygen"] = bool(att.get("on_oxygen"))
    out["avpu"] = att.get("avpu") or "A"
    return out


def news2(v):
    """NEWS2 aggregate score; a missing observation scores 0."""
    score = 0
    rr = v.get("rr")
    if rr is not None:
        score += 3 if rr <= 8 else 1 if rr <= 11 else 0 if rr <= 20 else 2 if rr <= 24 else 3
    spo2 = v.get("spo2")
    if spo2 is not None:
        score += 3 if spo2 <= 91 else 2 if spo2 <= 93 else 1 if spo2 <= 95 else 0
    if v.get("on_oxygen"):
        score += 2
    sbp = v.get("sbp")
    if sbp is not None:
        score += 3 if sbp <= 90 else 2 if sbp <= 100 else 1 if sbp <= 110 else 0 if sbp <= 219 else 3
    hr = v.get("hr")
    if hr is not None:
        score += 3 if hr <= 40 else 1 if hr <= 50 else 0 if hr <= 90 else 1 if hr <= 110 else 2 if hr <= 130 else 3
    if (v.get("avpu") or "A") != "A":
        score += 3
    temp = v.get("temp_c")
    if temp is not None:
        score += 3 if temp <= 35.0 else 1 if temp <= 36.0 else 0 if temp <= 38.0 else 1 if temp <= 39.0 else 2
    return score
