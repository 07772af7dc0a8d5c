"""Reference (night_capacity variant): by day the clinical lead's revert, from 20:00 only her red flags.

- Since 5 January majors has 12 staffed cubicles 08:00-22:00 (majors B) and 3 at night; patients streamed to
  majors after 20:00 are still there when majors B closes (nurse in charge).
- 08:00-20:00: every category 3 walk-in to majors; 20:00-08:00: the four-hour flow rule with the red flags
  (chest pain, collapse, abdominal pain 50+, NEWS2 >= 3).
- Governance sign-off (away Mon/Tue), which needs both the criteria and the capacity picture.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("imogen", "Dr Thackeray, under revision 6 (the four-hour flow rule) StreamLine streams every category 3 "
                      "walk-in with NEWS2 below 5 to minors. If we keep that rule, which category 3 walk-ins must "
                      "still go to majors - the red-flag criteria from SI-2025-031 action 2?")
    kit.ask("bronagh", "Bronagh, how many majors cubicles are staffed by day and at night since the January rota, and "
                       "could majors take every category 3 walk-in again at those times?")
    c.install_streaming()
    p = c.with_red_flags(c.read_protocol())
    p["category3_walk_in"]["by_time"] = [{"from": "08:00", "to": "20:00", "stream": "MAJORS"}]
    c.write_protocol(p)
    c.run_history_check("2026-02")
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to the streaming protocol (ED-SOP-014 rule 5) "
                               "under section 8: from 08:00 to 20:00 every category 3 walk-in is streamed to majors, as "
                               "majors B allows; from 20:00 to 08:00 only Dr Thackeray's red flags - chest pain, "
                               "collapse, abdominal pain aged 50 or over, NEWS2 of 3 or more - go to majors, as "
                               "Sister Keane advises for the 3 night cubicles?", away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
