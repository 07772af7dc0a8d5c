"""Asks everybody the same broad questions without reading the logs first (what happened on your side, what ended
it, is there anything else the report should include, is anything missing from the files), then runs the analysis
with whatever the answers state. The open questions reach the facts hinted nowhere (the Belgian gateway gw-c, the
change freeze exception, the customers charged), but no question shows an anomaly, so the gated facts stay out
(gw-b's slow clock, the soak test, what ended the impact), and thirty questions are not free."""

import re
import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit
from _analysis import analyse
from _answers import read_facts

PEOPLE = ["femke", "sam", "mehmet", "ruud", "daan", "ines"]
QUESTIONS = [
    "What happened during the checkout outage on 8 July, from your side?",
    "What ended the impact?",
    "Is there anything else I should know before I finalise the incident report?",
    "Is anything missing from the files Femke exported?",
    "Who else should I talk to about the outage?",
]
day = re.search(r"\d{4}-\d{2}-\d{2}", Path("input/oncall_chat.txt").read_text(encoding="utf-8")).group(0)
facts: dict = {}
for person in PEOPLE:
    for question in QUESTIONS:
        r = kit.ask(person, question)
        if r.answered:
            facts.update(read_facts(r.text, day))
analyse(facts)
