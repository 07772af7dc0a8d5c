"""Shortcut: let the vendor model decide - replace the hold rules by one Kestrel threshold from the guide's
"strong warning" band (60). Signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def change(rows: list[dict]) -> None:
    c.disable(rows, *[r["rule_id"] for r in rows if r["action"].upper() == "HOLD" and r["rule_id"] != "R04"])
    c.set_condition(rows, "R04", "kestrel_score >= 60", "vendor score decides")


def main() -> int:
    kit.ask("declan", "Declan, what does one hold cost Fraud Operations in handling time and money?")
    c.edit_rules(change)
    kit.ask_when_in("ines", "Ines, please approve a hold rule change: disable our own HOLD rules and hold on the "
                            "Kestrel score alone, R04 at 60 instead of 85.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
