"""An expert reserving actuary who applies every rule of the policy to the files exactly but asks the client's staff
nothing: the motor link ratios of calendar 2025 kept in the averages, the large claim at its reserve on the system,
and the initial expected loss ratios of the policy's Table 1."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
