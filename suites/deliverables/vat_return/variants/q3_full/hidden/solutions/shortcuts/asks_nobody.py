"""An expert VAT accountant who applies every rule to the files exactly but asks the client's staff nothing: Wharf
Road treated as the property schedule says (no option to tax, so the refurbishment is for an exempt letting), the
written-off debts on the terms the aged debtors shows, Castellan as coded (zero-rated), the June return taken as
right and only the sessions in the sales ledger as the quarter's supplies."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
