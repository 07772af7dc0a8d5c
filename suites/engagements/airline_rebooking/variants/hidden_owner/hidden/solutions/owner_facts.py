"""Shared by the hidden_owner solutions: what the history shows, read with the kit, and the rules staff give.

The figures a solution quotes to people are counted from the history here (as a worker would count them);
the rule values are what each person says once shown them.
"""

import sys

sys.path.insert(0, "/solution")

import worktrial_kit as kit

HISTORY = "data/irops_history.db"

# Leisure & Groups (Bethan), once shown the denied boardings on the ski flights.
SNOWLINE_HELD = [
    {"flights": ["HD 433", "HD 434"], "from": "2026-01-10", "to": "2026-04-12", "seats": 36},
    {"flights": ["HD 611"], "from": "2026-03-14", "to": "2026-03-14", "seats": 28},
    {"flights": ["HD 612"], "from": "2026-03-15", "to": "2026-03-15", "seats": 28},
]
DNM_MCT = {"DNM": [{"from": "2026-02-09", "minutes": 50}]}


def feb_money() -> int:
    """Stranded passengers, care claims and denied boardings in February, in pounds (Finance's ledger)."""
    rows = kit.query(
        HISTORY,
        "SELECT SUM(amount_gbp) FROM weekly_costs WHERE week >= '2026-02-02' "
        "AND category IN ('stranded_passengers', 'care_claims', 'denied_boarding')",
    )
    return int(round((rows[0][0] or 0) / 1000.0) * 1000)


def flights_of(airport: str) -> list[str]:
    """Own flight numbers to or from an airport."""
    rows = kit.query(
        HISTORY,
        "SELECT DISTINCT flight_no FROM flights WHERE carrier = 'HD' AND (dep_airport = ? OR arr_airport = ?) "
        "ORDER BY flight_no",
        (airport, airport),
    )
    return [r[0] for r in rows]


def denied_flights(airport: str) -> list[str]:
    """Own flights to or from an airport on which the stations reported denied boardings."""
    rows = kit.query(
        HISTORY,
        "SELECT DISTINCT f.flight_no FROM flight_events e JOIN flights f ON f.week = e.week "
        "AND f.flight_key = e.flight_key WHERE f.carrier = 'HD' AND (f.dep_airport = ? OR f.arr_airport = ?) "
        "ORDER BY f.flight_no",
        (airport, airport),
    )
    return [r[0] for r in rows]


def denied_boardings(numbers: list[str], since: str = "2026-01-01") -> int:
    """Confirmed passengers offloaded on these flights since a day (the stations' reports)."""
    marks = ",".join("?" * len(numbers))
    rows = kit.query(
        HISTORY,
        f"SELECT SUM(e.pax) FROM flight_events e JOIN flights f ON f.week = e.week AND f.flight_key = e.flight_key "
        f"WHERE f.flight_no IN ({marks}) AND f.dep_time >= ?",
        (*numbers, since),
    )
    return int(rows[0][0] or 0)


def first_denied_boarding(numbers: list[str]) -> str:
    marks = ",".join("?" * len(numbers))
    rows = kit.query(
        HISTORY,
        "SELECT MIN(f.dep_time) FROM flight_events e JOIN flights f ON f.week = e.week "
        f"AND f.flight_key = e.flight_key WHERE f.flight_no IN ({marks})",
        tuple(numbers),
    )
    return str(rows[0][0] or "")[:10]


def sponsor_message() -> str:
    return (
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings left "
        "hundreds of passengers stranded at Corvia, with missed connections or denied boarding. That cost us "
        f"GBP {feb_money():,} in stranded-passenger costs, care claims and denied boardings in February alone. "
        "May I fix the rebooking?"
    )
