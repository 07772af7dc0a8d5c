"""Storm dispatcher: ranks open outages and assigns them to field crews (Tarrant Vale Electricity Networks).

    python3 system/dispatch.py --data /data --out /out [--storm NAME]

Reads data/network.db (outages, sections, crews), the priority services register and the
rules in system/config/. Writes, per storm, dispatch/plan_<storm>.csv (one row per assignment: outage_id,
crew_id, seq, dispatch_at, patrol, est_restore) and dispatch/psr_contacts_<storm>.csv (the priority-register
customers of each outage, which the contact centre calls), and dispatch/summary.json.

This version (CR-DSP-2026-03): HV authorisation from the register in force on the day, the switching desks
actually staffed, reconfigured feeders' counts corrected, the CRM's priority register extract when present,
patrols where feeders re-trip, and an overtime rule that weighs overtime against what it saves.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
DAY_START, NIGHT_START = 7 * 60, 19 * 60


def window(t: int, shift: str) -> int:
    """The first minute at or after t at which a crew of this shift may be sent out."""
    tod, d = t % 1440, t // 1440
    if shift == "night":
        return t if tod >= NIGHT_START or tod < DAY_START else d * 1440 + NIGHT_START
    if tod < DAY_START:
        return d * 1440 + DAY_START
    return t if tod < NIGHT_START else (d + 1) * 1440 + DAY_START


def shift_end(t: int, shift: str) -> int:
    d, tod = t // 1440, t % 1440
    if shift == "night":
        return (d + 1) * 1440 + DAY_START if tod >= NIGHT_START else d * 1440 + DAY_START
    return d * 1440 + NIGHT_START


def desk_slot(desks: list[list[tuple[int, int]]], start: int, dur: int, book: bool = False) -> int:
    """Earliest time at or after `start` when a switching desk is free for `dur` minutes (booked if asked)."""
    best, best_k = None, 0
    for k, booked in enumerate(desks):
        s = start
        for a, b in sorted(booked):
            if b <= s or a >= s + dur:
                continue
            s = max(s, b)
        for a, b in sorted(booked):  # a second pass for gaps that the first move closed
            if a < s + dur and b > s:
                s = max(s, b)
        if best is None or s < best:
            best, best_k = s, k
    if book:
        desks[best_k].append((best, best + dur))
    return best


def load_rules() -> dict:
    return json.loads((HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def load_repair_times() -> dict[str, int]:
    with (HERE / "config" / "repair_times.csv").open(newline="", encoding="utf-8") as f:
        return {r["fault_code"].strip().upper(): int(r["est_minutes"]) for r in csv.DictReader(f)}


def load_corrections() -> dict[str, float]:
    path = HERE / "config" / "customer_corrections.csv"
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as f:
        return {r["scope"].strip(): float(r["factor"]) for r in csv.DictReader(f) if r.get("scope")}


SECTION_RX = re.compile(r"^([A-Z]{3}):([A-Z]{3})-?(\d{2})[-/]([HL]\d+)$")


def section_id(raw: str, repair: bool) -> str:
    """A register row's section id; with `repair`, the GIS-migration spelling (ASH:ASC02-H1) as ASC-02/H1."""
    s = raw.strip().upper()
    m = SECTION_RX.match(s) if repair else None
    return f"{m.group(2)}-{m.group(3)}/{m.group(4)}" if m else raw.strip()


def load_psr(data: Path, rules: dict) -> dict[str, list[str]]:
    """PSR customers (their register ids) per section: the CRM extract when it is there (ACTIVE records),
    else the old register."""
    ids: dict[str, list[str]] = {}
    crm = data / "crm" / "psr_extract.csv"
    if crm.exists() and rules.get("psr_source", "auto") != "old":
        with crm.open(newline="", encoding="utf-8", errors="replace") as f:
            for r in csv.DictReader(f, delimiter="|"):
                r = {(k or "").strip().upper(): (v or "").strip() for k, v in r.items()}
                if r.get("STATUS", "").upper() != "ACTIVE" or not r.get("SECTION"):
                    continue
                ids.setdefault(section_id(r["SECTION"], bool(rules.get("normalise_sections"))), []).append(
                    r.get("PSR_ID", "")
                )
        return ids
    old = data / "psr_register.csv"
    if old.exists():
        with old.open(newline="", encoding="utf-8", errors="replace") as f:
            for r in csv.DictReader(f):
                s = section_id(r.get("section_id") or "", bool(rules.get("psr_section_repair")))
                if s:
                    ids.setdefault(s, []).append((r.get("psr_ref") or "").strip())
    return ids


def minute(ts: str, day0: datetime) -> int:
    return int((datetime.fromisoformat(ts[:16]) - day0).total_seconds() // 60)


def stamp(m: int, day0: datetime) -> str:
    return (day0 + timedelta(minutes=m)).strftime("%Y-%m-%dT%H:%M")


def hv_crews(crew_ids: list[str], day0: datetime, days: int) -> dict[str, set[int]]:
    """Crew -> the storm days (0, 1, ...) on which its HV switching authorisation is valid, from the
    authorisation register as the Safety Rules office keeps it (config/hv_authorisations.csv)."""
    out: dict[str, set[int]] = {c: set() for c in crew_ids}
    with (HERE / "config" / "hv_authorisations.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        cid = (r.get("crew_id") or "").strip()
        if cid not in out:
            continue
        for d in range(days):
            day = (day0 + timedelta(days=d)).date().isoformat()
            if r.get("valid_from", "") <= day <= r.get("valid_to", ""):
                out[cid].add(d)
    return out


def load_matrix() -> dict[str, bool]:
    path = HERE / "config" / "skills_matrix.csv"
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as f:
        return {r["crew_id"].strip(): r.get("hv_switching", "").strip().upper() == "Y" for r in csv.DictReader(f)}


def plan_storm(conn: sqlite3.Connection, data: Path, storm: str, rules: dict) -> tuple[list[dict], dict]:
    rt = load_repair_times()
    corr = load_corrections()
    psr = load_psr(data, rules)
    secs = {
        r[0]: {"feeder": r[1], "circuit": r[2], "gis": r[3]}
        for r in conn.execute("SELECT section_id, feeder_id, circuit, customers_gis FROM sections")
    }
    outs = [
        dict(
            zip(
                ["id", "reported", "section", "feeder", "depot", "level", "code", "customers", "status"],
                r,
                strict=False,
            )
        )
        for r in conn.execute(
            "SELECT outage_id, reported_at, section_id, feeder_id, depot, level, fault_code, "
            "customers_reported, status FROM outages WHERE storm = ? ORDER BY reported_at, "
            "outage_id",
            (storm,),
        )
    ]
    outs = [o for o in outs if str(o["status"]).strip().upper() == "OPEN"]  # never send a crew to a held site
    if rules.get("normalise_sections"):  # the new fault app writes sections the GIS way (ASH:ASC02-H1)
        for o in outs:
            if o["section"] not in secs:
                o["section"] = section_id(str(o["section"] or ""), True)
    if not outs:
        return [], {"storm": storm, "outages": 0}, []
    day0 = datetime.fromisoformat(min(o["reported"] for o in outs)[:10])
    crew_rows = conn.execute("SELECT crew_id, depot, crew_type, callout, shift FROM crews ORDER BY crew_id").fetchall()
    crews = [
        {"id": c, "depot": d, "type": t, "shift": sh or "day"}
        for c, d, t, call, sh in crew_rows
        if call == "rostered" or rules.get("call_out_contractors")
    ]
    horizon = 8
    if rules.get("hv_source", "register") == "register":
        hv = hv_crews([c["id"] for c in crews], day0, horizon)
    else:
        matrix = load_matrix()
        hv = {c["id"]: set(range(horizon)) if matrix.get(c["id"]) else set() for c in crews}
    w_psr = float(rules.get("psr_weight", 4.0))
    patrol_depots = set(rules.get("patrol_depots", []))
    patrol_codes = {str(x).upper() for x in rules.get("patrol_fault_codes", [])}
    for o in outs:
        o["t"] = minute(o["reported"], day0)
        s = secs.get(o["section"], {})
        factor = corr.get(o["section"], corr.get(f"{o['depot']}/{o['level']}", 1.0))
        if o["level"] == "HV":  # a feeder's correction is for its HV sections; LV counts come from the calls
            factor = corr.get(o["section"], corr.get(o["feeder"], factor))
        cust = max(1, round(float(o["customers"] or 0) * factor))
        share = float(o["customers"] or 0) / max(1, int(s.get("gis") or 1))
        o["cust"] = cust
        o["psr_ids"] = psr.get(o["section"], [])[: round(len(psr.get(o["section"], [])) * min(1.0, share))]
        o["weight"] = cust + w_psr * min(cust, len(o["psr_ids"]))
        code = str(o["code"] or "").strip().upper()
        o["est"] = rt.get(code, rt.get(code.rsplit("-", 1)[0], int(rules.get("default_repair_minutes", 120))))
        o["patrol"] = code in patrol_codes or (
            o["level"] == "HV" and o["depot"] in patrol_depots and s.get("circuit") in ("OH", "MIX")
        )
    desks: list[list[tuple[int, int]]] = [[] for _ in range(max(1, int(rules.get("switching_desks", 2))))]
    shift = {c["id"]: c["shift"] for c in crews}
    free = {c["id"]: (DAY_START if c["shift"] == "day" else NIGHT_START) for c in crews}
    overrun = str(rules.get("overrun", "allow"))
    margin = int(rules.get("shift_end_margin_min", 0))  # crews back at the depot this long before the shift ends
    ot_rate = float(rules.get("overtime_rate_gbp_per_crew_hour", 320))
    rest = int(rules.get("rest_between_duties_min", 0))  # minutes off between the end of one duty and the next
    hv_limit = int(rules.get("hv_hours_limit_min", 0))  # minutes on duty after which no HV job may still run
    left = {o["id"]: o for o in outs}
    plan: list[dict] = []
    seq = {c["id"]: 0 for c in crews}
    done: set[str] = set()

    def able(c: dict, o: dict, day: int) -> bool:
        return o["level"] != "HV" or day in hv[c["id"]]

    while left and len(done) < len(crews):
        c = min((c for c in crews if c["id"] not in done), key=lambda c: (free[c["id"]], c["id"]))
        t = window(free[c["id"]], shift[c["id"]])
        if rest and t >= shift_end(free[c["id"]] - 1, shift[c["id"]]):  # a new duty only after the rest period
            t = window(max(t, free[c["id"]] + rest), shift[c["id"]])
        day = t // 1440
        if day >= horizon:
            done.add(c["id"])
            continue
        end_of_shift = shift_end(t, shift[c["id"]])
        cands = []
        for o in left.values():
            if o["t"] > t or not able(c, o, day):
                continue
            trav = 55 if c["depot"] == "PLM" else (35 if c["depot"] == o["depot"] else 75)
            work = o["est"] + (50 if o["patrol"] else 0)
            dur = trav + work
            t_iso = dur
            if o["level"] == "HV":
                s1 = desk_slot(desks, t + trav, 30)
                s2 = desk_slot(desks, s1 + 30 + work, 20)
                dur = s2 + 20 - t
                t_iso = s1 + 30 - t
            if margin and t + dur + margin > end_of_shift:
                continue
            if hv_limit and o["level"] == "HV" and t + dur > end_of_shift - 720 + hv_limit:
                continue  # the Safety Rules' hours limit: no HV switching that long after the shift began
            if t + dur > end_of_shift and overrun != "allow":
                if overrun == "never":  # no job that would run past the end of the shift
                    continue
                # overtime only where it saves more than it costs: the next shift would start it hours later
                wait = window(end_of_shift, shift[c["id"]]) - t if shift[c["id"]] == "day" else 0
                saved = o["weight"] * 0.10 * max(120, wait) + (o["cust"] * 80 if t + dur - o["t"] < 720 else 0)
                if saved < ot_rate * (t + dur - end_of_shift) / 60:
                    continue
            mode = rules.get("rank_by", "rate")
            if mode == "backfeed":  # most of an HV outage's customers are back once the fault is isolated
                bf = 0.6 if o["level"] == "HV" else 0.0
                score = o["weight"] * (bf / max(1, t_iso) + (1 - bf) / dur)
            elif mode == "rate":
                score = o["weight"] / dur
            else:
                score = {"customers": o["cust"], "oldest": -o["t"]}.get(mode, -dur)
            cands.append((score, -o["t"], o["id"], dur, trav))
        if not cands:
            nxt = [o["t"] for o in left.values() if o["t"] > t and able(c, o, day)]
            if nxt and min(nxt) < end_of_shift:
                free[c["id"]] = min(nxt)
            elif any(able(c, o, d) for o in left.values() for d in range(day, horizon)):
                free[c["id"]] = max(end_of_shift, min(nxt) if nxt else end_of_shift)
            else:
                done.add(c["id"])
            continue
        _, _, oid, dur, trav = max(cands)
        o = left.pop(oid)
        if o["level"] == "HV":
            work = o["est"] + (50 if o["patrol"] else 0)
            s1 = desk_slot(desks, t + trav, 30, book=True)
            desk_slot(desks, s1 + 30 + work, 20, book=True)
        seq[c["id"]] += 1
        plan.append(
            {
                "outage_id": oid,
                "crew_id": c["id"],
                "seq": seq[c["id"]],
                "dispatch_at": stamp(t, day0),
                "patrol": "yes" if o["patrol"] else "no",
                "est_restore": stamp(t + dur, day0),
            }
        )
        free[c["id"]] = t + dur
    summary = {
        "storm": storm,
        "outages": len(outs),
        "assigned": len(plan),
        "unassigned": len(left),
        "crews": len(crews),
        "rules": rules.get("version", ""),
    }
    contacts = [
        {"outage_id": o["id"], "psr_id": pid, "reported_at": o["reported"]} for o in outs for pid in o["psr_ids"]
    ]
    return plan, summary, contacts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="data")
    ap.add_argument("--out", default="out")
    ap.add_argument("--storm", default="", help="plan one storm only (default: every storm in the data)")
    a = ap.parse_args(argv)
    data, out = Path(a.data), Path(a.out)
    rules = load_rules()
    conn = sqlite3.connect(f"file:{data / 'network.db'}?mode=ro", uri=True)
    (out / "dispatch").mkdir(parents=True, exist_ok=True)
    summaries = []
    try:
        storms = (
            [a.storm]
            if a.storm
            else [r[0] for r in conn.execute("SELECT storm FROM outages GROUP BY storm ORDER BY MIN(reported_at)")]
        )
        for storm in storms:
            plan, summary, contacts = plan_storm(conn, data, storm, rules)
            # the contact centre calls every priority-register customer of an outage from this list
            with (out / "dispatch" / f"psr_contacts_{storm}.csv").open("w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, fieldnames=["outage_id", "psr_id", "reported_at"], lineterminator="\n")
                w.writeheader()
                w.writerows(contacts)
            fields = ["outage_id", "crew_id", "seq", "dispatch_at", "patrol", "est_restore"]
            with (out / "dispatch" / f"plan_{storm}.csv").open("w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
                w.writeheader()
                w.writerows(plan)
            summaries.append(summary)
            print(
                f"storm {storm}: {summary.get('assigned', 0)} of {summary['outages']} open outages assigned to "
                f"{summary.get('crews', 0)} crews"
            )
    finally:
        conn.close()
    (out / "dispatch" / "summary.json").write_text(json.dumps(summaries, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
