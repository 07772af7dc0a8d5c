"""Shortcut: fix the one fault that is plain in the data and stop there - repair-centre codes read whatever
their spelling - with the sponsor's agreement and the sign-off. The other hidden constraints stay unfound."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.agree_scope("the Consumer Disputes Board overturned dozens of our refusals last month and the inspection bay "
                  "overflows - EUR 9,000 and more a month.")
    c.install_rules({"rule_version": "TR-3.3", **c.WESTHOLM_SPELLING})
    c.sign_off("read repair-centre failure codes whatever their spelling ('x-02' as X02), because the unknown "
               "spellings all go to inspection and overflow the bay.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
