"""An expert carbon accountant who applies the policy and the standard to the files exactly but asks the client's
staff nothing: Wrexford Depot kept in the boundary all year, Millfield's unlogged recharge left out, and every
Meridian certificate on the statement counted."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
