"""An expert auditor who applies every rule of the agreement to the files exactly and asks the right person about each
anomaly the files show (Canal Wharf's clock times, with the count of shifts that look an hour early; Schedule 3's
local agreement for the hospital), but asks no open question: nothing about changes since the export (Northgate's
back-dated re-grade), whom the agreement covers (the TUPE transferees), what was agreed with the union since it was
signed (the side letter moving the rise to 20 July) or what was paid outside the export (the supplementary run)."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"open"}}, run_name="__main__")
