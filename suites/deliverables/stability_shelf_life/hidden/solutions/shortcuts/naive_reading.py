"""The right statistics on the files as they come: results aged by their nominal interval, the acceptance criteria
printed with the results (specification 3.0), the OOS result left in as LIMS shows it and no retest."""

import runpy
import sys

sys.path.insert(0, "/solution")
import stab_read as rd

rd.current_limits = lambda path: {"assay": 95.0, "impurity_b": 0.50, "total_impurities": 1.5, "dissolution": 75.0}
rd.closed_oos = lambda: set()
runpy.run_path("/solution/reference.py", init_globals={"ASK": False, "AGES": "nominal"}, run_name="__main__")
