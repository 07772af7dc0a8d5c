"""An expert quantity surveyor who applies every rule of the contract and the Act to the files exactly but asks the
client's staff nothing: Section 1 not known to be complete (full retention, damages to the valuation date) and its
Completion Date not known to have moved, V21 left out as unauthorised and V07 as a notification, every balcony unit
at Harwood and every bathroom pod at Calder Modular valued, no steel surcharge, the Block B render valued as measured
and the Block A crane's dismantling valued as the preliminaries status records it."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
