"""An expert carbon accountant who applies the policy and the standard to the files exactly but asks the client's
staff nothing: Wrexford Depot kept in the boundary all year (so the base year looks below the threshold), Millfield's
unlogged recharge left out, every Meridian certificate on the statement counted, the bulk diesel on neither card left
out, and the Harrowgate Park overflow store, on no register, missing."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
