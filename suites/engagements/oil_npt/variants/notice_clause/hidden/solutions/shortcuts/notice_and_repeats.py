"""Shortcut (notice_clause): what the last blind playtest found, plus the repeats where history shows them.

The daily e-mail made the clause 9.2 notice (with the amounts Priya asks for) and sent to every rep, BR-17's
00:00 repeats dropped there only (Kai: the other rigs get the app in April), the corrected keyword table kept
(nobody has disputed it since December), Sextant claimed as before. Misses Sextant's BR-14 call-off, BR-11's
repeats from 1 March and the unseen wordings.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import reference  # noqa: E402


def main() -> int:
    return reference.solve({"attribution": "keywords", "skip_midnight_repeats": True}, sextant=False,
                           one_rig_repeats=True)


if __name__ == "__main__":
    sys.exit(main())
