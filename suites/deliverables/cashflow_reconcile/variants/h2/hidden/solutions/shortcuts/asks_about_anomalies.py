"""An expert who reads every file, gets every documented trap right and asks the right person about each anomaly in
the data (the counter once it has added up December's card settlements), but asks none of the four open questions:
whether anything changed after the exports (the Brinewood direct debit, paid on a cancelled mandate, is posted as an
ordinary bank item), whether anything was agreed with the bank outside the files (the renewal fee FAC-2512 is posted
as a charge), whether every payment had been released by the year end (the run BP-251231 stays in transit) and what
group treasury moved on the account (the cash pool's year-end sweep is missing from the bank's lines)."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_open"}}, run_name="__main__")
