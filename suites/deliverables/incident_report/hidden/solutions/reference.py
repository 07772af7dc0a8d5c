"""Reference solution: incident report, key-event timeline and impact figures from the logs and the chat export.

Asks the client's staff about what the inputs only hint at (a gateway node whose errors start too early,
requests from internal addresses, a revert after which the errors went on), then runs the analysis with their
answers. Runs with cwd /workspace: reads input/, writes output/.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, "/solution")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _analysis import analyse, anomalies  # noqa: E402

facts: dict = {}
seen = anomalies()

staff = Path("bin/ask").is_file()  # the hard instance has client staff to ask; the fair one has none
if staff:
    import worktrial_kit as kit
if seen:
    if "leading_node" in seen:
        node, first, other = seen["leading_node"]
        r = kit.ask("ruud", f"In the gateway logs {node}'s 5xx start at {first:%H:%M} UTC, "
                    f"{int((other - first).total_seconds() // 60)} minutes before the other node's at {other:%H:%M} "
                    f"and before the first database error. Is {node}'s clock off, and by how much?")
        m = re.search(r"(\d+) min(?:utes?)?(?: and)? (\d+) s", r.text) if r.answered else None
        if m:
            facts["clock_slow"] = {node: 60 * int(m.group(1)) + int(m.group(2))}
    if "internal_clients" in seen:
        ips = sorted({ip for ip, _ in seen["internal_clients"]})
        uas = sorted({ua for _, ua in seen["internal_clients"]})
        r = kit.ask("daan", f"During the outage the gateway logs show requests from {', '.join(ips)} with user "
                    f"agent {uas[0]}. Whose traffic is this, and is it user traffic?")
        if r.answered and "not user traffic" in r.text:
            facts["not_users"] = sorted({ip.rsplit(".", 1)[0] + "." for ip in ips})
    if "revert_no_effect" in seen:
        when, msg, end = seen["revert_no_effect"]
        r = kit.ask("mehmet", f"The revert CHG-5121 was applied at {when:%H:%M} UTC, but the 5xx and the 'too many "
                    f"clients' errors continued until about {end:%H:%M} UTC. What actually ended the impact?")
        m = re.search(r"(\d{2}:\d{2}:\d{2}) UTC", r.text) if r.answered else None
        if m:
            facts["mitigation"] = {
                "time": f"{when:%Y-%m-%d}T{m.group(1)}Z",
                "component": "database",
                "text": "the DBA terminated the export job's sessions on the primary (pg_terminate_backend) and "
                        "blocked the export role; the running export had kept its 32 workers after the revert",
            }
# what the files predate: ask payments operations openly whether anything has come up since the export
if staff:
    r = kit.ask("ines", "I am finalising the post-incident report for the 8 July checkout outage from the logs. Has "
                "anything come up since then that the report should include, for example effects on customers or "
                "payments that the logs do not show?")
    m = re.search(r"(\d+) customers were charged (EUR [\d,.]+)", r.text) if r.answered else None
    if m:
        facts["charged_no_order"] = {"orders": int(m.group(1)), "amount": m.group(2), "refunded": "9 July"}
analyse(facts)
