"""Reference (bad_data variant): translate Southgate's feed, which reports in the 2019 (v2) code list since 19 Jan.

In v2 four codes have the opposite meaning: X01 = drain pump failure (v3 E21), X03 = drive motor failure (v3
E10), E21 = foreign object (v3 X01), E10 = impact damage (v3 X03). Southgate (RC-S) reports dated from
2026-01-19 are translated before the rules read the code. Confirmed by the claims systems engineer; signed off.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("farid", "Farid, since 19 January Southgate's (RC-S) failure codes contradict the technicians' text: X01 "
                     "'foreign object' on claims where the drain pump motor was replaced, E21 where a coin was found, "
                     "e.g. WR-2602-00052. Has their ServiceDesk 9 mapping loaded the old v2 code list?")
    c.install_rules({"rule_version": "TR-3.3", "feed_code_translations": [c.SOUTHGATE_V2]})
    c.run_history_check("2026-02")
    kit.ask_when_in("tobias", "Tobias, could you sign off a change to the triage rules (CR): Southgate (RC-S) "
                              "failure codes on reports from 19 January translated from the v2 code list (X01/E21 and "
                              "X03/E10 swapped) before triage, as Farid confirmed? Everything else unchanged.",
                    not_before="2026-03-04")
    return 0


if __name__ == "__main__":
    sys.exit(main())
