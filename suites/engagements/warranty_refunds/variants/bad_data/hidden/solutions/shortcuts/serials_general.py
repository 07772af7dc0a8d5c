"""Shortcut: the four faults, and the Tarnowo refusals generalised from the history on the worker's own judgement:
any Tarnowo model from week 2540 with a sequence 50001-51000 is accepted, without asking the plant - so line 2's
washers and fridge-freezers, numbered from 60001 and absent from the history, are still refused."""

import sys

sys.path.insert(0, "/solution")  # the kit and the steps, also for scripts in shortcuts/

import bad_data_steps as steps


def main() -> int:
    steps.ask_four_faults()
    steps.install_and_sign_off(
        [{"plant": "T", "from_build_week": 2540, "seq_from": 50001, "seq_to": 51000}],
        "; accept Tarnowo serials with sequences 50001-51000 from week 2540, as the overturned refusals show",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
