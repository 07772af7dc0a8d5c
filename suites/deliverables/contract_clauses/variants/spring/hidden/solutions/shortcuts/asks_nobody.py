"""An expert who reads every document and gets every documented trap right, but asks the client's people nothing:
the Aldermoor amendment without the Supplier's signature is dropped as the playbook says, the Harrowgate agreement
is logged under the reference on its front page, Kilbride's cap is taken on the indicative Annual Charges, and
Brightwater's, Sowerby's, Rheinfeld's and Corvane's agreements are logged as the batch has them, without the
variation signed after the export, the side letter, the group framework or the novation."""

import os
import runpy

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runpy.run_path(os.path.join(HERE, "reference.py"), init_globals={"ASK": False}, run_name="__main__")
