"""Ask everybody the same broad questions, whatever their role, without naming anyone's area or showing what the
files show, then validate exactly as the reference does with whatever the replies state. No question names the
sites, the buildings, the certificates, the tariffs or the contract, so none of the facts hinted nowhere is given;
the bakery's certificate and the credited invoice need the site and the overcharge named; and the questions are not
free."""

import runpy
import sys

sys.path.insert(0, "/solution")  # the kit and the reference's modules, also for scripts in shortcuts/

import ebv_read as rd
import ebv_staff as staff
import worktrial_kit as kit

QUESTIONS = [
    "Has anything changed since these files were produced?",
    "Is there anything else I should know before I finish the validation?",
    "Is anything missing from the files you sent?",
    "Has anything been agreed, credited or changed that the files don't show?",
    "What would you check first?",
]

sites = rd.read_sites(rd.INPUT / "site_list.xlsx")
known: dict = {}
for person in kit.who():
    for question in QUESTIONS:
        reply = kit.ask(person["id"], question)
        if reply.answered:
            known.update(staff.read_answer(sites, reply.text))
runpy.run_path("/solution/reference.py", init_globals={"KNOWN": known}, run_name="__main__")
