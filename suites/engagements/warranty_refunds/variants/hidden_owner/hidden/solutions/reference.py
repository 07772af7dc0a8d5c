"""Reference (hidden_owner variant): three faults, each confirmed by its owner, signed off.

- Frost 6 (FR-6) built at Kolsby in weeks 2519-2523 and 2526-2527 carry an Arvent start-relay lot with an
  intermittent fault (8D SQ-8D-2025-031) that bench tests miss: their no-fault-found (N00) claims are a known
  defect. Weeks 2524-2525 (second-source compressor) and Tarnowo are not affected. Only supplier quality at
  the plant knows the list (on a line audit until Wednesday 4 March); Product Engineering points there.
- The 2025 market addendum extends the domestic guarantee to Baltic-programme builds (market BALT); the
  policy still lists only NORD as domestic, so those claims are refused as grey imports.
- Westholm's tablets since December spell v3 codes their own way; the job sent them all to inspection.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    c.agree_scope("the Consumer Disputes Board overturned 26 of our refusals in February (EUR 7,800 in case fees "
                  "alone), mostly on fridge-freezers, and the inspection bay overflows every month.")
    kit.ask("ilse", "Ilse, the Disputes Board overturns our no-fault-found (N00) refusals on Frost 6 fridge-freezers "
                    "built at Kolsby, citing a quality report SQ-8D-2025-031. Can an intermittent fault pass the bench "
                    "test, and who would know about a batch?")
    kit.ask("farid", "Farid, since December many Westholm (RC-W) reports carry codes spelled 'x-02' or 'X-02' that "
                     "are not in the code list, so the job sends them to inspection. Is their feed format wrong?")
    kit.ask_when_in("marek", "Marek, the Disputes Board overturns our no-fault-found refusals on Frost 6 (FR-6) "
                             "fridge-freezers, citing quality report SQ-8D-2025-031 on compressor start relays. Which "
                             "FR-6 serials / build weeks carry the affected relay lot?", not_before="2026-03-04")
    c.install_rules({"rule_version": "TR-3.3", "known_defects": [c.FR6_LOT], **c.WESTHOLM_SPELLING,
                     **c.BALT_DOMESTIC})
    c.run_history_check("2026-02")
    c.sign_off("approve FR-6 no-fault-found (N00) claims on Kolsby build weeks 2519-2523 and 2526-2527 as the "
               "Arvent relay lot Marek confirmed (8D SQ-8D-2025-031); treat market BALT as domestic as the 2025 "
               "market addendum says; read Westholm's codes whatever their spelling (Farid confirmed).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
