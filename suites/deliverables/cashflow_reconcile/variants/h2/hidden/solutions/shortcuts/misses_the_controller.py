"""An expert who reads every file, asks the right person about each anomaly in the data, asks the purchase ledger
whether anything changed after the exports and the group treasurer what treasury moved on the account, but never asks
the controller anything beyond what the files show: the facility renewal fee FAC-2512, which the bank charged
although the facility had been agreed to lapse without one, is posted as an ordinary bank charge, and the year-end
supplier run BP-251231, which he authorised only on 2 January, stays a payment in transit."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_bank", "ask_release"}}, run_name="__main__")
