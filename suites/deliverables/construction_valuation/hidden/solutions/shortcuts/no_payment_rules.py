"""Careful valuation work with the contract's valuation rules right, but the payment rules of the contract and the
Act missed: 3% retention on everything, the amounts previously due taken as what was paid, liquidated damages as
the Commercial Director asked (Sections 1 and 3, to today), notice periods in plain calendar days and our own
figure as the notified sum."""

import runpy

rules = {"flat_retention", "previous_paid", "lds_as_asked", "calendar_days", "notified_is_ours"}
runpy.run_path("/solution/reference.py", init_globals={"ASK": False, "RULES": rules}, run_name="__main__")
