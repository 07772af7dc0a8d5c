"""Shortcut: the plain sepsis fix, done properly as far as it goes - the sepsis lead's CP-31 criteria and the
AMD's approval - but nothing for next month's complaint codes or fast track's hours."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    kit.ask("kwabena", "Dr Asante, what are the current CP-31 sepsis screening criteria that StreamLine should apply "
                       "at triage?")
    p = kit.read_json(CONFIG)
    p["sepsis_screen"] = {"enabled": True, "temp_high_c": 38.0, "temp_low_c": 36.0, "hr_min": 91, "rr_min": 21}
    kit.write_json(CONFIG, p)
    kit.ask_when_in("ruth", "Dr Tremayne, could you approve a change to the sepsis screen in the ED streaming "
                            "protocol, back to CP-31 as Dr Asante confirmed it: a temperature of 38.0 C or more, or "
                            "below 36.0 C. It also needs a heart rate of 91 or more or a respiratory rate of 21 or more.",
                    away=[], not_before="2026-03-04")
    return 0


if __name__ == "__main__":
    sys.exit(main())
