"""Ask everybody everything: the same broad questions to every member of staff, whatever their role, then the
reference's audit with every fact the replies happened to give. No question shows what the files show, so the Canal
Wharf site manager, who wants the number of shifts that look an hour early, never confirms the clock fault."""

import runpy
import sys

sys.path.insert(0, "/solution")  # the kit and the reference, also for scripts in shortcuts/

import reference
import worktrial_kit as kit

QUESTIONS = [
    "What do you know about last quarter's pay, and what did payroll get wrong?",
    "Has anything changed since these files were produced?",
    "Is anything missing from the files, or was anything paid outside them?",
    "Does the collective agreement cover everyone in the files?",
    "Are there any local agreements, and what do they pay?",
    "Were any of the timesheets or clock times wrong?",
    "Is there anything I should know before the union meeting on Thursday?",
    "Was anyone paid for a week without a timesheet, or not paid for a week they worked?",
]

known: dict = {}
for person in kit.who():
    for question in QUESTIONS:
        reply = kit.ask(person["id"], question)
        if reply.answered:
            known.update(reference.read_answer(reply.text))
runpy.run_path("/solution/reference.py", init_globals={"KNOWN": known}, run_name="__main__")
