"""Shared by the calibration solutions of pharmacy_stock: install the delivered job and its rules, run it, sign off.

The rule values each solution uses are its own (they are what that solution has learnt); this module only
installs them the way a worker would: the job from delivery/, the rules merged into system/config/rules.json.
"""

import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit

DELIVERY = Path("/solution/delivery")
RULES = "system/config/rules.json"
EWAN_AWAY = ["mon"]
ROWAN_AWAY = ["thu", "fri"]
RESP = ["salbutamol", "ipratropium", "prednisolone", "dexamethasone", "oseltamivir", "co-amoxiclav", "clarithromycin"]
LINKS = {"follow_replaced_products": True, "formulary_replacements": [{"from": "enoxaparin", "to": "tinzaparin"}]}


def install(**rules) -> dict:
    """Put the delivered job in place and merge `rules` into the shipped rules file."""
    kit.write_text("system/reorder.py", (DELIVERY / "reorder.py").read_text())
    current = kit.read_json(RULES)
    current.update(rules)
    kit.write_json(RULES, current)
    return current


def uplift_cabinets(factor: float = 1.3) -> None:
    """The sponsor's ask: every cabinet line's par level raised by `factor` after the review (store lines unchanged)."""
    kit.write_text("system/reorder.py", (DELIVERY / "reorder.py").read_text())
    kit.update_json(RULES, cabinet_par_factor=factor)


def dry_run(review: str = "2026-02-02") -> str:
    """The job on a past review of the history, as a check that it still runs."""
    return kit.run(
        ["python3", "system/reorder.py", "--db", "data/pharmacy_history.db", "--review-date", review, "--out", "check"]
    )


def sign_off(rules_msg: str, cd_msg: str | None = None) -> None:
    """The Deputy Chief Pharmacist first (not in on Mondays), then the Accountable Officer (away Thu/Fri)."""
    kit.ask_when_in("ewan", rules_msg, EWAN_AWAY)
    if cd_msg:
        kit.ask_when_in("rowan", cd_msg, ROWAN_AWAY)


def surge(wards: list[str], factor: float) -> list[dict]:
    return [{"locations": wards, "products": RESP, "basis_weeks": 4, "factor": factor}]
