"""The return UK VAT law gives from vat_return's story, and the tuning that puts the instance's partial exemption
figures where its design needs them.

Rules, as HMRC's notices set them out: output tax on supplies with a tax point in the quarter (Notice 700: the 14-day
rule, payments received in advance); reverse charge on services bought from abroad, VAT in boxes 1 and 4, values in
boxes 6 and 7 (Notice 741A); no domestic reverse charge where the customer is an end user; blocked input tax on
business entertainment and cars, 50% on a leased car available for private use (Notices 700/65, 700/64); only VAT
properly chargeable is input tax; the partial exemption standard method, the recovery percentage rounded up to the
next whole number (two decimal places only above GBP 400,000 of residual input tax a month), the de minimis tests of
GBP 625 a month on average and half of all input tax (Notice 706); bad debt relief six months after the later of the
due date and the supply, on debts written off (Notice 700/18), in box 4; errors under the threshold corrected on the
current return (Notice 700/45), output tax in box 1.
"""

from __future__ import annotations

import calendar
import math
from datetime import date

from _vat_return_model import Q_END, Story, money

MONTHS = 3
DE_MINIMIS_A_MONTH = 625.0
ROUND_TO_2DP_ABOVE_A_MONTH = 400_000.0


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    y, m = d.year + y, m + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def recovery_percentage(taxable: float, exempt: float, residual: float) -> float:
    exact = 100.0 * taxable / (taxable + exempt) if taxable + exempt else 100.0
    if residual > ROUND_TO_2DP_ABOVE_A_MONTH * MONTHS:
        return round(exact, 2)
    return float(math.ceil(round(exact, 9)))


def bad_debt_relief(story: Story, terms: dict[str, int] | None = None) -> tuple[float, list[dict]]:
    """Relief on each debt written off by the quarter end whose relevant date (the later of the due date and the
    supply) was at least six months before the quarter end: the VAT fraction of what is still unpaid."""
    rows = []
    for d in story.debts:
        days = (terms or {}).get(d.invoice, d.terms_true)
        due = date.fromordinal(d.inv_day.toordinal() + days)
        relevant = max(due, d.inv_day)
        ok = d.written_off is not None and d.written_off <= Q_END and add_months(relevant, 6) <= Q_END
        rows.append(
            {
                "invoice": d.invoice,
                "customer": d.customer,
                "due": due.isoformat(),
                "claim": ok,
                "relief": money(d.outstanding / 6) if ok else 0.0,
            }
        )
    return money(sum(r["relief"] for r in rows)), rows


def pe_values(story: Story) -> tuple[float, float]:
    taxable = sum(s.truth["box6"] for s in story.sales if s.truth["pe"] == "taxable")
    exempt = sum(s.truth["box6"] for s in story.sales if s.truth["pe"] == "exempt")
    exempt += story.facts["unbilled"]["net"]  # an exempt supply made when performed: no VAT invoice to move it
    return money(taxable), money(exempt)


def input_pots(story: Story) -> dict[str, float]:
    pots = {"taxable": 0.0, "exempt": 0.0, "residual": 0.0}
    for p in story.purchases:
        if p.truth["attribution"] in pots:
            pots[p.truth["attribution"]] += p.truth["in_vat"]
    return {k: money(v) for k, v in pots.items()}


def vat_return(story: Story) -> dict:
    f = story.facts
    unbilled = f["unbilled"]
    supplies = money(sum(s.truth["out_vat"] for s in story.sales))
    reverse = money(sum(p.truth["out_vat"] for p in story.purchases))
    corrections = money(f["prior_error"]["vat"])
    taxable, exempt_supplies = pe_values(story)
    pots = input_pots(story)
    rec = recovery_percentage(taxable, exempt_supplies, pots["residual"])
    residual_recovered = money(pots["residual"] * rec / 100)
    exempt_input = money(pots["exempt"] + pots["residual"] - residual_recovered)
    total_input = money(sum(pots.values()))
    limit = DE_MINIMIS_A_MONTH * MONTHS
    exempt_share = exempt_supplies / (taxable + exempt_supplies)
    de_minimis = (exempt_input <= limit and exempt_input <= total_input / 2) or (
        exempt_share <= 0.5 and (total_input <= limit or total_input - pots["taxable"] <= limit)
    )
    recoverable = total_input if de_minimis else money(pots["taxable"] + residual_recovered)
    bdr, _ = bad_debt_relief(story)
    box1 = money(supplies + reverse + corrections)
    box4 = money(recoverable + bdr)
    box6 = sum(s.truth["box6"] for s in story.sales) + sum(p.truth["box6"] for p in story.purchases)
    box6 += unbilled["net"]  # the session's value: an exempt supply of the quarter
    box7 = sum(p.truth["box7"] for p in story.purchases)
    return {
        "vat_period": "09/26",
        "boxes": {
            "box1": box1,
            "box2": 0.0,
            "box3": box1,
            "box4": box4,
            "box5": money(box1 - box4),
            "box6": float(math.floor(box6 + 1e-6)),
            "box7": float(math.floor(box7 + 1e-6)),
            "box8": 0.0,
            "box9": 0.0,
        },
        "output_tax": {"supplies": supplies, "reverse_charge": reverse, "corrections": corrections},
        "input_tax": {
            "directly_taxable": pots["taxable"],
            "directly_exempt": pots["exempt"],
            "residual": pots["residual"],
            "recovery_percentage": rec,
            "exempt_input_tax": exempt_input,
            "de_minimis": de_minimis,
            "recoverable": money(recoverable),
            "bad_debt_relief": bdr,
        },
        "partial_exemption_values": {
            "taxable_supplies": taxable,
            "exempt_supplies": exempt_supplies,
            "exact_percentage": round(100 * taxable / (taxable + exempt_supplies), 4),
        },
    }


# ------------------------------------------------------------------------------------------------ tuning


def _scale_exam(story: Story, target_exempt: float) -> None:
    exams = [s for s in story.sales if s.truth["pe"] == "exempt" and s.dept == "EXAM"]
    rent = sum(s.truth["box6"] for s in story.sales if s.truth["pe"] == "exempt" and s.dept != "EXAM")
    rent += story.facts["unbilled"]["net"]
    have = sum(s.net for s in exams)
    factor = (target_exempt - rent) / have
    assert 0.5 < factor < 1.6, f"exam tuning factor {factor:.3f} out of range"
    for s in exams:
        s.net = s.gross = money(s.net * factor)
        s.truth["box6"] = s.net
    drift = money(target_exempt - rent - sum(s.net for s in exams))
    exams[0].net = exams[0].gross = money(exams[0].net + drift)
    exams[0].truth["box6"] = exams[0].net


def tune(story: Story) -> None:
    """Exam fees (exempt) place the exact recovery percentage; the van's price places the residual input tax."""
    inst = story.inst
    t, _ = pe_values(story)
    frac = inst["pe_fraction"]
    _, e = pe_values(story)
    whole = math.floor(100 * t / (t + e))
    target = whole + frac
    _scale_exam(story, t * (100 / target - 1))
    if "residual_window" not in inst:
        return
    t, e = pe_values(story)
    exact = 100 * t / (t + e)
    rec = math.ceil(exact)
    de = input_pots(story)["exempt"]
    margin = inst["residual_window"]
    lo = (1875 + margin - de) / (1 - exact / 100)
    hi = (1875 - margin - de) / (1 - rec / 100)
    assert lo < hi, f"no residual window: {lo:.0f} - {hi:.0f}"
    want = (lo + hi) / 2
    van = next(p for p in story.purchases if p.supplier == "Castle Commercials")
    others = input_pots(story)["residual"] - van.truth["in_vat"]
    van.net = money((want - others) / 0.2)
    assert 12_000 < van.net < 60_000, f"the van's price would be {van.net:,.2f}"
    van.vat = van.truth["in_vat"] = money(van.net * 0.2)
    van.truth["box7"] = van.net


def accepted(story: Story, ret: dict) -> dict:
    """Values the checks accept besides the reference's where HMRC's guidance leaves a convention open: box 7 with
    blocked purchases at their gross value and with the value of the bad debts in it."""
    exact = sum(p.truth["box7"] for p in story.purchases)
    blocked = sum(p.vat for p in story.purchases if p.truth["box7_alt"] is not None)
    bdr_net = ret["input_tax"]["bad_debt_relief"] * 5
    box7 = [float(math.floor(exact + x + 1e-6)) for x in (0.0, blocked, bdr_net, blocked + bdr_net)]
    return {
        "box7": box7,
        "box7_lines": {p.ref: [p.truth["box7_alt"]] for p in story.purchases if p.truth["box7_alt"] is not None},
    }
