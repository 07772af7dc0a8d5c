"""An expert who reads every file and applies every definition and the brief's scope correctly, but asks the
client's people nothing: the comparison quarter left on the old unit structure, the accounts that went with the
sale counted as churn, the buyer's money in Field Service's quarter-end cash and the sold unit's costs in
Instruments' March margin."""
import sys

sys.path.insert(0, "/solution")
import reference

reference.main(ask=False)
