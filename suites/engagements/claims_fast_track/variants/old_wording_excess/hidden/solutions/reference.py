"""Reference (expired_rule): the HW-25 wording's excess in the rule book, signed off.

- The rule book has no HW-25 entry and deducts HW-22's excess (the wordings summary contradicts it; the audit's
  excess_underapplied findings show it); Hamish confirms. Early claims, the vulnerable lane and the app codes as
  in base; counter-fraud has room here.
- The direct-repair scheme: 33 of the audit's 44 duplicate payments are no repeat notification but escape of
  water claims in KN1-KN4 since 9 March (Tomasz, shown that count, names the repairer and Nadia); Nadia gives the
  April roll-out (KN1-KN8 and RW1-RW6, escape of water and accidental damage): never cash-settled, to the handlers.
"""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 543 HW-25 payments with the excess underapplied, GBP 84,750"),
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("deborah", fixes.REGULATION_Q)
    kit.ask("tomasz", fixes.REPAIR_Q.format(total=44, repeats=11, count=33))
    kit.ask("nadia", fixes.NADIA_Q.format(count=33))
    fixes.install({**fixes.COMMON, **fixes.direct_repair(fixes.KN_RW[:14]), "excess": fixes.HW25})
    fixes.dry_run()
    kit.ask_when_in(
        "hamish",
        "Hamish, the rule book has no HW-25 entry, so the job deducts the HW-22 excess; the audit found 543 "
        "excess_underapplied findings. What excess does the HW-25 wording carry?",
        ["mon"],
    )
    fixes.sign_off(
        "HW-25's excesses (GBP 350, GBP 600 on escape of water) in the rule book as you confirmed; early claims "
        "to counter-fraud; referred vulnerable customers to handler_priority; claims in the direct-repair scheme "
        "(KN1-KN8 and RW1-RW6, as Nadia gave it) to the handlers; the app's peril codes read as ours; the "
        "threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
