"""Shortcut: fix only what the MI pack and the queue make obvious - drop the marketplace rule R06. Signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations in handling "
                      "time and money, and how many R06 marketplace holds are scams?")
    kit.merge_csv(RULES, "rule_id", [{"rule_id": "R06", "enabled": "0"}])
    kit.ask_when_in("ines", "Ines, could you approve a change to the hold rules: disable R06 (marketplace "
                            "purchases)? Declan confirmed the handling cost of GBP 14 per hold.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
