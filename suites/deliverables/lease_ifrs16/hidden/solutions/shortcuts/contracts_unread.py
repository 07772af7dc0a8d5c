"""Shortcut: the policy, e-mails and notices applied with care, but the contract extracts not read (register timing
and end dates, no rent-free periods, no incentive) and the vehicles' maintenance stripped out as a service."""
import sys

sys.path.insert(0, "/solution")
from _short import run

sys.exit(run("# Notes\n\nAll e-mails and notices of the year applied; register figures used.\n",
             timing_from_contract=False, rent_free=False, incentive=False, keep_maintenance=False,
             term_from_contract=False, idc=False))
