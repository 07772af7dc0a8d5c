"""An expert who applies ICH Q1E and every rule of the SOP to the files exactly but asks the client's staff
nothing: the open OOS result stands, C10-2309's 24-month assay as reported, O20-2314 in the estimate, Oderberg's
impurity B as reported and total impurities against specification 4.0."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
