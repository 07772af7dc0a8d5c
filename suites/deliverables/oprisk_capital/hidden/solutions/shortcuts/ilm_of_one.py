"""Classifies by the full rules, then skips the loss data altogether and reports the capital as the business
indicator component alone (a multiplier of 1), with the loss figures left at zero."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(skip_loss_data=True, notes=False)
