"""Shared by the calibration solutions of newsroom_corrections: install the delivered job and merge its rules.

The rule values each solution uses are its own (they are what that solution has learnt); this module only
installs them the way a worker would: the job from delivery/, the rules merged into system/config/rules.json
(lists named in `add` are extended, those in `drop` thinned, other keys replaced).
"""

import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit

DELIVERY = Path("/solution/delivery")
RULES = "system/config/rules.json"
HISTORY = "data/intake_history.db"
EIC_AWAY = ["mon"]  # the Editor-in-Chief is at the group board on Mondays

# What every careful solution learns from the history's texts and outcomes: more ways of saying "legal"
LEGAL_TERMS = [
    "defam",
    "libel",
    "slander",
    "solicitor",
    "lawyer",
    "legal",
    "sue",
    "in court",
    "to court",
    "barrister",
    "injunction",
    "reputation",
    "retract",
]
ACCURACY_TERMS = ["correct"]
GENERIC = {"fast_lane_first": False, "foreign_to_readers": {"hours": 12}}
DEADLINES = {"LEGAL": 12, "STANDARDS": 24}


def _at(rules: dict, key: str) -> tuple[dict, str]:
    *path, last = key.split(".")
    target = rules
    for part in path:
        target = target.setdefault(part, {})
    return target, last


def install(add: dict | None = None, drop: dict | None = None, deadlines: dict | None = None, **rules) -> dict:
    """Put the delivered job in place and merge the rules into the shipped rules file."""
    kit.write_text("system/triage.py", (DELIVERY / "triage.py").read_text())
    current = kit.read_json(RULES)
    for key, values in (add or {}).items():
        target, last = _at(current, key)
        target[last] = list(dict.fromkeys([*target.get(last, []), *values]))
    for key, values in (drop or {}).items():
        target, last = _at(current, key)
        target[last] = [v for v in target.get(last, []) if v not in values]
    current["deadline_hours"] = {**current["deadline_hours"], **(deadlines or {})}
    current.update(rules)
    kit.write_json(RULES, current)
    return current


def careful(add: dict | None = None, **rules) -> dict:
    """The generic improvements every reference makes, plus its own rules."""
    terms = {"legal_terms": LEGAL_TERMS, "accuracy_terms": ACCURACY_TERMS, **(add or {})}
    return install(add=terms, deadlines=DEADLINES, **{**GENERIC, **rules})


def dry_run(first: str = "2026-02-23", last: str = "2026-03-01") -> str:
    """The job on a past week of the history, as a check that it still runs."""
    return kit.run(
        [
            "python3",
            "system/triage.py",
            "--db",
            HISTORY,
            "--from",
            first,
            "--to",
            last,
            "--out",
            "triage_check",
        ]
    )


def sign_off(message: str) -> "kit.Reply":
    return kit.ask_when_in("olu", message, EIC_AWAY)


HARM = (
    "Helen, the harm is in the legal and regulator items: since January the job closed or mis-routed legal "
    "complaints and NSC referrals, and {n} complaints about court reports ended in legal claims or the court's "
    "warnings while {nsc} NSC referrals were acknowledged late. Those cost us GBP {gbp} in eight weeks. Will you "
    "back a change to the legal and regulator routing with Olu?"
)
