"""The same careful pass as two_file_pass, but it takes the portal export to its last line: the next period's
first days count as this period's, so items outstanding at the period end look cleared and the bank balance is
the January one. Unlike two_file_pass it does ask the staff about the anomalies it sees, but it asks none of the open
questions (changes since the exports, arrangements with the bank, the year-end run's release, group treasury)."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"emails", "register", "fx", "tail", "ask_open"}},
               run_name="__main__")
