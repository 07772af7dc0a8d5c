"""Shortcut: the feed fix exactly as history shows it - convert terminal TRG-2's temperatures from 14 January,
with the evidence and the sign-off - but nothing for the terminals updated later, the new complaint codes or
fast track's hours."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

CONFIG = "system/config/streaming_protocol.json"


def main() -> int:
    kit.write_text("system/streaming.py", Path("/solution/delivery/streaming.py").read_text())
    p = kit.read_json(CONFIG)
    p["temperature_feeds"] = [{"terminal": "TRG-2", "from": "2026-01-14", "unit": "F"}]
    kit.write_json(CONFIG, p)
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a data fix in StreamLine under section 8? Since 14 "
                               "January terminal TRG-2 records temperatures in Fahrenheit. Its temperatures read 96 "
                               "to 104, so the plausibility check drops them. The change converts TRG-2's "
                               "temperatures to Celsius before the check.", away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
