"""Shortcut: escalate everything - put every in-scope payment in front of an agent, signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    c.edit_rules(lambda rows: c.upsert(rows, {"rule_id": "X01", "priority": "1", "enabled": "1", "action": "HOLD",
                                              "condition": "True", "name": "Review every payment",
                                              "since": "2026-03-09", "change_ref": "", "notes": ""}))
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: add X01 so that every in-scope payment is "
                            "held for an agent call until we understand the losses.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
