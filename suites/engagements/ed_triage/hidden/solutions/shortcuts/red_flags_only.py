"""Shortcut: the obvious fix, done properly as far as it goes - the clinical lead's red flags, the evidence and
the sign-off - but matched on history's complaint codes only and with fast track's hours as the protocol says."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    kit.ask("imogen", "Dr Thackeray, under revision 6 (the four-hour flow rule) StreamLine streams every category 3 "
                      "walk-in with NEWS2 below 5 to minors. Which category 3 walk-ins must still go to majors?")
    p = kit.read_json(CONFIG)
    c3 = p["category3_walk_in"]
    c3["majors_if_news2_at_least"] = min(3, int(c3.get("majors_if_news2_at_least", 5)))
    have = {r["complaint"] for r in c3.get("red_flags", [])}
    c3["red_flags"] = c3.get("red_flags", []) + [r for r in (
        {"complaint": "CHEST_PAIN"}, {"complaint": "COLLAPSE"}, {"complaint": "ABDO_PAIN", "min_age": 50})
        if r["complaint"] not in have]
    kit.write_json(CONFIG, p)
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to the streaming protocol under section 8? "
                               "Dr Thackeray's red flags for category 3 walk-ins - chest pain, collapse, abdominal pain "
                               "aged 50 or over, NEWS2 of 3 or more - go to majors instead of minors.",
                    away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
