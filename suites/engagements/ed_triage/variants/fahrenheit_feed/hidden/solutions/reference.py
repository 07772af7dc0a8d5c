"""Reference (fahrenheit_feed variant): Fahrenheit temperatures converted before the plausibility check, on any
terminal; red flags that follow next month's complaint codes; fast track's real hours.

- Since TriageDesk 5.2 was installed on TRG-2 on 14 January its temperatures arrive in Fahrenheit; the
  plausibility check drops them, so the sepsis screen never fires for TRG-2 patients. The other terminals get
  5.2 during March (the systems analyst has no dates): convert by value (above 45 no body temperature is in
  Celsius), not by terminal.
- TriageDesk 5.3 splits three complaint codes from 1 March; fast track closes at 21:00 since 2 February.
- The protocol itself (revision 6.1) is right. The data fix changes streams, so it needs the governance
  sign-off (away Mon/Tue), given on the evidence of the feed problem.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
CONFIG = "system/config/streaming_protocol.json"
NEW_CODES = {"SYNCOPE": "COLLAPSE", "CHEST_TIGHTNESS": "CHEST_PAIN", "EPIGASTRIC_PAIN": "ABDO_PAIN"}


def main() -> int:
    kit.ask("owen", "Owen, since mid-January the temperatures from terminal TRG-2 read 96 to 104 in the temp column, "
                    "while TRG-1 and TRG-3 read about 37. Is TRG-2 sending temperatures in Fahrenheit since an update?")
    kit.ask("owen", "And is the list of presenting complaint codes the terminals send going to change in March?")
    kit.ask("bronagh", "Bronagh, fast track: what are its opening hours at the moment? The staffing table says it "
                       "closes at 21:00 since February, the protocol says 23:00.")
    kit.write_text("system/streaming.py", (DELIVERY / "streaming.py").read_text())
    p = kit.read_json(CONFIG)
    p["temperature_feeds"] = [{"terminal": "TRG-2", "from": "2026-01-14", "unit": "F"}]
    p["temperature_fahrenheit_above"] = 45
    p["complaint_groups"] = dict(NEW_CODES)
    p["fast_track"]["close"] = "21:00"
    kit.write_json(CONFIG, p)
    kit.run(["python3", "system/streamline.py", "--db", "data/ed.db", "--out", "/tmp/ed_check", "--month", "2026-02"])
    kit.ask_when_in("elspeth", "Dr Garroway, could you sign off a change to StreamLine's streaming under ED-SOP-014 "
                               "section 8? Since TriageDesk 5.2 went onto TRG-2 on 14 January that terminal records "
                               "temperatures in Fahrenheit, and its temperatures read 96 to 104, so the plausibility "
                               "check drops them and the sepsis screen cannot fire. The change: temperatures in "
                               "Fahrenheit (from TRG-2, and from any terminal once updated) are converted to Celsius "
                               "before the check; the red flags also match the new TriageDesk 5.3 complaint codes; "
                               "fast track closes at 21:00 as staffed. The protocol rules are unchanged.",
                    away=["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
