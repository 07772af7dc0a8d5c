"""Reference solution: the governing standard, read with the Basel Framework's standardised approach (OPE25)
where the standard departs from it or only names it."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run()
