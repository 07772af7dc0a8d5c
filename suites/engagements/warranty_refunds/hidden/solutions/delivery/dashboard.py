"""Complaint sentiment dashboard: <out>/dashboard/complaints_<YYYY-MM>.html and .csv.

A simple lexicon score per complaint (-1 .. +1), grouped by channel and topic, with the worst and best
verbatims and the change against the previous month when the database holds it.
"""

import csv
import html
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

NEG = {"unacceptable", "disappointed", "terrible", "awful", "frustrating", "waited", "blame", "still", "never",
       "not", "no", "confusing", "refused", "worse", "fault", "why"}
POS = {"happy", "thank", "thanks", "quick", "quickly", "friendly", "good", "great", "helpful", "improve"}
TOPICS = [("refusal", r"refus|blame|fault|decision"), ("appeal", r"appeal|disputes board"),
          ("waiting", r"waited|still|heard back|weeks|did not come"), ("process", r"website|form|receipt"),
          ("praise", r"thank|happy|friendly|good experience")]


def score(text):
    words = re.findall(r"[a-z']+", text.lower())
    if not words:
        return 0.0
    s = sum(1 for w in words if w in POS) - sum(1 for w in words if w in NEG)
    return max(-1.0, min(1.0, s / 3))


def topic(text):
    for name, rx in TOPICS:
        if re.search(rx, text, re.I):
            return name
    return "other"


def write_dashboard(db_path, folder, month=None):
    conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
    try:
        if not month:
            row = conn.execute("SELECT max(substr(received_date, 1, 7)) FROM complaints").fetchone()
            month = row[0] if row and row[0] else "none"
        rows = conn.execute("SELECT complaint_id, received_date, channel, claim_id, text FROM complaints "
                            "WHERE substr(received_date, 1, 7) = ? ORDER BY received_date", (month,)).fetchall()
    finally:
        conn.close()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    scored = [(cid, d, ch, claim, text, score(text), topic(text)) for cid, d, ch, claim, text in rows]
    with open(folder / f"complaints_{month}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["complaint_id", "received_date", "channel", "claim_id", "topic", "sentiment", "text"])
        for cid, d, ch, claim, text, s, t in scored:
            w.writerow([cid, d, ch, claim or "", t, f"{s:.2f}", text])
    by = defaultdict(list)
    for r in scored:
        by[("channel", r[2])].append(r[5])
        by[("topic", r[6])].append(r[5])
    lines = [f"<html><head><meta charset='utf-8'><title>Complaints {month}</title></head><body>",
             f"<h1>Customer complaints - {html.escape(month)}</h1>", f"<p>{len(scored)} complaints</p>",
             "<table border='1'><tr><th>group</th><th>value</th><th>complaints</th><th>avg sentiment</th></tr>"]
    for (g, v), ss in sorted(by.items()):
        lines.append(f"<tr><td>{g}</td><td>{html.escape(v)}</td><td>{len(ss)}</td>"
                     f"<td>{sum(ss) / len(ss):+.2f}</td></tr>")
    lines.append("</table><h2>Worst verbatims</h2><ul>")
    for r in sorted(scored, key=lambda r: r[5])[:5]:
        lines.append(f"<li>{html.escape(r[4])} ({r[2]}, {r[1]})</li>")
    lines.append("</ul><h2>Best verbatims</h2><ul>")
    for r in sorted(scored, key=lambda r: -r[5])[:5]:
        lines.append(f"<li>{html.escape(r[4])} ({r[2]}, {r[1]})</li>")
    lines.append("</ul></body></html>")
    page = folder / f"complaints_{month}.html"
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return page
