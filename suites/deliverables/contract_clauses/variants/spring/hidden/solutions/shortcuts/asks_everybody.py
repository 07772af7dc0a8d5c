"""Asks everybody the same generic questions of diligence (anything I should know before I finalise? has anything
changed since the export?) and applies whatever the answers settle, without naming an anomaly or anyone's area.
The coordinator who exported the batch gives Brightwater's late variation to that; the anomaly-hinted facts need the
anomaly shown, and the side letter, the group framework and the novation need a question about side letters,
framework agreements or changes on the supplier's side."""

import os
import runpy

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runpy.run_path(os.path.join(HERE, "reference.py"), init_globals={"GENERIC": True}, run_name="__main__")
