"""Reference solution: incident report, key-event timeline and impact figures from the logs and the chat export.

Asks the client's staff about what the inputs only hint at (a gateway node whose errors start too early,
requests from internal addresses, counted, a revert after which the errors went on), then asks the owners of
the areas the files cannot cover an open question each (the edge engineer, the Head of Platform, payments
operations), and runs the analysis with what they said. Runs with cwd /workspace: reads input/, writes output/.
A shortcut may run this file with `SKIP` set ({"ask_open"}: no open questions).
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, "/solution")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _analysis import analyse, anomalies, gateway_requests
from _answers import read_facts

SKIP: set[str] = set(globals().get("SKIP") or ())
DAY = re.search(r"\d{4}-\d{2}-\d{2}", Path("input/oncall_chat.txt").read_text(encoding="utf-8")).group(0)
facts: dict = {}
seen = anomalies()
staff = Path("bin/ask").is_file()  # the hard instance has client staff to ask; the fair one has none


def ask(person: str, question: str) -> None:
    r = kit.ask(person, question)
    if r.answered:
        facts.update(read_facts(r.text, DAY))


if staff:
    import worktrial_kit as kit

    if "leading_node" in seen:
        node, first, other = seen["leading_node"]
        ask(
            "ruud",
            f"In the gateway logs {node}'s 5xx start at {first:%H:%M} UTC, "
            f"{int((other - first).total_seconds() // 60)} minutes before the other node's at {other:%H:%M} "
            f"and before the first database error. Is {node}'s clock off, and by how much?",
        )
    if "internal_clients" in seen:
        ips = sorted({ip for ip, _ in seen["internal_clients"]})
        uas = sorted({ua for _, ua in seen["internal_clients"]})
        theirs = [r for r in gateway_requests() if r[2] in ips]
        ask(
            "daan",
            f"During the outage the gateway logs show requests from {', '.join(ips)} with user agent {uas[0]}. "
            f"I count {len(theirs)} requests from them on 8 July, {sum(x[4] >= 500 for x in theirs)} of them "
            f"answered with a 5xx. Whose traffic is this, and is it user traffic?",
        )
    if "revert_no_effect" in seen:
        when, _msg, end = seen["revert_no_effect"]
        ask(
            "mehmet",
            f"The revert CHG-5121 was applied at {when:%H:%M} UTC, but the 5xx and the 'too many "
            f"clients' errors continued until about {end:%H:%M} UTC. What actually ended the impact?",
        )
    # what the files cannot show: one open question to each owner of an area they do not cover
    if "ask_open" not in SKIP:
        ask(
            "ruud",
            "Do gw-a and gw-b carry all of the checkout traffic, or does some of it reach checkout through another "
            "gateway whose log is not in this export?",
        )
        ask(
            "femke",
            "Before I finalise the post-incident report: is there anything about this incident, or about how "
            "CHG-5120 was approved, that is not in the files and that the review should know?",
        )
        ask(
            "ines",
            "I am finalising the post-incident report for the 8 July checkout outage from the logs. Has "
            "anything come up since then that the report should include, for example effects on customers or "
            "payments that the logs do not show?",
        )
analyse(facts)
