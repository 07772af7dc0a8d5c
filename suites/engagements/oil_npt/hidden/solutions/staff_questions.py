"""The open questions of the shortcuts that ask every member of staff about their own area."""

import worktrial_kit as kit

AREAS = {
    "renata": "operations and the reporting project",
    "priya": "cost engineering and the contract readings for the NPT claim",
    "ingrid": "the drilling service contracts and the amendment register",
    "dale": "the rigs, the equipment and the drilling schedule",
    "kai": "the drilling database, the rig feeds and the nightly job",
    "hamid": "payables, invoices and the set-offs",
    "lotte": "procurement, purchase orders and call-offs",
}


def ask_everyone(opening: str) -> None:
    """`opening` (the worker's context, ending in a space) then what changes next month in each person's area,
    and what the claim does not cover there."""
    for person, area in AREAS.items():
        kit.ask(person, f"{opening}Is anything changing next month in {area}?")
        kit.ask(person, f"Which rigs, contractors or kinds of NPT does the current claim not cover correctly, as far "
                        f"as {area} is concerned? Anything I should know?")
