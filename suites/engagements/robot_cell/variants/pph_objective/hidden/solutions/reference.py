"""Reference (pph_objective): plan to the carrier deadlines again.

- The clients' 2026 SLAs measure complete orders at the collection and charge back every late order
  (account manager); the 'pph' objective ignores the deadlines.
- Back to objective 'cutoff' (batches per SKU and deadline, earliest deadline first), approved by the
  Operations Manager under WI-OPS-22. No change to the cells' envelope.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("tobias", "Tobias, how do the client SLAs measure lateness - per order or per line - and what do we pay "
                      "for a late Parcelink Express order?")
    c.update_config(objective="cutoff")
    c.run_history_check()
    kit.ask("declan", "Declan, could you approve a scheduler configuration change under WI-OPS-22: objective back "
                      "from 'pph' to 'cutoff', so batches follow the collection deadlines? Under the 2026 SLAs the "
                      "clients charge back every order not complete at its collection.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
