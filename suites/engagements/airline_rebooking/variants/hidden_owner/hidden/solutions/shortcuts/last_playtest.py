"""Shortcut (hidden_owner): what the blind playtest of 3 December found, and nothing it did not; signed off.

The care rules kept; Corvia out, confirmed by Interline when shown the refusals; Dunmere at 50 minutes,
confirmed by Hub Operations; Snowline's block and the choir from Leisure & Groups, shown the denied boardings;
the sponsor's agreement and the sign-off. Never asked Pricing, nor what is changing in the partner
agreements or the crewing, and left the Ellerdale denied boardings alone: Sundair's lapse, the crewing limits
and the new fare families are missed.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and the shared modules, also for scripts in shortcuts/

import fixes
import owner_facts as facts
import worktrial_kit as kit


def main() -> int:
    kit.ask("morag", facts.sponsor_message())
    refused = kit.query(
        facts.HISTORY,
        "SELECT COUNT(*) FROM pax_outcomes WHERE outcome = 'REFUSED_AT_PARTNER'",
    )[0][0]
    kit.ask(
        "ruth",
        f"Ruth, {refused} passengers the job rebooked onto Corvia since late January were refused at check-in "
        "and stranded. Has Corvia's agreement changed?",
    )
    kit.ask(
        "gordon",
        "Gordon, since 9 February rebooked passengers at Dunmere keep missing connections of 35 to 49 minutes. "
        "Has the minimum connecting time there changed?",
    )
    ski = ["HD 433", "HD 434"]
    kit.ask(
        "bethan",
        "Bethan, each time the job rebooked passengers onto the ski flights HD 433 and HD 434, confirmed "
        f"passengers were denied boarding - {facts.denied_boardings(ski)} denied boardings since January. Are "
        "seats on those flights held for a tour operator or a group?",
    )
    fixes.install(interline_partners=["SU"], hub_mct=facts.DNM_MCT, held_seats=facts.SNOWLINE_HELD)
    fixes.dry_run()
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Corvia out of the interline "
        "partners (they turn our passengers away since 26 January), Dunmere's minimum connecting time 50 "
        "minutes from 9 February, and the block seats on HD 433/434, HD 611 and HD 612 never rebooked into. "
        "Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
