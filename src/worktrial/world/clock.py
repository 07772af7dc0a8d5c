"""Simulated time of one trial.

The clock only moves when the worker does something (asks, waits, runs a pilot), so every reply, cost and
ledger entry depends on the worker's actions alone and never on how fast the host is.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

WEEKDAY_IDS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

_DURATION_RE = re.compile(
    r"\s*(?:(?P<d>\d+(?:\.\d+)?)\s*d)?\s*(?:(?P<h>\d+(?:\.\d+)?)\s*h)?\s*(?:(?P<m>\d+(?:\.\d+)?)\s*m)?\s*",
    re.IGNORECASE,
)
_MINUTES = {"d": 1440.0, "h": 60.0, "m": 1.0}


def parse_time(text: str) -> datetime:
    """Parse `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` into a naive datetime (simulated time has no zone)."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a time like 2026-03-02T09:00 or a date like 2026-03-02") from None
    if value.tzinfo is not None:
        raise ValueError(f"{text!r}: simulated times carry no time zone (write 2026-03-02T09:00)")
    return value


def format_time(value: datetime) -> str:
    """ISO minute precision, the form used in people.toml and in the ledger."""
    return value.strftime("%Y-%m-%dT%H:%M")


def describe_time(value: datetime) -> str:
    """Human form shown to the worker, e.g. `Monday 2026-03-02 09:30`."""
    return f"{WEEKDAY_NAMES[value.weekday()]} {value.strftime('%Y-%m-%d %H:%M')}"


def parse_duration(text: str) -> int:
    """Minutes in a duration such as `2d`, `6h`, `90m`, `1d12h` or `0.5d` (rounded to whole minutes)."""
    match = _DURATION_RE.fullmatch(text or "")
    if match is None or not any(match.group(u) for u in _MINUTES):
        raise ValueError(f"{text!r} is not a duration; write a number with a unit d, h or m, e.g. 2d, 6h, 90m or 1d12h")
    minutes = sum(float(match.group(u)) * f for u, f in _MINUTES.items() if match.group(u))
    return round(minutes)


class SimClock:
    """A clock that starts at `start` and moves forward only through `advance`."""

    def __init__(self, start: str | datetime) -> None:
        self._now = parse_time(start) if isinstance(start, str) else start

    @property
    def now(self) -> datetime:
        return self._now

    def iso(self) -> str:
        return format_time(self._now)

    def describe(self) -> str:
        return describe_time(self._now)

    def weekday(self) -> str:
        """Weekday id as used by `Person.away`: `mon` .. `sun`."""
        return WEEKDAY_IDS[self._now.weekday()]

    def date_iso(self) -> str:
        return self._now.strftime("%Y-%m-%d")

    def advance(self, minutes: float) -> datetime:
        if minutes < 0:
            raise ValueError("simulated time never runs backwards")
        self._now += timedelta(minutes=minutes)
        return self._now

    def set(self, value: str | datetime) -> None:
        """Jump to a recorded time (used when replaying a ledger); never earlier than now."""
        target = parse_time(value) if isinstance(value, str) else value
        if target < self._now:
            raise ValueError(f"cannot move the clock back from {self.iso()} to {format_time(target)}")
        self._now = target
