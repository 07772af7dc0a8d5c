"""A careful analyst who gets everything in the files right (health checks out, the chat's clock converted, the
quiet minutes kept inside the window, the trigger and the first errors placed) but asks the client's staff
nothing: gw-b's slow clock left uncorrected, the soak test's requests counted as users, the revert taken as
what ended the impact, the Belgian shop's gateway gw-c (in no input) left out of the figures, the change freeze
exception behind CHG-5120 unknown, and the customers charged for orders never placed (the payment provider's
settlement, in no input) left out of the report."""

import sys

sys.path.insert(0, "/solution")

from _analysis import analyse

analyse({})
