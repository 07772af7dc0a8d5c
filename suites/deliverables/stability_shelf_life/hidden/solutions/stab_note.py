"""The reference's note to the Qualified Person and Regulatory Affairs: the proposal, its basis per strength and
attribute, and the matters they must know."""

from __future__ import annotations

NAMES = {
    "assay": "assay",
    "impurity_b": "impurity B",
    "total_impurities": "total impurities",
    "dissolution": "dissolution",
}
MODELS = {
    "pooled": "batches combined (common slope and intercept)",
    "common_slope": "common slope, separate intercepts (earliest batch)",
    "separate": "batches evaluated separately (earliest batch)",
}


def _t(x) -> str:
    return "not within 120 months" if x is None else f"{x:.1f} months"


def text(decision: dict, rows: list, known: dict, closed: set, late: list, reg: dict) -> str:
    lim = decision["acceptance_criteria"]
    sl = decision["proposed_shelf_life_months"]
    lines = [
        "# Ostriclan film-coated tablets: shelf-life justification for the variation",
        "",
        "To: the Qualified Person; Regulatory Affairs",
        "",
        "## Proposal",
        "",
        f"Proposed shelf life: **{sl} months** for both strengths in the Alu/Alu blister (PK-2240). Storage "
        f"statement: **{decision['storage_statement']}**",
        "",
        f"Basis: long-term data at 25C/60%RH to {decision['long_term_months']} months on the primary batches. The "
        f"accelerated data (40C/75%RH) show a significant change: impurity B exceeded its acceptance criterion of "
        f"{lim['impurity_b']:.2f} % at 6 months. The intermediate data (30C/65%RH, 12 months) show no significant "
        f"change, so under ICH Q1E extrapolation is limited to 1.5 times the long-term period and no more than 6 "
        f"months beyond it: at most {decision['max_shelf_life_months']} months. Because the product is not stable at "
        "40C/75%RH but is at 30C/65%RH, the label needs the storage statement above (the current label has no "
        "special storage conditions).",
        "",
        "| Strength | Attribute | Batches | Limiting batch | Acceptance criterion | Bound reaches it at |",
        "|---|---|---|---|---|---|",
    ]
    for s, v in decision["strengths"].items():
        for a, x in v["attributes"].items():
            crit = f"{'NLT' if x['direction'] == 'lower' else 'NMT'} {x['acceptance_criterion']}"
            lines.append(
                f"| {s} | {NAMES[a]} | {MODELS[x['model']]} | {x['limiting_batch'] or '-'} | {crit} | "
                f"{_t(x['crossing_months'])} |"
            )
    lines += [""]
    for s, v in decision["strengths"].items():
        crossing = v["attributes"][v["limiting_attribute"]]["crossing_months"] if v["limiting_attribute"] else None
        if crossing is None or crossing >= decision["max_shelf_life_months"]:
            why = "the extrapolation limit (every attribute's bound stays within its criterion until after it)"
        else:
            why = NAMES[v["limiting_attribute"]]
        lines.append(f"- {s}: {v['shelf_life_months']} months, limited by {why}.")
    lines += [
        "",
        "Method (ICH Q1E): each attribute's long-term results regressed on age; batches tested for poolability by "
        "analysis of covariance at the 0.25 significance level (slopes first, then intercepts); the shelf life is "
        "where the one-sided 95 % confidence bound of the mean regression line meets the acceptance criterion, "
        "the earliest batch where batches cannot be combined; whole months, rounded down.",
        "",
        "## Matters for the QP and Regulatory Affairs",
        "",
    ]
    oos = next((r for r in rows if r.status == "OOS"), None)
    if oos and oos.comment in closed:
        lines.append(
            f"- {oos.comment}: the 24-month assay of {oos.batch} was out of specification; the "
            "investigation closed it as a laboratory error (damaged column), the original result is "
            "invalidated and the valid retest is used."
        )
    elif oos:
        lines.append(
            f"- {oos.comment}: the 24-month assay of {oos.batch} is out of specification and the "
            "investigation is still open, so the original result stands and the retest is not reportable; "
            "it drives the 10 mg assay."
        )
    for b, v in known.get("invalid", {}).items():
        lines.append(
            f"- {b}: its 24-month assay was run in the same sequence on the same damaged column and is "
            f"invalid too; the retest of {v:.1f} % is used."
        )
    for b in known.get("excluded", []):
        lines.append(
            f"- {b} was packed in the old PK-1180 blister and is not representative of the commercial "
            "container closure: excluded from the shelf-life estimate (supportive data only)."
        )
    if known.get("rrf"):
        lines.append(
            f"- Oderberg reported impurity B with a relative response factor of 1.00 instead of the "
            f"validated {known['rrf']:.2f}: every Oderberg impurity B result is corrected (divided by "
            f"{known['rrf']:.2f}) and the total impurities with it; corrected certificates are needed."
        )
    if known.get("total_limit"):
        lines.append(
            f"- Total impurities are evaluated against the limit agreed with the authority for this "
            f"variation, not more than {known['total_limit']:.1f} %, not the {1.0:.1f} % of "
            "specification 4.0; the specification must be updated with the filing."
        )
    lines += [
        f"- Specification: the current version 4.0 is used (impurity B NMT {0.40:.2f} %, total impurities NMT "
        "1.0 %, dissolution Q = 80 %); version 3.0, printed with the older LIMS results, is superseded.",
        "- Ages: every result is aged from the batch's stability start date to the date it was tested (protocol "
        "4.2), not the nominal interval or the pull date; several pulls were tested weeks after the nominal date.",
        "- Data preparation: repeated export rows used once; '<LOQ' at half the LOQ and 'ND' at zero (QC-SOP-112); "
        "Oderberg's assay converted from mg per tablet to % of label claim and its six dissolution vessels "
        "averaged.",
    ]
    if late:
        batches = sorted({r.batch for r in late})
        lines.append(
            f"- Protocol deviations: {len({(r.batch, r.condition, r.nominal) for r in late})} pulls "
            f"({', '.join(batches)}) were tested more than 30 days after the pull, outside the protocol's "
            "testing window; QA should record and assess them before the data are filed."
        )
    lines += [
        "- The long-term studies continue to 36 months; the shelf life should be confirmed on those results.",
        "",
    ]
    return "\n".join(lines)
