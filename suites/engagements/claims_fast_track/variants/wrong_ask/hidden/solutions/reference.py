"""Reference (wrong_ask): repeat notifications of the same loss go to the handlers, signed off.

- The audit's duplicate_payment findings (one cut of the history); Tomasz confirms that the app will triple
  them. Early claims to counter-fraud (Tomasz, behind his gate), the vulnerable lane (Deborah), the app codes.
- The threshold stays: handler cost is not where the money goes.
"""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(figure="the audit found 32 duplicate payments and 44 settled claims fraud_confirmed"),
    )
    kit.ask("tomasz", "Tomasz, the audit found 32 duplicate payments in February and March. Are claims paid twice?")
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("deborah", fixes.REGULATION_Q)
    fixes.install({**fixes.COMMON, "dedupe": True})
    fixes.dry_run()
    fixes.sign_off(
        "A repeat notification of the same loss (policy, loss date, peril) goes to the handlers, as Tomasz "
        "confirmed; early claims to counter-fraud; referred vulnerable customers to handler_priority; the app's "
        "peril codes read as ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
