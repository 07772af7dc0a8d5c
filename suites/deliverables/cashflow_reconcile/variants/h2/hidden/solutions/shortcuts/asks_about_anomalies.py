"""An expert who reads every file, gets every documented trap right and asks the right person about each anomaly in
the data, but never asks whether anything changed after the exports were produced: the Brinewood direct debit, paid
by the bank on a mandate cancelled before it, is posted to the ledger as an ordinary bank item."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_open"}}, run_name="__main__")
