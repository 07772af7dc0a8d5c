"""Reference (repair_allowance): the Tollund repair allowance, attribution by code and owner, BR-17's repeats.

- Tollund drilling contract clause 7.4 as amended by Amendment 1 (Oct 2025, not in the document pack; the
  superintendent negotiated it and explains it when shown a disputed line and its hours): the first 24 h of
  equipment breakdown per rig per calendar month are paid at the Operating Rate; only hours beyond are Zero
  Rate and claimable (the crossing event is split).
- March differs from history on one rig: BR-17's top drive is changed during March and Dale agreed with
  Tollund at the 27 February review that BR-17 gets 60 h instead of 24 for that month. Nothing is written down;
  Dale tells it when asked whether the allowance holds unchanged for the claim month.
- Mirefield's 14.3 is the original clause here: every hole problem is theirs, no mud test.
- BR-17's new reporting app books after-midnight NPT twice from 9 February.
- Sextant's BR-11 performance call-off from 1 March (Procurement; Finance refers when shown a Sextant figure):
  Sextant credits its own tool NPT on BR-11 on its invoice, so it is not set off.
- The sponsor agrees once shown the money; the Contracts Manager (away Mon/Tue) signs off with Dale's terms.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main(sextant: bool = True, attribution: str = "code_and_owner") -> int:
    """The reference's steps; shortcuts/ leave out the Sextant question or keep a keyword table."""
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_shipped",
             "--month", "2026-02"])
    sextant_usd = kit.read_json("/tmp/npt_shipped/claims/claim_summary_2026-02.json")["by_contractor"]["SXD"]["amount_usd"]
    if sextant:
        kit.ask("hamid", f"Hamid, the February draft set-off against Sextant is USD {sextant_usd:,.2f}. Is there "
                         "anything about Sextant's invoices I should check before March is claimed?")
        kit.ask("lotte", f"Lotte, Hamid says you negotiated Sextant's new call-off. We set off USD {sextant_usd:,.2f} "
                         "of Sextant NPT in February; what changes for Sextant's NPT from March?")
    kit.ask("renata", "Renata, Tollund's set-off has been held since November (USD 86,093.75 so far) and "
                      "Mirefield's since September (USD 280,960). May I work on the NPT claim rules?")
    kit.ask("dale", "Dale, Tollund disputes its whole January set-off every month, e.g. NPT-BR11-0101-2 and "
                    "NPT-BR11-0127-1 - BR-11 had about 13.5 hours of breakdown in January. Their reasons don't "
                    "hold up. Did you agree anything on repair time with Tollund in October?")
    kit.ask("dale", "Dale, before I build the March claim: does the 24 h repair allowance apply the same way "
                    "in March on all three rigs, or is there an exception this month?")
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. Is that a double booking?")
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {
        "attribution": attribution, "skip_midnight_repeats": True, "fluids_clause": {"enabled": False},
        "repair_allowance": {"enabled": True, "contractor_id": "TDS", "npt_code": "1-EQUIP",
                             "hours_per_rig_month": 24,
                             "overrides": [{"rig_id": "BR-17", "month": "2026-03", "hours": 60}]},
        "self_credited": [{"contractor_id": "SXD", "rig_ids": ["BR-11"], "from": "2026-03-01"}] if sextant else []})
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? Clause 7.4 as amended by "
                              "Amendment 1, as Dale confirmed it: Tollund breakdown hours within the 24 h monthly "
                              "repair allowance per rig (60 h on BR-17 in March for the top-drive changeover) are no longer claimed. Attribution by NPT code and equipment "
                              "owner per DP-OPS-017 s.3 (mud pumps and rig hydraulics to Tollund, mud motors to "
                              "Sextant), BR-17's after-midnight repeats no longer claimed twice, and Sextant's BR-11 NPT "
                              "from March not set off (credited under the new call-off). Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
