"""Reference (base): a rule book that works within the counter-fraud team's capacity, signed off.

- Counter-fraud reviews four flags a day (Tomasz, shown the unreviewed flags); the rest are released
  unreviewed after ten days, so the job sends the four riskiest a day and refers the rest.
- Early claims (under 45 days from inception, EOW/AD over GBP 600) are staged losses (one cut of the history;
  Tomasz confirms behind his gate): counter-fraud candidates.
- The vulnerable-customer duty from 1 April (Deborah, asked an open question): referred vulnerable customers
  go to handler_priority.
- The app's peril codes (docs/channels/claims_app_interface.md). No threshold raise, no lower flag score.
- The sponsor agrees once shown the cost; the committee chair (away Mondays) signs off.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "ruth",
        fixes.SPONSOR.format(
            figure="22 counter-fraud flags were released unreviewed and 47 settled claims were fraud_confirmed by "
            "the audit"
        ),
    )
    kit.ask(
        "tomasz",
        "Tomasz, in February and March 22 of the 181 flags sent to your team were released unreviewed - on 15 "
        "February 4 of 8. How many flags can your team review a day?",
    )
    kit.ask("tomasz", fixes.EARLY_Q)
    kit.ask("deborah", fixes.REGULATION_Q)
    fixes.install({**fixes.COMMON, "counter_fraud_daily_cap": 4})
    fixes.dry_run()
    fixes.sign_off(
        "At most four counter-fraud flags a day, the riskiest first, the rest to the handlers, as Tomasz "
        "confirmed; early claims to counter-fraud; referred vulnerable customers to handler_priority; the app's "
        "peril codes read as ours; the threshold stays at GBP 1,500."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
