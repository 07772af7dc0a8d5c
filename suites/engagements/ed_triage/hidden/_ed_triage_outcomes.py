"""ed_triage's outcomes: majors capacity, harm points, what history recorded and the
ed.db writer. Part of the grader (grader.py)."""

import datetime as dt
import random
import sqlite3
from pathlib import Path

from _ed_triage_patients import _ts, fahrenheit_feeds, observed
from _ed_triage_protocols import (
    COMPLAINTS,
    CORRIDOR_SPACES,
    DAY_FROM_H,
    FT_CHANGE,
    FT_CLOSE,
    FT_CLOSE_NOW,
    FT_OPEN,
    HOUR_PROFILE,
    LEVEL,
    NEED_STREAM,
    NEW_CODES,
    NEW_CODES_FROM,
    NIGHT_FROM_H,
    PROTOCOL_HISTORY,
    PROTOCOLS,
    STREAMS,
    TERMINALS,
    W_CORRIDOR_H,
    W_FT_BOUNCE,
    W_FT_CLOSED,
    W_MISS_M,
    W_MISS_R,
    W_RESUS_DELAY,
    W_RESUS_MISUSE,
    W_TROLLEY_H,
    _p,
    stream_one,
)

# ----------------------------------------------------------------------------- capacity and the majors queue

def capacity_fn(params: dict, when: str = "current"):
    """Staffed majors cubicles at a datetime. `when='history'` applies the change date of the variant."""
    day_c, night_c = int(_p(params, "majors_day", 14)), int(_p(params, "majors_night", 11))
    old_day, old_night = int(_p(params, "majors_day_before", day_c)), int(_p(params, "majors_night_before", night_c))
    change = str(_p(params, "capacity_change", "2026-01-05"))
    # from `weekend_from` (only the unseen month) the day shift on Saturdays and Sundays has `majors_weekend_day`
    weekend_c, weekend_from = int(_p(params, "majors_weekend_day", 0)), str(_p(params, "weekend_from", "") or "")

    def cap(t: dt.datetime) -> int:
        night = t.hour >= NIGHT_FROM_H or t.hour < DAY_FROM_H
        # a night shift belongs to the date it starts on
        shift = (t - dt.timedelta(hours=DAY_FROM_H)).date()
        shift_date = shift.isoformat()
        if when == "history" and shift_date < change:
            return old_night if night else old_day
        if weekend_c and weekend_from and not night and shift_date >= weekend_from and shift.weekday() >= 5:
            return weekend_c
        return night_c if night else day_c

    return cap


def majors_overflow(items: list[tuple[dt.datetime, int, str]], cap) -> dict:
    """Corridor care in majors: every minute, the patients in majors beyond the staffed cubicles.

    items: (time streamed to majors, cubicle minutes, id). Returns corridor patient-hours (total, by night /
    day shift) and, per patient, the minutes from arrival in majors until a staffed cubicle was free.
    """
    if not items:
        return {"corridor_h": 0.0, "trolley_h": 0.0, "night_h": 0.0, "waits": {}}
    t0 = min(t for t, _s, _i in items).replace(hour=0, minute=0)
    n = int((max(t for t, _s, _i in items) - t0).total_seconds() // 60) + 2 * 1440
    diff = [0] * (n + 1)
    for t, svc, _pid in items:
        a = int((t - t0).total_seconds() // 60)
        diff[a] += 1
        diff[min(n, a + svc)] -= 1
    occ = [0] * n
    run = 0
    for i in range(n):
        run += diff[i]
        occ[i] = run
    caps = [0] * n
    for h in range(n // 60 + 1):
        c = cap(t0 + dt.timedelta(hours=h))
        for i in range(h * 60, min(n, h * 60 + 60)):
            caps[i] = c
    over = [max(0, o - c) for o, c in zip(occ, caps, strict=True)]
    night_min = 0
    trolley_min = 0
    for i, x in enumerate(over):
        if x:
            hh = (i // 60) % 24
            if hh >= NIGHT_FROM_H or hh < DAY_FROM_H:
                night_min += x
            if x > CORRIDOR_SPACES:
                trolley_min += x - CORRIDOR_SPACES
    # first minute at or after arrival with a free staffed cubicle
    free_after = [0] * (n + 1)
    nxt = n
    for i in range(n - 1, -1, -1):
        if occ[i] <= caps[i]:
            nxt = i
        free_after[i] = nxt
    waits = {}
    for t, svc, pid in items:
        a = int((t - t0).total_seconds() // 60)
        waits[pid] = float(min(svc, free_after[a] - a))
    total = sum(over)
    return {"corridor_h": (total - trolley_min) / 60, "trolley_h": trolley_min / 60, "night_h": night_min / 60,
            "waits": waits}


# ----------------------------------------------------------------------------- harm

def harm(pats: list[dict], streams: dict[str, str], params: dict) -> dict:
    """Harm-adjusted points of a streaming, with the breakdown."""
    cnt = {"missed_urgent": 0, "missed_resus": 0, "resus_delayed": 0, "resus_misuse": 0, "ft_bounce": 0,
           "ft_closed": 0, "unstreamed": 0}
    items = []
    by_stream = {s: 0 for s in STREAMS}
    for p in pats:
        s = streams.get(p["id"])
        if s not in LEVEL:
            cnt["unstreamed"] += 1
            s = "MINORS"
        by_stream[s] += 1
        need = p["need"]
        if need == "R":
            if s == "MAJORS":
                cnt["resus_delayed"] += 1
            elif s in ("MINORS", "FAST_TRACK"):
                cnt["missed_resus"] += 1
        elif need == "M":
            if s in ("MINORS", "FAST_TRACK"):
                cnt["missed_urgent"] += 1
        elif s == "RESUS":
            cnt["resus_misuse"] += 1
        if s == "FAST_TRACK":
            if need == "m":
                cnt["ft_bounce"] += 1
            hm = _ts(p["triage"])[11:16]
            if not (FT_OPEN <= hm < ft_close_on(_ts(p["triage"])[:10])):
                cnt["ft_closed"] += 1
        if s == "MAJORS":
            items.append((p["triage"], p["service_min"], p["id"]))
    mq = majors_overflow(items, capacity_fn(params))
    corridor_h, trolley_h, night_h, waits = mq["corridor_h"], mq["trolley_h"], mq["night_h"], mq["waits"]
    pts = (W_MISS_M * cnt["missed_urgent"] + W_MISS_R * cnt["missed_resus"] + W_RESUS_DELAY * cnt["resus_delayed"]
           + W_RESUS_MISUSE * cnt["resus_misuse"] + W_FT_BOUNCE * cnt["ft_bounce"] + W_FT_CLOSED * cnt["ft_closed"]
           + W_CORRIDOR_H * corridor_h + W_TROLLEY_H * trolley_h)
    return {"points": round(pts, 2), "counts": cnt, "corridor_h": round(corridor_h, 1),
            "trolley_h": round(trolley_h, 1), "by_stream": by_stream,
            "majors_waits": waits, "corridor_night_h": round(night_h, 1)}


# ----------------------------------------------------------------------------- history outcomes

def protocol_at(params: dict, date: str) -> tuple[str, dict]:
    line = PROTOCOL_HISTORY[str(_p(params, "shipped_protocol", "rev6"))]
    key = line[0][1]
    for start, k in line:
        if date >= start:
            key = k
    return key, PROTOCOLS[key]()


def history_outcomes(pats: list[dict], params: dict) -> dict[str, dict]:
    """Streams under the protocol of the day, majors waits under the staffing of the day, and outcomes."""
    rows: dict[str, dict] = {}
    items = []
    for p in pats:
        obs = observed(p, params)
        rev, proto = protocol_at(params, _ts(p["triage"])[:10])
        stream, _reason = stream_one(obs, proto)
        rows[p["id"]] = {"stream": stream, "rev": PROTOCOL_LABEL[rev]}
        if stream == "MAJORS":
            items.append((p["triage"], p["service_min"], p["id"]))
    waits = majors_overflow(items, capacity_fn(params, "history"))["waits"]
    for p in pats:
        r = rows[p["id"]]
        rng = random.Random(f"outcome/{p['id']}/{p['u_los']:.9f}")
        stream, need = r["stream"], p["need"]
        triage_min = int((p["triage"] - p["arrival"]).total_seconds() // 60)
        busy = 1.0 + 0.6 * (HOUR_PROFILE[p["triage"].hour] / max(HOUR_PROFILE))
        wait = None
        if stream == "RESUS":
            seen = rng.randint(0, 8)
            stay = rng.randint(240, 480)
        elif stream == "MAJORS":
            wait = round(waits.get(p["id"], 0.0))
            seen = wait + rng.randint(10, 45)
            stay = wait + p["service_min"]
        elif stream == "MINORS":
            seen = int(rng.uniform(25, 110) * busy)
            stay = seen + rng.randint(50, 170)
        else:
            seen = int(rng.uniform(15, 60) * busy)
            stay = seen + rng.randint(25, 80)
        esc_to, esc_after = None, None
        if stream == "FAST_TRACK" and not (FT_OPEN <= _ts(p["triage"])[11:16] < ft_close_on(_ts(p["triage"])[:10])):
            # fast track already closed: the patient waits at its door, then is sent to the minors queue
            esc_to, esc_after = "MINORS", triage_min + rng.randint(20, 70)
            seen = esc_after - triage_min + int(rng.uniform(25, 110) * busy)
            stay = seen + rng.randint(50, 170)
        elif LEVEL[NEED_STREAM[need]] < LEVEL[stream] and not (need == "F" and stream == "MINORS"):
            esc_to = NEED_STREAM[need] if need in ("R", "M") else "MINORS"
            esc_after = seen + rng.randint(10, 95) if need in ("R", "M") else seen + rng.randint(5, 20)
            stay = esc_after + (p["service_min"] if need in ("R", "M") else rng.randint(60, 150))
        u = p["u_disp"]
        if need == "R":
            disp = "icu" if u < 0.45 else "ward" if u < 0.95 else "transfer"
        elif need == "M":
            disp = "ward" if u < 0.64 else "icu" if u < 0.69 else "home"
        elif need == "m":
            lwbs = 0.02 + (0.04 if seen > 150 else 0.0)
            disp = "lwbs" if u < lwbs else "ward" if u < lwbs + 0.08 else "home"
        else:
            disp = "lwbs" if u < 0.04 else "ward" if u < 0.05 else "home"
        if disp == "lwbs":
            seen, esc_to, esc_after = None, None, None
        r.update({"majors_wait_min": wait, "seen_after_min": None if seen is None else triage_min + seen,
                  "escalated_to": esc_to, "escalated_after_min": None if esc_after is None else triage_min + esc_after,
                  "disposition": disp, "los_min": triage_min + stay})
    return rows


PROTOCOL_LABEL = {"rev5": "5", "rev6": "6", "rev61": "6.1", "rev7": "7"}


# ----------------------------------------------------------------------------- database

SCHEMA = """
CREATE TABLE extract (key TEXT, value TEXT);
CREATE TABLE complaints (complaint TEXT, label TEXT);
CREATE TABLE terminals (terminal TEXT, location TEXT, software TEXT);
CREATE TABLE staffing (shift_date TEXT, shift TEXT, starts TEXT, ends TEXT, majors_cubicles INTEGER,
  fast_track TEXT);
CREATE TABLE attendances (
  attendance_id INTEGER, arrival_time TEXT, triage_wait_min INTEGER, terminal TEXT, age INTEGER, sex TEXT,
  arrival_mode TEXT, mobility TEXT, complaint TEXT, triage_category INTEGER, pain_score INTEGER,
  hr INTEGER, rr INTEGER, sbp INTEGER, spo2 INTEGER, on_oxygen INTEGER, avpu TEXT, temp REAL,
  protocol_rev TEXT, stream TEXT, majors_wait_min INTEGER, seen_after_min INTEGER, escalated_to TEXT,
  escalated_after_min INTEGER, disposition TEXT, los_min INTEGER);
"""


OBS_COLS = ["attendance_id", "arrival_time", "triage_wait_min", "terminal", "age", "sex", "arrival_mode", "mobility",
            "complaint", "triage_category", "pain_score", "hr", "rr", "sbp", "spo2", "on_oxygen", "avpu", "temp"]


OUT_COLS = ["protocol_rev", "stream", "majors_wait_min", "seen_after_min", "escalated_to", "escalated_after_min",
            "disposition", "los_min"]


def _software(params: dict, terminal: str, end: str) -> str:
    for t, d in fahrenheit_feeds(params):
        if terminal == t and d <= end:
            return f"TriageDesk 5.2.0 (updated {d})"
    return "TriageDesk 5.1.4"


def ft_close_on(date: str) -> str:
    """Closing time of fast track on a date (the ENP vacancy from FT_CHANGE)."""
    return FT_CLOSE_NOW if date >= FT_CHANGE else FT_CLOSE


def _staffing_rows(params: dict, d0: dt.date, d1: dt.date, when: str) -> list[tuple]:
    cap = capacity_fn(params, when)
    rows = []
    d = d0
    while d <= d1:
        day_t = dt.datetime.combine(d, dt.time(12, 0))
        night_t = dt.datetime.combine(d, dt.time(23, 0))
        rows.append((d.isoformat(), "day", "08:00", "22:00", cap(day_t), f"open {FT_OPEN}-{ft_close_on(d.isoformat())}"))
        rows.append((d.isoformat(), "night", "22:00", "08:00", cap(night_t), "closed"))
        d += dt.timedelta(days=1)
    return rows


def write_db(pats: list[dict], db_path: Path, params: dict, *, extract_id: str, start: str, end: str,
             history: bool) -> None:
    db_path = Path(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    if db_path.exists():
        db_path.unlink()
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO extract VALUES (?,?)", [
        ("source", "CVGH emergency department data warehouse (EDW)"),
        ("extract_id", extract_id), ("period_from", start), ("period_to", end),
        ("note", "one row per attendance; streaming and outcomes are filled once the patient has left"),
    ])
    codes = [(c[0], c[1]) for c in COMPLAINTS]
    if end >= NEW_CODES_FROM:
        codes += [(new, label) for new, label, _share in NEW_CODES.values()]
    conn.executemany("INSERT INTO complaints VALUES (?,?)", codes)
    conn.executemany("INSERT INTO terminals VALUES (?,?,?)",
                     [(t, loc, _software(params, t, end)) for t, loc in TERMINALS.items()])
    conn.executemany("INSERT INTO staffing VALUES (?,?,?,?,?,?)",
                     _staffing_rows(params, dt.date.fromisoformat(start), dt.date.fromisoformat(end),
                                    "history" if history else "current"))
    out = history_outcomes(pats, params) if history else {}
    rows = []
    for p in pats:
        o = observed(p, params)
        h = out.get(p["id"], {})
        rows.append(tuple(o[c] for c in OBS_COLS) + tuple(
            (h.get("rev") if c == "protocol_rev" else h.get(c)) for c in OUT_COLS))
    conn.executemany(f"INSERT INTO attendances VALUES ({','.join('?' * (len(OBS_COLS) + len(OUT_COLS)))})", rows)
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
