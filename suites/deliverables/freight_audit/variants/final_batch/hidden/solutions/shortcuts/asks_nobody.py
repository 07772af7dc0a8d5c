"""An expert auditor who applies every rule of the agreements to the files exactly but asks the client's staff
nothing: Quillon's September tariffs held to the rate card, Doncaster and Hull in Brackenford's lane 2 as Schedule 1
lists them, and Kettering's tail-lifts claimed as unbooked."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
