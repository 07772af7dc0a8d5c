"""Corrections intake triage job (Wenmouth Courier, Editorial Systems).

Reads the intake extract (SQLite: `items`, `stories`) and writes, for every item:

    triage.csv         item_id, category, desk, due_by, rule      (read by the desk queues every 15 minutes)
    partner_feed.psv   story_id|item_id|notice|issued_at          (read by the Northshire partner ingest)

Categories: LEGAL (legal desk), STANDARDS (a referral from the News Standards Council: the Readers' Editor),
FACTUAL (the story's desk: a correction), REVIEW (the Readers' Editor reads it), NOT_ACTIONABLE (closed,
desk NONE). Rules are in config/rules.json; see README.md.

    python3 system/triage.py --db /data/intake.db --out /out
    python3 system/triage.py --db data/intake_history.db --from 2026-02-02 --to 2026-02-08 --out check
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = ["item_id", "category", "desk", "due_by", "rule"]
FEED_HEADER = ["story_id", "item_id", "notice", "issued_at"]
TIME = "%Y-%m-%d %H:%M"


def load_rules(path: Path | None = None) -> dict:
    return json.loads((path or HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def _has(text: str, terms: list[str]) -> bool:
    return any(term in text for term in terms)


def classify(item: dict, story: dict, rules: dict) -> tuple[str, str, float | None, str]:
    """(category, desk, hours to the deadline, rule) for one intake item."""
    channels = rules["channels"]
    channel = str(item.get("channel", "")).strip().upper()
    text = f"{item.get('subject', '')} {item.get('body', '')}".lower()
    hours = rules["deadline_hours"]
    section = str(story.get("section", "")).strip().upper()
    desk = rules["desk_by_section"].get(section, rules["default_desk"]) if section else rules["default_desk"]
    if channel in channels["regulator"]:
        return "STANDARDS", "READERS", hours["STANDARDS"], "regulator referral"
    short = int(rules.get("autoclose_under_words", 0) or 0)
    if short and len(text.split()) < short:
        return "NOT_ACTIONABLE", "NONE", None, f"under {short} words"
    if channel in channels["staff"]:
        return "FACTUAL", desk, hours["FACTUAL"], "staff flag"
    if channel in channels["social"] and rules.get("social_review"):
        return "REVIEW", "READERS", hours["REVIEW"], "social mention: read by the Readers' Editor"
    accuracy = _has(text, rules["accuracy_terms"])
    if rules.get("fast_lane_first") and accuracy:
        return "FACTUAL", desk, hours["FACTUAL"], "accuracy fast lane"
    if _has(text, rules["legal_terms"]) or section in rules.get("legal_sections", []):
        return "LEGAL", "LEGAL", hours["LEGAL"], "legal terms"
    if accuracy:
        return "FACTUAL", desk, hours["FACTUAL"], "accuracy terms"
    return "NOT_ACTIONABLE", "NONE", None, "no actionable terms"


def run(conn: sqlite3.Connection, rules: dict, first: str | None = None, last: str | None = None) -> tuple:
    """(triage rows, feed rows) for the items received between `first` and `last` (dates, inclusive)."""
    conn.row_factory = sqlite3.Row
    stories = {r["story_id"]: dict(r) for r in conn.execute("SELECT * FROM stories")}
    query, args = "SELECT * FROM items", []
    if first and last:
        query += " WHERE substr(received_at, 1, 10) BETWEEN ? AND ?"
        args = [first, last]
    rows, feed = [], []
    for item in conn.execute(query + " ORDER BY received_at, item_id", args):
        item = dict(item)
        story = stories.get(item.get("story_id") or "", {})
        category, desk, hours, rule = classify(item, story, rules)
        received = datetime.strptime(item["received_at"], TIME)
        due = (received + timedelta(hours=hours)).strftime(TIME) if hours is not None else ""
        rows.append({"item_id": item["item_id"], "category": category, "desk": desk, "due_by": due, "rule": rule})
        if category == "FACTUAL" and story and int(story.get("syndicated") or 0):
            notice = rules["feed"]["notice_for_factual"]
            feed.append(
                {
                    "story_id": story["story_id"],
                    "item_id": item["item_id"],
                    "notice": notice,
                    "issued_at": item["received_at"],
                }
            )
    return rows, feed


def write(out: Path, rows: list[dict], feed: list[dict]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "triage.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    with (out / "partner_feed.psv").open("w", newline="", encoding="utf-8") as f:
        f.write("|".join(FEED_HEADER) + "\n")
        for r in feed:
            f.write("|".join(str(r[k]) for k in FEED_HEADER) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--from", dest="first")
    ap.add_argument("--to", dest="last")
    ap.add_argument("--rules")
    a = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{a.db}?mode=ro", uri=True)
    try:
        rows, feed = run(conn, load_rules(Path(a.rules) if a.rules else None), a.first, a.last)
    finally:
        conn.close()
    write(Path(a.out), rows, feed)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["desk"]] = counts.get(r["desk"], 0) + 1
    print(f"triaged {len(rows)} items: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"partner feed: {len(feed)} notices")
    return 0


if __name__ == "__main__":
    sys.exit(main())
