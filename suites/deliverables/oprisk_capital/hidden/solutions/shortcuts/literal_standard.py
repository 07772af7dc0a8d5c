"""A careful reader of the governing standard who does not bring OPE25 to it: duplicates removed and currencies
converted, but the register's recorded recoveries taken as they stand, the standard's own exclusions applied where
they depart from the Framework, the multiplier formula applied in bucket 1 too, the standard's five-year window, and a
group's trial balance added up without eliminations and without the operational losses (read as provisions)."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(received_only=False, basel_over_policy=False, bucket1_ilm_one=False, ten_years=False,
    tb={"eliminate": False, "oploss_in_ooe": False}, gross_rules=False)
