"""The reference's note to the Finance Director: the return, the partial exemption outcome and the matters to decide
or disclose. Shared with the shortcuts, which write the same note from their own figures."""

from __future__ import annotations


def _gbp(x: float) -> str:
    return f"GBP {x:,.2f}"


def text(ret: dict, rows: list[dict], detail: dict, known: dict, prior: dict, mails: list) -> str:
    b, o, i = ret["boxes"], ret["output_tax"], ret["input_tax"]
    pv = ret["partial_exemption_values"]
    lines = [
        "# VAT return 09/26 (1 July to 30 September 2026): note to the Finance Director",
        "",
        "## The return",
        "",
        "| Box | | GBP |",
        "|---|---|---|",
        f"| 1 | VAT due on sales and other outputs | {b['box1']:,.2f} |",
        f"| 2 | VAT due on acquisitions (Northern Ireland only) | {b['box2']:,.2f} |",
        f"| 3 | Total VAT due | {b['box3']:,.2f} |",
        f"| 4 | VAT reclaimed on purchases and other inputs | {b['box4']:,.2f} |",
        f"| 5 | Net VAT to pay to HMRC | {b['box5']:,.2f} |",
        f"| 6 | Total value of sales and other outputs, excluding VAT | {b['box6']:,.0f} |",
        f"| 7 | Total value of purchases and other inputs, excluding VAT | {b['box7']:,.0f} |",
        f"| 8 | Supplies of goods to the EU (Northern Ireland only) | {b['box8']:,.0f} |",
        f"| 9 | Acquisitions of goods from the EU (Northern Ireland only) | {b['box9']:,.0f} |",
        "",
        f"Box 1 is output tax on supplies with a tax point in the quarter ({_gbp(o['supplies'])}), reverse-charge "
        f"VAT on services bought from suppliers belonging outside the UK ({_gbp(o['reverse_charge'])})"
        + (f" and the correction of the June return ({_gbp(o['corrections'])})" if o["corrections"] else "")
        + f". Box 4 is the input tax recovered ({_gbp(i['recoverable'])}) plus bad debt relief "
        f"({_gbp(i['bad_debt_relief'])}). Payment of {_gbp(b['box5'])} is due with the return by 7 November 2026.",
        "",
        "## Partial exemption (standard method)",
        "",
        f"Taxable supplies {_gbp(pv['taxable_supplies'])} and exempt supplies {_gbp(pv['exempt_supplies'])} give "
        f"{pv['exact_percentage']:.2f}%, rounded up to the next whole number: the recovery percentage is "
        f"{i['recovery_percentage']:.0f}% of the residual input tax of {_gbp(i['residual'])} (the minibus sale, a "
        "capital asset, and the reverse-charge values are left out of the calculation; zero-rated manuals count as "
        "taxable). Input tax directly attributable to taxable supplies is "
        f"{_gbp(i['directly_taxable'])}, to exempt supplies {_gbp(i['directly_exempt'])}.",
        "",
        (
            f"De minimis: exempt input tax is {_gbp(i['exempt_input_tax'])}, within GBP 1,875 for the quarter "
            "(GBP 625 a month on average) and under half of all input tax, so all input tax is recovered this "
            "quarter; the annual adjustment at 31 March 2027 will test the year as a whole."
            if i["de_minimis"]
            else f"De minimis: exempt input tax is {_gbp(i['exempt_input_tax'])}, above GBP 1,875 for the quarter "
            "(GBP 625 a month on average), so the exempt input tax cannot be recovered; the simplified tests fail "
            "too. The annual adjustment at 31 March 2027 will recalculate the year."
        ),
        "",
    ]
    if prior.get("rec") and prior["rec"] != round(prior["rec"]):
        lines += [
            f"The June return applied a recovery percentage of {prior['rec']:.2f}%, to two decimal places. The "
            "standard method rounds up to the next whole number (two decimal places only apply above GBP 400,000 of "
            "residual input tax a month), so June under-recovered slightly; the annual adjustment will put it right.",
            "",
        ]
    lines += ["## Matters to decide or disclose", ""]
    if known.get("option_to_tax"):
        ott = known["option_to_tax"]
        lines += [
            f"- Wharf Road Unit 3: the company opted to tax the building, with effect from {ott['effective']} (the "
            "property schedule of March still says no option). The refurbishment and void costs are for a "
            "standard-rated letting, so their VAT is input tax directly attributable to taxable supplies. Please "
            "have the property schedule updated.",
        ]
    else:
        lines += [
            "- Wharf Road Unit 3: no option to tax is on file (property schedule of March), so the refurbishment is "
            "for an exempt letting and its VAT is exempt input tax. If the building has been opted, the figures "
            "change.",
        ]
    lines += [
        "- Voltedge Electrical invoiced the Wharf Road rewiring under the domestic reverse charge, but the company "
        "told them on 30 June it is an end user, so the reverse charge does not apply: nothing is accounted for on "
        "their invoice this quarter. Ask Voltedge for a VAT invoice charging 20%; its VAT can be claimed when it "
        "arrives.",
        "- Booking deposits: a deposit is a payment in advance and creates a tax point when it is received, so the "
        "VAT fraction (1/6) of every deposit taken this quarter is in box 1. The booking system posts no VAT on "
        "deposits and its balance invoices charge VAT only on the balance, so the deposits' VAT would otherwise "
        "never be accounted for. The system needs changing.",
    ]
    claimed = [d for d in detail["debts"] if d["claim"]]
    pending = [d for d in detail["debts"] if d["off"] and not d["claim"]]
    text_claim = ", ".join(f"{d['customer']} {d['invoice']} ({_gbp(d['relief'])})" for d in claimed)
    lines += [
        f"- Bad debt relief of {_gbp(i['bad_debt_relief'])} is claimed in box 4 on the debts written off on "
        f"28 September that were more than six months past their due date: {text_claim or 'none'}."
    ]
    for d in pending:
        lines += [
            f"  {d['customer']} {d['invoice']} was written off too but fell due on {d['due']:%d %B %Y}; "
            "six months from that date have not yet passed, so its bad debt relief is not yet claimable "
            "(next quarter)."
        ]
    if known.get("prior_error"):
        pe = known["prior_error"]
        lines += [
            f"- Error in the June return: the output tax of {_gbp(pe['vat'])} on invoice {pe['invoice']} was "
            "omitted (posted to suspense). It is below the error correction threshold and was not deliberate, "
            "so it is corrected on this return in box 1; no separate disclosure to HMRC is needed."
        ]
    ub = known.get("unbilled")
    if ub:
        lines += [
            f"- {ub['customer']}: the resit session delivered by {ub['service']} has not been invoiced yet. "
            "It is an exempt supply with no VAT invoice to move its tax point, so it was made when performed: "
            f"its {_gbp(ub['net'])} is an exempt supply of this quarter, in box 6 and in the partial exemption "
            "calculation (it lowers the recovery percentage). Please invoice it promptly."
        ]
    os_ = known.get("overseas_supplier")
    if os_:
        lines += [
            f"- {os_['supplier']} belongs outside the UK (a US company; the London address is a mail-forwarding "
            "office), so its services are subject to the reverse charge: VAT in box 1 and box 4, the value in "
            "boxes 6 and 7. The platform is used only for the exempt university examinations, so that input "
            "tax is exempt input tax and a real cost. The ledger coded it zero-rated."
        ]
    over = [r for r in rows if r["source"] == "purchases" and "properly due" in r["treatment"]]
    for r in over:
        lines += [
            f"- {r['counterparty']}: the invoice shows VAT of {_gbp(r['vat'])} on a net of {_gbp(r['net'])}; "
            f"only 20% ({_gbp(r['input_vat'])}) is claimed. The supplier overcharged: ask for a credit note "
            "and a corrected invoice."
        ]
    lines += [
        "- Blocked input tax: the client hospitality (business entertainment) and the BMW for the Managing Director "
        "(a car available for private use) are not recoverable; only 50% of the VAT on the leased Skoda is claimed. "
        "Delegate lunches coded as non-recoverable are a cost of the courses and are claimed.",
        "- Reverse charge on the Nordvik learning platform (Norway): VAT in boxes 1 and 4, the value in boxes 6 and 7.",
    ]
    if prior.get("paid_on") and prior.get("due") and prior["paid_on"] > prior["due"]:
        late = (prior["paid_on"] - prior["due"]).days
        lines += [
            f"- The June return's VAT was paid late: due on {prior['due']:%d %B %Y}, paid on "
            f"{prior['paid_on']:%d %B %Y} ({late} days after the due date). HMRC charges late payment interest "
            "from the due date, and a penalty once a payment is more than 15 days late. Please make sure this "
            "return's payment reaches HMRC by 7 November."
        ]
    lines += [
        "",
        "Data: the ledgers were read once per line (the sales export repeats some lines, the purchase export repeats "
        "rows and one supplier invoice was posted twice); version 3 of the VAT code list was used, version 2 being "
        "superseded. The schedule (vat_schedule.csv) gives the treatment of every line.",
        "",
    ]
    return "\n".join(lines)
