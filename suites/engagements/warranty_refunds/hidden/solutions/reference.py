"""Reference (base variant): fix the triage rule Product Engineering's finding calls for, with sign-off.

- Clara 4 dishwashers (DW-4) built at Kolsby before build week 36/2025 lack the door-vent baffle: an X02
  'liquid ingress' on the MAIN CONTROL BOARD is condensation, a product defect - approve it. X02 on DW-4 from
  week 2536 on, or on other parts, stays a refusal (confirmed by the After-Sales Technical Lead).
- Head of Warranty & Returns' sign-off (away on Mondays and on Tuesday 3 March) before the change runs.
- The auto-replies and dashboard the sponsor asked for do not move the money; they are left for later.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("ilse", "Ilse, the Disputes Board keeps overturning our X02 refusals on Clara 4 (DW-4) dishwashers with "
                    "moisture on the main control board, e.g. claim WR-2601-00044. Is that condensation from the "
                    "door vent rather than spillage, and for which build weeks?")
    c.install_rules({"rule_version": "TR-3.3", "known_defects": [c.DW4_VENT]})
    c.run_history_check("2026-02")
    kit.ask_when_in("tobias", "Tobias, could you sign off a change to the triage rules (CR): DW-4 claims coded X02 on "
                              "the main control board, built at Kolsby before week 2536, approved as a known "
                              "door-vent condensation defect, as Ilse confirmed? Everything else unchanged.",
                    not_before="2026-03-04")
    return 0


if __name__ == "__main__":
    sys.exit(main())
