"""The disruption weeks: eight weeks of history (5 January - 1 March 2026), the pilot week and the unseen week.

History is decided by the shipped job itself (build_history.py passes it in as `decide`) and priced with the
variant's truth, so what a worker finds in the outcomes is what the staff of that variant know.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from _airline_rebooking_db import add_week, create
from _airline_rebooking_truth import evaluate, truth_of
from _airline_rebooking_week import build_week, crew_cut, parse_crew_limits

NORTH = ["ABN", "KWL"]
ALV_FRIDAY = {"day": 4, "cause": "TECH", "numbers": ["HD 401", "HD 402"]}
SU_ROUTES = {"day": 2, "cause": "TECH", "numbers": ["HD 301", "HD 302", "HD 303", "HD 304", "HD 611", "HD 612"]}
ZRN = {"day": 3, "cause": "CREW", "numbers": ["HD 341", "HD 342", "HD 651", "HD 652"]}
FOG_SOUTH = {"day": 3, "cause": "WX", "airports": ["ELD", "PHV"], "hours": [4, 11], "share": 0.7}


def _storm(day: int, share: float = 0.7, hours=(5, 14)) -> list[dict]:
    return [
        {"day": day, "cause": "WX", "airports": NORTH, "hours": list(hours), "share": share},
        {"day": day, "cause": "WX", "kind": "delay", "airports": ["DNM"], "n": 2, "delay": (60, 140)},
    ]


def _background(i: int) -> list[dict]:
    """A few technical and crew cancellations every week, and late feeders into Carrick."""
    picks = [
        ["HD 105", "HD 106"],
        ["HD 113", "HD 114"],
        ["HD 321", "HD 322"],
        ["HD 203", "HD 204"],
        ["HD 623", "HD 624"],
        ["HD 361", "HD 362"],
        ["HD 125", "HD 126"],
        ["HD 661", "HD 662"],
    ]
    return [
        {"day": i % 7, "cause": "TECH", "numbers": picks[i % len(picks)]},
        {"day": (i + 3) % 7, "cause": "CREW", "numbers": picks[(i + 5) % len(picks)]},
        {"day": (i + 1) % 7, "cause": "ROT", "kind": "delay", "airports": ["CRK"], "n": 2, "delay": (50, 120)},
    ]


def history_weeks() -> list[tuple[date, list[dict]]]:
    first = date(2026, 1, 5)
    specs: list[list[dict]] = [
        [*_storm(1, 0.5), SU_ROUTES],  # 5 Jan
        [ALV_FRIDAY, *_storm(2, 0.6)],  # 12 Jan
        [SU_ROUTES, ZRN, FOG_SOUTH],  # 19 Jan
        [ALV_FRIDAY, *_storm(0, 0.6), SU_ROUTES],  # 26 Jan
        [*_storm(1, 0.6), SU_ROUTES],  # 2 Feb
        [ALV_FRIDAY, *_storm(2, 0.7), ZRN],  # 9 Feb
        [ALV_FRIDAY, SU_ROUTES, *_storm(0, 0.5), FOG_SOUTH],  # 16 Feb
        [*_storm(3, 0.7), SU_ROUTES, ZRN, {**FOG_SOUTH, "day": 1}],  # 23 Feb
    ]
    return [(first + timedelta(weeks=i), [*spec, *_background(i)]) for i, spec in enumerate(specs)]


PILOT_SPEC = [*_storm(1, 0.5), ALV_FRIDAY, SU_ROUTES, *_background(3)]


def production_spec(t, params: dict) -> list[dict]:
    """The unseen week (9-15 March): a storm over two days, a French ATC strike, an aircraft shortage on the
    Friday before the Saturday charters, crew sickness; bigger than any week in history."""
    s = t.child("spec")
    spec = _storm(1, 0.8 + 0.1 * s.rng.random(), hours=(5, 15)) + _storm(2, 0.5, hours=(5, 12))
    spec += [
        {"day": 2, "cause": "CREW", "numbers": ["HD 361", "HD 362", "HD 371", "HD 372", "HD 641", "HD 642"]},
        {"day": 3, "cause": "ATC", "countries": ["FR"], "share": 0.8, "all_carriers": True},
        {
            "day": 4,
            "cause": "TECH",
            "numbers": [
                "HD 401",
                "HD 402",
                "HD 321",
                "HD 322",
                "HD 323",
                "HD 324",
                "HD 341",
                "HD 342",
                "HD 611",
                "HD 612",
                "HD 207",
                "HD 208",
            ],
        },
        {"day": 5, "cause": "CREW", "numbers": ["HD 613", "HD 614", "HD 621", "HD 622"]},
        {"day": 0, "cause": "TECH", "numbers": ["HD 623", "HD 624", "HD 661", "HD 662"]},
        {"day": 5, "cause": "WX", "airports": ["ELD", "PHV"], "hours": [4, 11], "share": 0.8},
        {"day": 6, "cause": "TECH", "numbers": ["HD 113", "HD 114", "HD 123", "HD 124"]},
        {"day": 5, "cause": "ROT", "kind": "delay", "airports": ["CRK", "DNM"], "n": 3, "delay": (60, 150)},
    ]
    return spec + _background(2)


PRODUCTION_SPEC = production_spec  # for readers of __all__


def _outcome_rows(week: str, res: dict) -> list[dict]:
    return [
        {
            "week": week,
            "pax_id": pid,
            "outcome": r["outcome"],
            "arrived_at": r["arrived"],
            "delay_min": r["delay_min"],
            "compensation_gbp": r["compensation"],
            "care_issued_gbp": r["care"],
            "claims_gbp": r["claims"],
        }
        for pid, r in sorted(res["per_pax"].items())
    ]


def _desk_view(conn: sqlite3.Connection, week: str, decisions: dict[str, dict]) -> sqlite3.Connection:
    """The week as the desk sees it after the job: only the passengers it refunded, own seats it used gone."""
    mem = sqlite3.connect(":memory:")
    conn.backup(mem)
    refunded = [pid for pid, d in decisions.items() if d["action"] == "REFUND"]
    mem.execute("DELETE FROM disrupted_pax WHERE week != ?", (week,))
    mem.execute("CREATE TEMP TABLE keep (pax_id TEXT)")
    mem.executemany("INSERT INTO keep VALUES (?)", [(p,) for p in refunded])
    mem.execute("DELETE FROM disrupted_pax WHERE pax_id NOT IN (SELECT pax_id FROM keep)")
    used: dict[tuple[str, str], int] = {}
    for d in decisions.values():
        for key, cabin in zip(d["itinerary"].split("+"), d["cabins"].split("+"), strict=False):
            if key:
                used[(key, cabin)] = used.get((key, cabin), 0) + 1
    for (key, cabin), n in used.items():
        col = "seats_free_j" if cabin == "J" else "seats_free_y"
        mem.execute(f"UPDATE flights SET {col} = MAX(0, {col} - ?) WHERE week = ? AND flight_key = ?", (n, week, key))
    mem.commit()
    return mem


def build_history(
    db_path: Path,
    params: dict,
    decide: Callable[[sqlite3.Connection, str], list[dict]],
    desk: Callable[[sqlite3.Connection, str], list[dict]] | None = None,
    carriers: set[str] | None = None,
) -> dict:
    """Write the history database; `decide` is the shipped job, `desk` the desk's manual interline rebookings."""
    conn = create(db_path, history=True, meta={"extracted_at": "2026-03-02 05:00", "weeks": "2026-01-05..2026-02-23"})
    truth = truth_of(params)
    limits = parse_crew_limits(str(params.get("crew_limits", "")))
    totals = {}
    try:
        for start, spec in history_weeks():
            w = start.isoformat()
            wk = build_week(start, spec, params, f"history/{w}", carriers=carriers)
            rows_db = add_week(conn, wk)
            conn.commit()
            decisions = {r["pax_id"]: {**r, "decided_by": "JOB"} for r in decide(conn, w)}
            if desk is not None:
                for r in desk(_desk_view(conn, w, decisions), w):
                    if r["action"] == "REBOOK" and any(not k.startswith("HD ") for k in r["itinerary"].split("+")):
                        decisions[r["pax_id"]] = {**r, "decided_by": "DESK"}
            rows = {
                "flights": {
                    f["flight_key"]: {
                        **f,
                        "held": wk.held[f["flight_key"]],
                        "crew_cut": crew_cut(f, limits),
                    }
                    for f in rows_db["flights"]
                },
                "pax": rows_db["disrupted_pax"],
            }
            res = evaluate(rows, decisions, truth)
            conn.executemany(
                "INSERT INTO reaccommodation VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    (
                        w,
                        d["pax_id"],
                        d["action"],
                        d["itinerary"],
                        d["cabins"],
                        d["arrive"],
                        int(d["hotel_nights"]),
                        int(d["meal_vouchers"]),
                        d["decided_by"],
                    )
                    for d in sorted(decisions.values(), key=lambda d: d["pax_id"])
                ],
            )
            conn.executemany(
                "INSERT INTO pax_outcomes VALUES (?,?,?,?,?,?,?,?)", [tuple(r.values()) for r in _outcome_rows(w, res)]
            )
            conn.executemany(
                "INSERT INTO flight_events VALUES (?,?,?,?,?)",
                [
                    (w, k, "DENIED_BOARDING", n, f"oversold at departure: {n} confirmed passengers offloaded")
                    for k, n in sorted(res["oversold_by_flight"].items())
                ],
            )
            c = res["by_cost"]
            cats = {
                "compensation": c["compensation"],
                "hotels_and_meals": c["care_issued"] + c["misconnects"],
                "care_claims": c["care_claims"],
                "refunds": c["refunds"],
                "denied_boarding": c["oversales"],
                "stranded_passengers": c["stranded"],
                "downgrades": c["downgrades"] + c["never_downgrade"],
            }
            conn.executemany("INSERT INTO weekly_costs VALUES (?,?,?)", [(w, k, round(v, 2)) for k, v in cats.items()])
            conn.commit()
            totals[w] = {"cost": res["cost_gbp"], "counts": res["counts"], "by_cost": res["by_cost"]}
    finally:
        conn.close()
    return totals
