"""A plausible but wrong way of making up the statements on a careful reading of the files: every line read right,
but each escalator started from nought every half-year (the copies sold on earlier statements ignored), every
agreement of an author netted into one account whether or not the agreements are accounted jointly, and the agent's
commission deducted from what the statements pay."""

import sys

sys.path.insert(0, "/solution")
import reference

reference.CUMULATIVE = False
reference.JOINT_ONLY = False
reference.COMMISSION_DEDUCTED = True
reference.ASK = False
reference.main()
