"""Shortcut: escalate everything - put every in-scope payment in front of an agent, signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "X01", "priority": "1", "enabled": "1", "action": "HOLD",
                                      "condition": "True", "name": "Review every payment"}])
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: add X01 so that every in-scope payment is "
                            "held for an agent call until we understand the losses.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
