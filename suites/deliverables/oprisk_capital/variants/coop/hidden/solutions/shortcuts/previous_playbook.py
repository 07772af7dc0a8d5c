"""A capable reviewer who knows last year's checklist: the approved version, duplicates, currencies, received
recoveries, market-risk boundary losses, bucket rules and linked events all right, but the standard's five-year
window, the companies' trial balances added up without eliminations, the export's 2023 figure as it stands and
the register's gross loss as booked (every cost record)."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(ten_years=False, tb={"eliminate": False, "restate": False}, gross_rules=False)
