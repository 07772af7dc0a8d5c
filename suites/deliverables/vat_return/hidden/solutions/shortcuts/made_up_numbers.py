"""Plausible invented figures: the reference's schedule and note, but the return and its build-up written as
round estimates a little either side of the right figures instead of computed."""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, "/solution")
import reference

reference.ASK = False
reference.main()
rng = random.Random(11)
path = Path("output/vat_return.json")
ret = json.loads(path.read_text(encoding="utf-8"))
for block in ("boxes", "output_tax", "input_tax"):
    for k, v in ret[block].items():
        if isinstance(v, float) and v and not isinstance(v, bool):
            ret[block][k] = round(v * rng.uniform(0.97, 1.03), -2 if abs(v) > 1000 else 0)
path.write_text(json.dumps(ret, indent=2) + "\n", encoding="utf-8")
