"""An expert who reads every file, gets every documented trap right and asks the right person about each anomaly in
the data, but asks neither open question: whether anything changed after the exports were produced (the Brinewood
direct debit, paid by the bank on a mandate cancelled before it, is posted as an ordinary bank item) and whether
anything was agreed with the bank outside the files (the facility renewal fee FAC-2512 is posted as a charge)."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_open"}}, run_name="__main__")
