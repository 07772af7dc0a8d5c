"""An expert who applies every rule of the Regulations to the files exactly but asks the client's staff nothing: the
owner-drivers as self-employed, the Hull staff left out for want of their gender, Normanton on the HR master's 40
hours, and only the bonuses in the company's ledger."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
