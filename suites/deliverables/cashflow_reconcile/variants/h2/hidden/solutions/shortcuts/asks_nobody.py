"""An expert who reads every file and gets every documented trap right, but asks the client's people nothing: the
two credits that belong to another company posted as receipts, the three spoiled November cheques left as
unpresented, the till's duplicate posting of December's card takings left as a receipt in transit, the Brinewood
direct debit the bank paid on a cancelled mandate and the renewal fee it charged in error posted to the ledger, the
year-end run authorised only in January left in transit and the cash pool's year-end sweep, in no export, missing."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"ask"}}, run_name="__main__")
