"""An expert who reads every file and applies every definition and the brief's scope correctly, but asks the
client's people nothing: the comparison quarter left on the old unit structure, the accounts that went with the
sale counted as churn, the buyer's money in Field Service's quarter-end cash, the sold unit's costs in
Instruments' March margin, next quarter's licence renewals in Software's March revenue, and Field Service's revenue
before the service credits booked after the pack was exported."""
import sys

sys.path.insert(0, "/solution")
import reference

reference.main(ask=False)
