"""Shortcut (overtime_line): the worker who asks every person in the directory an open question about that
person's own area (what changes in March, what the dispatcher does not cover), shows the sponsor, the Safety
Rules officer and the field manager the figures the history gives, and applies whatever the answers say.

The open questions earn the obvious owners' answers (the CRM move, the overtime costs, the register, the
patrols); the hours limit on overruns and the GIS spelling of sections are applied only if an answer gives
them, which an open question does not.
"""

import sys

sys.path.insert(0, "/solution")  # the kit, fixes.py and the steps

import fixes
import overtime_steps as steps
import worktrial_kit as kit

AREAS = {
    "graham": "network operations and what you need from the dispatcher",
    "nerys": "the control room and the switching desks",
    "marian": "the authorisation register and the Safety Rules",
    "sandra": "the depots and the field crews",
    "kieran": "the dispatcher and the data feeds it reads",
    "owain": "the network model and the customer counts",
    "imran": "customer obligations and the priority register",
}


def main() -> int:
    replies: list[str] = []
    for person, area in AREAS.items():
        replies.append(
            kit.ask(
                person,
                f"Is anything changing in {area} for the March storms? And is there anything in your area "
                "that the dispatcher does not cover today, that I should build in?",
            ).text
        )
        replies.append(
            kit.ask(
                person,
                "We plan to let crews work overtime where it pays instead of the no-overrun rule. Does "
                f"anything in {area} affect that?",
            ).text
        )
    replies.append(kit.ask("marian", steps.MARIAN_HV).text)
    replies.append(
        kit.ask(
            "sandra",
            "Sandra, at Ashcombe 19 of 27 overhead HV restorations without a patrol re-tripped, and at "
            "Coldharbour 13 of 30. Which circuits should crews patrol before re-energising?",
        ).text
    )
    replies.append(
        kit.ask(
            "graham",
            "Graham, in Storm Finn 8 HV jobs were handed back on site and at Ashcombe 19 of 27 overhead HV "
            "restorations without a patrol re-tripped; since January's no-overrun rule jobs that do not fit "
            "the end of a shift wait for the next one. May I fix those, and let jobs run over where it saves "
            "more than the overtime costs?",
        ).text
    )
    said = " ".join(replies).lower()
    rules = {
        "version": "CR-DSP-2026-03",
        "rank_by": "rate",
        "switching_desks": 4,
        "patrol_depots": ["ASH"] + (["CLH"] if "patrol coldharbour" in said and "don't" not in said else []),
        "hv_source": "register",
        "overrun": "value",
        "call_out_contractors": False,
    }
    if "14 hours on duty" in said:
        rules.update(hv_hours_limit_min=840, rest_between_duties_min=660)
    if "gis spelling" in said:
        rules["normalise_sections"] = True
    fixes.install(rules, steps.register())
    fixes.dry_run()
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs only to crews with a "
        "valid HV authorisation on the day per Marian's register, patrols on Ashcombe's overhead and mixed HV "
        "circuits, the PSR call list from the new CRM extract, and jobs may run past the end of a shift where "
        "the saving beats the overtime (replacing CR-DSP-2026-01). Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
