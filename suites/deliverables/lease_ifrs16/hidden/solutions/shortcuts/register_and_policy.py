"""Shortcut: the policy's elections applied and the register rolled forward, but the e-mails, contract extracts
and notices not read (no remeasurement, modification or termination; register timing and gross payments)."""
import sys

sys.path.insert(0, "/solution")
from _short import run

sys.exit(run("# Notes\n\nExemptions applied per AP-16; schedules rolled forward from the register.\n",
             separate_services=False, apply_extension=False, apply_decrease=False, apply_termination=False,
             apply_cpi=False, timing_from_contract=False, purchase_option=False,
             term_from_contract=False, idc=False, rvg_expected=False))
