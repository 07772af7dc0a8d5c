"""Reference (hidden_owner variant): the FR-6 relay lot list held by supplier quality at the Kolsby plant.

Frost 6 fridge-freezers built at Kolsby in weeks 2519-2523 and 2526-2527 carry an Arvent start-relay lot with
an intermittent fault (8D SQ-8D-2025-031) that bench tests miss: their no-fault-found (N00) claims are a known
defect - approve them. Weeks 2524-2525 (second-source compressor) and Tarnowo builds are not affected.
Sign-off by the Head of Warranty & Returns, who needs the plant's list.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask_when_in("marek", "Marek, the Disputes Board overturns our no-fault-found refusals on Frost 6 (FR-6) "
                             "fridge-freezers citing quality report SQ-8D-2025-031 on compressor start relays. Which "
                             "FR-6 serials / build weeks carry the affected relay lot?", not_before="2026-03-04")
    c.install_rules({"rule_version": "TR-3.3", "known_defects": [c.FR6_LOT]})
    c.run_history_check("2026-02")
    kit.ask_when_in("tobias", "Tobias, could you sign off a change to the triage rules (CR): FR-6 no-fault-found "
                              "(N00) claims on Kolsby build weeks 2519-2523 and 2526-2527 approved as the Arvent relay "
                              "lot Marek confirmed (8D SQ-8D-2025-031)? Everything else unchanged.", not_before="2026-03-04")
    return 0


if __name__ == "__main__":
    sys.exit(main())
