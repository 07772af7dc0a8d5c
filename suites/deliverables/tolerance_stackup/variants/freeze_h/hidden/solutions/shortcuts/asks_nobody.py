"""An expert design engineer who applies MDS-0410 to the files exactly but asks the client's staff nothing: G2 at
20 °C for want of the test specification, both cover suppliers' lots pooled, the bearings at mid-limit with Pp 1.33, the
seal journal at its ground size, and the assembly as the BOM shows it."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
