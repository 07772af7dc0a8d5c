from __future__ import annotations

from datetime import datetime

import pytest

from worktrial.world import SimClock, parse_duration, parse_time


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("2d", 2880),
        ("6h", 360),
        ("90m", 90),
        ("1d12h", 2160),
        ("1d 2h 3m", 1563),
        ("0.5d", 720),
        ("2D", 2880),
    ],
)
def test_parse_duration(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes


@pytest.mark.parametrize("text", ["", "2", "2x", "d", "h2", "2h1d", "-1d", "two days"])
def test_parse_duration_rejects_with_a_hint(text: str) -> None:
    with pytest.raises(ValueError, match=r"e\.g\. 2d, 6h, 90m or 1d12h"):
        parse_duration(text)


def test_clock_advances_and_names_days() -> None:
    clock = SimClock("2026-03-02T09:00")
    assert clock.weekday() == "mon"
    assert clock.describe() == "Monday 2026-03-02 09:00"
    clock.advance(parse_duration("4d6h"))
    assert clock.iso() == "2026-03-06T15:00"
    assert clock.weekday() == "fri"
    assert clock.date_iso() == "2026-03-06"
    with pytest.raises(ValueError):
        clock.advance(-1)
    with pytest.raises(ValueError, match="back"):
        clock.set("2026-03-01T00:00")


def test_parse_time() -> None:
    assert parse_time("2026-03-04") == datetime(2026, 3, 4)
    assert parse_time("2026-03-04T10:30") == datetime(2026, 3, 4, 10, 30)
    with pytest.raises(ValueError, match="not a time"):
        parse_time("next tuesday")
    with pytest.raises(ValueError, match="zone"):
        parse_time("2026-03-04T10:30+01:00")
