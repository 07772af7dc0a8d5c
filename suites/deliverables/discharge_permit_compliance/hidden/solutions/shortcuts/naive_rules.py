"""Careful data work with the rules as a non-specialist reads them: the look-up table applied to the number of
samples the calendar planned, the upper tier limits not assessed on their own (only the look-up-table limits), each
works' current permit applied to the whole year, and the dry weather flow compared as the mean daily volume."""

import os
import runpy
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL = "/solution" if os.path.exists("/solution/reference.py") else HERE
sys.path.insert(0, SOL)
import dpc_assess as ax  # noqa: E402

opts = ax.Options(lut_by="planned", upper_tier=False, periods="last", dwf="mean")
runpy.run_path(os.path.join(SOL, "reference.py"), init_globals={"ASK": False, "OPTIONS": opts}, run_name="__main__")
