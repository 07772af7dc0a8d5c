"""Shortcut (pph_objective): what the blind playtests found - the pph objective back to 'cutoff' on the evidence,
approved, and the PIM feed's kilograms - but neither next week's missing picker nor the two changes of the
production week (Ardent's new collection times, the cells locked out for the examination)."""
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
    kit.ask("femi", "Femi, some PIM feed SKUs carry weights like 2.45 in weight_g - is that grams or kilograms?")
    install("planner.py", "scheduler.py", objective="cutoff", weight_kg_below=20)
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching ignores the collection deadlines, so express lines "
                      "are picked in pick-path order after the van has left. Since 12 January about 30 % of the "
                      "Parcelink Express orders have been late. The same change reads the PIM feed's kilogram "
                      "weights as kilograms.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
