"""Reference (sg_feed variant): base fix plus the BR-17 mud-weight unit.

Since 12 Jan 2026 BR-17's mud weights arrive in SG (specific gravity, about 1.1-1.4) in the ppg column;
they must be converted (x 8.345) before the clause 14.3 test, or every BR-17 check reads out of programme.
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
    kit.ask("kai", "Kai, BR-17's mud weights in mud_checks read about 1.2 since mid-January while its mud "
                   "programme is in ppg. Is the BR-17 feed recording mud weight in SG?")
    policy = dict(c.BASE_POLICY)
    # Kai's confirmation is specific: BR-17's feed, from the day the new logging unit went live.
    policy["mud_weight_sg_feeds"] = [{"rig_id": "BR-17", "from": "2026-01-12"}]
    c.install_claims(policy, c.rules_with_equipment_rows(c.read_rules()))
    c.run_history_check("2026-02")
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim attribution rules that applies "
                              "clause 14.3 as Priya confirmed it, so Mirefield hole problems are claimed only when "
                              "the last mud check before the event was out of programme (BR-17 mud weights "
                              "converted from SG, as Kai confirmed), with mud pump and hydraulic failures "
                              "attributed to Tollund and mud motor failures to Sextant?", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
