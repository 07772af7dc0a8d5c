"""An expert who reads every file and gets every documented trap right, but asks the client's people nothing: the
migrated events' insurance deducted twice, the two Group IDs of one event tested apart, the outsourcing fees
remapped to account 5300 left in the business indicator, the insurers' December settlement missing from the net
losses and the consolidated company outside the trial-balance export left out."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(ask=False)
