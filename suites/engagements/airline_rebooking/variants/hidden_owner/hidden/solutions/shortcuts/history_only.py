"""Shortcut (hidden_owner): every fix the history shows, asking only the owner of the inventory; signed off.

From the outcomes: Corvia turns passengers away since late January (out), misconnections at Dunmere under 50
minutes since 9 February (50), up to 30 denied boardings on the ski flights HD 433/434 (30 held), and denied
boardings on four Ellerdale flights since 9 February (20 seats held back on them, read from the reports).
Revenue Management, asked, cannot explain the denied boardings; Leisure Sales and Ops Control are never asked,
so this weekend's group block, the block's real size and Porthaven's limit from 9 March are missed, and so are
Sundair's lapsing annex and the new fare families, which no data shows.
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
        "tomasz",
        "Tomasz, each time the job rebooked passengers onto the ski flights HD 433 and HD 434, confirmed "
        f"passengers were denied boarding - {facts.denied_boardings(ski)} denied boardings since January. Are "
        "some of the seats the feed shows free held?",
    )
    eld = facts.denied_flights("ELD")
    fixes.install(
        interline_partners=["SU"],
        hub_mct=facts.DNM_MCT,
        held_seats=[
            {"flights": ski, "from": "2026-01-10", "to": "2026-04-30", "seats": 30},
            {"flights": eld, "from": facts.first_denied_boarding(eld), "to": "2026-12-31", "seats": 20},
        ],
    )
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Corvia out of the interline "
        "partners, Dunmere's minimum connecting time 50 minutes, 30 seats on HD 433 and HD 434 and 20 on the "
        "Ellerdale flights never rebooked into. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
