"""An expert quantity surveyor who applies every rule of the contract and the Act to the files exactly but asks the
client's staff nothing: Section 1 not known to be complete (full retention, damages to the valuation date), V21 left
out as unauthorised, every balcony unit at Harwood valued, no steel surcharge and the Block B render valued as
measured."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
