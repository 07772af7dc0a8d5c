"""The client's world as a solution script reaches it: `bin/ask --json` and `bin/pilot --json`.

Runs inside the trial's sandbox (Python 3.11, standard library only). Every call goes through the same door an
agent uses, so a solution pays for what it asks exactly like an agent would.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # people.toml's weekday ids
EXIT_UNREACHABLE = 3
ASK_TIMEOUT_S = 600
PILOT_TIMEOUT_S = 3600  # a pilot runs the whole system on the pilot data


class KitError(RuntimeError):
    """A mistake in the solution script's use of the kit (bad duration, unknown weekday, missing anchor)."""


class WorldUnavailable(KitError):
    """bin/ask or bin/pilot could not reach the world service: the script is not running inside a trial."""


@dataclass(frozen=True)
class Reply:
    """One reply of the world service.

    `status` is the service's own field when it sends one; otherwise it is inferred from `ok`: "answered" (or
    "ok" for requests other than a message) when ok, "refused" when not.
    """

    status: str
    text: str
    now: str
    ok: bool
    data: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def answered(self) -> bool:
        return self.status == "answered"

    @property
    def away(self) -> bool:
        return self.status == "away"

    @property
    def time(self) -> datetime | None:
        """The simulated time after this request, if the service said."""
        return datetime.fromisoformat(self.now) if self.now else None


def workspace() -> Path:
    """The trial's workspace: the current folder when it has bin/ask, else /workspace."""
    here = Path.cwd()
    return here if (here / "bin" / "ask").exists() else Path("/workspace")


def _client(name: str) -> str:
    path = workspace() / "bin" / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        raise WorldUnavailable(f"bin/{name} not found in {workspace()} nor on PATH; run this inside a trial")
    return found


def _call(client: str, args: list[str], stdin: str | None = None, timeout: float = ASK_TIMEOUT_S) -> dict[str, Any]:
    """Run one client request with --json and return the decoded reply."""
    try:
        proc = subprocess.run(
            [_client(client), "--json", *args],
            input=stdin,
            capture_output=True,
            encoding="utf-8",  # whatever the sandbox's locale; bin/ask speaks UTF-8 JSON
            errors="replace",
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise WorldUnavailable(f"{client} {' '.join(args)}: no reply within {timeout:g} s") from None
    if proc.returncode == EXIT_UNREACHABLE:
        raise WorldUnavailable(proc.stderr.strip() or f"{client}: the world service cannot be reached")
    try:
        data = json.loads(proc.stdout)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        # Usage errors (exit 2) and transport failures print no JSON: the script, not the world, is at fault.
        message = proc.stderr.strip() or proc.stdout.strip() or f"exit {proc.returncode}"
        raise KitError(f"{client} {' '.join(args)}: {message}")
    return data


def _reply(data: dict[str, Any], default_ok: str) -> Reply:
    ok = data.get("ok") is True
    status = data.get("status")
    if not isinstance(status, str) or not status:
        status = default_ok if ok else "refused"
    text = data.get("text")
    if not isinstance(text, str):
        text = str(data.get("error") or "")
    now = data.get("now")
    return Reply(status=status, text=text, now=now if isinstance(now, str) else "", ok=ok, data=data)


def ask(person: str, question: str) -> Reply:
    """Send one message to `person` (an id from `who()`); the text goes on stdin, so any wording is safe."""
    return _reply(_call("ask", [person, "-"], stdin=question), "answered")


def who() -> list[dict[str, str]]:
    """The people the worker can contact: dicts with id, name, role, blurb."""
    people = _call("ask", ["--who"]).get("people")
    return [dict(p) for p in people] if isinstance(people, list) else []


def inbox() -> Reply:
    """Read the inbox (free); new messages are shown in full and their facts count as obtained."""
    return _reply(_call("ask", ["--inbox"]), "ok")


def pilot() -> Reply:
    """Run the current system on pilot data and hear what staff noticed (costs, takes a simulated day)."""
    return _reply(_call("pilot", [], timeout=PILOT_TIMEOUT_S), "ok")


def now() -> datetime:
    """The simulated time."""
    reply = _reply(_call("ask", ["--now"]), "ok")
    if reply.time is None:
        raise KitError(f"ask --now gave no time: {reply.text!r}")
    return reply.time


def today() -> date:
    """The simulated date."""
    return now().date()


def duration_text(minutes: int) -> str:
    """Minutes as bin/ask writes durations, e.g. 2190 -> '1d12h30m'."""
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    return (f"{days}d" if days else "") + (f"{hours}h" if hours else "") + (f"{mins}m" if mins else "")


def wait(duration: str | int | timedelta) -> Reply | None:
    """Let simulated time pass: '2d', '6h', '1d12h', whole minutes, or a timedelta. Nothing to wait: None."""
    if isinstance(duration, timedelta):
        seconds = duration.total_seconds()
        minutes = int(seconds // 60) + (1 if seconds % 60 else 0)
    elif isinstance(duration, int):
        minutes = duration
    else:
        text = duration.strip()
        if not text:
            raise KitError("wait(''): give a duration such as '2d', '6h' or '90m'")
        return _reply(_call("ask", ["--wait", text]), "ok")
    if minutes <= 0:
        return None
    return _reply(_call("ask", ["--wait", duration_text(minutes)]), "ok")


def _as_date(value: date | str) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise KitError(f"{value!r} is not a date like 2026-03-09") from None


def wait_until(when: datetime | date | str) -> Reply | None:
    """Wait until a simulated time (exact minutes) or a date (whole days, keeping the time of day)."""
    if isinstance(when, str) and "T" in when:
        try:
            when = datetime.fromisoformat(when.strip())
        except ValueError:
            raise KitError(f"{when!r} is not a time like 2026-03-09T09:00") from None
    current = now()
    if isinstance(when, datetime):
        return wait(when - current)
    days = (_as_date(when) - current.date()).days
    return wait(timedelta(days=days)) if days > 0 else None


def _away_matcher(away: Iterable[str]) -> tuple[set[int], set[date]]:
    if isinstance(away, str):
        raise KitError(f"away must be a list of days such as ['mon', '2026-03-10'], not the string {away!r}")
    weekdays: set[int] = set()
    dates: set[date] = set()
    for item in away:
        if not isinstance(item, str):
            raise KitError(f"away days are weekday ids 'mon'..'sun' or dates 'YYYY-MM-DD', not {item!r}")
        key = item.strip().lower()
        if key[:3] in WEEKDAYS and not key[:1].isdigit():
            weekdays.add(WEEKDAYS.index(key[:3]))
        else:
            dates.add(_as_date(key))
    return weekdays, dates


def next_day_in(away: Iterable[str], start: date) -> date:
    """The first day from `start` on that is not an away day (weekday ids 'mon'..'sun' or ISO dates)."""
    weekdays, dates = _away_matcher(away)
    if len(weekdays) == 7:
        raise KitError("away on every weekday: the person is never in")
    day = start
    while day.weekday() in weekdays or day in dates:
        day += timedelta(days=1)
    return day


def wait_until_in(away: Iterable[str], hour: int | None = None) -> Reply | None:
    """If today is an away day (people.toml's vocabulary: 'mon'..'sun', 'YYYY-MM-DD'), wait for a day in.

    Whole days keep the time of day; with `hour`, the wait ends at that hour of the first day in instead.
    """
    current = now()
    day = next_day_in(away, current.date())
    if day == current.date():
        return None
    if hour is None:
        return wait(timedelta(days=(day - current.date()).days))
    return wait(datetime(day.year, day.month, day.day, hour) - current)


def ask_when_in(
    person: str,
    question: str,
    away: Iterable[str] = (),
    *,
    not_before: date | str | None = None,
    hour: int | None = None,
    tries: int = 3,
) -> Reply:
    """Wait until `person` is in (and until `not_before`), then ask; an away reply waits a day and retries."""
    _away_matcher(away)  # a bad calendar fails before anything is sent
    days_away = list(away)
    if not_before is not None:
        wait_until(not_before)
    reply = None
    for _ in range(max(1, tries)):
        wait_until_in(days_away, hour)
        reply = ask(person, question)
        if not reply.away:
            return reply
        wait("1d")
    assert reply is not None
    return reply
