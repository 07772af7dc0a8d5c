"""Reference (pph_objective): plan to the carrier deadlines again, and the two shared causes.

- C1 (person behind a gate, and visible in the express figures since 12 January): the 2026 SLAs measure
  complete orders at the collection and charge back every late order; the 'pph' objective ignores the
  deadlines. Back to objective 'cutoff' (batches per SKU and deadline, earliest deadline first).
- C2 (data cut vs the data README): the PIM feed's kilograms in weight_g, read as kilograms.
- C3 (person only): no agency picker for MS4 on next week's weekday late shifts.
- Approved by the Operations Manager under WI-OPS-22 on the cause shown. No change to the cells' envelope.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def install(*files: str, **config: object) -> None:
    for name in files:
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    if config:
        kit.update_json("system/config/scheduler.json", **config)

ABSENT = [{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]


def main() -> int:
    kit.ask("tobias", "Tobias, how do the client SLAs measure lateness - per order or per line - and what do we pay "
                      "for a late Parcelink Express order?")
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    install("planner.py", "scheduler.py", objective="cutoff", weight_kg_below=20, manual_absent=ABSENT)
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching picks each SKU once for the whole shift and ignores "
                      "the collection deadlines, so express lines come whenever their SKU's turn comes and the "
                      "Parcelink Express orders miss the van. Since 12 January about 30 % of the Parcelink Express "
                      "orders have been late, against none before. The same change reads the PIM feed's kilogram "
                      "weights as kilograms and leaves MS4 out on next week's weekday late shifts, where the "
                      "agency has no picker.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
