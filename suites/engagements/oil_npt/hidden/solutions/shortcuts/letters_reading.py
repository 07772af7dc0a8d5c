"""Shortcut: the fix a reader of the documents who takes the dispute letters at their word builds, signed off.

Attribution by code and equipment owner (DP-OPS-017 s.3, "breakdowns our service did not cause"), and Mirefield's
position accepted: no hole problem is claimed from them any more (the plausible wrong root cause: it stops their
disputes and silently gives up every hole problem that is theirs). The daily reports are taken at face value
(double bookings claimed; nobody disputes them, the audit reverses them).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.ask("renata", "Renata, Mirefield's set-off has been held since September: USD 280,960 so far. May I fix "
                      "the NPT claim rules?")
    kit.ask("priya", "Priya, on NPT-BR11-0219-1 Mirefield's last check before the losses, at 06:10, read 9.8 ppg, "
                     "43 s and 5.3 mL. How is clause 14.3.1 as amended applied?")
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {
        "attribution": "code_and_owner",
        "fluids_clause": {"enabled": True, "test": "last_check_before", "no_check_window_h": 100000,
                          "tolerance": {"mw_ppg": 99, "fv_s": 999, "fl_ml": 99}}})
    kit.ask_when_in("ingrid", "Ingrid, please sign off a change to the NPT claim rules: attribution by code and "
                              "equipment owner, and no Mirefield hole problems claimed any more, as their letters "
                              "argue under Amendment 2. Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
