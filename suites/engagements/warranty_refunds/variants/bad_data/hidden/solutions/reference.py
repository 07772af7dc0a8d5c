"""Reference (bad_data variant): three faults in what the rules read, each confirmed by its owner, signed off.

- Southgate's Harbour Road workshop (technicians Okoro and Fairweather) reports in the 2019 (v2) code list
  since its ServiceDesk 9 go-live on 19 January: X01/E21 and X03/E10 are swapped (visible in one feed and
  period of the data: the code contradicts the diagnosis text; the claims systems engineer confirms).
- Eastmere's FixFlow 4.2 (from 12 January) files the counter's intake record as a second report (N00, id
  suffix -P, later -PRE / -P1) that sorts after the technician's report; the job reads it and refuses.
- The published guarantee terms run 24 months from delivery; the rules count from the purchase date.
- Nothing in the history shows it, but Southgate's Millbrook site (P. Santos) joins ServiceDesk 9 on 2 March:
  the claims systems engineer says so when asked whether anything changes in the feeds from March.
- Tarnowo's second assembly line (from build week 40/2025) numbers its units from 50001 and the register export
  carries line 1 only, so genuine appliances are refused as unknown serials: a few refusals in the history, many
  in March. Supplier quality at Kolsby keeps the register interface (Claims Audit names him only when shown the
  refusals and their count; the reference goes to him with that evidence) and gives the ranges: 50001-51000 from
  week 2540, and 60001-61000 from week 2602 for line 2's washers and fridge-freezers, which no claim in the
  history shows; everything else above the register quantity is still made up.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("annelie", "Annelie, the Consumer Disputes Board overturned 29 of our refusals in February (EUR 8,700 "
                       "in case fees alone), 42 cases are open, and the parts audit flags paid claims that were "
                       "not covered. That money comes from the triage rules, not from the replies. May I work on "
                       "the rules as part of this project, with Tobias signing the change off?")
    kit.ask("farid", "Farid, since 19 January Southgate's (RC-S) failure codes contradict the technicians' text: X01 "
                     "'foreign object' on claims where the drain pump was replaced, E21 where a coin was found. Has "
                     "their ServiceDesk 9 mapping loaded the old v2 code list? And will Southgate's Millbrook site "
                     "(P. Santos) move to ServiceDesk 9 as well from March?")
    kit.ask("farid", "Farid, another one: since mid-January many Eastmere (RC-E) claims have two reports on the same "
                     "day - the technician's and an N00 intake record whose id ends in -P - and the job refuses them "
                     "as no fault found. Which report is the real one?")
    kit.ask("priscilla", "Priscilla, our guarantee terms (s.3.1) give 24 months from the date of delivery, but WOP-04 "
                         "and the triage rules count from the purchase date, and we lose guarantee-period refusals on "
                         "late webshop deliveries. Which date applies?")
    evidence = ("18 claims on Tarnowo-built ovens and dryers (OV3T, TD2T, build weeks 2540-2551) were refused as "
                "SERIAL_UNKNOWN because their serials have sequence numbers from 50001, above the register quantity. "
                "The Disputes Board has overturned 6 of those refusals and 4 are pending.")
    kit.wait_until("2026-03-04T09:00")  # supplier quality is on a line audit until Wednesday
    kit.ask("marek", f"Marek, {evidence} Why are those Tarnowo serials missing from the production register?")
    fixes.install_rules({"rule_version": "TR-3.3",
                         "feed_code_translations": [fixes.SOUTHGATE_V2, fixes.SOUTHGATE_V2_MILLBROOK],
                         **fixes.EASTMERE_INTAKE, **fixes.DELIVERY_START, **fixes.TARNOWO_LINE2})
    kit.run(["python3", "system/triage.py", "--db", "data/claims.db", "--out", "/tmp/triage_check",
             "--month", "2026-02"], timeout=300)
    kit.ask_when_in("tobias", "Tobias, could you sign off a change request to the triage rules: translate the v2 "
                              "codes (X01/E21, X03/E10) on Southgate Harbour Road reports from 19 January and on "
                              "Millbrook's from its 2 March go-live, skip "
                              "Eastmere's intake placeholder reports (-P ids), both as Farid confirmed; count the "
                              "guarantee from the delivery date as the published terms say (Priscilla confirmed); "
                              "accept Tarnowo serials with sequences 50001-51000 from build week 2540 and 60001-61000 "
                              "from week 2602 as line 2's, as Marek confirmed. "
                              "Annelie has agreed that I work on the rules. Everything else stays as it is.",
                    away=["mon", "2026-03-03"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
