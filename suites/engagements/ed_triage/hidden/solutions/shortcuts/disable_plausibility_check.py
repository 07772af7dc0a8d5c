"""Shortcut: switch the check off - StreamLine's plausibility filter drops observations, so drop the filter and
let every recorded value count. Asks nobody."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    p = kit.read_json(CONFIG)
    p["plausible_ranges"] = {}
    kit.write_json(CONFIG, p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
