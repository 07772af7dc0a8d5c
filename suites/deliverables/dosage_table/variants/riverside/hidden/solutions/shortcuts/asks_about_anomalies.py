"""A careful expert who asks about every anomaly in the documents (Kelmarin's maximum, Tiramex's renal entry
carried over from the old guide) but never asks whether anything has changed since the extract: Selvorin kept
and Mirapenem left out, although the committee changed both after the documents were produced."""

import sys

sys.path.insert(0, "/solution")
from _table import run

run(ask={"imogen", "owen"})
