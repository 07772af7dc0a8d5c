"""Reference (base variant): the red-flag exceptions to the four-hour flow rule, with their owner's criteria and
the governance sign-off.

- Revision 6 streams every category 3 walk-in with NEWS2 below 5 to minors. The ED clinical lead's criteria
  (SI-2025-031 action 2): chest pain, collapse/syncope, abdominal pain aged 50+, or NEWS2 >= 3 -> majors.
- Not the full revert the clinical lead would prefer: majors has 7 staffed cubicles and would overflow
  (nurse in charge, away Wed/Thu).
- ED clinical governance lead's sign-off (away Mon/Tue) before the change is used.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("imogen", "Dr Thackeray, under revision 6 (the four-hour flow rule) StreamLine streams every category 3 "
                      "walk-in with NEWS2 below 5 to minors. If we keep that rule, which category 3 walk-ins must "
                      "still go to majors - the red-flag criteria from SI-2025-031 action 2?")
    kit.ask("bronagh", "Bronagh, how many majors cubicles are staffed, and could majors cope if more category 3 "
                       "walk-ins were streamed there instead of minors?")
    c.write_protocol(c.with_red_flags(c.read_protocol()))
    c.run_history_check("2026-02")
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to the streaming protocol (ED-SOP-014 rule 5) "
                               "under section 8: category 3 walk-ins with Dr Thackeray's red flags - chest pain, "
                               "collapse or syncope, abdominal pain aged 50 or over - or a NEWS2 of 3 or more are "
                               "streamed to majors; the rest of the four-hour flow rule stays as it is?",
                    away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
