"""An expert who reads every file, asks the right person about each anomaly in the data and asks the purchase ledger
whether anything changed after the exports, but never asks the controller whether anything was agreed with the bank
outside the files: the facility renewal fee FAC-2512, which the bank charged although the facility had been agreed
to lapse without one, is posted to the ledger as an ordinary bank charge."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask_bank"}}, run_name="__main__")
