"""Shortcut (pph_objective): the story's cause found, fixed and approved - but not the PIM feed's kilograms nor
next week's missing picker. Partial uplift."""
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


def main() -> int:
    kit.ask("tobias", "Tobias, how do the client SLAs measure lateness - per order or per line - and what do we pay "
                      "for a late Parcelink Express order?")
    install("planner.py", "scheduler.py", objective="cutoff")
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching picks each SKU once for the whole shift and ignores "
                      "the collection deadlines, so express lines come whenever their SKU's turn comes and the "
                      "Parcelink Express orders miss the van. Since 12 January about 30 % of the Parcelink Express "
                      "orders have been late, against none before.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
