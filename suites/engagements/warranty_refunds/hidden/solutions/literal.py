"""Literal: exactly what the L3 brief asks, done carefully - an auto-reply per claim decision and a complaint
sentiment dashboard - leaving the triage rules alone as the sponsor said.

A careful implementer asks the sponsor what the e-mails must say, the claims systems engineer how customers
without an e-mail address are reached, and Legal what a refusal must contain (also for claimants who wrote in
Swedish); the replies then go to replies/ or post/ and open refusals to Swedish claimants in Swedish.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("annelie", "Annelie, what exactly should the auto-reply to a customer say, and in what tone?")
    kit.ask("farid", "Farid, some claims have no contact e-mail - how do customers without an e-mail address get "
                     "our reply?")
    kit.ask("priscilla", "Priscilla, what must a written refusal to a customer contain, and must the decision to a "
                         "customer who filed the claim in Swedish be written in Swedish?")
    fixes.install_replies_and_dashboard()
    return 0


if __name__ == "__main__":
    sys.exit(main())
