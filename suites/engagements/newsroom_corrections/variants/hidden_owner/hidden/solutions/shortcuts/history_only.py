"""Shortcut (hidden_owner): what the history and the documents show, nothing the staff hold; backed, signed.

COURTS stories to Legal with the ordinary legal deadline, NSC referrals within 24 hours. The claims on
syndicated stories are visible, but not why: without the syndication manager nobody writes a HOLD. Not asked:
the window, the subs' new flag button.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=78, nsc=57, gbp="650,000"))
    fixes.careful(legal_sections={"COURTS": 12})
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Legal terms first, "
        "every complaint on a COURTS story to the legal desk, NSC referrals to Siobhan within 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job: COURTS stories to Legal, NSC "
        "referrals within 24 hours? Helen backs it and Priya has reviewed it."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
