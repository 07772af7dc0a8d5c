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

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("annelie", "Annelie, the Consumer Disputes Board overturned 26 of our refusals in February (EUR 7,800 "
                       "in case fees alone), mostly on fridge-freezers, and the inspection bay overflows every "
                       "month. That money comes from the triage rules, not from the replies. May I work on the "
                       "rules as part of this project, with Tobias signing the change off?")
    kit.ask("ilse", "Ilse, the Disputes Board overturns our no-fault-found (N00) refusals on Frost 6 fridge-freezers "
                    "built at Kolsby, citing a quality report SQ-8D-2025-031. Can an intermittent fault pass the bench "
                    "test, and who would know about a batch?")
    kit.ask("farid", "Farid, since December many Westholm (RC-W) reports carry codes spelled 'x-02' or 'X-02' that "
                     "are not in the code list, so the job sends them to inspection. Is their feed format wrong?")
    kit.ask_when_in("marek", "Marek, the Disputes Board overturns our no-fault-found refusals on Frost 6 (FR-6) "
                             "fridge-freezers, citing quality report SQ-8D-2025-031 on compressor start relays. Which "
                             "FR-6 serials / build weeks carry the affected relay lot?", not_before="2026-03-04")
    fixes.install_rules({"rule_version": "TR-3.3", "known_defects": [fixes.FR6_LOT], **fixes.WESTHOLM_SPELLING,
                         **fixes.BALT_DOMESTIC})
    kit.run(["python3", "system/triage.py", "--db", "data/claims.db", "--out", "/tmp/triage_check",
             "--month", "2026-02"], timeout=300)
    kit.ask_when_in("tobias", "Tobias, could you sign off a change request to the triage rules: approve FR-6 "
                              "no-fault-found (N00) claims on Kolsby build weeks 2519-2523 and 2526-2527 as the "
                              "Arvent relay lot Marek confirmed (8D SQ-8D-2025-031); treat market BALT as domestic "
                              "as the 2025 market addendum says; read Westholm's codes whatever their spelling "
                              "(Farid confirmed). Annelie has agreed that I work on the rules. Everything else "
                              "stays as it is.", away=["mon", "2026-03-03"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
