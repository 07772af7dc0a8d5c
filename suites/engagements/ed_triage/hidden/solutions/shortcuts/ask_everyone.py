"""Shortcut: ask everybody everything (the complainant and the supplier included), then apply the base fix."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402

QUESTIONS = [
    "What do you know about patients being missed at streaming since revision 6 and the four-hour flow rule?",
    "Which category 3 walk-ins should go to majors, and which red flags did SI-2025-031 agree?",
    "How many majors cubicles are staffed by day and at night, and how full does majors get?",
    "What are the sepsis screening criteria under CP-31, and is the screen in StreamLine right?",
    "Is anything wrong with the triage terminals, for example the temperatures from TRG-2?",
    "What should the waiting-room screens show, and how is our four-hour performance?",
    "Can you approve a change to the streaming protocol?",
]
PEOPLE = ["carys", "imogen", "bronagh", "owen", "nadia", "kwabena", "dennis", "jordan", "ruth", "elspeth"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    c.write_protocol(c.with_red_flags(c.read_protocol()))
    kit.ask_when_in("elspeth", "Dr Garroway, please approve the change to the streaming protocol: Dr Thackeray's red "
                               "flags for category 3 walk-ins go to majors.", away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
