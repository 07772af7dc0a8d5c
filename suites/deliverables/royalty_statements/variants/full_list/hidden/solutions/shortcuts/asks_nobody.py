"""An expert royalties accountant who applies every term of the agreements to the files exactly but asks the
client's staff nothing: Fenwick's Summer Reads order taken as firm sales, Haneul Media's advances at the sums the
register books, the Pym & Hale clients' ebooks at their agreements' rate, no Lanyard returns after the December
report, the register without the Brazilian advances entered after it was sent, no remainder sale, and the full
reserve against returns held where the agreements allow one."""

import runpy

runpy.run_path("/solution/reference.py", init_globals={"ASK": False}, run_name="__main__")
