"""Reference (base variant): fix the attribution to the contract terms in force, with the facts and sign-off.

- Mirefield MSA clause 14.3 as amended by Amendment No. 2, applied as minuted on 14 Oct 2025 (confirmed by
  the cost engineer): a hole problem is Mirefield's only if the LAST mud check before the event start was
  out of programme, or if there was no check in the previous 24 h; supply delays stay Mirefield's.
- Mud pumps / fluid ends / rig hydraulics are Tollund's equipment; mud motors are Sextant's (superintendent).
- Contracts Manager's sign-off (away Mon/Tue) before the change is used.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priya", "Priya, could you confirm how clause 14.3 of the Mirefield MSA, as amended by Amendment "
                     "No. 2, is applied to hole problems such as the disputed stuck pipe NPT-BR11-0121-1? I want "
                     "the claim rules to follow the agreed reading exactly.")
    kit.ask("dale", "Dale, for NPT attribution: who owns the mud pumps, the mud motors and the rig hydraulics "
                    "on BR-11, BR-14 and BR-17 - Tollund, Sextant or Mirefield?")
    c.install_claims(c.BASE_POLICY, c.rules_with_equipment_rows(c.read_rules()))
    c.run_history_check("2026-02")
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim attribution rules that applies "
                              "clause 14.3 as Priya confirmed it, so Mirefield hole problems are claimed only when "
                              "the last mud check before the event was out of programme, with mud pump and "
                              "hydraulic failures attributed to Tollund and mud motor failures to Sextant?", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
