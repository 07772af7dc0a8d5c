"""Shortcut: what the last playtests found (the four faults of the history and Millbrook's move), plus an open
question about what changes from March and what is not covered to everybody in the directory about that
person's own area; no evidence about the refused Tarnowo serials, so nobody names line 2."""

import sys

sys.path.insert(0, "/solution")  # the kit and the steps, also for scripts in shortcuts/

import bad_data_steps as steps
import worktrial_kit as kit

AREAS = [
    ("annelie", "customer experience and the replies"),
    ("tobias", "warranty, returns and the inspection bay"),
    ("ilse", "product engineering and the failure codes"),
    ("farid", "the repair-centre feeds and the claims database"),
    ("marek", "supplier quality and the plants"),
    ("priscilla", "consumer law and the guarantee terms"),
    ("noor", "claims audit, fraud and serial checks"),
    ("ines", "the warranty money and the Board's costs"),
]


def main() -> int:
    steps.ask_four_faults()
    for person, area in AREAS:
        for q in (
            f"Is anything changing in {area} from March that the history up to February won't show?",
            f"Which claims or cases does the current triage not cover well in {area}?",
            "Is there anything else I should know?",
        ):
            kit.ask(person, q)
    kit.wait_until("2026-03-04T09:00")  # supplier quality is back from the line audit
    for q in (
        "Is anything changing at the plants or in the production register from March?",
        "Which claims does the triage get wrong from the plant's point of view?",
    ):
        kit.ask("marek", q)
    steps.install_and_sign_off()
    return 0


if __name__ == "__main__":
    sys.exit(main())
