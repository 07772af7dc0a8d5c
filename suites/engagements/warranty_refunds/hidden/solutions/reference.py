"""Reference (base variant): three separate faults in the triage rules, each confirmed by its owner, signed off.

- Clara 4 (DW-4) built at Kolsby before build week 36/2025: X02 on the main control board is door-vent
  condensation, a product defect (Product Engineering; the appeals show it, TB-2024-03 says the opposite).
  The repair centres' new app words the board differently, so the part is matched loosely.
- The published guarantee terms run 24 months from delivery, the rules count from the purchase date (Legal
  settles the contradiction between the terms and WOP-04); delivery dates come in two formats.
- Westholm's tablets since December spell v3 codes their own way ('x-02', 'X-02'); the job sent them all to
  inspection and the bay overflowed (one feed, one period of the data; the claims systems engineer confirms).
- The sponsor lets the rules into scope when shown the money; the Head of Warranty & Returns signs off.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("annelie", "Annelie, the Consumer Disputes Board overturned 32 of our refusals in February (EUR 9,600 "
                       "in case fees alone), and since December the inspection bay overflows and we pay what it "
                       "cannot inspect. That money comes from the triage rules, not from the replies. May I work "
                       "on the rules as part of this project, with Tobias signing the change off?")
    kit.ask("ilse", "Ilse, the Disputes Board keeps overturning our X02 refusals on Clara 4 (DW-4) dishwashers with "
                    "moisture on the main control board - it writes 'condensation inside the appliance'. Is that the "
                    "door vent rather than spillage, and which build weeks are affected?")
    kit.ask("priscilla", "Priscilla, our guarantee terms (s.3.1) give 24 months from the date of delivery, but WOP-04 "
                         "and the triage rules count from the purchase date, and we lose guarantee-period refusals on "
                         "late webshop deliveries. Which date applies?")
    kit.ask("farid", "Farid, since December many Westholm (RC-W) reports carry codes spelled 'x-02' or 'X-02' that "
                     "are not in the code list, so the job sends them to inspection. Is their feed format wrong?")
    fixes.install_rules({"rule_version": "TR-3.3", "known_defects": [fixes.DW4_VENT], **fixes.WESTHOLM_SPELLING,
                         **fixes.DELIVERY_START})
    kit.run(["python3", "system/triage.py", "--db", "data/claims.db", "--out", "/tmp/triage_check",
             "--month", "2026-02"], timeout=300)
    kit.ask_when_in("tobias", "Tobias, could you sign off a change request to the triage rules: approve DW-4 X02 "
                              "main control board claims built at Kolsby before week 2536 as the door-vent defect "
                              "Ilse confirmed; count the guarantee from the delivery date as the published terms "
                              "say (Priscilla confirmed); read Westholm's codes whatever their spelling (Farid "
                              "confirmed). Annelie has agreed that I work on the rules. Everything else stays as "
                              "it is.", away=["mon", "2026-03-03"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
