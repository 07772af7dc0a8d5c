"""Shortcut (wrong_ask): every fix the history and the documents show, nothing the staff hold; backed and signed.

Repeats of social mentions closed (same ext_ref), COURTS and INQUESTS stories to Legal with the ordinary legal
deadline, NSC referrals within 24 hours (the 72-hour notice). Not asked: the window, the NSC's new channel.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=82, nsc=57, gbp="360,000"))
    fixes.careful(legal_sections={"COURTS": 12, "INQUESTS": 12}, dedupe_ext_ref=True)
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Repeats of social "
        "mentions closed, COURTS and INQUESTS stories to the legal desk, NSC referrals within 24 hours.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job: repeats closed, COURTS and "
        "INQUESTS stories to Legal? Helen backs it and Priya has reviewed it."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
