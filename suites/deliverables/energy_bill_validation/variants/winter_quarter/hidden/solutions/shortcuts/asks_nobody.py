"""A capable energy analyst who validates every line exactly as the contract, the charging statement and HMRC's rules
say but asks the client's staff nothing: the bakery's CCA certificate and the credit already received for the Station
Road invoice (both hinted in the files), and the five facts hinted nowhere (the reduced capacities at Kingsgate and
Meadowgate, the concession bringing version 2 of the price schedule forward to 1 October, Thornbury's cold store
certificate, the Wexley flats let as treatment rooms, Corn Exchange's re-allocation to LLFC 560) are all missed."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
