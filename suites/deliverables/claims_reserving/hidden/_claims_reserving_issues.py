"""The e-mails that come with claims_reserving's files, and the matters the note to the Reserving Committee must
raise (`hidden/reference/issues.json`, read by checks.py:note_issues)."""

from __future__ import annotations

MI = "Kieran Doyle <claims.mi@marchbank-mutual.example>"
RESERVING = "Reserving team"


def mails_for(inst: dict, story: dict) -> list[tuple[str, str, str, str, str, str]]:
    dup_claim = story["duplicate"][0]
    mails = [
        (
            "01_claims_extract.eml",
            MI,
            RESERVING,
            "2027-01-05 10:12",
            "Claims data for the Q4 review",
            "Hi,\n\nThe extract from the claims system was run on Monday 4 January and has everything posted up to the "
            "run. The legacy history up to 30 June 2025 comes from the archive as before. The recoveries team keep "
            "their own register, attached too.\n\n"
            + (
                "The migrated claims carry the posting date of the migration load; their own dates are in "
                "original_txn_date. The batch of 13 March 2026 was loaded twice by the interface, the second copy has "
                "the same txn ids.\n\n"
                if not inst["hard"]
                else ""
            )
            + "Kieran Doyle\nClaims MI\n",
        ),
        (
            "02_recoveries.eml",
            "Recoveries Team <recoveries@marchbank-mutual.example>",
            RESERVING,
            "2027-01-05 15:40",
            "Recoveries register to year end",
            "Hello,\n\nHere is the salvage and subrogation register to 31 December. Receipts since go-live are "
            "posted to the claims system as well; the ones before go-live were never on the old system. Recoveries "
            "we are still pursuing are on the register for information.\n\nRecoveries Team\n",
        ),
        (
            "03_earned_premium.eml",
            "Nadia Farrow <n.farrow@marchbank-mutual.example>",
            RESERVING,
            "2027-01-07 17:05",
            "Earned premium by accident year - final",
            "Hi all,\n\nThe final earned premium by accident year is on the 'EP final' sheet. I left October's draft "
            "projection in the workbook on its own sheet; please do not use it any more.\n\nNadia Farrow\nFinance "
            "Business Partner\n",
        ),
        (
            "04_duplicate_payment.eml",
            "Claims Payments <claims.payments@marchbank-mutual.example>",
            RESERVING,
            "2026-11-02 09:30",
            f"Duplicate payment on {dup_claim}",
            f"FYI - a payment on {dup_claim} went out twice in error this year; the second one was reversed once the "
            "garage returned the funds. Both the duplicate and the reversal are on the claim.\n\nClaims Payments\n",
        ),
    ]
    if not inst["hard"]:
        mails.append(
            (
                "05_claims_update.eml",
                "Ruth Pemberton <r.pemberton@marchbank-mutual.example>",
                RESERVING,
                "2025-06-19 12:00",
                "Household case reserve review completed",
                "Hi,\n\nFollowing the claims audit we completed the case reserve review on 12 June 2025: "
                "every open household reserve was raised, by about a third on average; motor was not part of it. "
                "It is a one-off change in our "
                "reserving practice, not a change in the claims themselves.\n\nRuth Pemberton\nClaims Manager\n",
            )
        )
    if inst["hard"]:
        post = story["post"]
        lines = []
        for claim, paid, out in story["large_open"]:
            status = (
                "listed for mediation on 8 January"
                if claim == post["claim"]
                else "negotiating"
                if claim.startswith("MV")
                else "loss adjuster's report due"
            )
            lines.append(f"  {claim}   paid {paid:>12,.2f}   outstanding {out:>12,.2f}   {status}")
        mails.append(
            (
                "05_claims_update.eml",
                "Owain Griffiths <o.griffiths@marchbank-mutual.example>",
                RESERVING,
                "2026-12-30 16:45",
                "Open large losses at year end",
                "Hi,\n\nFor the year-end review, the open large losses as they stand on the system tonight:\n\n"
                + "\n".join(lines)
                + "\n\nNothing else to report from the major loss team.\n\nOwain Griffiths\n"
                "Major Loss Manager\n",
            )
        )
    return mails


def issues_for(inst: dict, story: dict) -> list[dict]:
    dup = story["duplicate"][0].lower()
    issues = [
        {
            "id": "migration_dates",
            "what": "the migrated history carries the migration's posting date, not the "
            "transaction date, and repeats the legacy rows",
            "all_of": [["migrat", "go-live", "legacy"]],
            "any_of": [
                "posting date",
                "original_txn_date",
                "original transaction date",
                "1 july 2025",
                "2025-07-01",
                "transaction date",
                "duplicat",
                "twice",
                "double",
            ],
        },
        {
            "id": "strengthening",
            "what": "the case-reserve strengthening of June 2025 distorts the "
            "incurred factors and its calendar year is excluded",
            "all_of": [["strengthen", "reserve review", "case-reserve review", "one-off", "one off"]],
            "any_of": ["2025", "exclud", "link ratio", "factor", "development"],
        },
        {
            "id": "reopened",
            "what": "reopened claims recorded under a new number and date are kept in their original accident year",
            "all_of": [["reopen", "re-open"]],
            "any_of": ["original", "accident year", "-r1", "date of loss", "new number", "reopening date"],
        },
        {
            "id": "recoveries",
            "what": "pre-migration recoveries are only in the recoveries register; recoveries "
            "still pursued are not anticipated",
            "all_of": [["recover", "salvage", "subrogation"]],
            "any_of": [
                "register",
                "before the migration",
                "pre-migration",
                "before go-live",
                "not on the",
                "pursu",
                "not received",
                "not anticipated",
            ],
        },
        {
            "id": "large_losses",
            "what": "large losses capped at GBP 250,000 (last year's report used 200,000)",
            "all_of": [["large"]],
            "any_of": ["250,000", "250k", "250 000", "250000", "250,000"],
        },
        {
            "id": "duplicate_payment",
            "what": f"the duplicate payment on {story['duplicate'][0]} and its reversal",
            "all_of": [[dup]],
            "any_of": ["duplicate", "twice", "revers"],
        },
    ]
    if inst["hard"]:
        post = story["post"]
        issues.append(
            {
                "id": "post_settlement",
                "what": f"{post['claim']} settled after the extract",
                "all_of": [[post["claim"].lower()]],
                "any_of": [
                    "settled",
                    "settlement",
                    "mediation",
                    f"{post['amount']:,.0f}",
                    f"{post['amount'] / 1000:,.0f}k",
                ],
            }
        )
        issues.append(
            {
                "id": "elr_revision",
                "what": "the motor initial expected loss ratio revised in December for accident years 2024 to 2026",
                "all_of": [["loss ratio", "elr"]],
                "any_of": [
                    f"{inst['elr_revision']['motor'] * 100:.0f}%",
                    "revis",
                    "10 december",
                    "december",
                    "updated",
                ],
            }
        )
        issues.append(
            {
                "id": "rebasing",
                "what": "motor case reserves re-set on a new basis during 2026, so the motor "
                "ratios of calendar 2026 are excluded",
                "all_of": [["motor"], ["guide", "re-set", "reset", "new basis", "re-bas", "rebas", "practice"]],
                "any_of": ["2026", "exclud", "link ratio", "factor", "one-off", "one off"],
            }
        )
        corr = story["premium_correction"]
        issues.append(
            {
                "id": "premium_correction",
                "what": f"Finance corrected the {corr['cls']} {corr['ay']} earned premium after the final sheet",
                "all_of": [["premium"], ["correct", "credit note", "adjust", "overstat", "cancel", "revis"]],
                "any_of": [
                    f"{corr['amount']:,.0f}",
                    f"{corr['amount'] / 1e6:.2f}m",
                    f"{corr['amount'] / 1e6:.2f} m",
                    "affinity",
                    "harbourside",
                    "8 january",
                    "credit note",
                ],
            }
        )
        late = inst["late_large_loss"]
        issues.append(
            {
                "id": "late_large_loss",
                "what": f"{late['claim']}, a large motor injury claim of {late['ay']} notified after the extract",
                "all_of": [
                    [
                        late["claim"].lower(),
                        "late-notified",
                        "late notified",
                        "notified after",
                        "reported after",
                        "letter of claim",
                    ]
                ],
                "any_of": [
                    f"{late['incurred']:,.0f}",
                    f"{late['incurred'] / 1e6:.3f}m",
                    f"{late['incurred'] / 1e6:.2f}m",
                    f"{late['incurred'] - inst['cap']:,.0f}",
                    f"{(late['incurred'] - inst['cap']) / 1e6:.3f}m",
                    "6 january",
                    "notified",
                    "excess",
                ],
            }
        )
    return issues
