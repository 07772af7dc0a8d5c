"""An expert auditor who applies every rule of the agreement to the files exactly but asks the client's staff
nothing: Canal Wharf's clock times taken as recorded, the hospital's night hours at the main agreement's 25%, and
Northgate's cleaners at the grade the HR list shows."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
