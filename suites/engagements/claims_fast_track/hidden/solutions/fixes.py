"""Story code the claims_fast_track solutions share: installing the job and writing its rule book."""

import shutil
import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit

DELIVERY = Path("/solution/delivery")
RULES = "system/config/rules.json"
ALIASES = {"WATER-ESC": "EOW", "WIND-STORM": "STORM", "ACC-DMG": "AD"}
EARLY = {"max_policy_age_days": 45, "perils": ["EOW", "AD"], "min_amount": 600}
HW25 = {"default": {"EOW": 350, "default": 250}, "HW-25": {"EOW": 600, "default": 350}}
WREN = [
    {
        "storm": "WREN",
        "first_loss_date": "2026-04-08",
        "last_loss_date": "2026-04-11",
        "districts": ["KN5", "KN6", "KN7", "KN8", "RW1", "RW2", "RW3"],
    }
]
COMMON = {"version": "CGC-2026-04", "peril_aliases": ALIASES, "early_claim": EARLY, "vulnerable_priority": True}

SPONSOR = (
    "Ruth, in February and March {figure}. That costs far more than the handler time, and claims above "
    "GBP 1,500 are where most of the inflated amounts are. May I fix that in the fast-track instead of "
    "raising the threshold?"
)
EARLY_Q = (
    "Tomasz, of the 53 fast-track claims settled within 45 days of the policy start, 12 were later "
    "fraud_confirmed by the audit, against 35 of 1,207 on older policies. Is that a known pattern?"
)
REGULATION_Q = (
    "Deborah, is anything changing in the regulation of claims handling from April that the fast-track "
    "job should respect?"
)

# the direct-repair scheme (old_wording_excess, off_limits_panel): found in the audit's duplicate payments that no
# repeat notification explains, confirmed by Tomasz, explained by Nadia
KN_RW = [f"{a}{n}" for a in ("KN", "RW") for n in range(1, 9)]
REPAIR_Q = (
    "Tomasz, of the {total} duplicate_payment findings in the audit only {repeats} are a repeat notification of "
    "the same loss. The other {count} duplicate payments are all escape of water claims in KN1 to KN4, each "
    "notified once, since 9 March. Who paid them a second time?"
)
NADIA_Q = (
    "Nadia, Tomasz traced the second payment on {count} escape of water claims in KN1 to KN4 to Brightwell's "
    "repair invoices. Why is Brightwell repairing claims the fast-track already paid in cash, and which districts "
    "and perils will that cover from April?"
)


# the open questions of the shortcuts that ask everybody about their own area
OPEN = {
    "ruth": "Ruth, is anything changing in claims operations in April that the fast-track job should allow for?",
    "tomasz": "Tomasz, is anything changing in counter-fraud or the audit in April? Which claims does the job miss?",
    "deborah": "Deborah, is anything changing in the regulation of claims handling from April?",
    "hamish": "Hamish, is anything changing in the wordings or the rule book in April?",
    "nadia": "Nadia, is anything changing with the panel, the repairers or the adjusters in April?",
}
ANYTHING = "Is there anything else about the fast-track I should know, or anything it does not cover?"

def ask_everyone_open() -> None:
    """An open question about their own area and "anything else" to every person: the asker who does not probe."""
    for person, question in OPEN.items():
        if person == "hamish":
            kit.ask_when_in(person, question, ["mon"])
        else:
            kit.ask(person, question)
        kit.ask(person, ANYTHING)


def direct_repair(districts: list[str]) -> dict:
    """The rule-book entry: claims in the scheme go to the handlers, never cash-settled."""
    return {"direct_repair": {"perils": ["EOW", "AD"], "districts": districts}}


def install(rules: dict) -> None:
    """The job that reads the extended rule book, and the rule book itself."""
    shutil.copy(DELIVERY / "fast_track.py", "system/fast_track.py")
    kit.update_json(RULES, **rules)


def dry_run() -> str:
    return kit.run(["python3", "system/fast_track.py", "--data", "data", "--out", "/tmp/dry_run"])


def sign_off(change: str) -> None:
    kit.ask_when_in(
        "hamish",
        "Hamish, could the committee sign off a fast-track rule change under CGC-04? " + change + " Ruth agrees; "
        "the payments file keeps Finance's format.",
        ["mon"],
    )
