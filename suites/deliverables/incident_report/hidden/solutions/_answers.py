"""What the client's staff said, read from their replies into the facts `_analysis.analyse` takes.

Shared by the reference and the shortcuts that ask. `read_facts(text, day)` returns the facts one reply states
(none when it states none); `day` is the incident's date (YYYY-MM-DD) for the times the replies give.
"""

from __future__ import annotations

import re

MITIGATION_TEXT = (
    "the DBA terminated the export job's sessions on the primary (pg_terminate_backend) and "
    "blocked the export role; the running export had kept its 32 workers after the revert"
)


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def read_facts(text: str, day: str) -> dict:
    facts: dict = {}
    slow = re.search(r"clock ran (\d+) min(?:utes?)?(?: and)? (\d+) s slow", text)
    if slow and (node := re.search(r"\b(gw-\w+)", text)):  # the node the reply is about comes first
        facts["clock_slow"] = {node.group(1): 60 * int(slow.group(1)) + int(slow.group(2))}
    if "not user traffic" in text and (m := re.search(r"(\d+\.\d+\.\d+\.)\d+ to \.\d+ are our load generators", text)):
        facts["not_users"] = [m.group(1)]
    if "terminated" in text and (m := re.search(r"At (\d{2}:\d{2}:\d{2}) UTC", text)):
        facts["mitigation"] = {"time": f"{day}T{m.group(1)}Z", "component": "database", "text": MITIGATION_TEXT}
    m = re.search(
        r"between (\d\d:\d\d) and (\d\d:\d\d) UTC (gw-\w+) answered ([\d,]+) of its ([\d,]+) user requests", text
    )
    if m:
        w = re.search(r"worst minute was (\d\d:\d\d), (\d+) of (\d+)", text)
        facts["other_gateway"] = {
            "node": m.group(3),
            "from": m.group(1),
            "until": m.group(2),
            "failed": _number(m.group(4)),
            "requests": _number(m.group(5)),
            "worst": [w.group(1), int(w.group(2)), int(w.group(3))] if w else None,
        }
    freeze = r"freeze for the July sale since \w+ (\d+ \w+) \(it runs to (\d+ \w+)\).*?on \w+ (\d+ \w+)"
    if m := re.search(freeze, text):
        facts["change_process"] = {"from": m.group(1), "until": m.group(2), "granted": m.group(3)}
    if m := re.search(r"(\d+) customers were charged (EUR [\d,.]+)", text):
        refunded = re.search(r"refunded all \d+ on (\d+ \w+)", text)
        facts["charged_no_order"] = {
            "orders": int(m.group(1)),
            "amount": m.group(2),
            "refunded": refunded.group(1) if refunded else "",
        }
    return facts
