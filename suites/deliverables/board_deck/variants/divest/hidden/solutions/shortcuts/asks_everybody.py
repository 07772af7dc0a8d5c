"""Ask everybody: the same handful of open questions to every one of Halvard's people, then the deck from whatever
figures came back. Every file trap is handled (the reference's reading of the pack), the open questions earn what
they can, but nothing is put to anyone about the pack's anomalies and no count of the quarter's lost accounts is
worked out for Sales Operations, so those facts stay unheard."""

import sys

sys.path.insert(0, "/solution")

import _board_deck_staff as staff
import reference
import worktrial_kit as kit

QUESTIONS = [
    "Is there anything I should know about the Q1 figures before I finalise the board deck?",
    "Has anything changed since the KPI pack was exported?",
    "Are there any adjustments or items that the KPI pack does not show?",
    "How should I read the figures in the KPI pack: the definitions, the flash month, cash and customer counts?",
    "Please tell me everything in your area that affects the Q1 board deck.",
]


def main() -> None:
    heard: dict[str, str] = {}
    for person in kit.who():
        pid = person["id"]
        for question in QUESTIONS:
            reply = kit.ask_when_in(pid, question, staff.AWAY.get(pid, []))
            if reply.answered:
                heard[pid] = heard.get(pid, "") + "\n" + reply.text
    # the reference's reading of the answers, fed what everybody said instead of asking again
    staff._ask = lambda person, question: heard.get(person, "")
    staff.ask_about_anomalies = lambda *args: {"reorg": None, "transferred": {}, "held_cash": {}}
    reference.main()


if __name__ == "__main__":
    main()
