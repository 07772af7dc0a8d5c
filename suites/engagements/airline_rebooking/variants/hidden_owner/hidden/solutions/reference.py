"""Reference (hidden_owner): the facts sit with people nobody would ask first.

- Corvia no longer accepts rebooked passengers (since 26 January; the history shows it). Sundair's IROP annex
  expires on 8 March and is not renewed: Interline (Ruth) says so when asked what is changing in the
  partner agreements - hinted nowhere. From 9 March no partner takes our passengers.
- Dunmere's minimum connecting time is 50 minutes since 9 February (one cut of the history).
- Snowline Tours' hard block on HD 433/434 and this weekend's choir group on HD 611/612: Leisure & Groups
  (Bethan) confirms them when shown the denied boardings; Revenue Management cannot see them.
- Denied boardings on the Ellerdale crew's rotations (HD 101/102, HD 107/108) since 9 February: a crewing
  limit (one cabin crew, at most 50 passengers on the ATR) that Ops Control (Callum) explains when shown the
  flights and how many were offloaded, counted from the history. From 9 March every Porthaven flight too,
  which no data shows: Callum says so when asked what is changing in crewing next week.
- The new fare families from 2 March (Pricing), hinted nowhere.
- The sponsor agrees once shown the money; the Duty Operations Controller (rest days Mon/Tue) signs off.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and the shared modules, also for scripts in shortcuts/

import fixes
import owner_facts as facts
import worktrial_kit as kit


def main() -> int:
    kit.ask("morag", facts.sponsor_message())
    ski = ["HD 433", "HD 434"]
    kit.ask(
        "bethan",
        "Bethan, each time the job rebooked passengers onto the ski flights HD 433 and HD 434, confirmed "
        f"passengers were denied boarding - {facts.denied_boardings(ski)} denied boardings since January. Are "
        "seats on those flights held for a tour operator or a group?",
    )
    kit.ask(
        "leena",
        "Leena, has anything changed in the fare families since February - any the re-accommodation job "
        "might not know?",
    )
    kit.ask(
        "ruth",
        "Ruth, is anything changing in our interline agreements next month - any partner's IROP annex expiring "
        "or being renegotiated?",
    )
    eld = facts.denied_flights("ELD")
    since = facts.first_denied_boarding(eld)
    pairs = " and ".join(f"{eld[i]}/{eld[i + 1][3:]}" for i in range(0, len(eld) - 1, 2))
    kit.ask_when_in(
        "callum",
        f"Callum, since {since} the job's rebookings onto the Ellerdale flights {pairs} have ended in denied "
        f"boardings. All told, {facts.denied_boardings(eld)} confirmed passengers were offloaded on those flights "
        "although the feed showed the seats free. Is something limiting how many passengers they may board? "
        "And is anything changing in crewing next week - any roster changes at the outstations?",
        fixes.OCC_AWAY,
    )
    crew = [
        {"flights": eld, "from": "2026-02-09", "to": "2026-12-31", "seats": 20},
        {"flights": facts.flights_of("PHV"), "from": "2026-03-09", "to": "2026-03-31", "seats": 20},
    ]
    fixes.install(
        fares=fixes.NEW_FARES,
        interline_partners=[],
        hub_mct=facts.DNM_MCT,
        held_seats=facts.SNOWLINE_HELD + crew,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? No interline partners from now "
        "(Corvia turns our passengers away since 26 January, Sundair's IROP annex lapses on 8 March), Dunmere's "
        "minimum connecting time 50 minutes from 9 February, the block seats on HD 433/434, HD 611 and HD 612 "
        "never rebooked into, 20 economy seats fewer on the Ellerdale crew's rotations and from 9 March on "
        "every Porthaven flight, and the new CORP fare family in Club, never downgraded. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
