"""An expert who reads every file and applies every definition and the brief's scope correctly, but asks the
client's people nothing: the comparison quarter left on the old unit structure, the accounts that went with the
sale counted as churn, the buyer's money in Field Service's quarter-end cash, the sold unit's costs in
Instruments' March margin, next quarter's licence renewals in Software's March revenue, and none of the four facts
the pack does not show (Field Service's service credits booked after the export, Instruments' analysers held for the
customer, Software's overdrawn account outside the cash pool, Software's cancellations the CRM closed late)."""

import sys

sys.path.insert(0, "/solution")
import reference

reference.main(ask=False)
