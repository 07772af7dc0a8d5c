"""An expert bill validator who checks every line against the files exactly and asks the right person about each
anomaly the files show (the bakery's CCA certificate the site list says is with Sustainability; Station Road's amber
units billed at the red rate, with the overcharge worked out, to Accounts Payable), but asks no open question: nothing
about changes at the sites or in how the buildings are used (the reduced capacities, the Wexley flats let as
treatment rooms), other reliefs (Thornbury's cold store certificate), the sites' DUoS tariffs (Corn Exchange
re-allocated to LLFC 560) or anything agreed with Brightwater since the schedule (version 2 from 1 October)."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"OPEN": False}, run_name="__main__")
