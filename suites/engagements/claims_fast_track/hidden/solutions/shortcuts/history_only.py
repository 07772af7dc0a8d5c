"""Shortcut: what the history shows, signed off - early claims and duplicates, a cap guessed from the history's
busiest days; no question about April (no app codes, no vulnerable-customer duty)."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("ruth", fixes.SPONSOR.format(figure="47 settled claims were fraud_confirmed by the audit"))
    kit.ask("tomasz", fixes.EARLY_Q)
    fixes.install({"version": "CGC-2026-04", "early_claim": fixes.EARLY, "dedupe": True, "counter_fraud_daily_cap": 6})
    fixes.sign_off("Early claims to counter-fraud, at most six flags a day, repeat notifications to the handlers.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
