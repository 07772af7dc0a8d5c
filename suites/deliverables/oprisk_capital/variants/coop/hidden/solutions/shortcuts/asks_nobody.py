"""An expert who reads every file and gets every documented trap right, but asks the client's people nothing: the
migrated events' insurance deducted twice, the two Group IDs of one event tested apart, and the outsourcing fees
remapped to account 5300 left in the business indicator."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(ask=False)
