"""Shortcut: guessed rules, signed off - a cap of eight, 30-day early claims, app codes, no vulnerable lane."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("ruth", fixes.SPONSOR.format(figure="47 settled claims were fraud_confirmed by the audit"))
    kit.ask("tomasz", fixes.EARLY_Q)
    fixes.install(
        {
            "version": "CGC-2026-04",
            "peril_aliases": fixes.ALIASES,
            "early_claim": {"max_policy_age_days": 30, "perils": ["EOW", "AD", "STORM"], "min_amount": 0},
            "counter_fraud_daily_cap": 8,
        }
    )
    fixes.sign_off("Early claims to counter-fraud, at most eight flags a day, the app's peril codes read as ours.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
