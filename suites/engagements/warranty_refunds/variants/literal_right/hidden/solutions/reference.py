"""Reference (literal_right variant): the sponsor's auto-replies are the fix - done as the law needs them.

CSA s.23a (in force 1 Jan 2026): a refusal stands only if the customer gets a written decision within 14 days
naming the claim, saying it is refused, giving the ground and the route to the Consumer Disputes Board. The
claims platform's letters stopped at the CRM migration on 31 December. The reply job must therefore
- write a reply per refusal with its specific ground and the Board route (the wish list offers only an
  internal review; WOP-04's L-07 wording and Legal name the Board),
- post it (post/<id>.txt, the print room) to the claimants without an e-mail address (one cut of the data),
- open it in Swedish for claimants who filed in Swedish (Legal; nowhere in the documents).
The triage rules stay as they are (no change, so no sign-off needed).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priscilla", "Priscilla, since January the Disputes Board overturns our refusals whatever the merits; "
                         "customers write they never got a written answer. What must a written refusal contain under "
                         "section 23a, and must the decision to a customer who filed in Swedish be in Swedish?")
    kit.ask("annelie", "Annelie, what exactly should the auto-reply to a customer say, and in what tone?")
    kit.ask("farid", "Farid, some claims have no contact e-mail - how do customers without an e-mail address get "
                     "our reply?")
    fixes.install_replies_and_dashboard()
    return 0


if __name__ == "__main__":
    sys.exit(main())
