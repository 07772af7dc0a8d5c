"""Shortcut: everything the documents, the data and counter-fraud give, but no question about regulation: the
vulnerable-customer duty from 1 April is missed."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("ruth", fixes.SPONSOR.format(figure="22 counter-fraud flags were released unreviewed"))
    kit.ask("tomasz", "Tomasz, 22 of 181 flags were released unreviewed in February and March. How many a day?")
    kit.ask("tomasz", fixes.EARLY_Q)
    rules = {k: v for k, v in fixes.COMMON.items() if k != "vulnerable_priority"}
    fixes.install({**rules, "counter_fraud_daily_cap": 4})
    fixes.sign_off("At most four counter-fraud flags a day, early claims to counter-fraud, the app's peril codes.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
