"""Shortcut: nobody can be missed if nobody goes to minors or fast track - stream every non-resus patient to
majors. Asks nobody."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    p = c.read_protocol()
    p["category3_walk_in"]["stream"] = "MAJORS"
    p["fast_track"]["categories"] = []
    p["default_stream"] = "MAJORS"
    c.write_protocol(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
