"""Reference (repair_allowance variant).

- Tollund drilling contract clause 7.4 as amended by Amendment 1 (Oct 2025, not in the document pack; the
  superintendent negotiated it): the first 24 h of equipment breakdown per rig per calendar month are paid
  at the Operating Rate; only hours beyond are Zero Rate and claimable (crossing event split).
- Mud pumps / rig hydraulics are Tollund's, mud motors Sextant's; Mirefield's 14.3 is the original clause.
- Contracts Manager's sign-off (away Mon/Tue), which needs the superintendent's confirmation.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("dale", "Dale, Tollund disputes our set-off citing clause 7.4 of the drilling contract as amended by "
                    "Amendment 1, for example line NPT-BR14-0205-1. What repair allowance did you agree with "
                    "Tollund in October, and how is it counted?")
    kit.ask("dale", "And for NPT attribution: who owns the mud pumps, the mud motors and the rig hydraulics on "
                    "BR-11, BR-14 and BR-17 - Tollund, Sextant or Mirefield?")
    policy = {"fluids_clause": {"enabled": False},
              "repair_allowance": {"enabled": True, "contractor_id": "TDS", "npt_code": "1-EQUIP",
                                   "hours_per_rig_month": 24}}
    c.install_claims(policy, c.rules_with_equipment_rows(c.read_rules()))
    c.run_history_check("2026-02")
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim attribution rules that applies "
                              "clause 7.4 as amended by Amendment 1 as Dale confirmed it, so Tollund breakdown hours "
                              "within the 24 h monthly repair allowance per rig are no longer claimed, with mud pump "
                              "and hydraulic failures attributed to Tollund and mud motor failures to Sextant?", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
