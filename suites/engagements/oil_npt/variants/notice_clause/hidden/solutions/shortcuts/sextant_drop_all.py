"""Shortcut (notice_clause): the reference, but Sextant dropped on every rig from March on Hamid's word alone.

Hamid says part of Sextant's work moved to a new call-off; without asking Lotte which part, the worker stops
claiming Sextant everywhere and gives up BR-11's and BR-17's tool failures, which stay claimable, and the BR-14
credit too: the call-off credits only NPT notified as Sextant's, and the e-mail now lists it as not charged.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import reference  # noqa: E402


def main() -> int:
    policy = {**reference.POLICY, "self_credited": [],
              "not_claimed_contractors": [{"contractor_id": "SXD", "from": "2026-03-01"}]}
    return reference.solve(policy, lotte=False)


if __name__ == "__main__":
    sys.exit(main())
