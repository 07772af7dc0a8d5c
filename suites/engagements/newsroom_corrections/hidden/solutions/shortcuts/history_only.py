"""Shortcut: every fix the history and the documents show, and nothing the staff hold; backed and signed off.

From the code and the outcomes: the fast lane before the legal terms (defamation complaints at the desks),
complaints on COURTS stories ending in claims (to Legal, with the ordinary legal deadline), NSC referrals
acknowledged late since February (the NSC's 48-hour notice). Nobody is asked what the history cannot show:
the four-hour window, the new CMS code for court copy, the NSC's new channel code.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="360,000"))
    fixes.careful(legal_sections={"COURTS": 12})
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Legal terms first, "
        "every complaint on a COURTS story to the legal desk, NSC referrals to Siobhan within 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job: legal terms first, COURTS "
        "stories to Legal, NSC referrals within 24 hours? Helen backs it and Priya has reviewed it."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
