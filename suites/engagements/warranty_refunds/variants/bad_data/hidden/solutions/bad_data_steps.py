"""Steps the bad_data shortcuts share: the four faults the history shows, confirmed by their owners, and the
sign-off of a rule change that covers them plus whatever a shortcut does about Tarnowo's serials."""

import fixes
import worktrial_kit as kit

SIGN_OFF = (
    "Tobias, could you sign off a change request to the triage rules: translate the v2 "
    "codes (X01/E21, X03/E10) on Southgate Harbour Road reports from 19 January and on "
    "Millbrook's from its 2 March go-live, skip Eastmere's intake placeholder reports (-P "
    "ids), both as Farid confirmed; count the guarantee from the delivery date as the "
    "published terms say (Priscilla confirmed){serials}. Annelie has agreed that I work on the "
    "rules. Everything else stays as it is."
)


def ask_four_faults() -> None:
    """The scope from the sponsor, then each fault of the history put to its owner with its evidence."""
    kit.ask(
        "annelie",
        "Annelie, the Consumer Disputes Board overturned 29 of our refusals in February (EUR 8,700 "
        "in case fees alone), 42 cases are open, and the parts audit flags paid claims that were "
        "not covered. That money comes from the triage rules, not from the replies. May I work on "
        "the rules as part of this project, with Tobias signing the change off?",
    )
    kit.ask(
        "farid",
        "Farid, since 19 January Southgate's (RC-S) failure codes contradict the technicians' text: X01 "
        "'foreign object' on claims where the drain pump was replaced, E21 where a coin was found. Has "
        "their ServiceDesk 9 mapping loaded the old v2 code list?",
    )
    kit.ask(
        "farid",
        "Farid, thanks. Is Southgate's Millbrook site (P. Santos) going to move to ServiceDesk 9 as "
        "well, or is any other centre changing its system from March?",
    )
    kit.ask(
        "farid",
        "Farid, another one: since mid-January many Eastmere (RC-E) claims have two reports on the same "
        "day - the technician's and an N00 intake record whose id ends in -P - and the job refuses them "
        "as no fault found. Which report is the real one?",
    )
    kit.ask(
        "priscilla",
        "Priscilla, our guarantee terms (s.3.1) give 24 months from the date of delivery, but WOP-04 "
        "and the triage rules count from the purchase date, and we lose guarantee-period refusals on "
        "late webshop deliveries. Which date applies?",
    )


def install_and_sign_off(line2_serials: list[dict] | None = None, serials: str = "") -> None:
    """Installs the four fixes (and `line2_serials` when given), then asks Tobias to sign off; `serials` is the
    sign-off's clause on the serial check, starting with "; "."""
    extra = {"line2_serials": line2_serials} if line2_serials is not None else {}
    fixes.install_rules(
        {
            "rule_version": "TR-3.3",
            "feed_code_translations": [fixes.SOUTHGATE_V2, fixes.SOUTHGATE_V2_MILLBROOK],
            **fixes.EASTMERE_INTAKE,
            **fixes.DELIVERY_START,
            **extra,
        }
    )
    kit.ask_when_in("tobias", SIGN_OFF.format(serials=serials), away=["mon", "2026-03-03"])
