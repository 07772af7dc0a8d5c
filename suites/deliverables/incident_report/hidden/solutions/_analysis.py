"""The incident analysis shared by the reference and the shortcuts: the report, the key-event timeline and the
impact figures from the logs and the chat export, given what the client's staff said (`facts`).

facts (all optional): "clock_slow" {gateway node: seconds its clock ran slow}, "not_users" [client address
prefixes that are not user traffic], "mitigation" {"time": ISO UTC, "component", "text"} when what ended the
impact is not the change the logs show, "charged_no_order" {"orders", "amount", "refunded"} when customers were
charged for orders that were never placed (the payment provider's settlement, in no log), "other_gateway" {"node",
"from", "until", "requests", "failed", "worst": [HH:MM, 5xx, requests]} for a gateway whose log is not among the
inputs (its span of 5xx, its requests and 5xx in it, its worst minute), "change_process" {"from", "until", "granted"}
when the trigger went in during a change freeze on an exception given by phone. Runs with cwd /workspace: reads
input/, writes output/. Standard library plus python-docx. `python _analysis.py '{...}'` runs it with those facts.
"""

from __future__ import annotations

import csv
import datetime as dt
import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

IN, OUT = Path("input"), Path("output")
UTC = dt.UTC
MONTHS = {
    m: i + 1 for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
}
THRESHOLD = 0.05  # a minute is "impacted" when more than 5 % of user requests got a 5xx

# ------------------------------------------------------------------------------------------------ gateway
ACCESS = re.compile(
    r"^\S+ \S+ \S+ \[(\d{2})/(\w{3})/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})\] "
    r'"(\S+) (\S+)[^"]*" (\d{3}) '
)


def read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def node_of(f: Path) -> str:
    """The gateway node a log file belongs to: its folder under gateway/ ('' for files directly in it)."""
    rel = f.relative_to(IN / "gateway")
    return rel.parts[0] if len(rel.parts) > 1 else ""


def gateway_requests():
    """(node, UTC time as logged, client address, user agent, status) of every user request (no /healthz)."""
    out = []
    for f in sorted((IN / "gateway").rglob("*")):
        if not f.is_file():
            continue
        node = node_of(f)
        for line in read_text(f).splitlines():
            m = ACCESS.match(line)
            if not m:
                continue
            d, mon, y, hh, mm, ss, sign, oh, om, _method, path, status = m.groups()
            if path.split("?")[0] == "/healthz":
                continue
            off = dt.timedelta(hours=int(oh), minutes=int(om)) * (1 if sign == "+" else -1)
            when = dt.datetime(int(y), MONTHS[mon], int(d), int(hh), int(mm), int(ss), tzinfo=dt.timezone(off))
            ua = line.rsplit('" "', 1)[-1].split('"', 1)[0] if '" "' in line else ""
            out.append((node, when.astimezone(UTC), line.split(" ", 1)[0], ua, int(status)))
    return out


def per_minute(requests, clock_slow=None, not_users=()):
    total, failed = Counter(), Counter()
    for node, when, ip, _ua, status in requests:
        if any(ip.startswith(p) for p in not_users):
            continue
        when = when + dt.timedelta(seconds=(clock_slow or {}).get(node, 0))
        minute = when.replace(second=0, microsecond=0)
        total[minute] += 1
        if status >= 500:
            failed[minute] += 1
    return total, failed


def impacted(total, failed):
    return sorted(m for m in total if failed[m] / total[m] > THRESHOLD)


def iso(x: dt.datetime) -> str:
    return x.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def hm(x: dt.datetime) -> str:
    return x.astimezone(UTC).strftime("%H:%M")


def analyse(facts: dict | None = None) -> dict:
    from docx import Document

    facts = facts or {}
    charged = facts.get("charged_no_order")
    OUT.mkdir(exist_ok=True)
    total, failed = per_minute(gateway_requests(), facts.get("clock_slow"), facts.get("not_users", ()))
    hot = impacted(total, failed)
    start, end = hot[0], hot[-1] + dt.timedelta(minutes=1)
    other = facts.get("other_gateway")
    if other:  # a gateway whose log is not among the inputs: its span of 5xx, its totals, its worst minute

        def at(hhmm: str) -> dt.datetime:
            return start.replace(hour=int(hhmm[:2]), minute=int(hhmm[3:5]))

        start, end = min(start, at(other["from"])), max(end, at(other["until"]))
    last = end - dt.timedelta(minutes=1)
    window = [m for m in total if start <= m < end]
    failed_requests = sum(failed[m] for m in window) + (other["failed"] if other else 0)
    requests_in_window = sum(total[m] for m in window) + (other["requests"] if other else 0)
    shares = {m: (failed[m], total[m]) for m in window}
    if other and other.get("worst"):
        wm, wf, wt = at(other["worst"][0]), other["worst"][1], other["worst"][2]
        shares[wm] = (failed[wm] + wf, total[wm] + wt)
    peak_minute = max(window, key=lambda m: (shares[m][0] / shares[m][1], -m.timestamp()))
    peak = round(100 * shares[peak_minute][0] / shares[peak_minute][1], 2)
    change = facts.get("change_process")
    duration = int((end - start).total_seconds() // 60)

    # ------------------------------------------------------------------------------------------------ app log
    app = []
    for f in sorted((IN / "app").rglob("*")):
        if f.is_file():
            for line in read_text(f).splitlines():
                line = line.strip()
                if line.startswith("{"):
                    rec = json.loads(line)
                    rec["_t"] = dt.datetime.fromisoformat(rec["ts"].replace("Z", "+00:00")).astimezone(UTC)
                    app.append(rec)
    app.sort(key=lambda r: r["_t"])
    service = next((r.get("service") for r in app if r.get("service")), "the service")
    changes = [r for r in app if r.get("event") in ("deploy", "config_change")]
    trigger = [r for r in changes if r["_t"] < start][-1]
    mitigation = next(r for r in changes if r["_t"] > start)
    ended = facts.get("mitigation")
    ended_t = dt.datetime.fromisoformat(ended["time"].replace("Z", "+00:00")) if ended else mitigation["_t"]
    ended_text = ended["text"] if ended else mitigation["msg"]
    first_app_error = next(r for r in app if r["level"] == "ERROR" and r["_t"] >= trigger["_t"])

    # ------------------------------------------------------------------------------------------------ database
    PG = re.compile(r"^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?) UTC \[(\d+)\] (?:\S+ )?([A-Z]+):  (.*)$")
    db = []
    for f in sorted((IN / "db").rglob("*")):
        if f.is_file():
            for line in read_text(f).splitlines():
                m = PG.match(line)
                if m:
                    when = dt.datetime.fromisoformat(m.group(1)).replace(tzinfo=UTC)
                    db.append((when, m.group(3), m.group(4)))
    db.sort(key=lambda x: x[0])
    first_db_error = next(x for x in db if x[1] in ("ERROR", "FATAL", "PANIC") and x[0] >= trigger["_t"])

    # ------------------------------------------------------------------------------------------------ chat
    chat_text = read_text(next(IN.glob("*chat*.txt")))
    om = re.search(r"UTC([+-])(\d{2}):(\d{2})", chat_text)
    sign = 1 if om.group(1) == "+" else -1
    offset = dt.timezone(dt.timedelta(hours=int(om.group(2)), minutes=int(om.group(3))) * sign)
    DATE = re.compile(r"^---\s*\w+,\s*(\d{1,2}) (\w+) (\d{4})\s*---$")
    MSG = re.compile(r"^\[(\d{2}):(\d{2}):(\d{2})\] ([^:]+): (.*)$")
    FULL_MONTHS = {
        m: i + 1
        for i, m in enumerate(
            [
                "January",
                "February",
                "March",
                "April",
                "May",
                "June",
                "July",
                "August",
                "September",
                "October",
                "November",
                "December",
            ]
        )
    }
    chat = []
    day = None
    for line in chat_text.splitlines():
        if m := DATE.match(line.strip()):
            day = dt.date(int(m.group(3)), FULL_MONTHS[m.group(2)], int(m.group(1)))
        elif (m := MSG.match(line.strip())) and day is not None:
            local = dt.datetime(
                day.year, day.month, day.day, int(m.group(1)), int(m.group(2)), int(m.group(3)), tzinfo=offset
            )
            chat.append((local.astimezone(UTC), m.group(4).strip(), m.group(5).strip()))
    alert = next(c for c in chat if c[1] == "PagerDuty" and "Triggered" in c[2])
    declared = next(c for c in chat if c[1] == "incibot" and "declared" in c[2])
    resolved = next(c for c in chat if c[1] == "incibot" and "RESOLVED" in c[2])
    incident_id = (re.search(r"INC-\d+", declared[2]) or re.search(r"\S+", "incident")).group(0)
    diagnosis = [c for c in chat if "root cause" in c[2].lower() and c[1] not in ("incibot", "PagerDuty")]
    followups = [c for c in chat if "follow-ups:" in c[2].lower()]

    # ------------------------------------------------------------------------------------------------ outputs
    events = [
        (trigger["_t"], "app", f"Change deployed (trigger): {trigger['msg']}"),
        (first_db_error[0], "database", f"First database error: {first_db_error[2]}"),
        (first_app_error["_t"], "app", f"First application error: {first_app_error['msg']}"),
        (
            start,
            "gateway",
            f"Impact starts: more than 5% of user requests get 5xx ({failed[start]}/{total[start]} "
            f"in the minute from {hm(start)})",
        ),
        (alert[0], "oncall", f"Alert fired: {alert[2]}"),
        (declared[0], "oncall", f"Incident declared: {declared[2]}"),
        (mitigation["_t"], "app", f"{'Change reverted' if ended else 'Mitigation applied'}: {mitigation['msg']}"),
        (
            end,
            "gateway",
            f"Impact ends: last minute above 5% was {hm(last)} "
            + (f"(with {other['node']}'s traffic counted)" if other else f"({failed[last]}/{total[last]})"),
        ),
        (resolved[0], "oncall", f"Incident resolved: {resolved[2]}"),
    ]
    if ended:
        events.append((ended_t, ended["component"], f"Mitigation (ended the impact): {ended['text']}"))
    events.sort(key=lambda e: e[0])

    with open(OUT / "timeline.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["timestamp", "component", "event"])
        for when, comp, text in events:
            w.writerow([iso(when), comp, text])

    impact = {
        "start": iso(start),
        "end": iso(end),
        "duration_minutes": duration,
        "failed_requests": failed_requests,
        "error_rate_peak": peak,
    }
    (OUT / "impact.json").write_text(json.dumps(impact, indent=2) + "\n", encoding="utf-8")

    def split_items(text: str) -> list[str]:
        items, depth, cur = [], 0, ""
        for ch in text:
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                items.append(cur.strip())
                cur = ""
            else:
                cur += ch
        items.append(cur.strip())
        return [i for i in items if i]

    doc = Document()
    doc.add_heading(f"Incident report {incident_id}: {service}", level=0)
    doc.add_paragraph(f"Date: {start:%d %B %Y}. All times are UTC. Status: resolved.")

    doc.add_heading("Summary", level=1)
    doc.add_paragraph(
        f"Between {hm(start)} and {hm(end)} UTC on {start:%d %B %Y} ({duration} minutes) {service} answered "
        f"{failed_requests:,} user requests with a 5xx error at the gateway, out of {requests_in_window:,} requests "
        f"in that window; at the worst minute ({hm(peak_minute)} UTC) {peak:.2f}% of requests failed. The impact "
        f"began after this change at {hm(trigger['_t'])} UTC: {trigger['msg']}. It ended after the mitigation at "
        f"{hm(ended_t)} UTC: {ended_text}."
        + (
            f" The Belgian shop's gateway {other['node']}, whose log is not among the files, sends its checkout "
            f"traffic to the same database: its {other['failed']:,} failed requests are counted, and its pods' slow "
            f"recovery kept the impact going until {other['until']} UTC."
            if other
            else ""
        )
        + (
            f" Beyond the failed requests, {charged['orders']} customers were charged for orders that were never "
            f"placed ({charged['amount']}, refunded on {charged['refunded']})."
            if charged
            else ""
        )
        + (
            f" The change went in during the July sale's change freeze ({change['from']} to {change['until']}) on "
            f"an exception given by phone on {change['granted']}, without review by the change advisory board."
            if change
            else ""
        )
    )

    doc.add_heading("Timeline", level=1)
    table = doc.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, ["Time (UTC)", "Component", "Event"], strict=True):
        cell.text = text
    for when, comp, text in events:
        row = table.add_row().cells
        row[0].text, row[1].text, row[2].text = when.strftime("%Y-%m-%d %H:%M:%S"), comp, text

    doc.add_heading("Impact", level=1)
    notes = [
        f"Impact window: {iso(start)} to {iso(end)}, {duration} minutes (first to last minute in which more than "
        f"5% of user requests got a 5xx).",
        f"Failed user requests: {failed_requests:,} 5xx responses at the gateway (load-balancer health checks "
        f"excluded), {100 * failed_requests / requests_in_window:.1f}% of the {requests_in_window:,} requests in "
        f"the window.",
        f"Peak error rate: {peak:.2f}% in the minute starting {hm(peak_minute)} UTC.",
        f"Time to alert: {int((alert[0] - start).total_seconds() // 60)} minutes after the impact started; "
        f"time to mitigate: {int((ended_t - start).total_seconds() // 60)} minutes.",
    ]
    for node, secs in sorted((facts.get("clock_slow") or {}).items()):
        notes.append(
            f"Gateway {node}'s clock ran {secs} s slow that day; its log times were corrected by {secs} s "
            f"before counting per minute."
        )
    for prefix in facts.get("not_users", ()):
        notes.append(
            f"Requests from {prefix}* are the performance team's soak test, not user traffic; they are "
            f"left out of every figure."
        )
    if other:
        notes.append(
            f"Gateway {other['node']} (the Belgian shop, Antwerp; its log is not among the files, figures from "
            f"the edge engineer): {other['failed']:,} of its {other['requests']:,} user requests between "
            f"{other['from']} and {other['until']} UTC got a 5xx, counted above; its pods' pools recovered "
            f"only at {other['until']}, so the minutes up to then stay above 5% of all checkout traffic."
        )
    if charged:
        notes.append(
            f"Customers charged without an order: the payment provider's settlement of the day lists "
            f"{charged['orders']} payments captured for checkouts whose order was never written "
            f"({charged['amount']}); all were refunded on {charged['refunded']}. No log shows them."
        )
    for text in notes:
        doc.add_paragraph(text, style="List Bullet")

    doc.add_heading("Root cause", level=1)
    doc.add_paragraph(
        f"Trigger: {trigger['msg']} at {hm(trigger['_t'])} UTC. The database then logged "
        f'"{first_db_error[2]}" (first at {hm(first_db_error[0])} UTC) and the application '
        f'"{first_app_error["msg"]}" (first at {hm(first_app_error["_t"])} UTC); the gateway answered the '
        f"requests it could not serve with 5xx."
    )
    for when, who, text in diagnosis:
        doc.add_paragraph(f"Diagnosis recorded in the incident channel by {who} at {hm(when)} UTC: {text}")
    if ended:
        doc.add_paragraph(
            f"The revert ({mitigation['msg']}, {hm(mitigation['_t'])} UTC) did not end the impact. "
            f"Resolution: {ended_text} at {hm(ended_t)} UTC."
        )
    else:
        doc.add_paragraph(f"Resolution: {mitigation['msg']} at {hm(mitigation['_t'])} UTC.")

    if change:
        doc.add_paragraph(
            f"How the change reached production: CHG-5120 was applied during the change freeze for the July sale "
            f"({change['from']} to {change['until']}) on a verbal exception the Head of Platform gave by phone on "
            f"{change['granted']}. It never went to the change advisory board, whose checklist includes the database "
            f"connection budget that 32 export workers exceeded."
        )

    doc.add_heading("Actions", level=1)
    actions = []
    for _, who, text in followups:
        body = text.split(":", 1)[1] if ":" in text else text
        actions += [f"{item[0].upper()}{item[1:]} (raised by {who})" for item in split_items(body)]
    actions.append(
        f"Alert earlier: the page came {int((alert[0] - start).total_seconds() // 60)} minutes after "
        f"the impact started; review the alert window."
    )
    if charged:
        actions.append(
            "Payments: release a captured payment automatically when checkout fails to write the order, "
            "and reconcile captures against orders during an incident, not the next day."
        )
    if other:
        actions.append(
            f"Ship {other['node']}'s access log with the other gateways' and alert on all gateways "
            f"together; align the Belgian pods' pool circuit breaker with the Amsterdam pods'."
        )
    if change:
        actions.append(
            "Change management: no verbal freeze exceptions; record every exception and put it through "
            "the change advisory board, including job concurrency against the connection budget."
        )
    for a in actions:
        doc.add_paragraph(a, style="List Number")
    doc.save(OUT / "incident_report.docx")
    print(json.dumps(impact))
    return impact


def anomalies() -> dict:
    """What a careful reader sees in the inputs and would ask about: a gateway node whose errors start minutes
    before the other's and before the database's; clients on internal addresses besides the health checks; a
    revert after which the impact went on for more than five minutes."""
    reqs = gateway_requests()
    found: dict = {}
    nodes = sorted({r[0] for r in reqs})
    firsts = {}
    for node in nodes:
        total, failed = per_minute([r for r in reqs if r[0] == node])
        hot = impacted(total, failed)
        if hot:
            firsts[node] = hot[0]
    if len(firsts) >= 2:
        early = min(firsts, key=firsts.get)
        others = [firsts[n] for n in firsts if n != early]
        if min(others) - firsts[early] >= dt.timedelta(minutes=2):
            found["leading_node"] = (early, firsts[early], min(others))
    internal = sorted({(r[2], r[3]) for r in reqs if r[2].startswith("10.")})
    if internal:
        found["internal_clients"] = internal
    total, failed = per_minute(reqs, None, [ip for ip, _ in internal])
    hot = impacted(total, failed)
    app = []
    for f in sorted((IN / "app").rglob("*")):
        if f.is_file():
            for line in read_text(f).splitlines():
                if line.strip().startswith("{"):
                    rec = json.loads(line)
                    if rec.get("event") in ("deploy", "config_change"):
                        app.append((dt.datetime.fromisoformat(rec["ts"].replace("Z", "+00:00")), rec["msg"]))
    after = sorted(a for a in app if a[0] > hot[0])
    if after and hot[-1] + dt.timedelta(minutes=1) - after[0][0] > dt.timedelta(minutes=5):
        found["revert_no_effect"] = (after[0][0], after[0][1], hot[-1] + dt.timedelta(minutes=1))
    return found


if __name__ == "__main__":
    analyse(json.loads(sys.argv[1]) if len(sys.argv) > 1 else {})
