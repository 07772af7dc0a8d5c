"""An expert who reads both documents and gets every documented trap right, but asks the hospital's staff nothing:
Selvorin kept and Mirapenem left out although the committee changed both after the extract, Kelmarin's keyed
maximum taken as printed, and Tiramex's renal rules taken from the entry carried over from the old guide."""

import sys

sys.path.insert(0, "/solution")
from _table import run

run(ask=False)
