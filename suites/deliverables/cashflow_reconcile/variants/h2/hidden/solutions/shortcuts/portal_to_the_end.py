"""The same careful pass as two_file_pass, but it takes the portal export to its last line: the next period's
first days count as this period's, so items outstanding at the period end look cleared and the bank balance is
the January one. Unlike two_file_pass it does ask the staff about the anomalies it sees, but it never asks whether
anything changed after the exports."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"emails", "register", "fx", "tail", "ask_open"}},
               run_name="__main__")
