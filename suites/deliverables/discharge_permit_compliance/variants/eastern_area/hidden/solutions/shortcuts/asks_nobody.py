"""An expert who applies the permits, WQ-OG-417 and the Directive's look-up table to the files exactly but asks the
client's staff nothing: the invalidation requests still awaiting the agency counted, every FE2 sample left out as
not taken at the permitted point, the September ammonia and phosphorus results used and the storm samples counted."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
