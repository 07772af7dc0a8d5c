"""Shortcut (pph_objective): ask every person an open question about their own area and what the plan does not
cover, then fix what the answers and the data give (cutoff objective, the PIM feed's kilograms, MS4 without a
picker next week), approved. The changes of the production week that only a question aimed at them reveals
stay unfound."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

AREAS = {
    "harriet": "the review and what you want delivered",
    "declan": "operations, the scheduler settings and the staffing",
    "rukmini": "the cells' risk assessment and safety envelope",
    "bartek": "night maintenance on the cells",
    "femi": "the scheduler code, the cell recipes and the master data",
    "lorna": "the shifts, the manual stations and the collection waves",
    "tobias": "the clients and their SLAs",
    "nadia": "the site's costs and figures",
}
QUESTIONS = [
    "Is anything changing next week in {area} that the scheduler's plan should know about?",
    "What in {area} does the current plan not cover, or get wrong?",
    "Is there anything else I should know?",
]
ABSENT = [{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]


def main() -> int:
    kit.wait_until("2026-03-10T21:40")  # everybody is in: Rukmini from Tuesday, Bartek from 21:30
    for person, area in AREAS.items():
        for q in QUESTIONS:
            kit.ask(person, q.format(area=area))
    for name in ("planner.py", "scheduler.py"):
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    kit.update_json("system/config/scheduler.json", objective="cutoff", weight_kg_below=20, manual_absent=ABSENT)
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching ignores the collection deadlines, so express lines "
                      "are picked in pick-path order after the van has left. Since 12 January about 30 % of the "
                      "Parcelink Express orders have been late. The same change reads the PIM feed's kilogram "
                      "weights as kilograms and leaves MS4 out on next week's weekday late shifts.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
