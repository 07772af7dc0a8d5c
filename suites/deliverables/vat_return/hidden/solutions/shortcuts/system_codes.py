"""The plausible wrong method: the return as the ledgers' codes give it. Every row once, but each line treated as the
system coded it: sales by their invoice date, booking deposits without VAT, the contractor's reverse charge and the
clerk's non-recoverable code followed, every P20 invoice's VAT claimed as shown (entertainment, the car, the whole of
the lease, the overcharge), the supplier invoice posted twice claimed twice; the partial exemption percentage to two
decimal places from every sale in box 6, without the de minimis test; bad debt relief six months after the invoice."""

import sys

sys.path.insert(0, "/solution")
import reference

rd = reference.rd
money = reference.money


def sale_row(s):
    row = _sale(s)
    inq = rd.Q_START <= s["day"] <= rd.Q_END
    out, box6 = (s["vat"], s["net"]) if inq else (0.0, 0.0)
    return {
        **row,
        "tax_point": s["day"].isoformat(),
        "output_vat": out,
        "box6": box6,
        "_pe": ("exempt" if s["code"] == "E00" else "taxable") if inq else "none",
        "treatment": "as coded",
    }


def purchase_row(p, centres, known, end_users, first_posting):
    row = {
        "line_id": p["id"],
        "source": "purchases",
        "date": p["posted"].isoformat(),
        "tax_point": p["posted"].isoformat(),
        "counterparty": p["supplier"],
        "description": p["details"],
        "net": p["net"],
        "vat": p["vat"],
        "output_vat": 0.0,
        "input_vat": 0.0,
        "attribution": "none",
        "box6": 0.0,
        "box7": 0.0 if p["code"] == "POS" else p["net"],
        "treatment": "as coded",
    }
    use = reference.centre_use(p["cc"], centres, known)
    if p["code"] in ("PRC", "PDR"):
        vat = money(p["net"] * 0.2)
        return {
            **row,
            "output_vat": vat,
            "input_vat": vat,
            "attribution": use,
            "box6": p["net"] if p["code"] == "PRC" else 0.0,
        }
    if p["code"] == "PNR":
        return {**row, "attribution": "blocked"}
    if p["code"] == "P20":
        return {**row, "input_vat": p["vat"], "attribution": use}
    return row


def pe_values(rows, unbilled_exempt):
    taxable = sum(r["box6"] for r in rows if r.get("_pe") == "taxable" or r["source"] == "purchases")
    exempt = sum(r["box6"] for r in rows if r.get("_pe") == "exempt")
    return money(taxable), money(exempt)


def pe_outcome(taxable, exempt, pots):
    rec = round(100 * taxable / (taxable + exempt), 2)
    res_rec = money(pots["residual"] * rec / 100)
    return rec, money(pots["exempt"] + pots["residual"] - res_rec), False, money(pots["taxable"] + res_rec)


def bad_debts(debtors, writeoffs, known):
    rows = []
    for d in debtors:
        off = d["written_off"] or writeoffs.get(d["invoice"])
        ok = off is not None and reference.add_months(d["inv_day"], 6) <= rd.Q_END
        rows.append(
            {**d, "due": d["inv_day"], "off": off, "claim": ok, "relief": money(d["outstanding"] / 6) if ok else 0.0}
        )
    return money(sum(r["relief"] for r in rows)), rows


_sale = reference.sale_row
reference.sale_row = sale_row
reference.purchase_row = purchase_row
reference.pe_values = pe_values
reference.pe_outcome = pe_outcome
reference.bad_debts = bad_debts
reference.ASK = False
reference.main()
