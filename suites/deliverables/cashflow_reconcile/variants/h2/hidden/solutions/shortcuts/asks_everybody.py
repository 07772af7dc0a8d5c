"""Asks everybody the same broad questions without reading the files first (what should I know from your side, has
anything changed since the files were produced, is anything missing from them, anything else before I finalise, is
any of it under dispute), then runs the reference's reconciliation with whatever the replies state. The purchase
ledger's broad gate gives the Brinewood direct debit, but no question shows an anomaly (the credits that are not
ours, the spoiled cheques, the till's duplicate stay unexplained) and none asks in the controller's or the group
treasurer's area (the renewal fee, the run authorised in January, the cash pool's sweep stay out)."""

import runpy
import sys

sys.path.insert(0, "/solution")  # the kit and the reference, also for scripts in shortcuts/

import worktrial_kit as kit

QUESTIONS = [
    "What should I know about the bank reconciliation at 31 December from your side?",
    "Has anything changed since these files were produced?",
    "Is anything missing from the files I was given?",
    "Is there anything else I should know before I finalise the reconciliation?",
    "Is any of this under dispute?",
]

heard = []
for person in kit.who():
    for question in QUESTIONS:
        reply = kit.ask(person["id"], question)
        if reply.answered:
            heard.append(reply.text)
runpy.run_path("/solution/reference.py", init_globals={"HEARD": heard}, run_name="__main__")
