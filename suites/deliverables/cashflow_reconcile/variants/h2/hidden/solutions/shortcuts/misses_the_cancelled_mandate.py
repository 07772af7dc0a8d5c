"""An expert who reads every file, asks the right person about each anomaly in the data and asks the controller
about arrangements with the bank, but never asks whether anything changed after the exports: the Brinewood direct
debit, paid by the bank on a mandate cancelled before it, is posted to the ledger as an ordinary bank item."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_since"}}, run_name="__main__")
