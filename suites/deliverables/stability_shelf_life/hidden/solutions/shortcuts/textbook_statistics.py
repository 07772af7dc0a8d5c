"""Careful data work with a textbook regression instead of ICH Q1E's rules: the batches combined unless the tests
reject it at the usual 0.05 level, the one-sided 95 % prediction bound of a new result instead of the confidence
bound of the mean, and significant change at 40C/75%RH judged on the assay's 5 % alone (so extrapolation to twice
the long-term period, up to 12 months beyond it, and no storage condition)."""

import os
import runpy
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL = "/solution" if os.path.exists("/solution/reference.py") else HERE
sys.path.insert(0, SOL)
import stab_eval as ev  # noqa: E402

opts = ev.Options(alpha=0.05, kind="prediction", assay_only_change=True)
runpy.run_path(os.path.join(SOL, "reference.py"), init_globals={"ASK": False, "OPTIONS": opts}, run_name="__main__")
