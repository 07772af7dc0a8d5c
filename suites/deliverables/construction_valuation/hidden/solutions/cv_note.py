"""The reference's note to the Commercial Director: the figures, the notices to give and what she must decide."""

from __future__ import annotations

from datetime import date


def _m(x: float) -> str:
    return f"£{x:,.2f}"


def _d(s: str) -> str:
    d = date.fromisoformat(s)
    return f"{d.day} {d.strftime('%B %Y')}"


def text(r: dict, c: dict) -> str:
    n = r["notices"]
    known = c["known"]
    h11 = c["history"][-1]
    short = h11["pn"] - h11["pln"]
    lds = r["liquidated_damages"]
    pc = r["sections_at_practical_completion"]
    lines = [
        "# Interim Payment No. 12 (valuation date 25 March 2026): our valuation and the notices",
        "",
        "## Figures",
        "",
        "| | GBP |",
        "|---|---|",
        f"| Measured work | {_m(r['measured_work'])} |",
        f"| Preliminaries | {_m(r['preliminaries'])} |",
        f"| Variations | {_m(r['variations'])} |",
        f"| Materials on site | {_m(r['materials_on_site'])} |",
        f"| Materials off site | {_m(r['materials_off_site']['total'])} |",
        f"| Fluctuations | {_m(r['fluctuations'])} |",
        *([f"| Less contra-charge agreed (Block A flood) | {_m(c['contra'])} |"] if c.get("contra") else []),
        f"| Gross valuation | {_m(r['gross_valuation'])} |",
        f"| Less retention | {_m(r['retention'])} |",
        f"| Less amounts due under Interim Payments 1 to 11 | {_m(r['previous_amounts_due'])} |",
        f"| Amount due | {_m(r['amount_due'])} |",
        f"| Less liquidated damages | {_m(lds['total'])} |",
        f"| Sum payable by {_d(n['final_date_for_payment'])} | {_m(r['sum_payable'])} |",
        "",
        f"The Contractor applied for {_m(c['app']['applied'])}.",
        "",
        "## Notices (decision needed now)",
        "",
    ]
    if n["payment_notice_in_time"]:
        lines.append(
            f"The due date is {_d(n['due_date'])}. Our Payment Notice must be given by {_d(n['payment_notice_by'])}: "
            "Good Friday and Easter Monday do not count in the five days, so it is still in time today. It should "
            f"state {_m(r['amount_due'])}, which then becomes the notified sum. The liquidated damages need a Pay "
            f"Less Notice by {_d(n['pay_less_notice_by'])} stating {_m(r['sum_payable'])}; the final date for payment "
            f"is {_d(n['final_date_for_payment'])}."
        )
    else:
        lines.append(
            f"The due date was {_d(n['due_date'])} and the last day for our Payment Notice was "
            f"{_d(n['payment_notice_by'])} (Good Friday and Easter Monday excluded). That deadline has been missed, so "
            f"under the contract and the Act the Contractor's application stands as the notified sum: "
            f"{_m(n['notified_sum'])}. We can only pay less by a Pay Less Notice given by "
            f"{_d(n['pay_less_notice_by'])} stating {_m(r['sum_payable'])} and how it is calculated; without it the "
            f"full notified sum is payable by {_d(n['final_date_for_payment'])}."
        )
    deed = known.get("deed_of_variation")
    cd1 = _d(deed["completion_date"]) if deed and deed["section"] == 1 else "27 February"
    lines += [
        "",
        f"Interim Payment 11: our Pay Less Notice was dated 16 March 2026, after its deadline of 13 March, so it was "
        f"invalid and late. The Payment Notice sum stood as the amount due and the {_m(short)} withheld is still owed "
        f"(unpaid since 18 March); I recommend paying it with this payment. The Contractor could otherwise claim "
        "interest or give notice of suspension.",
        "",
        "## Liquidated damages",
        "",
        f"Section 1: a Non-Completion Notice was given on 2 March 2026, so liquidated damages of "
        f"{_m(lds['section_1'])} can be deducted from the Completion Date of {cd1} to practical completion on "
        f"{_d(pc['1']) if '1' in pc else 'the valuation date'}, by the Pay Less Notice.",
        "",
        "Section 3: no Non-Completion Notice has been issued, so no liquidated damages can be deducted for Section 3 "
        "despite your request. Helen should issue a Non-Completion Notice for Section 3 now if we want to recover them "
        "later.",
        "",
    ]
    if deed:
        lines += [
            f"Deed of variation: Declan told me that the deed of variation signed on 1 April settles CN-14, the "
            f"acceleration claim ({deed['variation']}), at {_m(deed['sum'])}, which is valued in this payment, and "
            f"moves the Completion Date of Section {deed['section']} to {_d(deed['completion_date'])}; the "
            "Non-Completion Notice of 2 March stays in force for the new date, so the damages run from then. Helen "
            "should put the deed on the contract file and the register.",
            "",
        ]
    lines += [
        "Section 2: the Contractor's notice of delay to Section 2 of 20 March (late electricity connection) needs our "
        "decision on an extension of time within 12 weeks of the required particulars, before the Completion Date of "
        "22 April passes.",
        "",
        "## Valuation matters",
        "",
    ]
    if "1" in pc:
        lines.append(
            f"Retention: Section 1 reached practical completion on {_d(pc['1'])}, so half the retention "
            "(1.5%) is released on the Section 1 work; the rest of the valuation keeps 3%."
        )
        lines.append("")
    if known.get("section1_pc"):
        lines.append(
            f"Section 1 practical completion: Helen confirmed practical completion of Section 1 on "
            f"{_d(known['section1_pc'])} (the statement went out after the pack was put together)."
        )
        lines.append("")
    lines += [
        "Firm items of the Contract Sum Analysis are valued to their bill quantity at most (a lump-sum contract); only "
        "provisional quantities are remeasured. Provisional sums are not valued themselves: only the instructed work "
        "that expends them.",
        "",
        "Superseded revisions, withdrawn instructions and the Contractor's notifications without an instruction are "
        "not valued (nil); only the live revision of each instruction is valued.",
        "",
        "Dayworks are valued at the contract's base rates and percentage additions, not the Contractor's own rates.",
        "",
    ]
    if c["defective"]:
        lines.append(
            "Defective work: the Block B render (" + ", ".join(c["defective"]) + ") failed the adhesion tests "
            "(defect notice DN-09); it is not properly executed work and is not valued until it is re-done."
        )
        lines.append("")
    off = r["materials_off_site"]
    lines.append(
        "Off-site materials: only Listed Items meeting every condition are paid. LI-03 (bricks) is not uniquely "
        "identified and the off-site materials bond has not been provided, so it is excluded; OS-04"
        + (" and OS-05 are" if "OS-05" in off else " is")
        + " not a Listed Item and not payable off site."
    )
    lines.append("")
    if known.get("offsite_inspection"):
        i = known["offsite_inspection"]
        lines.append(
            f"LI-02 balcony units: Priyanka's inspection found only {i['qualifying']} units complete, marked "
            "and set apart; only those are valued."
        )
        lines.append("")
    for ref in known.get("supplier_insolvency", {}).get("items", []):
        lines.append(
            f"{ref} bathroom pods: Priyanka reports that Calder Modular went into administration on 2 April "
            "and its administrators claim the pods under retention of title because Brackenridge has not "
            "paid for them. Brackenridge cannot give reasonable proof that the property has passed to it, "
            f"so {ref} is not valued off site despite the vesting certificate."
        )
        lines.append("")
    lines.append(
        "The off-site insurance certificate runs only to 30 April 2026: it must be renewed before the next "
        "valuation if off-site materials are to be paid again."
    )
    lines.append("")
    if known.get("fluctuation_agreed"):
        lines.append(
            f"Steel surcharge: Fluctuations Option A does not cover market price rises, but Declan confirmed "
            "the side letter of 10 March agreeing half of the £22,450 claimed: "
            f"{_m(known['fluctuation_agreed'])} is included."
        )
    else:
        lines.append(
            "Steel surcharge: the £22,450 mill surcharge is not recoverable under Fluctuations Option A "
            "(a firm price for market changes) and is excluded."
        )
    lines.append("")
    if known.get("verbal_instruction"):
        v = known["verbal_instruction"]["variation"]
        lines.append(
            f"{v} (CN-31): Gareth instructed it verbally on 3 February and the Contractor confirmed it by "
            "CVI-07 without dissent, so it is a valid instruction and is valued at bill rates; Helen should "
            "issue the confirming instruction."
        )
        lines.append("")
    for ref in known.get("crane_standing", []):
        lines.append(
            f"Preliminaries: the status sheet marks {ref} (Block A tower crane dismantle and removal) as "
            "achieved, but Gareth confirms the crane is still standing, so the fixed item is not valued until "
            "it has been dismantled."
        )
        lines.append("")
    if known.get("contra_charge"):
        lines.append(
            f"Contra-charge: Declan confirmed that Brackenridge accepted, at the commercial meeting of 31 March, "
            f"our costs of {_m(known['contra_charge']['sum'])} for reinstating the Block A apartments their "
            "plumbing subcontractor flooded on 16 March. It is deducted in the Gross Valuation, with no "
            "retention on it; the meeting minutes should record it before the Payment Notice goes out."
        )
        lines.append("")
    if known.get("loss_and_expense"):
        le = known["loss_and_expense"]
        row = next(v for v in c["register"] if f"V{v['no']:02d}" == le["variation"])
        lines.append(
            f"Loss and expense: Helen ascertained the Contractor's loss and expense on {row['doc']} "
            f"({le['variation']}, {row['description'].split(' (')[0].lower()}) at {_m(le['sum'])} of the "
            f"{_m(row['claimed'])} notified, so it is included as {le['variation']}, not subject to "
            "retention; the register still shows it as a notification."
        )
        lines.append("")
    lines.append("Materials on site exclude items already built in, damaged or delivered after the valuation date.")
    return "\n".join(lines) + "\n"
