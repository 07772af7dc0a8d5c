"""Throughput dashboard for the morning meeting: one Markdown file per planned shift under <out>/dashboard/."""

import sqlite3
from pathlib import Path


def _history(db):
    try:
        conn = sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "shift_station_stats" not in tables:
            return {}
        last = conn.execute("SELECT max(substr(shift_id, 1, 10)) FROM shift_station_stats").fetchone()[0]
        rows = conn.execute(
            "SELECT station_id, sum(safety_stops), round(sum(stop_downtime_min)), round(avg(lines_per_hour), 1) "
            "FROM shift_station_stats WHERE substr(shift_id, 1, 10) > date(?, '-7 day') GROUP BY station_id",
            (last,)).fetchall()
        return {r[0]: r[1:] for r in rows}
    finally:
        conn.close()


def write(out, summary, cfg, db):
    hist = _history(db)
    d = Path(out) / "dashboard"
    d.mkdir(parents=True, exist_ok=True)
    for sh in summary["shifts"]:
        lines = [f"# Throughput dashboard - shift {sh['shift_id']}", "",
                 f"Planned lines: {sh['lines']:,} ({sh['robot_lines']:,} robot cells, {sh['manual_lines']:,} manual)",
                 "", "| Station | Planned min | Planned lines/h | Stops last 7 days | Downtime last 7 days (min) |",
                 "|---|---|---|---|---|"]
        for st, mins in sh["planned_min"].items():
            h = hist.get(st, ("-", "-", "-"))
            lines.append(f"| {st} | {mins} | {sh['planned_lines_per_hour'].get(st, 0)} | {h[0]} | {h[1]} |")
        (d / f"{sh['shift_id']}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
