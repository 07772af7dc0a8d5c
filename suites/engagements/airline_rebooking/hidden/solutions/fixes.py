"""Shared by the calibration solutions of airline_rebooking: install the delivered job and its rules.

The rule values each solution uses are its own (they are what that solution has learnt); this module only
installs them the way a worker would: the job from delivery/, the rules merged into system/config/rules.json.
"""

import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit

DELIVERY = Path("/solution/delivery")
RULES = "system/config/rules.json"
OCC_AWAY = ["mon", "tue"]  # the Duty Operations Controller's rest days


def install(fares: dict | None = None, **rules) -> dict:
    """Put the delivered job in place and merge `rules` (and fare families) into the shipped rules file."""
    kit.write_text("system/rebook.py", (DELIVERY / "rebook.py").read_text())
    current = kit.read_json(RULES)
    current.update(rules)
    if fares:
        current["fare_families"] = {**current["fare_families"], **fares}
    kit.write_json(RULES, current)
    return current


def dry_run(week: str = "2026-02-23") -> str:
    """The job on a past week of the history, as a check that it still runs."""
    return kit.run(
        ["python3", "system/rebook.py", "--db", "data/irops_history.db", "--week", week, "--out", "rebook_check"]
    )


def sign_off(message: str) -> "kit.Reply":
    return kit.ask_when_in("callum", message, OCC_AWAY)


NEW_FARES = {"CORP": {"cabin": "J", "rank": 5, "no_downgrade": True}, "BASIC": {"cabin": "Y", "rank": 0}}

# What the base variant's staff and history give: the charter holds Revenue Management confirms.
BASE_HELD = [
    {"flights": ["HD 431", "HD 432"], "from": "2026-01-10", "to": "2026-04-11", "seats": 24},
    {"flights": ["HD 435", "HD 436"], "from": "2026-01-11", "to": "2026-04-12", "seats": 24},
    {"flights": ["HD 321"], "from": "2026-03-14", "to": "2026-03-14", "seats": 30},
    {"flights": ["HD 322"], "from": "2026-03-15", "to": "2026-03-15", "seats": 30},
]
