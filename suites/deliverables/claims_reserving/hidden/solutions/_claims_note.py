"""The reference's note to the Reserving Committee: results by class and the matters the Committee must know."""

from __future__ import annotations


def _m(x: float) -> str:
    return f"GBP {x / 1e6:,.2f}m"


def text(book, result: dict, known: dict, policy: dict) -> str:
    cls_rows = []
    for cls, b in result["classes"].items():
        cls_rows.append(
            f"| {cls.capitalize()} | {_m(b['total_ultimate'])} | {_m(b['total_ibnr'])} | {_m(b['total_reserve'])} |"
        )
    dup = next((c for c, notes in book.notes.items() for _, n in notes if n.startswith("DUPLICATE OF")), None)
    cap = f"{policy['cap']:,.0f}"
    lines = [
        "# Reserving Committee: gross reserves as at 31 December 2026",
        "",
        "## Results",
        "",
        "| Class | Ultimate | IBNR | Reserve (ultimate less paid) |",
        "|---|---|---|---|",
        *cls_rows,
        f"| Total | {_m(result['total_ultimate'])} | {_m(result['total_ibnr'])} | {_m(result['total_reserve'])} |",
        "",
        f"Methods as the policy prescribes: chain-ladder on the capped incurred triangle for accident years 2017 to "
        f"{2026 - policy['bf_years']}, Bornhuetter-Ferguson for the {policy['bf_years']} most recent accident years, "
        "with the large-loss excess added to each year's ultimate. Figures by accident year are in reserves.json; "
        "the paid and incurred triangles in triangles.csv.",
        "",
        "## Matters for the Committee",
        "",
        f"Large losses: claims over GBP {cap} are capped in the triangles and their excess over GBP {cap} added "
        "undeveloped, as the 2026 policy requires; last year's report used the superseded threshold of GBP 200,000, "
        "so the figures are not directly comparable for the large-loss years.",
        "",
    ]
    if known.get("strengthening"):
        lines += [
            "Household case reserves: the case reserve review of 12 June 2025 strengthened every open household "
            "reserve, a one-off change in practice confirmed by Claims. It distorts the household incurred link "
            "ratios of calendar year 2025, which are excluded from the household averages (policy 4.2); the "
            "excluded year is not replaced.",
            "",
        ]
    if known.get("rebasing"):
        rb = known["rebasing"]
        lines += [
            f"{rb['classes'][0].capitalize()} case reserves: Claims confirmed that from 1 March {rb['year']} every "
            f"open {rb['classes'][0]} reserve was re-set on the new injury reserving guide, a one-off change in "
            f"case-reserving practice. It distorts the {rb['classes'][0]} incurred link ratios of calendar year "
            f"{rb['year']}, which are excluded from the {rb['classes'][0]} averages (policy 4.2); the excluded year "
            "is not replaced.",
            "",
        ]
    if known.get("post_settlement"):
        p = known["post_settlement"]
        lines += [
            f"Large claim {p['claim']} settled at mediation after the extract for GBP {p['amount']:,.0f}; the "
            "settlement is reflected in the large-loss excess of its accident year (policy 3.2).",
            "",
        ]
    if known.get("late_large_loss"):
        late = known["late_large_loss"]
        lines += [
            f"Late-notified large loss: {late['claim']}, a {late['cls']} injury claim of accident year {late['ay']}, "
            f"was notified on 6 January 2027, after the extract, and reserved at GBP {late['incurred']:,.0f}. It is in "
            f"no triangle; its excess of GBP {late['incurred'] - policy['cap']:,.0f} over the threshold is added to "
            f"the {late['ay']} ultimate (policy 3.2 and 5.4) and sits in that year's IBNR.",
            "",
        ]
    if known.get("elr_revision"):
        r = known["elr_revision"]
        lines += [
            f"Initial expected loss ratio: the Committee revised the motor ratio to {r['motor'] * 100:.0f}% on "
            f"10 December 2026 for accident years {r['years'][0]} to {r['years'][-1]}, after the policy's Table 1 "
            "was approved; the motor Bornhuetter-Ferguson figures use the revised ratio, household keeps Table 1. "
            "Table 1 should be updated.",
            "",
        ]
    for cls, years in known.get("premium_correction", {}).items():
        for ay, v in years.items():
            lines += [
                f"Earned premium: Finance corrected the {cls} {ay} gross earned premium to GBP {v:,.0f} after the "
                "final sheet of 7 January 2027 (a credit note posted on 8 January); the Bornhuetter-Ferguson "
                "figures use the corrected premium.",
                "",
            ]
    lines += [
        "## Data matters",
        "",
        "- Migration: the new system's extract repeats the migrated history of the claims open at go-live with the "
        "migration's posting date of 1 July 2025; each transaction is counted once, at its original transaction "
        "date.",
        "- Duplicated rows: the interface batch of 13 March 2026 appears twice and the legacy file repeats its late "
        "2021 rows; each counted once.",
        "- Reopened claims: claims reopened after go-live were recorded under a new number (-R1) with the reopening "
        "date as date of loss; they are kept in the original accident year.",
        "- Recoveries: salvage and subrogation received before the migration are only in the recoveries register "
        "and are taken from it; recoveries still being pursued are not anticipated.",
        "- Cut-off: transactions of 1 to 4 January 2027 in the extract are after the valuation date and left out.",
        "- Earned premium: the final sheet of 7 January 2027 is used, not October's draft projection.",
    ]
    if dup:
        lines.append(
            f"- Duplicate payment: {dup} was paid twice in error in 2026 and the duplicate reversed; both "
            "are kept, so they net to nil."
        )
    return "\n".join(lines) + "\n"
