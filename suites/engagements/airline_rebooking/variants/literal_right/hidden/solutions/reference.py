"""Reference (literal_right): switch interline rebooking back on, as the sponsor asks - with the partners as
they are today.

- Sundair turns our rebooked passengers away since 1 February: the desk's manual rebookings show it (the
  interline list says otherwise); leave it out.
- Corvia takes at most 8 rebooked passengers per flight (the desk's refusals on busy Corvia flights; Interline
  confirms it when shown them).
- Baltair accepts our passengers from 2 March on its new routes - hinted nowhere; Interline, asked what changed.
- The Duty Operations Controller (rest days Mon/Tue) signs with the sponsor's request and Interline's word.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "morag",
        "Morag, shall I switch the job's interline rebooking back on as you asked, so a partner "
        "flight is used whenever it gets the passenger there sooner?",
    )
    kit.ask(
        "ruth",
        "Ruth, since 1 February every passenger the desk rebooked onto Sundair was turned away at "
        "check-in. Has Sundair stopped accepting our rebooked passengers?",
    )
    kit.ask(
        "ruth",
        "And on busy Corvia flights the desk's ninth and later passengers were refused at check-in, the "
        "first eight were not. Is there a limit per flight?",
    )
    kit.ask("ruth", "Have we signed any new interline partners since November?")
    fixes.install(interline_partners=["CV", "BT"], partner_caps={"CV": 8})
    fixes.dry_run()
    fixes.sign_off(
        "Callum, could you sign off switching the job's interline rebooking back on, as Morag asked: "
        "Corvia (at most 8 of our passengers per flight) and Baltair as partners, Sundair left out "
        "because Ruth confirms they refuse our passengers since 1 February?"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
