"""Reference (night_capacity variant): on weekdays by day the clinical lead's revert, at weekends and from
20:00 only her red flags; red flags that follow next month's complaint codes; fast track's real hours.

- Since 5 January majors has 12 staffed cubicles 08:00-22:00 (majors B) and 5 at night (staffing table; the
  memo says nights are unchanged); patients streamed to majors after 20:00 are still there when majors B
  closes (nurse in charge). From 1 March majors B does not open on Saturdays and Sundays (nurse in charge,
  asked about March or weekends; history cannot show it).
- 08:00-20:00 on weekdays: every category 3 walk-in to majors; weekends and 20:00-08:00: the four-hour flow
  rule with the red flags (chest pain, collapse, abdominal pain 50+, NEWS2 >= 3), including TriageDesk 5.3's
  split codes.
- Fast track closes at 21:00 since 2 February. Governance sign-off (away Mon/Tue) on the evidence.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
CONFIG = "system/config/streaming_protocol.json"
RED_FLAGS = [{"complaint": "CHEST_PAIN"}, {"complaint": "COLLAPSE"}, {"complaint": "ABDO_PAIN", "min_age": 50}]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"]
NEW_CODES = {"SYNCOPE": "COLLAPSE", "CHEST_TIGHTNESS": "CHEST_PAIN", "EPIGASTRIC_PAIN": "ABDO_PAIN"}


def main() -> int:
    kit.ask("carys", "Carys, since the four-hour flow rule went live about 80 to 100 patients a month have been "
                     "escalated from minors or fast track to majors or resus, against 18 in September - mostly "
                     "category 3 walk-ins missed in minors. May I work on the streaming rule as well as the screens?")
    kit.ask("imogen", "Dr Thackeray, under revision 6 (the four-hour flow rule) StreamLine streams every category 3 "
                      "walk-in with NEWS2 below 5 to minors. If we keep that rule, which category 3 walk-ins must "
                      "still go to majors - the red-flag criteria from SI-2025-031 action 2?")
    kit.ask("bronagh", "Bronagh, how many majors cubicles are staffed by day and at night since the January rota, and "
                       "could majors take every category 3 walk-in again at those times?")
    kit.ask("bronagh", "Bronagh, is anything changing in majors staffing in March - will majors B open every day, "
                       "weekends included?")
    kit.ask("owen", "Owen, the red flags will match on presenting complaint codes. Is the list of complaint codes "
                    "the terminals send going to change in March?")
    kit.write_text("system/streaming.py", (DELIVERY / "streaming.py").read_text())
    p = kit.read_json(CONFIG)
    c3 = p["category3_walk_in"]
    c3["majors_if_news2_at_least"] = 3
    c3["red_flags"] = [dict(r) for r in RED_FLAGS]
    c3["by_time"] = [{"from": "08:00", "to": "20:00", "stream": "MAJORS", "days": WEEKDAYS}]
    p["complaint_groups"] = dict(NEW_CODES)
    p["fast_track"]["close"] = "21:00"
    kit.write_json(CONFIG, p)
    kit.run(["python3", "system/streamline.py", "--db", "data/ed.db", "--out", "/tmp/ed_check", "--month", "2026-02"])
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to the streaming protocol (ED-SOP-014 rule 5) "
                               "under section 8? Since revision 6 the four-hour flow rule streams urgent category 3 "
                               "walk-ins to minors, where they are escalated later. Escalations from minors and fast "
                               "track have run at about 80 to 100 a month since October, against 18 in September. "
                               "Majors has 12 staffed cubicles by day since majors "
                               "B opened (7 at weekends from March), and only 5 staffed cubicles at night. The "
                               "change: from 08:00 to 20:00 on weekdays every category 3 walk-in goes to majors; at "
                               "weekends and from 20:00 to 08:00 only Dr Thackeray's red flags - "
                               "chest pain, collapse, abdominal pain aged 50 or over, NEWS2 of 3 or more - including "
                               "the new TriageDesk 5.3 codes; fast track closes at 21:00 as it is staffed.",
                    away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
