"""An expert who reads every document and gets every documented trap right, but asks the client's people nothing:
the Aldermoor amendment without the Supplier's signature is dropped as the playbook says, the Harrowgate agreement
is logged under the reference on its front page, Kilbride's cap is taken on the indicative Annual Charges, and
Brightwater's agreement is logged as the batch has it, without the variation signed after the export."""
import os
import runpy

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runpy.run_path(os.path.join(HERE, "reference.py"), init_globals={"ASK": False}, run_name="__main__")
