"""A careful worker who handles every trap in the files and asks about every anomaly in them - the Aldermoor
amendment without the Supplier's signature and Harrowgate's two references (contracts administrator), Kilbride's
indicative Annual Charges (Procurement) - but never asks anyone an open question of their area: Brightwater's late
variation, Sowerby's side letter, the Rheinfeld group framework and Corvane's novation, which no file hints at, are
missed."""

import os
import runpy

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runpy.run_path(os.path.join(HERE, "reference.py"), init_globals={"OPEN": False}, run_name="__main__")
