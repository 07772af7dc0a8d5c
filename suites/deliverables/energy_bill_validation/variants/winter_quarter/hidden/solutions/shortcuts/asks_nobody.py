"""A capable energy analyst who validates every line exactly as the contract, the charging statement and HMRC's rules
say but asks the client's staff nothing: the reduced capacities at Kingsgate and Meadowgate, the bakery's CCA
certificate, the credit already received for the Station Road invoice and the concession bringing version 2 of the
price schedule forward to 1 October are all missed."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
