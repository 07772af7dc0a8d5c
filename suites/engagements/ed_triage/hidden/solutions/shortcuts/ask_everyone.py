"""Shortcut: ask everybody everything (the complainant and the supplier included), then apply the red flags the
clinical lead gives and ask for the sign-off."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"

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
    p = kit.read_json(CONFIG)
    c3 = p["category3_walk_in"]
    c3["majors_if_news2_at_least"] = 3
    c3["red_flags"] = [{"complaint": "CHEST_PAIN"}, {"complaint": "COLLAPSE"},
                       {"complaint": "ABDO_PAIN", "min_age": 50}]
    kit.write_json(CONFIG, p)
    kit.ask_when_in("elspeth", "Dr Garroway, please approve the change to the streaming protocol: Dr Thackeray's red "
                               "flags for category 3 walk-ins go to majors.", away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
