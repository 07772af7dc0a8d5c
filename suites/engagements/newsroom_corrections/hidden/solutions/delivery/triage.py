"""Corrections intake triage job (Wenmouth Courier, Editorial Systems) - revised rules engine.

Same command, inputs and outputs as the shipped job (triage.csv; partner_feed.psv in the partner's format);
every new rule is off unless config/rules.json asks for it, so the shipped rules file gives the shipped
decisions. New keys:

  regulator_text_terms    words that mark a regulator referral whatever the channel
  legal_sections          {section: hours} (or a list: the LEGAL deadline) - complaints on these go to Legal
  legal_section_match     substrings of a section code that count as a legal section ("COURT")
  legal_patterns          case-sensitive regular expressions that send an item to Legal
  legal_syndicated        every complaint on a syndicated story goes to Legal
  fast_lane_over_all      the accuracy fast lane before the regulator and legal checks
  dedupe_ext_ref          a repeat of a social mention already triaged (same ext_ref) is closed
  foreign_to_readers      {"hours": h}: items not in English go to the Readers' Editor
  desk_moves              {desk: {"desk": new, "from": "YYYY-MM-DD"}}: a desk queue that has moved
  hold_legal_on_syndicated   a HOLD notice to the partner feed for a legal item on a syndicated story
  hold_sections           the sections whose syndicated stories get those HOLDs (default: every section)
  hold_all_syndicated     a HOLD notice for every complaint on a syndicated story
  hold_shared             {"sections": [...], "from": day, "to": day}: stories of these sections published in
                          those days count as syndicated for the HOLD on a legal item (a joint coverage deal)
  review_everything       {"hours": h}: every item that is not a referral goes to the Readers' Editor
  autoclose_channels      channels whose items are closed unless they carry a legal term
"""

from __future__ import annotations

import argparse
import csv
import json
import re
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


def _desk(section: str, day: str, rules: dict) -> str:
    desk = rules["desk_by_section"].get(section, rules["default_desk"]) if section else rules["default_desk"]
    move = rules.get("desk_moves", {}).get(desk)
    if move and day >= move.get("from", ""):
        desk = move["desk"]
    return desk


def _legal_section(section: str, rules: dict) -> float | None:
    sections = rules.get("legal_sections", [])
    hours = float(rules["deadline_hours"]["LEGAL"])
    if isinstance(sections, dict):
        if section in sections:
            return float(sections[section])
    elif section in sections:
        return hours
    for part in rules.get("legal_section_match", []):
        if part and part in section:
            return float(rules.get("legal_section_hours", hours))
    return None


def classify(item: dict, story: dict, rules: dict, seen: set[str]) -> tuple[str, str, float | None, str]:
    """(category, desk, hours to the deadline, rule) for one intake item."""
    channels = rules["channels"]
    channel = str(item.get("channel", "")).strip().upper()
    raw = f"{item.get('subject', '')} {item.get('body', '')}"
    text = raw.lower()
    hours = rules["deadline_hours"]
    section = str(story.get("section", "")).strip().upper()
    desk = _desk(section, str(item.get("received_at", ""))[:10], rules)
    accuracy = _has(text, rules["accuracy_terms"])
    if rules.get("fast_lane_over_all") and accuracy:
        return "FACTUAL", desk, hours["FACTUAL"], "accuracy fast lane"
    if channel in channels["regulator"] or _has(text, rules.get("regulator_text_terms", [])):
        return "STANDARDS", "READERS", hours["STANDARDS"], "regulator referral"
    if rules.get("review_everything"):
        return "REVIEW", "READERS", float(rules["review_everything"].get("hours", 12)), "read by the Readers' Editor"
    ref = str(item.get("ext_ref") or "").strip()
    if rules.get("dedupe_ext_ref") and ref:
        if ref in seen:
            return "NOT_ACTIONABLE", "NONE", None, "repeat of a social mention"
        seen.add(ref)
    short = int(rules.get("autoclose_under_words", 0) or 0)
    if short and len(text.split()) < short:
        return "NOT_ACTIONABLE", "NONE", None, f"under {short} words"
    if channel in channels["staff"]:
        return "FACTUAL", desk, hours["FACTUAL"], "staff flag"
    if channel in rules.get("autoclose_channels", []) and not _has(text, rules["legal_terms"]):
        return "NOT_ACTIONABLE", "NONE", None, f"{channel.lower()} closed"
    if channel in channels["social"] and rules.get("social_review"):
        return "REVIEW", "READERS", hours["REVIEW"], "social mention: read by the Readers' Editor"
    if rules.get("fast_lane_first") and accuracy:
        return "FACTUAL", desk, hours["FACTUAL"], "accuracy fast lane"
    court = _legal_section(section, rules)
    if court is not None:
        return "LEGAL", "LEGAL", court, f"legal section {section}"
    if _has(text, rules["legal_terms"]) or any(re.search(p, raw) for p in rules.get("legal_patterns", [])):
        return "LEGAL", "LEGAL", hours["LEGAL"], "legal terms"
    if rules.get("legal_syndicated") and story and int(story.get("syndicated") or 0):
        return "LEGAL", "LEGAL", hours["LEGAL"], "syndicated story"
    if accuracy:
        return "FACTUAL", desk, hours["FACTUAL"], "accuracy terms"
    foreign = rules.get("foreign_to_readers")
    if foreign and str(item.get("language") or "en").strip().lower() not in ("en", ""):
        return "REVIEW", "READERS", float(foreign.get("hours", hours["REVIEW"])), "not in English"
    return "NOT_ACTIONABLE", "NONE", None, "no actionable terms"


def run(conn: sqlite3.Connection, rules: dict, first: str | None = None, last: str | None = None) -> tuple:
    """(triage rows, feed rows) for the items received between `first` and `last` (dates, inclusive)."""
    conn.row_factory = sqlite3.Row
    stories = {r["story_id"]: dict(r) for r in conn.execute("SELECT * FROM stories")}
    query, args = "SELECT * FROM items", []
    if first and last:
        query += " WHERE substr(received_at, 1, 10) BETWEEN ? AND ?"
        args = [first, last]
    rows, feed, seen = [], [], set()
    for item in conn.execute(query + " ORDER BY received_at, item_id", args):
        item = dict(item)
        story = stories.get(item.get("story_id") or "", {})
        category, desk, hours, rule = classify(item, story, rules, seen)
        received = datetime.strptime(item["received_at"], TIME)
        due = (received + timedelta(hours=hours)).strftime(TIME) if hours is not None else ""
        rows.append({"item_id": item["item_id"], "category": category, "desk": desk, "due_by": due, "rule": rule})
        syndicated = bool(story) and bool(int(story.get("syndicated") or 0))
        notice = ""
        hold_all = category != "NOT_ACTIONABLE" and rules.get("hold_all_syndicated")
        hold_legal = category == "LEGAL" and rules.get("hold_legal_on_syndicated")
        if hold_legal and rules.get("hold_sections") and str(story.get("section", "")) not in rules["hold_sections"]:
            hold_legal = False
        shared = rules.get("hold_shared") or {}
        published = str(story.get("published_at", "") or "")[:10]
        in_deal = shared.get("from", "") <= published <= shared.get("to", "9999-12-31")
        if category == "LEGAL" and story and str(story.get("section", "")) in shared.get("sections", []) and in_deal:
            syndicated = hold_legal = bool(rules.get("hold_legal_on_syndicated"))
        if syndicated and (hold_all or hold_legal):
            notice = "HOLD"
        elif syndicated and category == "FACTUAL":
            notice = rules["feed"]["notice_for_factual"]
        if notice:
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
