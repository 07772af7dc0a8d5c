"""ed_triage's patients: the simulated attendances (needs, vitals, categories, service
times), their ids, the terminal feeds and how production differs from history. Part of the grader (grader.py)."""

import datetime as dt
import math
import random
from typing import Any

from _ed_triage_protocols import (
    AMB_MIX,
    DAILY_MEAN,
    FAHRENHEIT_FROM_DEFAULT,
    HOUR_PROFILE,
    INFECTIVE,
    NEW_CODES,
    NEW_CODES_FROM,
    NURSES,
    OVERT,
    WALKIN_MIX,
    WEEKDAY_FACTOR,
    _p,
    news2,
)

from worktrial.kit.grader import Traffic

# ----------------------------------------------------------------------------- simulation of patients

def _pick(rng: random.Random, weighted: list) -> Any:
    x = rng.random() * sum(w for _, w in weighted)
    for v, w in weighted:
        x -= w
        if x <= 0:
            return v
    return weighted[-1][0]


def _ts(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M")


def _need_probs(code: str, mode: str, age: int) -> tuple[float, float]:
    """(p_resus, p_majors) before the infective (sepsis) path."""
    table = {
        "CHEST_PAIN": (0.01, 0.16 + 0.0075 * max(0, age - 30)),
        "COLLAPSE": (0.02, 0.22 + 0.004 * max(0, age - 30)),
        "ABDO_PAIN": (0.005, 0.45 if age >= 50 else 0.06),
        "SOB": (0.04, 0.42),
        "PALPITATIONS": (0.01, 0.14),
        "HEADACHE": (0.0, 0.07),
        "LIMB_INJURY": (0.0, 0.03 if age < 75 else 0.16),
        "HEAD_INJURY": (0.005, 0.06 if age < 65 else 0.16),
        "WOUND": (0.0, 0.01),
        "BACK_PAIN": (0.0, 0.04),
        "DV": (0.0, 0.045 if age < 70 else 0.14),
        "RASH": (0.0, 0.01),
        "EYE": (0.0, 0.01),
        "ENT": (0.0, 0.03),
        "ALLERGY": (0.03, 0.14),
        "MENTAL_HEALTH": (0.0, 0.07),
        "FALL": (0.01, 0.09 if age < 75 else 0.24),
        "STROKE": (0.20, 0.65),
        "SEIZURE": (0.06, 0.35),
        "OVERDOSE": (0.05, 0.40),
        "FEVER": (0.0, 0.0), "URINARY": (0.0, 0.0), "COUGH": (0.0, 0.0),
    }
    pr, pm = table[code]
    if mode == "AMBULANCE":
        pr, pm = min(0.3, pr * 3 + 0.01), min(0.8, pm * 1.7 + 0.05)
    return pr, min(0.85, pm)


FT_LIKE = {"LIMB_INJURY": 0.62, "WOUND": 0.78, "RASH": 0.8, "EYE": 0.72, "ENT": 0.7, "BACK_PAIN": 0.35,
           "FEVER": 0.4, "URINARY": 0.45, "COUGH": 0.45, "HEAD_INJURY": 0.3}


def _age(rng: random.Random, mode: str, code: str) -> int:
    if mode == "AMBULANCE":
        a = rng.choice([rng.randint(18, 55), rng.randint(50, 95), rng.randint(60, 97)])
    else:
        a = rng.choice([rng.randint(16, 40), rng.randint(18, 65), rng.randint(25, 80), rng.randint(16, 90)])
    if code in ("FALL", "STROKE"):
        a = max(a, rng.randint(55, 96))
    if code in ("OVERDOSE", "MENTAL_HEALTH"):
        a = min(a, rng.randint(16, 60))
    return a


def _clip(x: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def _vitals(rng: random.Random, need: str, kind: str, age: int, pain: int) -> dict:
    """kind: normal / occult / overt / septic / infective (non-septic infection) / severe."""
    hr = rng.gauss(80 + 1.2 * max(0, pain - 5), 11)
    rr = rng.gauss(16, 1.8)
    sbp = rng.gauss(128 + 0.25 * max(0, age - 40), 16)
    spo2 = rng.choice([96, 97, 97, 98, 98, 99, 99, 100])
    temp = rng.gauss(36.75, 0.32)
    o2, avpu = 0, "A"
    if kind == "occult":
        hr = rng.gauss(86, 13)
        if rng.random() < 0.22:
            spo2 = rng.choice([94, 95])
        if rng.random() < 0.12:
            sbp = rng.uniform(96, 112)
    elif kind == "overt":
        hr = rng.gauss(104, 14)
        rr = rng.gauss(23, 3)
        spo2 = rng.choice([91, 92, 93, 94, 95, 96])
        sbp = rng.gauss(120, 22)
        if rng.random() < 0.15:
            o2 = 1
    elif kind == "severe":
        hr = rng.gauss(122, 18)
        rr = rng.gauss(27, 4)
        spo2 = rng.choice([84, 87, 89, 90, 91, 92])
        sbp = rng.gauss(96, 22)
        o2 = 1 if rng.random() < 0.5 else 0
        avpu = rng.choice(["A", "A", "V", "P", "C"])
        temp = rng.gauss(37.2, 0.9)
    elif kind == "septic":
        r = rng.random()
        temp = (rng.uniform(38.0, 38.9) if r < 0.70 else rng.uniform(39.0, 39.8) if r < 0.82
                else rng.uniform(35.3, 35.9) if r < 0.92 else rng.gauss(37.3, 0.3))
        r = rng.random()
        hr = rng.uniform(91, 106) if r < 0.72 else rng.uniform(107, 125) if r < 0.84 else rng.uniform(80, 90)
        rr = rng.uniform(21, 23.4) if rng.random() < 0.2 else rng.uniform(15, 20)
        sbp = rng.gauss(118, 14)
    elif kind == "infective":
        temp = rng.gauss(37.55, 0.55)
        hr = rng.gauss(86, 11)
        rr = rng.gauss(17, 2)
    return {"hr": round(_clip(hr, 35, 190)), "rr": round(_clip(rr, 8, 40)),
            "sbp": round(_clip(sbp, 60, 230)), "spo2": int(spo2), "on_oxygen": o2, "avpu": avpu,
            "temp": round(_clip(temp, 34.0, 41.5), 1)}


def _category(rng: random.Random, need: str, kind: str, mode: str, news: int, pain: int) -> int:
    base = {"R": 1.15, "M_overt": 2.25, "M_occult": 2.85, "M_septic": 3.55, "m": 3.62, "F": 4.3}
    key = need if need in ("R", "m", "F") else ("M_septic" if kind == "septic" else
                                                 "M_occult" if kind == "occult" else "M_overt")
    s = base[key] + rng.gauss(0, 0.48) - 0.11 * min(news, 8) - (0.3 if pain >= 8 else 0.0)
    if mode == "AMBULANCE":
        s -= 0.25
    return int(_clip(round(s), 1, 5))


def _service_min(rng: random.Random, need: str, t: dt.datetime) -> int:
    """Minutes a majors cubicle is occupied by this patient if streamed to majors.

    Admitted patients who reach majors in the evening or at night wait there for a ward bed until the
    morning bed meeting (overnight exit block).
    """
    if need in ("R", "M") and rng.random() < (0.85 if need == "R" else 0.68):
        if t.hour >= 19 or t.hour < 5:
            morning = (t + dt.timedelta(hours=8)).replace(hour=9, minute=0) + dt.timedelta(minutes=rng.randint(0, 180))
            return max(300, int((morning - t).total_seconds() // 60))
        h = rng.gauss(6.0, 1.5)
    elif need in ("R", "M"):
        h = rng.gauss(3.5, 0.8)
    elif need == "m":
        h = rng.gauss(2.3, 0.6)
    else:
        h = rng.gauss(1.6, 0.4)
    return round(_clip(h, 0.75, 11) * 60)


def simulate(seed: str, start: str, end: str, volume: float = 1.0) -> list[dict]:
    """Attendances arriving from `start` to `end` (dates, inclusive), each with latent need and cubicle time.

    `volume` scales the arrival rate (production months are busier than history)."""
    rng = random.Random(seed)
    d0, d1 = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    tot = sum(HOUR_PROFILE)
    pats: list[dict] = []
    day = d0
    while day <= d1:
        season = 1.06 if day.month in (12, 1) else 1.0
        for hour in range(24):
            lam = volume * DAILY_MEAN * season * WEEKDAY_FACTOR[day.weekday()] * HOUR_PROFILE[hour] / tot
            n = _poisson(rng, lam)
            mins = sorted(rng.randint(0, 59) for _ in range(n))
            for mi in mins:
                t = dt.datetime.combine(day, dt.time(hour, mi))
                pats.append(_patient(rng, t))
        day += dt.timedelta(days=1)
    pats.sort(key=lambda p: p["arrival"])
    return pats


def _poisson(rng: random.Random, lam: float) -> int:
    L, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= L:
            return k
        k += 1


def _patient(rng: random.Random, t: dt.datetime) -> dict:
    night = t.hour >= 22 or t.hour < 8
    mode = "AMBULANCE" if rng.random() < (0.36 if night else 0.25) else "WALK_IN"
    code = _pick(rng, AMB_MIX if mode == "AMBULANCE" else WALKIN_MIX)
    age = _age(rng, mode, code)
    kind = "normal"
    if code in INFECTIVE:
        p_sep = (0.22 if age < 65 else 0.35) * (1.8 if mode == "AMBULANCE" else 1.0)
        if rng.random() < p_sep:
            need = "R" if rng.random() < 0.1 else "M"
            kind = "septic" if need == "M" else "severe"
        else:
            need = "F" if rng.random() < FT_LIKE[code] * (0.5 if mode == "AMBULANCE" else 1) else "m"
            kind = "infective"
    else:
        pr, pm = _need_probs(code, mode, age)
        x = rng.random()
        if x < pr:
            need, kind = "R", "severe"
        elif x < pr + pm:
            need = "M"
            kind = "overt" if (code in OVERT or (mode == "AMBULANCE" and rng.random() < 0.35)) else "occult"
        else:
            ftl = FT_LIKE.get(code, 0.12)
            if mode == "AMBULANCE":
                ftl *= 0.4
            need = "F" if rng.random() < ftl else "m"
    pain = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) if code not in ("MENTAL_HEALTH", "OVERDOSE") else 0
    if code in ("CHEST_PAIN", "ABDO_PAIN", "LIMB_INJURY", "BACK_PAIN"):
        pain = max(pain, rng.randint(3, 9))
    v = _vitals(rng, need, kind, age, pain)
    score = news2({"hr": v["hr"], "rr": v["rr"], "sbp": v["sbp"], "spo2": v["spo2"], "on_oxygen": v["on_oxygen"],
                   "avpu": v["avpu"], "temp_c": v["temp"]})
    cat = _category(rng, need, kind, mode, score, pain)
    if mode == "AMBULANCE":
        mobility = _pick(rng, [("walk", 0.45), ("chair", 0.25), ("trolley", 0.30)] if need in ("m", "F")
                         else [("walk", 0.12), ("chair", 0.23), ("trolley", 0.65)])
        terminal = "TRG-1"
        delay = rng.randint(6, 22)
    else:
        mobility = "walk" if rng.random() < 0.93 else "chair"
        terminal = "TRG-2" if rng.random() < 0.6 else "TRG-3"
        delay = rng.randint(5, 38)
    return {
        "arrival": t, "triage": t + dt.timedelta(minutes=delay), "mode": mode, "complaint": code, "age": age,
        "sex": rng.choice(["F", "M"]), "need": need, "kind": kind, "pain": pain, "cat": cat,
        "mobility": mobility, "terminal": terminal, "nurse": rng.choice(NURSES),
        "service_min": _service_min(rng, need, t), **v,
        # history-only outcome draws (fixed per patient so that they do not depend on streaming)
        "u_esc": rng.random(), "u_disp": rng.random(), "u_wait": rng.random(), "u_los": rng.random(),
    }


def assign_ids(pats: list[dict]) -> None:
    counters: dict[str, int] = {}
    for p in pats:
        key = p["arrival"].strftime("%y%m")
        counters[key] = counters.get(key, 0) + 1
        p["id"] = f"{key}{counters[key]:05d}"


def fahrenheit_feeds(params: dict) -> list[tuple[str, str]]:
    """(terminal, first date) of every terminal that records temperatures in Fahrenheit.

    `fahrenheit_terminal` / `fahrenheit_from` is the one history shows; `fahrenheit_more` ("TRG-3@2026-03-09",
    comma-separated) are terminals updated later, i.e. only in the unseen month."""
    out = []
    term = str(_p(params, "fahrenheit_terminal", ""))
    if term:
        out.append((term, str(_p(params, "fahrenheit_from", FAHRENHEIT_FROM_DEFAULT))))
    for item in str(_p(params, "fahrenheit_more", "")).split(","):
        if "@" in item:
            t, d = item.strip().split("@", 1)
            out.append((t.strip(), d.strip()))
    return out


def production_shift(pats: list[dict], split: str, seed: object) -> None:
    """How the unseen month differs from history: TriageDesk 5.3's split complaint codes (from NEW_CODES_FROM).

    The latent complaint (and so the need) is unchanged; only the code the terminal records moves."""
    t = Traffic("ed_triage", split, seed).child("codes")
    for p in pats:
        new = NEW_CODES.get(p["complaint"])
        if new and p["triage"].date().isoformat() >= NEW_CODES_FROM and t.chance(new[2]):
            p["shown"] = new[0]


def production_volume(split: str, seed: object) -> float:
    """March is busier than the history months (about 7 % more attendances)."""
    return Traffic("ed_triage", split, seed).child("volume").volume(1000, shift=0.07, noise=0.015) / 1000


def observed(p: dict, params: dict) -> dict:
    """The attendance row as the triage terminal records it (temperature unit per terminal and date)."""
    temp = p["temp"]
    day = p["triage"].date().isoformat()
    if temp is not None and any(p["terminal"] == t and day >= d for t, d in fahrenheit_feeds(params)):
        temp = round(temp * 9 / 5 + 32, 1)
    return {"attendance_id": int(p["id"]), "arrival_time": _ts(p["arrival"]),
            "triage_wait_min": int((p["triage"] - p["arrival"]).total_seconds() // 60), "terminal": p["terminal"],
            "age": p["age"], "sex": p["sex"], "arrival_mode": "AMB" if p["mode"] == "AMBULANCE" else "WALK",
            "mobility": p["mobility"], "complaint": p.get("shown", p["complaint"]), "triage_category": p["cat"],
            "pain_score": p["pain"], "hr": p["hr"], "rr": p["rr"], "sbp": p["sbp"], "spo2": p["spo2"],
            "on_oxygen": p["on_oxygen"], "avpu": p["avpu"], "temp": temp}
