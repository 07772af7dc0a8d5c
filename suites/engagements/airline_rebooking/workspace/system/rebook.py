"""Halden Air - IRR re-accommodation job (procedure OPS-IRR-04).

Run by Ops Control every 30 minutes during a disruption, and once over the whole week for the post-event
review:

    python3 system/rebook.py --db /data/irops.db --out /out [--week 2026-02-16]

It reads the disruption week from the operations database (flights with the seats the inventory shows free,
the disrupted flights, the passengers booked on them), decides for every disrupted passenger a new
itinerary (or a refund when nothing is found in the search window), the hotel nights and meal vouchers
to issue, and writes <out>/reaccommodation.csv, which the reservations system imports as it is (keep the
columns), plus <out>/summary.json for the duty log. The rules live in config/rules.json.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
FMT = "%Y-%m-%d %H:%M"
COLUMNS = ["pax_id", "pnr", "action", "itinerary", "cabins", "arrive", "hotel_nights", "meal_vouchers", "note"]


def parse(s: str) -> datetime:
    return datetime.strptime(s, FMT)


class Leg:
    __slots__ = ("arr", "carrier", "dep", "dst", "free", "key", "number", "org")

    def __init__(self, row: sqlite3.Row) -> None:
        self.key = row["flight_key"]
        self.number = row["flight_no"]
        self.carrier = row["carrier"]
        self.org = row["dep_airport"]
        self.dst = row["arr_airport"]
        self.dep = parse(row["dep_time"])
        self.arr = parse(row["arr_time"])
        self.free = {"J": int(row["seats_free_j"] or 0), "Y": int(row["seats_free_y"] or 0)}


def load(conn: sqlite3.Connection, week: str | None) -> tuple[list[Leg], list[sqlite3.Row], str]:
    conn.row_factory = sqlite3.Row
    cols = {r[1] for r in conn.execute("PRAGMA table_info(disrupted_pax)")}
    where, args = "", ()
    if "week" in cols:
        week = week or conn.execute("SELECT MAX(week) FROM disrupted_pax").fetchone()[0]
        where, args = " WHERE week = ?", (week,)
    flights = [Leg(r) for r in conn.execute(f"SELECT * FROM flights{where}", args) if r["status"] != "CANCELLED"]
    pax = list(conn.execute(f"SELECT * FROM disrupted_pax{where} ORDER BY pax_id", args))
    return flights, pax, week or ""


def fare(rules: dict, family: str) -> dict:
    return rules["fare_families"].get(family, rules["unknown_fare_family"])


def priority(rules: dict, p: sqlite3.Row) -> tuple:
    tier = rules["tier_rank"].get((p["tier"] or "").upper(), 0)
    return (-tier, -fare(rules, p["fare_family"])["rank"], p["ready_at"], p["pax_id"])


def connect_minutes(rules: dict, hub: str, arriving: Leg, leaving: Leg) -> int:
    """Minimum connecting time at the hub (OPS-IRR-04 s.4.2)."""
    return int(rules["min_connect_minutes"])


def seat(rules: dict, leg: Leg, cabin: str) -> str | None:
    if leg.free[cabin] > 0:
        return cabin
    if cabin == "J" and rules["allow_downgrade"] and leg.free["Y"] > 0:
        return "Y"
    return None


def search(rules: dict, p: sqlite3.Row, by_org: dict[str, list[Leg]]) -> tuple[list[Leg], list[str]] | None:
    at, dest = p["at_airport"], p["journey_to"]
    ready = parse(p["ready_at"])
    latest = ready + timedelta(hours=float(rules["search_window_hours"]))
    cabin = fare(rules, p["fare_family"])["cabin"]
    best, best_key = None, None
    for first in by_org.get(at, []):
        if first.dep < ready or first.dep > latest:
            continue
        c1 = seat(rules, first, cabin)
        if c1 is None:
            continue
        if first.dst == dest:
            options = [([first], [c1])]
        elif first.dst in rules["hubs"] and first.dst != at:
            options = []
            for second in by_org.get(first.dst, []):
                if second.dst != dest or second.dep < first.arr + timedelta(
                    minutes=connect_minutes(rules, first.dst, first, second)
                ):
                    continue
                c2 = seat(rules, second, cabin)
                if c2 is not None:
                    options.append(([first, second], [c1, c2]))
        else:
            continue
        for legs, cabins in options:
            key = (legs[-1].arr, len(legs), sum(leg.carrier != rules["own_carrier"] for leg in legs), legs[0].dep)
            if best_key is None or key < best_key:
                best, best_key = (legs, cabins), key
    return best


def nights(ready: datetime, dep: datetime, rules: dict) -> int:
    cut = timedelta(hours=float(rules["care"]["night_starts_hour"]))
    return max(0, ((dep - cut).date() - (ready - cut).date()).days)


def care(rules: dict, p: sqlite3.Row, first_dep: datetime) -> tuple[int, int]:
    c = rules["care"]
    band = 1 if p["journey_km"] <= 1500 else (2 if p["journey_km"] <= 3500 else 3)
    wait_h = (first_dep - parse(p["sched_dep"])).total_seconds() / 3600
    after = float(c["meal_after_hours"][str(band)])
    meals = 0
    if wait_h >= after:
        meals = min(int(c["meal_max"]), 1 + int((wait_h - after) // float(c["meal_every_hours"])))
    hotel = 0
    if c["hotel_when_overnight"]:
        hotel = nights(parse(p["ready_at"]), first_dep, rules)
        if hotel and (first_dep - parse(p["ready_at"])).total_seconds() / 3600 < float(c["hotel_min_wait_hours"]):
            hotel = 0
    return hotel, meals


def allowed(rules: dict, leg: Leg) -> bool:
    return leg.carrier == rules["own_carrier"] or leg.carrier in rules["interline_partners"]


def run(conn: sqlite3.Connection, rules: dict, week: str | None) -> tuple[list[dict], dict]:
    flights, pax, week = load(conn, week)
    by_org: dict[str, list[Leg]] = {}
    for leg in sorted(flights, key=lambda f: f.dep):
        if allowed(rules, leg):
            by_org.setdefault(leg.org, []).append(leg)
    rows: list[dict] = []
    for p in sorted(pax, key=lambda p: priority(rules, p)):
        found = search(rules, p, by_org)
        if found is None:
            rows.append(
                {
                    "pax_id": p["pax_id"],
                    "pnr": p["pnr"],
                    "action": "REFUND",
                    "itinerary": "",
                    "cabins": "",
                    "arrive": "",
                    "hotel_nights": 0,
                    "meal_vouchers": 0,
                    "note": f"no seat within {rules['search_window_hours']} h",
                }
            )
            continue
        legs, cabins = found
        for leg, cabin in zip(legs, cabins, strict=True):
            leg.free[cabin] -= 1
        hotel, meals = care(rules, p, legs[0].dep)
        rows.append(
            {
                "pax_id": p["pax_id"],
                "pnr": p["pnr"],
                "action": "REBOOK",
                "itinerary": "+".join(leg.key for leg in legs),
                "cabins": "+".join(cabins),
                "arrive": legs[-1].arr.strftime(FMT),
                "hotel_nights": hotel,
                "meal_vouchers": meals,
                "note": "downgraded" if fare(rules, p["fare_family"])["cabin"] == "J" and "Y" in cabins else "",
            }
        )
    rows.sort(key=lambda r: r["pax_id"])
    summary = {
        "week": week,
        "rules_version": rules.get("rules_version", ""),
        "passengers": len(rows),
        "rebooked": sum(r["action"] == "REBOOK" for r in rows),
        "refunded": sum(r["action"] == "REFUND" for r in rows),
        "hotel_nights": sum(int(r["hotel_nights"]) for r in rows),
        "meal_vouchers": sum(int(r["meal_vouchers"]) for r in rows),
        "on_partners": sum(
            any(not k.startswith(rules["own_carrier"] + " ") for k in r["itinerary"].split("+") if k) for r in rows
        ),
    }
    return rows, summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--week", help="week start (YYYY-MM-DD) when the database holds several weeks")
    ap.add_argument("--rules", default=str(HERE / "config" / "rules.json"))
    a = ap.parse_args(argv)
    rules = json.loads(Path(a.rules).read_text(encoding="utf-8"))
    conn = sqlite3.connect(f"file:{a.db}?mode=ro", uri=True)
    try:
        rows, summary = run(conn, rules, a.week)
    finally:
        conn.close()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with (out / "reaccommodation.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(
        f"week {summary['week']}: {summary['passengers']} passengers, {summary['rebooked']} rebooked "
        f"({summary['on_partners']} on partners), {summary['refunded']} refunded, "
        f"{summary['hotel_nights']} hotel nights, {summary['meal_vouchers']} meal vouchers"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
