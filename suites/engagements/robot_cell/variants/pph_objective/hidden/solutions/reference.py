"""Reference (pph_objective): plan to the carrier deadlines again, the two shared causes, and next week's two
changes that no data shows.

- C1 (person behind a gate, and visible in the express figures since 12 January): the 2026 SLAs measure
  complete orders at the collection and charge back every late order; the 'pph' objective ignores the
  deadlines. Back to objective 'cutoff' (batches per SKU and deadline, earliest deadline first).
- C2 (data cut vs the data README): the PIM feed's kilograms in weight_g, read as kilograms.
- C3 (person only): no agency picker for MS4 on next week's weekday late shifts.
- N1 (hidden owner, a date change in production): the new Ardent contract moves Ardent's collections to 09:00
  and 17:00 from 16 March; carrier_collections still has 13:30 and 21:30. Finance holds the contract; Declan
  names Nadia when asked whether the collection times still hold.
- N2 (hidden owner): the insurer's examination locks RC1 out on Friday 20, RC2 on Saturday 21 and RC3 on
  Sunday 22 March;
  only H&S knows, and only when asked whether every cell will be in service.
- Approved by the Operations Manager under WI-OPS-22 on the cause shown. No change to the cells' envelope,
  and the plan horizon stays at 410 minutes (moving load to the idle-looking manual stations costs more).
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
ARDENT = [{"carrier": "ARD", "shift_code": "E", "time": "09:00", "from": "2026-03-16"},
          {"carrier": "ARD", "shift_code": "L", "time": "17:00", "from": "2026-03-16"}]
LOCKOUTS = [{"cell": "RC1", "date": "2026-03-20"}, {"cell": "RC2", "date": "2026-03-21"},
            {"cell": "RC3", "date": "2026-03-22"}]


def main() -> int:
    kit.ask("tobias", "Tobias, how do the client SLAs measure lateness - per order or per line - and what do we pay "
                      "for a late Parcelink Express order?")
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    # the plan will rest on the collection times: do they still hold next week?
    kit.ask("declan", "Declan, the plan will work to the collection times in carrier_collections. Will the carriers "
                      "still collect at those times next week?")
    kit.ask("nadia", "Nadia, Declan says finance holds the carrier contracts. Does anything in them change the "
                     "carriers' collection times from next week?")
    # the plan counts on four cells every shift: will they all be in service?
    kit.ask_when_in("rukmini", "Rukmini, will all four robot cells be in service on every shift next week, or is "
                               "any cell locked out for an inspection or examination?", ["mon"], hour=9)
    install("planner.py", "scheduler.py", objective="cutoff", weight_kg_below=20, manual_absent=ABSENT,
            collection_changes=ARDENT, cell_outages=LOCKOUTS)
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching picks each SKU once for the whole shift and ignores "
                      "the collection deadlines, so express lines come whenever their SKU's turn comes and the "
                      "Parcelink Express orders miss the van. Since 12 January about 30 % of the Parcelink Express "
                      "orders have been late, against none before. The same change reads the PIM feed's kilogram "
                      "weights as kilograms, leaves MS4 out on next week's weekday late shifts, where the agency has "
                      "no picker, plans Ardent to its new 09:00 and 17:00 collections from 16 March, and plans "
                      "nothing on RC1 on Friday 20, RC2 on Saturday 21 or RC3 on Sunday 22 March, when the "
                      "insurer's examination locks each of them out for the day.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
