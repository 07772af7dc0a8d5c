"""Shortcut: the four faults, and the Tarnowo refusals read from the history alone: the serial check is taught
exactly what the history shows (ovens and dryers, sequences 50001-50999) without asking the plant, so line
2's washers and fridge-freezers of the unseen month are still refused."""

import sys

sys.path.insert(0, "/solution")  # the kit and the steps, also for scripts in shortcuts/

import bad_data_steps as steps


def main() -> int:
    steps.ask_four_faults()
    steps.install_and_sign_off(
        [{"plant": "T", "models": ["OV3", "TD2"], "from_build_week": 2540, "seq_from": 50001, "seq_to": 50999}],
        "; accept Tarnowo oven and dryer serials with sequences 50001-50999 from week 2540, as the overturned "
        "refusals show",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
