"""Asks everybody everything, without working anything out for them: the same two open questions of diligence to
every member of staff (anything I should know before I finalise? has anything changed?), then applies whatever the
answers settle. The open questions reach the data office's set changes and the moderator's error carried forward; the
Head of Chemistry's re-based boundaries wait for 10D's mean mark and the exams office's ruling on question 3 for a
count from the scripts, neither of which it gives; the late files and the spelling concessions need names."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"OPEN_ONLY": True}, run_name="__main__")
