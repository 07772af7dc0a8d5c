"""Shortcut: overfit the history - hold payments whose amount equals the amount of a known scam payment.

Fits every historical scam exactly and generalises to nothing. Signed off.
"""
import sqlite3
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    conn = sqlite3.connect("data/payments.db")
    amounts = sorted({round(a, 2) for (a,) in conn.execute(
        "SELECT p.amount FROM payments p WHERE p.payment_id IN (SELECT payment_id FROM scam_reports) "
        "OR p.payment_id IN (SELECT payment_id FROM hold_outcomes WHERE outcome = 'cancelled_scam')")})
    conn.close()
    cond = "amount in (" + ", ".join(f"{a:.2f}" for a in amounts) + ")"
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    c.edit_rules(lambda rows: c.upsert(rows, {"rule_id": "H01", "priority": "5", "enabled": "1", "action": "HOLD",
                                              "condition": cond, "name": "Known scam amounts",
                                              "since": "2026-03-09", "change_ref": "", "notes": "history fit"}))
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: add H01, which holds payments matching the "
                            "amounts of every scam payment in our history.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
