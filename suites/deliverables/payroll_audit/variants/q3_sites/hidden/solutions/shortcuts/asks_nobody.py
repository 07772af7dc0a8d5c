"""An expert auditor who applies every rule of the agreement to the files exactly but asks the client's staff
nothing: Canal Wharf's clock times taken as recorded, the hospital's night hours at the main agreement's 25%,
Northgate's cleaners at the grade the HR list shows, the hospital's transferees audited as if on the agreement, the
rise from 3 August as the agreement prints it, and the weekly export taken as everything that was paid."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
