"""A capable reviewer who knows last year's checklist: the approved version, duplicates, currencies, received
recoveries, market-risk boundary losses, bucket rules and linked events all right, but the standard's five-year
window, the companies' trial balances added up without eliminations and the export's 2023 figure as it stands."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(ten_years=False, tb={"eliminate": False, "restate": False})
