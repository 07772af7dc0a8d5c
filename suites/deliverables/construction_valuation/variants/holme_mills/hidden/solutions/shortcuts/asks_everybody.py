"""Ask everybody: the same open questions of diligence to every member of staff, whatever their area, then the
reference's valuation with every fact the replies happened to give. Every file trap is handled, but no question names
what the files show (V21's tonnage, the balcony units claimed, the steel surcharge) or the asker's own area (the
Contractor's claims, contra-charges), so those facts stay unheard."""

import runpy
import sys

sys.path.insert(0, "/solution")  # the kit and the reference, also for scripts in shortcuts/

import reference
import worktrial_kit as kit

QUESTIONS = [
    "Is there anything I should know before I finalise valuation 12?",
    "Has anything changed since the pack was put together?",
    "Is there anything the files in the pack do not show?",
    "Is there anything I should know before Fiona signs the Payment Notice?",
    "Please tell me everything in your area that affects Interim Payment 12.",
]

known: dict = {}
for person in kit.who():
    for question in QUESTIONS:
        reply = kit.ask(person["id"], question)
        if reply.answered:
            known.update(reference.read_answer(reply.text))
runpy.run_path(
    "/solution/reference.py", init_globals={"KNOWN": {**known, "today": kit.today().isoformat()}}, run_name="__main__"
)
