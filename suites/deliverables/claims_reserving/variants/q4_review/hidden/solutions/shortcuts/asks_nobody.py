"""An expert reserving actuary who applies every rule of the policy to the files exactly but asks the client's staff
nothing: the household link ratios of calendar 2025 and the motor ones of 2026 kept in the averages, the large claim
at its reserve on the system, the initial expected loss ratios of the policy's Table 1, the household earned
premium of 2026 as on Finance's final sheet, and no allowance for the large motor claim notified after the extract."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
