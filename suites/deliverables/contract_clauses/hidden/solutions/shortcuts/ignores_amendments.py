"""A careful extraction that stops reading at the end of the main agreement: signed amendments (and drafts) at
the back of a contract are never seen, so the register shows the terms as originally signed."""
import os
import re
import runpy
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)
import worktrial_kit as kit  # noqa: E402

_original = kit.document_text


def _main_agreement_only(path):
    return re.split(r"Amendment No\. \d", _original(path))[0]


kit.document_text = _main_agreement_only
runpy.run_path(os.path.join(HERE, "reference.py"), run_name="__main__")
