"""Shortcut: every register line capitalised at its gross payment, as the register states it; no e-mail, notice,
contract or policy read; no retranslation."""
import sys

sys.path.insert(0, "/solution")
from _short import run

sys.exit(run("# Notes\n\nSchedules prepared from the lease register.\n", exemptions=False, separate_services=False,
             apply_extension=False, apply_decrease=False, apply_termination=False, apply_cpi=False,
             include_uncommenced=True, timing_from_contract=False, purchase_option=False,
             term_from_contract=False, fx_retranslate=False, incentive=False))
