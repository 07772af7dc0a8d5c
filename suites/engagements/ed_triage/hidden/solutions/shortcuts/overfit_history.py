"""Shortcut: learn the exceptions from the history alone and ask nobody.

Every presenting complaint whose category 3 walk-ins streamed to minors were escalated in 10% or more of
attendances since October becomes a red flag (any age). Fits the past; no clinical owner, no sign-off.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    rows = kit.query("data/ed.db",
                     "SELECT complaint, COUNT(*), SUM(escalated_to IN ('MAJORS', 'RESUS')) FROM attendances "
                     "WHERE triage_category = 3 AND arrival_mode = 'WALK' AND stream = 'MINORS' "
                     "AND arrival_time >= '2025-10-06' GROUP BY complaint")
    flags = [comp for comp, n, esc in rows if n >= 10 and (esc or 0) / n >= 0.10]
    p = kit.read_json(CONFIG)
    have = {r["complaint"] for r in p["category3_walk_in"].get("red_flags", []) if not r.get("min_age")}
    p["category3_walk_in"].setdefault("red_flags", []).extend({"complaint": f} for f in flags if f not in have)
    kit.write_json(CONFIG, p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
