"""Reference (expired_rule): the HW-25 wording's excess in the rule book, signed off.

- The rule book has no HW-25 entry and deducts HW-22's excess (the wordings summary contradicts it; the audit's
  excess_underapplied findings show it); Hamish confirms. Early claims, the vulnerable lane and the app codes as
  in base; counter-fraud has room here.
"""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 646 HW-25 payments with the excess underapplied, GBP 104,650"),
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("deborah", fixes.REGULATION_Q)
    fixes.install({**fixes.COMMON, "excess": fixes.HW25})
    fixes.dry_run()
    kit.ask_when_in(
        "hamish",
        "Hamish, the rule book has no HW-25 entry, so the job deducts the HW-22 excess; the audit found 646 "
        "excess_underapplied findings. What excess does the HW-25 wording carry?",
        ["mon"],
    )
    fixes.sign_off(
        "HW-25's excesses (GBP 350, GBP 600 on escape of water) in the rule book as you confirmed; early claims "
        "to counter-fraud; referred vulnerable customers to handler_priority; the app's peril codes read as "
        "ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
