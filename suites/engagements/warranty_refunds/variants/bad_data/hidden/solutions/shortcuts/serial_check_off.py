"""Shortcut (plausible wrong fix): the four faults, and since refusals of unknown serials on recent Tarnowo
builds are overturned, the serial check's quantity test is dropped for those builds - which also pays
the made-up serials of the unseen month."""

import sys

sys.path.insert(0, "/solution")  # the kit and the steps, also for scripts in shortcuts/

import bad_data_steps as steps


def main() -> int:
    steps.ask_four_faults()
    steps.install_and_sign_off(
        [{"plant": "T", "from_build_week": 2540, "seq_from": 1, "seq_to": 99999}],
        "; stop refusing Tarnowo serials from week 2540 above the register quantity, as the overturned refusals show",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
