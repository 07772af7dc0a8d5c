"""Reference (base variant): the red-flag exceptions to the four-hour flow rule, robust to next month's feed,
with fast track's real hours and the governance sign-off.

- Revision 6 streams every category 3 walk-in with NEWS2 below 5 to minors. The ED clinical lead's criteria
  (SI-2025-031 action 2): chest pain, collapse/syncope, abdominal pain aged 50+, or NEWS2 >= 3 -> majors.
  Not the full revert she would prefer: majors has 7 staffed cubicles and would overflow.
- From 1 March TriageDesk 5.3 splits COLLAPSE, CHEST_PAIN and ABDO_PAIN into new codes (clinical systems
  analyst only): the red flags must follow them.
- Fast track closes at 21:00 since 2 February (staffing table; the protocol still says 23:00).
- The sponsor agrees once shown the harm; the governance lead (away Mon/Tue) signs on the evidence.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
CONFIG = "system/config/streaming_protocol.json"
RED_FLAGS = [{"complaint": "CHEST_PAIN"}, {"complaint": "COLLAPSE"}, {"complaint": "ABDO_PAIN", "min_age": 50}]
NEW_CODES = {"SYNCOPE": "COLLAPSE", "CHEST_TIGHTNESS": "CHEST_PAIN", "EPIGASTRIC_PAIN": "ABDO_PAIN"}


def main() -> int:
    kit.ask("carys", "Carys, since the four-hour flow rule went live about 80 to 100 patients a month have been "
                     "escalated from minors or fast track to majors or resus, against 18 in September - mostly "
                     "category 3 walk-ins missed in minors. May I work on the streaming rule, with Dr Garroway's "
                     "sign-off, as well as the screens?")
    kit.ask("imogen", "Dr Thackeray, under revision 6 (the four-hour flow rule) StreamLine streams every category 3 "
                      "walk-in with NEWS2 below 5 to minors. If we keep that rule, which category 3 walk-ins must "
                      "still go to majors - the red-flag criteria from SI-2025-031 action 2?")
    kit.ask("bronagh", "Bronagh, fast track: what are its opening hours at the moment? The staffing table says it "
                       "closes at 21:00 since February, the protocol says 23:00.")
    kit.ask("owen", "Owen, the red flags will match on presenting complaint codes. Is the list of complaint codes "
                    "the terminals send going to change in March?")
    kit.write_text("system/streaming.py", (DELIVERY / "streaming.py").read_text())
    p = kit.read_json(CONFIG)
    c3 = p["category3_walk_in"]
    c3["majors_if_news2_at_least"] = 3
    c3["red_flags"] = [dict(r) for r in RED_FLAGS]
    p["complaint_groups"] = dict(NEW_CODES)
    p["fast_track"]["close"] = "21:00"
    kit.write_json(CONFIG, p)
    kit.run(["python3", "system/streamline.py", "--db", "data/ed.db", "--out", "/tmp/ed_check", "--month", "2026-02"])
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to the streaming protocol (ED-SOP-014 rule 5) "
                               "under section 8? Since revision 6 the four-hour flow rule streams urgent category 3 "
                               "walk-ins to minors, where they are escalated later. Escalations from minors and fast "
                               "track have run at about 80 to 100 a month since October, against 18 in September. "
                               "The change: category 3 walk-ins with "
                               "Dr Thackeray's red flags - chest pain, collapse or syncope, abdominal pain aged 50 or "
                               "over - or a NEWS2 of 3 or more go to majors, including the new TriageDesk 5.3 codes "
                               "for those complaints; fast track closes at 21:00 as it is staffed since February.",
                    away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
