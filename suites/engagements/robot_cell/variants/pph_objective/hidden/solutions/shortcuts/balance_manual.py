"""Shortcut (pph_objective): every fact found, plus the fix the station statistics seem to ask for - the cells
run past their 410 planned minutes while the manual stations stand idle half the shift, so plan the cells to
330 minutes and give the rest to the manual stations. The manual stations are slower per line and, next week,
one short on the late shifts: the plan loses more than it gains."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

ABSENT = [{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]
ARDENT = [{"carrier": "ARD", "shift_code": "E", "time": "09:00", "from": "2026-03-16"},
          {"carrier": "ARD", "shift_code": "L", "time": "17:00", "from": "2026-03-16"}]
LOCKOUTS = [{"cell": "RC1", "date": "2026-03-20"}, {"cell": "RC2", "date": "2026-03-21"},
            {"cell": "RC3", "date": "2026-03-22"}]


def main() -> int:
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    kit.ask("declan", "Declan, the plan will work to the collection times in carrier_collections. Will the carriers "
                      "still collect at those times next week?")
    kit.ask("nadia", "Nadia, does anything in the carrier contracts change the carriers' collection times from next "
                     "week?")
    kit.ask_when_in("rukmini", "Rukmini, will all four robot cells be in service on every shift next week, or is "
                               "any cell locked out for an inspection or examination?", ["mon"], hour=9)
    for name in ("planner.py", "scheduler.py"):
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    kit.update_json("system/config/scheduler.json", objective="cutoff", weight_kg_below=20, manual_absent=ABSENT,
                    collection_changes=ARDENT, cell_outages=LOCKOUTS, robot_plan_min=330)
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff'? The pph batching ignores the collection deadlines, so express lines "
                      "are picked in pick-path order after the van has left. Since 12 January about 30 % of the "
                      "Parcelink Express orders have been late. The cells also run past their planned 410 minutes "
                      "while the manual stations are busy only about 240 minutes a shift, so the cells are planned "
                      "to 330 minutes and the rest goes to manual. The change also reads the PIM feed's kilograms, "
                      "leaves MS4 out on the weekday late shifts, plans Ardent to 09:00 and 17:00 and nothing on "
                      "RC1, RC2 and RC3 on their examination days (20, 21 and 22 March).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
