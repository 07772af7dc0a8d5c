"""An expert who reads every file and gets every documented trap right, but asks the client's people nothing: the
two credits that belong to another company posted as receipts, the three spoiled November cheques left as
unpresented, the till's duplicate posting of December's card takings left as a receipt in transit, and the
Brinewood direct debit the bank paid on a cancelled mandate posted to the ledger."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask"}}, run_name="__main__")
