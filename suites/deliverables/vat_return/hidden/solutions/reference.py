"""Reference: the September 2026 VAT return of Brackenridge Training Ltd under UK VAT law as HMRC's notices set it
out, from the ledger exports as they come.

Every ledger line is read once and given its treatment: sales by their tax point (an invoice within 14 days of the
supply, an invoice or a payment in advance, booking deposits on receipt), purchases by what the law allows (only VAT
properly charged, business entertainment and cars blocked, half the VAT on a car leased with private use, reverse
charge on services from suppliers belonging abroad, no domestic reverse charge where the company told the contractor
it is an end user, a supplier invoice posted twice counted once). Input tax is attributed by use, the residual
apportioned by the partial exemption standard method (the percentage rounded up to the next whole number) and the de
minimis tests applied; bad debt relief goes to box 4 for debts written off and six months past the later of the due
date and the supply; an earlier return's error below the threshold is corrected in box 1.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
option to tax on Wharf Road to the Property Manager, the written-off debts' terms to the Credit Controller, the
supplier with no VAT number to Procurement, earlier returns to the Financial Controller and courses not yet invoiced
to Training Operations.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
import _vat_read as rd

OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
MONTHS = 3


def money(x: float) -> float:
    return round(x + (1e-9 if x >= 0 else -1e-9), 2)


def add_months(d: date, n: int) -> date:
    import calendar

    y, m = divmod(d.month - 1 + n, 12)
    y, m = d.year + y, m + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def when(text: str) -> str | None:
    m = re.search(
        r"(\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|"
        r"December) \d{4})",
        text,
    )
    return rd.parse_date(m.group(1)).isoformat() if m else None


# ------------------------------------------------------------------------------------------------ facts


def facts_from_emails(mails: list[tuple[str, str, str]]) -> dict:
    """The fair instance: what the staff wrote in the e-mails that came with the files."""
    known: dict = {}
    for _to, _subject, body in mails:
        flat = re.sub(r"\s+", " ", body)
        if "option to tax" in flat and "Wharf Road" in flat:
            m = re.search(r"has effect from (\d+ \w+ \d{4})", flat)
            if m:
                known["option_to_tax"] = {"building": "Wharf Road", "effective": when(m.group(1))}
        if "no establishment in the UK" in flat:
            m = re.search(r"For the supplier file: (.+?) is ", flat)
            if m:
                known["overseas_supplier"] = {"supplier": m.group(1)}
        m = re.search(r"invoice (SI-\d\d-\d{4}) .*? VAT of GBP ([\d,.]+) posted to the suspense", flat)
        if m:
            known["prior_error"] = {"invoice": m.group(1), "vat": rd.parse_amount(m.group(2))}
        m = re.search(r"The (.+?) resit session ran from \d+ to (\d+ \w+ \d{4}) .*? fee is GBP ([\d,.]+)", flat)
        if m and "not invoiced" in flat:
            known["unbilled"] = {
                "customer": m.group(1),
                "service": when(m.group(2)),
                "net": rd.parse_amount(m.group(3)),
            }
    return known


def staff_available() -> bool:
    return ASK and Path("bin/ask").exists()


def ask_staff(purchases: list[dict], debtors: list[dict], writeoffs: dict) -> dict:
    known: dict = {}
    if not staff_available():
        return known
    import worktrial_kit as kit

    r = kit.ask(
        "fiona",
        "The Wharf Road Unit 3 refurbishment (Brackley Build's valuations on cost centre CC60) is in "
        "this quarter, and the property schedule of March says no option to tax has been made. Has "
        "Wharf Road been opted to tax, and from what date does the option have effect?",
    )
    m = re.search(r"option has effect from (\d+ \w+ \d{4})", r.text) if r.answered else None
    if m:
        known["option_to_tax"] = {"building": "Wharf Road", "effective": when(m.group(1))}
    off = [d for d in debtors if d["invoice"] in writeoffs]
    if off:
        names = ", ".join(f"{d['customer']} ({d['invoice']})" for d in off)
        r = kit.ask(
            "rhiannon",
            f"The journal JNL-0931 of 28 September writes off {names}. For bad debt relief I need "
            "each debt's due date: what payment terms did each of these customers have?",
        )
        if r.answered:
            terms = {}
            for sentence in re.split(r"(?<=[.;])\s+", r.text):
                for d in off:
                    first = d["customer"].split()[0]
                    m = re.search(rf"{first}\b.*?(\d+) days", sentence)
                    if m and d["invoice"] not in terms:
                        terms[d["invoice"]] = int(m.group(1))
            known["debtor_terms"] = terms
    odd = [p for p in purchases if p["code"] == "P00" and not p["vat_no"] and p["net"] > 0]
    for p in odd[:1]:
        r = kit.ask(
            "dev",
            f"{p['supplier']}'s invoice {p['inv_no']} for £{p['net']:,.2f} has no VAT and no VAT "
            "number and is coded zero-rated, with a London address. Where does "
            f"{p['supplier']} belong - is it established in the UK?",
        )
        if r.answered and re.search(r"no business establishment|not registered for UK VAT|US company", r.text):
            known["overseas_supplier"] = {"supplier": p["supplier"]}
    r = kit.ask(
        "tom",
        "Before I finalise the September return: has anything come to light since the exports were "
        "produced - in particular any errors on earlier returns that should be corrected on this one?",
    )
    m = re.search(r"invoice (SI-\d\d-\d{4}).*?VAT of £([\d,.]+)", r.text) if r.answered else None
    if m:
        known["prior_error"] = {"invoice": m.group(1), "vat": rd.parse_amount(m.group(2))}
    r = kit.ask(
        "nina",
        "For the tax points I need everything delivered by 30 September: were any courses or "
        "examination sessions delivered in the quarter that have not been invoiced yet?",
    )
    if r.answered:
        m = re.search(r"the (.+?) resit session ran from \d+ to (\d+ \w+ \d{4})", r.text)
        fee = re.search(r"fee is £([\d,.]+)", r.text)
        if m and fee:
            known["unbilled"] = {
                "customer": m.group(1),
                "service": when(m.group(2)),
                "net": rd.parse_amount(fee.group(1)),
            }
    return known


# ------------------------------------------------------------------------------------------------ lines


def sale_row(s: dict) -> dict:
    day, service, kind = s["day"], s["service"], s["kind"]
    if kind == "SA":
        tp, why = day, "deposit: tax point on receipt, VAT fraction 1/6"
    elif kind == "SC":
        tp, why = day, "credit note: adjusts the period it is issued in"
    elif service is None or day <= service:
        tp, why = day, "invoice issued before or on the supply"
    elif (day - service).days <= 14:
        tp, why = day, "invoice within 14 days of the supply: invoice date"
    else:
        tp, why = service, "invoice more than 14 days after the supply: date of supply"
    inq = rd.Q_START <= tp <= rd.Q_END
    if kind == "SA":
        out, box6 = money(s["gross"] / 6), money(s["gross"] * 5 / 6)
    else:
        out, box6 = s["vat"], s["net"]
    if not inq:
        out, box6, why = 0.0, 0.0, why + "; next period"
    if s["code"] == "E00":
        pe = "exempt"
    elif s["dept"] == "FA" or "fixed asset" in s["details"].lower():
        pe = "excluded"
    else:
        pe = "taxable"
    return {
        "line_id": s["id"],
        "source": "sales",
        "date": s["day"].isoformat(),
        "tax_point": tp.isoformat(),
        "counterparty": s["customer"],
        "description": s["details"],
        "net": s["net"],
        "vat": s["vat"],
        "treatment": why,
        "output_vat": out,
        "input_vat": 0.0,
        "attribution": "none",
        "box6": box6,
        "box7": 0.0,
        "_pe": pe if inq else "none",
    }


def centre_use(cc: str, centres: dict, known: dict) -> str:
    use = centres.get(cc, "all activities")
    if "letting" in use and "follows" in use:  # Wharf Road: taxable only once opted to tax
        return "taxable" if known.get("option_to_tax") else "exempt"
    if "exempt" in use:
        return "exempt"
    if "standard-rated" in use or "zero-rated" in use:
        return "taxable"
    return "residual"


def purchase_row(p: dict, centres: dict, known: dict, end_users: set[str], first_posting: dict) -> dict:
    row = {
        "line_id": p["id"],
        "source": "purchases",
        "date": (p["inv_date"] or p["posted"]).isoformat(),
        "tax_point": (p["inv_date"] or p["posted"]).isoformat(),
        "counterparty": p["supplier"],
        "description": p["details"],
        "net": p["net"],
        "vat": p["vat"],
        "output_vat": 0.0,
        "input_vat": 0.0,
        "attribution": "none",
        "box6": 0.0,
        "box7": p["net"],
    }
    details = p["details"].lower()
    key = (p["supplier"], p["inv_no"], p["net"])
    overseas = known.get("overseas_supplier", {}).get("supplier") == p["supplier"]
    if first_posting[key] != p["id"]:
        return {**row, "box7": 0.0, "treatment": f"duplicate posting of {p['inv_no']} ({first_posting[key]})"}
    if p["code"] == "POS":
        return {**row, "box7": 0.0, "treatment": "outside the scope: not in box 7"}
    if p["code"] == "PRC" or (overseas and p["code"] in ("P00", "PEX")):
        vat = money(p["net"] * 0.2)
        return {
            **row,
            "output_vat": vat,
            "input_vat": vat,
            "attribution": centre_use(p["cc"], centres, known),
            "box6": p["net"],
            "treatment": "reverse charge: supplier belongs outside the UK",
        }
    if p["code"] == "PDR":
        if p["supplier"].split()[0].lower() in end_users:
            return {
                **row,
                "treatment": "domestic reverse charge wrongly applied: the company is an end user; no "
                "VAT until a proper VAT invoice is received",
            }
        vat = money(p["net"] * 0.2)
        return {
            **row,
            "output_vat": vat,
            "input_vat": vat,
            "attribution": centre_use(p["cc"], centres, known),
            "treatment": "domestic reverse charge",
        }
    if p["code"] not in ("P20", "PNR"):
        return {**row, "treatment": "no VAT charged (zero-rated or exempt)"}
    vat, why = p["vat"], "input tax"
    proper = money(p["net"] * 0.2)
    if abs(vat - proper) > 0.02:
        vat, why = proper, f"only the VAT properly due is input tax (invoice shows {p['vat']:,.2f})"
    if "entertainment" in details and "staff" not in details:
        return {**row, "attribution": "blocked", "treatment": "business entertainment: input tax blocked"}
    if ("company car" in details or "saloon" in details) and "van" not in details:
        return {**row, "attribution": "blocked", "treatment": "car available for private use: input tax blocked"}
    if "contract hire" in details and "privately" in details:
        vat, why = money(vat / 2), "leased car with private use: 50% of the VAT"
    return {**row, "input_vat": vat, "attribution": centre_use(p["cc"], centres, known), "treatment": why}


def bad_debts(debtors: list[dict], writeoffs: dict, known: dict) -> tuple[float, list[dict]]:
    terms = known.get("debtor_terms", {})
    rows = []
    for d in debtors:
        off = d["written_off"] or writeoffs.get(d["invoice"])
        days = terms.get(d["invoice"], d["terms"])
        due = date.fromordinal(d["inv_day"].toordinal() + days)
        ok = off is not None and off <= rd.Q_END and add_months(max(due, d["inv_day"]), 6) <= rd.Q_END
        rows.append({**d, "due": due, "off": off, "claim": ok, "relief": money(d["outstanding"] / 6) if ok else 0.0})
    return money(sum(r["relief"] for r in rows)), rows


def recovery_percentage(taxable: float, exempt: float, residual: float) -> float:
    exact = 100.0 * taxable / (taxable + exempt)
    if residual > 400_000 * MONTHS:  # above GBP 400,000 a month the percentage goes to two decimal places
        return round(exact, 2)
    return float(math.ceil(round(exact, 9)))


def pe_values(rows: list[dict], unbilled_exempt: float) -> tuple[float, float]:
    """The standard method's values: taxable and exempt supplies of the quarter, without capital assets and without
    the reverse-charge values (no supplies of the company's); the session not yet invoiced is exempt and made."""
    taxable = money(sum(r["box6"] for r in rows if r.get("_pe") == "taxable"))
    exempt = money(sum(r["box6"] for r in rows if r.get("_pe") == "exempt") + unbilled_exempt)
    return taxable, exempt


def pe_outcome(taxable: float, exempt: float, pots: dict) -> tuple[float, float, bool, float]:
    """(recovery percentage, exempt input tax, de minimis, input tax recovered)."""
    rec = recovery_percentage(taxable, exempt, pots["residual"])
    res_rec = money(pots["residual"] * rec / 100)
    exempt_input = money(pots["exempt"] + pots["residual"] - res_rec)
    total_input = money(sum(pots.values()))
    limit = 625.0 * MONTHS
    share = exempt / (taxable + exempt)
    de_min = (exempt_input <= limit and exempt_input <= total_input / 2) or (
        share <= 0.5 and (total_input <= limit or total_input - pots["taxable"] <= limit)
    )
    recoverable = total_input if de_min else money(pots["taxable"] + res_rec)
    return rec, exempt_input, de_min, recoverable


def compute(
    sales: list[dict],
    purchases: list[dict],
    centres: dict,
    debtors: list[dict],
    writeoffs: dict,
    end_users: set[str],
    known: dict,
) -> tuple[dict, list[dict], dict]:
    first: dict = {}
    for p in sorted(purchases, key=lambda p: p["id"]):
        first.setdefault((p["supplier"], p["inv_no"], p["net"]), p["id"])
    rows = [sale_row(s) for s in sales] + [purchase_row(p, centres, known, end_users, first) for p in purchases]
    ub = known.get("unbilled")
    ub_net = ub["net"] if ub else 0.0
    supplies = money(sum(r["output_vat"] for r in rows if r["source"] == "sales"))
    reverse = money(sum(r["output_vat"] for r in rows if r["source"] == "purchases"))
    corrections = money(known["prior_error"]["vat"]) if known.get("prior_error") else 0.0
    taxable, exempt = pe_values(rows, ub_net)
    pots = {
        a: money(sum(r["input_vat"] for r in rows if r["attribution"] == a)) for a in ("taxable", "exempt", "residual")
    }
    rec, exempt_input, de_min, recoverable = pe_outcome(taxable, exempt, pots)
    bdr, debt_rows = bad_debts(debtors, writeoffs, known)
    box1 = money(supplies + reverse + corrections)
    box4 = money(recoverable + bdr)
    box6 = sum(r["box6"] for r in rows) + ub_net
    box7 = sum(r["box7"] for r in rows)
    ret = {
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
            "de_minimis": de_min,
            "recoverable": money(recoverable),
            "bad_debt_relief": bdr,
        },
        "partial_exemption_values": {
            "taxable_supplies": taxable,
            "exempt_supplies": exempt,
            "exact_percentage": round(100 * taxable / (taxable + exempt), 4),
        },
    }
    detail = {"debts": debt_rows, "pots": pots}
    return ret, rows, detail


# ------------------------------------------------------------------------------------------------ main

COLUMNS = [
    "line_id",
    "source",
    "date",
    "tax_point",
    "counterparty",
    "description",
    "net",
    "vat",
    "treatment",
    "output_vat",
    "input_vat",
    "attribution",
    "box6",
    "box7",
]


def write_schedule(rows: list[dict]) -> None:
    with open(OUTPUT / "vat_schedule.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([f"{r[c]:.2f}" if isinstance(r[c], float) else r[c] for c in COLUMNS])


def main() -> None:
    import _vat_note as note  # the note's text, shared with the shortcuts

    OUTPUT.mkdir(exist_ok=True)
    inp = rd.INPUT
    sales = rd.read_sales(next((inp / "ledgers").glob("sales_ledger*.csv")))
    purchases = rd.read_purchases(next((inp / "ledgers").glob("purchase_ledger*.xlsx")))
    centres = rd.read_centres(inp / "vat")
    debtors = rd.read_debtors(next((inp / "debtors").glob("aged_debtors*.xlsx")))
    writeoffs = rd.read_writeoffs(inp / "debtors")
    mails = rd.read_emails(inp / "emails")
    end_users = {to.split("@")[-1].split("-")[0].split(".")[0] for to, _s, body in mails if "end user" in body}
    known = dict(KNOWN) if KNOWN is not None else ask_staff(purchases, debtors, writeoffs)
    for k, v in facts_from_emails(mails).items():
        known.setdefault(k, v)
    ret, rows, detail = compute(sales, purchases, centres, debtors, writeoffs, end_users, known)
    (OUTPUT / "vat_return.json").write_text(json.dumps(ret, indent=2) + "\n", encoding="utf-8")
    write_schedule(rows)
    prior = rd.read_prior(inp / "vat")
    (OUTPUT / "note_to_finance_director.md").write_text(
        note.text(ret, rows, detail, known, prior, mails), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
