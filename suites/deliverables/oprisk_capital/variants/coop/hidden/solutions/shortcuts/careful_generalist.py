"""A careful generalist who reads every paper: the supervisor's letter, the ten-year window, eliminations and the
restatement all right, and every matter raised; but the trial-balance lines mapped by their wording (outsourcing as
fee expense, insurance premiums and reimbursements as other operating items, the operational-loss line dropped as a
provision) and the register's gross loss taken as booked."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(tb={"exclusions": False, "oploss_in_ooe": False}, gross_rules=False)
