"""A careful expert who reads every file, gets every documented trap right, asks the right person about each anomaly
in the data and asks the purchase ledger whether anything changed after the exports (so the Brinewood direct debit
is settled), but asks no other open question: not the controller about what was agreed with the bank (the renewal
fee FAC-2512 is posted as a charge) or about the release of the year-end payment run (BP-251231 stays a payment in
transit), nor the group treasurer about money treasury moved on the account (the cash pool's year-end sweep, in no
export and no ledger, is missing from the statement's lines, the bank balance and December's cash flow)."""

import runpy

runpy.run_path(
    "/solution/reference.py", init_globals={"SKIP": {"ask_bank", "ask_pool", "ask_release"}}, run_name="__main__"
)
