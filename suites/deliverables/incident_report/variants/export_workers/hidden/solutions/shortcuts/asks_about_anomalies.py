"""A careful analyst who gets everything in the files right and asks the right person about each anomaly in them
(gw-b's early errors, the 10.20.14.x clients with their count, the errors after the revert), but asks nobody an
open question: the Belgian shop's gateway gw-c (its failed requests and the five minutes it adds to the window),
the change freeze exception behind CHG-5120 and the customers charged for orders never placed stay out of the
report."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_open"}}, run_name="__main__")
