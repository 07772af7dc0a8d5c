"""The files taken at face value: the Regulations applied carefully to what the exports show, but nothing the e-mails
or the staff add - the owner-drivers treated as the self-employed their agreements call them, the HR master's
contracted hours, only the company's bonus ledger, and the Hull staff left out where the HR master holds no gender."""

import sys

sys.path.insert(0, "/solution")
import _gpg_calc as calc
import reference

reference.deliver(calc.load(), {})
