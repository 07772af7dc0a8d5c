"""Reference (notice_clause): the daily e-mail becomes the clause 9.2 notice, and the claim it notifies is repaired.

- Clause 9.2 (bulletin CB-2025-04, from 1 Jan 2026): NPT to be charged must be notified in writing within 24 h
  after the end of the report day, or it is waived. The daily summary e-mail to every contractor's rep is the
  notice when each charged event is listed with its hours, the contractor and the amount set off (Priya).
- Sextant: a February figure shown to Finance earns the referral to Procurement, where Lotte explains the
  BR-14 performance call-off from 1 March (Sextant credits its own tool NPT there: no set-off).
- BR-17's new reporting app books after-midnight NPT twice; the repeats are dropped on any rig (the app reaches
  BR-11 on 1 March), and attribution goes by NPT code and equipment owner (next month's new wordings).
- Those claim changes need the sponsor's agreement and the Contracts Manager's sign-off (away Mon/Tue).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import literal  # noqa: E402  (the sponsor's daily e-mail and prototype, made the notice below)
import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
ANCHOR = '    if not (ev["start_time"] or "").endswith(" 00:00"):\n'
ONE_RIG = '    if ev["rig_id"] != "BR-17":  # the rig on the new app in the history\n        return None\n'
POLICY = {"attribution": "code_and_owner", "skip_midnight_repeats": True,
          "self_credited": [{"contractor_id": "SXD", "rig_ids": ["BR-14"], "from": "2026-03-01"}]}


def solve(policy: dict, *, sextant: bool = True, lotte: bool = True, notice: bool = True,
          one_rig_repeats: bool = False) -> int:
    """The reference's steps; the notice_clause shortcuts leave one out or change one (see shortcuts/)."""
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_shipped",
             "--month", "2026-02"])
    feb = kit.read_json("/tmp/npt_shipped/claims/claim_summary_2026-02.json")["by_contractor"]
    sextant_usd = feb["SXD"]["amount_usd"]
    kit.ask("priya", "Priya, the contractors struck every line of the January set-off citing clause 9.2 from "
                     "bulletin CB-2025-04. What must the NPT notice contain and by when - would the daily summary "
                     "e-mail to their reps satisfy it?")
    kit.ask("renata", "Renata, the contractors struck all 29 lines of the January set-offs, USD 175,393.75, for "
                      "lack of notice. May I work on the NPT claims job as well as the daily e-mail? And who is on "
                      "the distribution list of the daily summary e-mail - are the contractors' nominated reps on it?")
    if sextant:
        kit.ask("hamid", f"Hamid, the February draft set-off against Sextant is USD {sextant_usd:,.2f}. Is there "
                         "anything about Sextant's invoices I should check before March is claimed?")
    if sextant and lotte:
        kit.ask("lotte", f"Lotte, Hamid says you negotiated Sextant's new call-off. We set off USD {sextant_usd:,.2f} "
                         "of Sextant NPT in February; what changes for Sextant's NPT from March?")
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. A double booking?")
    literal.main()
    if notice:
        kit.write_json("system/config/daily_summary.json", {"npt_notice": True})
    code = (DELIVERY / "npt_claims.py").read_text()
    if one_rig_repeats:  # repeats dropped only where Kai has seen them
        code = code.replace(ANCHOR, ONE_RIG + ANCHOR, 1)
    kit.write_text("system/npt_claims.py", code)
    kit.write_json("system/config/claim_policy.json", policy)
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? BR-17's after-midnight "
                              "repeats, which Kai confirmed are double bookings by the new app, are no longer "
                              "claimed; attribution goes by NPT code and equipment owner per DP-OPS-017 s.3 so new "
                              "wordings such as PDM or shale shaker motor are not misrouted; and Sextant NPT that "
                              "Sextant credits on its own invoice under the new call-off is not set off. Renata "
                              "agrees.", ["mon", "tue"])
    return 0


def main() -> int:
    return solve(POLICY)


if __name__ == "__main__":
    sys.exit(main())
