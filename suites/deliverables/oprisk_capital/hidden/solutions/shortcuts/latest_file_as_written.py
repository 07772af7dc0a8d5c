"""Takes the newest copy of the standard and follows its words: every register row as exported, amounts as if all
were euros, the register's recorded recoveries, the business indicator as the P&L items net out, the multiplier
formula whatever the bucket, the standard's window, no supervisor's letter, every trial-balance line by its
wording, and no note of anything."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(newest_policy=True, dedupe=False, convert=False, received_only=False, basel_over_policy=False, basel_bi=False,
    bucket1_ilm_one=False, notes=False, ten_years=False, letter=False,
    tb={"eliminate": False, "restate": False, "exclusions": False, "gross_iea": False},
    gross_rules=False)
