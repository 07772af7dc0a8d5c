"""Custom checks of the incident_report family: key events of the timeline, the impact window, the report's facts.

Each function is called as f(output, reference, params) with read-only trees of the delivered output/ and of
hidden/reference/; it returns (value in [0, 1], evidence).
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import re

UTC = dt.UTC
TOLERANCE_S = 60  # a key event must be placed within a minute of the reference time
MAX_ROWS = 20  # the timeline is a list of key events, not a log dump

COMPONENTS = {
    "gateway": {"gateway", "gw", "nginx", "edge", "load balancer", "lb", "api gateway", "ingress", "proxy"},
    "app": {"app", "application", "checkout-api", "checkout api", "service", "api", "backend"},
    "database": {"database", "db", "postgres", "postgresql", "pg", "primary"},
    "oncall": {
        "oncall",
        "on-call",
        "on call",
        "chat",
        "slack",
        "pagerduty",
        "incident",
        "team",
        "sre",
        "incident channel",
        "people",
        "responders",
    },
}


def _component(text: str) -> str:
    t = " ".join(str(text or "").replace("_", " ").split()).casefold()
    for name, words in COMPONENTS.items():
        if t in words:
            return name
    return t


def _when(text: str) -> dt.datetime | None:
    s = str(text or "").strip()
    if not s:
        return None
    s = s.replace("Z", "+00:00").replace("z", "+00:00").replace(" UTC", "+00:00").replace("UTC", "+00:00")
    try:
        x = dt.datetime.fromisoformat(s)
    except ValueError:
        for fmt in (
            "%Y-%m-%d %H:%M:%S%z",
            "%Y-%m-%d %H:%M%z",
            "%Y-%m-%d %H:%M:%S",
            "%Y-%m-%d %H:%M",
            "%d/%m/%Y %H:%M:%S",
            "%d/%m/%Y %H:%M",
        ):
            try:
                x = dt.datetime.strptime(s, fmt)
                break
            except ValueError:
                continue
        else:
            return None
    return x.replace(tzinfo=UTC) if x.tzinfo is None else x.astimezone(UTC)


def _rows(tree, path: str) -> list[dict[str, str]]:
    _, data = tree.read_one(path)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    rows = [r for r in reader if any(c.strip() for c in r)]
    if not rows:
        return []
    head = [h.strip().casefold() for h in rows[0]]
    return [dict(zip(head, r, strict=False)) for r in rows[1:]]


def timeline_events(output, reference, params):
    """Share of the reference key events found in timeline.csv: same component, within a minute."""
    try:
        got = _rows(output, "timeline.csv")
    except Exception as e:  # missing or unreadable: the worker's file
        return 0.0, f"cannot read timeline.csv: {e}"
    want = _rows(reference, "timeline.csv")
    if not got or not {"timestamp", "component", "event"} <= set(got[0]):
        cols = sorted(got[0]) if got else []
        return 0.0, f"timeline.csv needs columns timestamp, component, event (has {cols})"
    parsed, unparsed = [], 0
    for r in got:
        when = _when(r.get("timestamp"))
        if when is None:
            unparsed += 1
            continue
        parsed.append((when, _component(r.get("component")), (r.get("event") or "").strip()))
    used: set[int] = set()
    missed = []
    for r in want:
        when, comp = _when(r["timestamp"]), _component(r["component"])
        best = None
        for i, (w, c, text) in enumerate(parsed):
            if i in used or c != comp or not text:
                continue
            gap = abs((w - when).total_seconds())
            if gap <= TOLERANCE_S and (best is None or gap < best[0]):
                best = (gap, i)
        if best is None:
            missed.append(f"{comp} {when:%H:%M:%S} ({r['event'][:40]})")
        else:
            used.add(best[1])
    recall = (len(want) - len(missed)) / len(want)
    factor = min(1.0, MAX_ROWS / len(got))
    evidence = f"{len(want) - len(missed)}/{len(want)} key events placed"
    if missed:
        evidence += "; missing or mistimed: " + "; ".join(missed[:5])
    if unparsed:
        evidence += f"; {unparsed} rows with an unreadable timestamp"
    if factor < 1:
        evidence += f"; {len(got)} rows (a key-event timeline has at most {MAX_ROWS}): ×{factor:.2f}"
    return recall * factor, evidence


def impact_window(output, reference, params):
    """start and end of impact.json within a minute of the reference window."""
    try:
        got = json.loads(output.read_one("impact.json")[1])
    except Exception as e:
        return 0.0, f"cannot read impact.json: {e}"
    want = json.loads(reference.read_one("impact.json")[1])
    ok, notes = 0, []
    for field in ("start", "end"):
        g = _when(got.get(field)) if isinstance(got, dict) else None
        w = _when(want[field])
        if g is not None and abs((g - w).total_seconds()) <= TOLERANCE_S:
            ok += 1
        else:
            notes.append(f"{field} {got.get(field) if isinstance(got, dict) else None!r} ≠ {want[field]}")
    return ok / 2, "; ".join(notes) or "start and end agree"


# ------------------------------------------------------------------------------------------------ the report
def _blocks(data: bytes):
    """Body paragraphs and tables in order: (level or None, text). Headings get their level (Title = 0)."""
    from docx import Document
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    doc = Document(io.BytesIO(data))
    out = []
    for child in doc.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            p = Paragraph(child, doc)
            style = (p.style.name if p.style is not None else "") or ""
            level = None
            if style.casefold() == "title":
                level = 0
            elif style.casefold().startswith("heading"):
                m = re.search(r"\d+", style)
                level = int(m.group(0)) if m else 1
            out.append((level, p.text))
        elif tag == "tbl":
            t = Table(child, doc)
            for row in t.rows:
                out.append((None, " | ".join(c.text for c in row.cells)))
    return out


def _section(blocks, name: str) -> list[str] | None:
    """Text blocks under the first heading that contains `name` (a section heading before the title)."""
    key = name.casefold()
    hits = [i for i, (lv, tx) in enumerate(blocks) if lv is not None and key in " ".join(tx.split()).casefold()]
    hits = [i for i in hits if blocks[i][0] > 0] or hits
    if not hits:
        return None
    level = blocks[hits[0]][0]
    body = []
    for lv, tx in blocks[hits[0] + 1 :]:
        if lv is not None and lv <= level:
            break
        if tx.strip():
            body.append(tx.strip())
    return body


def _numbers(text: str) -> list[float]:
    out = []
    for m in re.finditer(r"\d[\d,\u202f\u00a0]*(?:\.\d+)?", text):
        s = re.sub(r"[,\u202f\u00a0]", "", m.group(0))
        with contextlib.suppress(ValueError):
            out.append(float(s))
    return out


def _clock(text: str, when: dt.datetime) -> bool:
    """HH:MM of `when` (or a minute either side) written in the text."""
    for delta in (0, -1, 1):
        x = when + dt.timedelta(minutes=delta)
        if re.search(rf"(?<!\d)0?{x.hour}[:.h]{x.minute:02d}(?!\d)", text):
            return True
    return False


def report_facts(output, reference, params):
    """The report states the window, duration, failed requests and peak, names the cause, lists actions."""
    try:
        blocks = _blocks(output.read_one("incident_report.docx")[1])
    except Exception as e:
        return 0.0, f"cannot read incident_report.docx: {e}"
    want = json.loads(reference.read_one("impact.json")[1])
    full = "\n".join(t for _, t in blocks)
    nums = _numbers(full)
    items: list[tuple[bool, str]] = []

    summary = _section(blocks, "summary")
    stext = "\n".join(summary or [])
    start, end = _when(want["start"]), _when(want["end"])
    items.append(
        (
            summary is not None and _clock(stext, start) and _clock(stext, end),
            "Summary does not give the impact window (start and end, UTC)",
        )
    )
    fr = float(want["failed_requests"])
    items.append((any(abs(n - fr) <= max(1.0, 0.01 * fr) for n in nums), "the failed requests are not stated"))
    dur = float(want["duration_minutes"])
    items.append(
        (
            any(abs(float(m.group(1)) - dur) <= 1 for m in re.finditer(r"(\d+)\s*(?:-\s*)?min", full)),
            "the duration is not stated",
        )
    )
    peak = float(want["error_rate_peak"])
    items.append(
        (
            any(abs(float(m.group(1)) - peak) <= 0.5 for m in re.finditer(r"(\d+(?:\.\d+)?)\s*%", full)),
            "the peak error rate is not stated",
        )
    )

    cause = _section(blocks, "root cause")
    ctext = " ".join(cause or []).casefold()
    groups = [
        [w.strip().casefold() for w in g.split(",") if w.strip()]
        for g in str(params.get("root_cause_terms", "")).split("|")
        if g.strip()
    ]
    for g in groups:
        items.append((cause is not None and any(w in ctext for w in g), f"Root cause does not mention {g[0]!r}"))

    actions = _section(blocks, "action")
    items.append((actions is not None and len(actions) >= 3, "Actions lists fewer than 3 items"))

    passed = sum(ok for ok, _ in items)
    failures = [why for ok, why in items if not ok]
    return passed / len(items), "; ".join(failures) or f"all {len(items)} facts present"


def mitigation_named(output, reference, params):
    """The Summary or the Root cause section names what actually ended the impact (any of `mitigation_terms`)."""
    try:
        blocks = _blocks(output.read_one("incident_report.docx")[1])
    except Exception as e:
        return 0.0, f"cannot read incident_report.docx: {e}"
    terms = [w.strip().casefold() for w in str(params.get("mitigation_terms", "")).split(",") if w.strip()]
    text = " ".join(" ".join((_section(blocks, "summary") or []) + (_section(blocks, "root cause") or [])).split())
    text = text.casefold()
    if any(w in text for w in terms):
        return 1.0, "the report names what ended the impact"
    return 0.0, f"neither the Summary nor the Root cause names what ended the impact (e.g. {terms[0]!r})"


def customer_impact(output, reference, params):
    """The Summary or the Impact section states the customer-facing impact: each group of `customer_impact_terms`
    (a group of digits is a figure that must be written; other groups are words, any of which will do); with no
    such terms, the failed requests of the reference."""
    try:
        blocks = _blocks(output.read_one("incident_report.docx")[1])
    except Exception as e:
        return 0.0, f"cannot read incident_report.docx: {e}"
    text = " ".join(" ".join((_section(blocks, "summary") or []) + (_section(blocks, "impact") or [])).split())
    nums = _numbers(text)
    groups = [
        [w.strip().casefold() for w in g.split(",") if w.strip()]
        for g in str(params.get("customer_impact_terms", "")).split("|")
        if g.strip()
    ]
    if not groups:
        fr = float(json.loads(reference.read_one("impact.json")[1])["failed_requests"])
        groups = [[f"{fr:.0f}"]]
    missing = []
    for g in groups:
        if all(w.isdigit() for w in g):
            ok = any(n == float(w) for n in nums for w in g)
        else:
            ok = any(w in text.casefold() for w in g)
        if not ok:
            missing.append(g[0])
    if missing:
        return 0.0, (
            f"neither the Summary nor the Impact section states the customer impact "
            f"({len(missing)} of {len(groups)} terms missing)"
        )
    return 1.0, "the customer impact is stated"


def change_process(output, reference, params):
    """The Summary or the Root cause section says which change triggered the incident and how it reached production:
    each group of `change_terms` (comma-separated alternatives; any of them will do)."""
    try:
        blocks = _blocks(output.read_one("incident_report.docx")[1])
    except Exception as e:
        return 0.0, f"cannot read incident_report.docx: {e}"
    text = " ".join(" ".join((_section(blocks, "summary") or []) + (_section(blocks, "root cause") or [])).split())
    text = text.casefold()
    groups = [
        [w.strip().casefold() for w in g.split(",") if w.strip()]
        for g in str(params.get("change_terms", "")).split("|")
        if g.strip()
    ]
    missing = sum(not any(w in text for w in g) for g in groups)
    if missing:
        return 0.0, (
            f"neither the Summary nor the Root cause says how the triggering change reached production "
            f"({missing} of {len(groups)} terms missing)"
        )
    return 1.0, "the report says how the change reached production"
