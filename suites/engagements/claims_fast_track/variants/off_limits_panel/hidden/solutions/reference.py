"""Reference (off_limits_contact): Storm Wren's confirmed footprint from the panel manager, signed off.

- April's storm_events feed carries only Kestrel's forecast; the confirmed footprint comes from Nadia (the
  storm desk lead at Kestrel is off-limits during the panel audit). Early claims, the vulnerable lane, the app
  codes as in base; counter-fraud has room here.
- The direct-repair scheme: 28 of the audit's 38 duplicate payments are no repeat notification but escape of
  water claims in KN1-KN4 since 9 March (Tomasz, shown that count, names the repairer and Nadia); Nadia gives the
  April roll-out (KN1-KN8 and RW1-RW4, escape of water and accidental damage): never cash-settled, to the handlers.
"""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(
            figure="119 settled claims were fraud_confirmed by the audit, and storm claims depend on the footprint"
        ),
    )
    kit.ask(
        "nadia", "Nadia, which districts does Storm Wren's footprint cover, and is the storm_events feed confirmed?"
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("deborah", fixes.REGULATION_Q)
    kit.ask("tomasz", fixes.REPAIR_Q.format(total=38, repeats=10, count=28))
    kit.ask("nadia", fixes.NADIA_Q.format(count=28))
    repair = fixes.direct_repair(fixes.KN_RW[:12])
    fixes.install({**fixes.COMMON, **repair, "storm_footprints": fixes.WREN, "ignore_storm_events": True})
    fixes.dry_run()
    fixes.sign_off(
        "Storm claims settled only inside Storm Wren's confirmed footprint as Nadia gave it, not the feed's "
        "forecast; early claims to counter-fraud; referred vulnerable customers to handler_priority; claims in "
        "the direct-repair scheme (KN1-KN8 and RW1-RW4) to the handlers as Nadia gave it; the app's peril codes "
        "read as ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
