"""Shortcut (repair_allowance): the allowance as Dale explains the October deal, applied alike to every month.

A worker who finds the Tollund allowance and never asks whether the claim month differs from history claims
BR-17's March breakdown hours between 24 and 60 h, which Tollund disputes (BR-17's top-drive changeover).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.ask("renata", "Renata, Tollund's set-off has been held since November (USD 86,093.75 so far) and "
                      "Mirefield's since September (USD 280,960). May I work on the NPT claim rules?")
    kit.ask("dale", "Dale, Tollund disputes its whole January set-off every month, e.g. NPT-BR11-0101-2 and "
                    "NPT-BR11-0127-1 - BR-11 had about 13.5 hours of breakdown in January. Their reasons don't "
                    "hold up. Did you agree anything on repair time with Tollund in October?")
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. Is that a double booking?")
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {
        "attribution": "code_and_owner", "skip_midnight_repeats": True, "fluids_clause": {"enabled": False},
        "repair_allowance": {"enabled": True, "contractor_id": "TDS", "npt_code": "1-EQUIP",
                             "hours_per_rig_month": 24}})
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? Clause 7.4 as amended by "
                              "Amendment 1, as Dale confirmed it: Tollund breakdown hours within the 24 h monthly "
                              "repair allowance per rig are no longer claimed. Attribution by NPT code and equipment "
                              "owner per DP-OPS-017 s.3 (mud pumps and rig hydraulics to Tollund, mud motors to "
                              "Sextant), and BR-17's after-midnight repeats no longer claimed twice. Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
