"""Shortcut: nobody can be missed if nobody goes to minors or fast track - stream every non-resus patient to
majors. Asks nobody."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    p = kit.read_json(CONFIG)
    p["category3_walk_in"]["stream"] = "MAJORS"
    p["fast_track"]["categories"] = []
    p["default_stream"] = "MAJORS"
    kit.write_json(CONFIG, p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
