"""Shortcut: nobody can be missed if nobody goes to minors or fast track - stream every non-resus patient to
majors. Asks nobody."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

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
