"""Reference: the half-year's royalty statements as the agreements give them. Every sale and return once (Pellham's
reports in both layouts and their repeated copy, its nil-value despatches left to the special sales record), Irish
accounts in the home market, home sales on the recommended retail price along each escalator from the cumulative
copies the ledger carries, export and high-discount sales on net receipts, ebooks on the sterling Inkstream's
remittances brought, audio on Sonorant's net receipts, sub-rights on the sums received in the half-year; the reserve
held on the editions still in their reserve periods and June's released; advances recouped account by account, two
agreements together only where they are accounted jointly; payable in full to whoever the agreement names.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
Fenwick order noted "see JW" to the Sales Director, the Haneul Media receipts awaiting tax certificates to the Rights
Executive; and each owner is asked openly whether anything has changed since the files were produced: the Rights &
Contracts Manager about how the statements are made up since June, the Rights Executive whether anything has been
added to the register since she sent it, the Publisher whether anything has been agreed with authors or agents outside
the agreements, the Finance Manager whether anything has come in since the sales reports were run, and the
Production & Inventory Manager whether any stock left other than through the trade.
"""

from __future__ import annotations

import json
import math
import re
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
import _royalty_note as note
import _royalty_read as rd

INPUT = Path("input")
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
START, END = date(2026, 7, 1), date(2026, 12, 31)
# what a shortcut may change
CUMULATIVE = globals().get("CUMULATIVE", True)  # escalators run on the copies sold to date, not from nought
JOINT_ONLY = globals().get("JOINT_ONLY", True)  # an unearned advance is recouped only from joint agreements
COMMISSION_DEDUCTED = globals().get("COMMISSION_DEDUCTED", False)  # the agent deducts its own commission
HOME = globals().get("HOME", ("GB", "IE"))  # the agreements' home market: the UK and the Republic of Ireland


def money(x: float) -> float:
    return round(x + (1e-9 if x >= 0 else -1e-9), 2)


def load() -> dict:
    data = {
        "contracts": rd.read_contracts(INPUT / "contracts", START),
        "ledger": rd.read_ledger(INPUT / "royalty_ledger.xlsx"),
    }
    data["pellham"] = rd.read_pellham(INPUT / "sales/pellham")
    data["special"] = rd.read_special(INPUT / "sales/special_sales_H2_2026.xlsx")
    receipts = rd.read_receipts(INPUT / "sales/inkstream_receipts_H2_2026.pdf")
    data["receipts"] = receipts
    data["ebook"] = rd.read_inkstream(INPUT / "sales/inkstream_ebook_sales_H2_2026.csv", receipts)
    data["audio"] = rd.read_sonorant(INPUT / "sales/sonorant_audio_H2_2026.csv")
    data["register"] = rd.read_register(INPUT / "subrights_income_2026.xlsx")
    data["files"] = sorted(p.name for p in (INPUT / "sales/pellham").glob("*.csv"))
    return data


# ------------------------------------------------------------------------------------------------ the client's staff


def ask_staff(data: dict) -> dict:
    known: dict = {}
    if not (ASK and Path("bin/ask").exists()):
        return known
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit

    promo = [s for s in data["special"] if "see JW" in s["note"]]
    if promo:
        refs = ", ".join(s["doc"] for s in promo)
        r = kit.ask(
            "jonah",
            f"The special sales record has {len(promo)} Fenwick Stores plc orders of "
            f"{promo[0]['date'].day} {promo[0]['date']:%B} for the Summer Reads promotion ({refs}, "
            f"{sum(s['qty'] for s in promo):,} copies at {promo[0]['disc']:g}% discount), noted "
            "'see JW'. Were they firm sales, and how many copies count as sold by 31 December?",
        )
        if r.answered and re.search(r"consignment", r.text):
            known["consignment"] = {
                m.group(1): int(m.group(2).replace(",", ""))
                for m in re.finditer(r"(SS-\d\d-\d{3})[^0-9]{1,40}?([\d,]+) copies", r.text)
            }
    awaiting = [g for g in data["register"] if "tax" in g["reconciled"].lower()]
    if awaiting:
        refs = ", ".join(g["ref"] for g in awaiting)
        r = kit.ask(
            "priyanka",
            f"The {awaiting[0]['licensee']} translation advances {refs}, received on "
            f"{awaiting[0]['received'].day} {awaiting[0]['received']:%B}, are marked 'N - tax certificate awaited' "
            "in the register. What did we actually receive for each of them?",
        )
        if r.answered:
            known["withholding"] = {
                m.group(1): rd.num(m.group(2)) for m in re.finditer(r"(SR-\d\d-\d{3})[^£]{0,40}£([\d,]+\.\d\d)", r.text)
            }
    r = kit.ask(
        "miriam",
        "Before I make up the statements: has anything changed since the June statements in how we make them up, "
        "for instance in the reserve against returns we hold?",
    )
    if r.answered and re.search(r"no longer withhold a reserve against returns", r.text):
        known["reserve_policy"] = {"hold": 0.0}
    r = kit.ask(
        "priyanka",
        "Is the rights income register complete: has anything come in for 2026, or been added to the register, "
        "since you sent it to Miriam?",
    )
    if r.answered:
        lic = re.search(r"(Editora \w+)'s ([\w ]+?) translation advances", r.text)
        when = re.search(r"reached our account on (\d{1,2} \w+ 2026)", r.text)
        found = {
            m.group(1): {
                "cid": m.group(2),
                "right": "translation",
                "licensee": lic.group(1) if lic else "",
                "territory": lic.group(2) if lic else "",
                "gbp": rd.num(m.group(3)),
                "received": str(rd.parse_date(when.group(1))) if when else "",
            }
            for m in re.finditer(r"(SR-\d\d-\d{3}) \([^)]*?(KL-\d{4}-\d{3})\): £([\d,]+\.\d\d)", r.text)
        }
        if found and when:
            known["late_receipts"] = found
    r = kit.ask(
        "carys",
        "Did any stock leave us other than through Pellham's trade sales in July to December - remainders, "
        "clearances of surplus stock, pulping or write-offs?",
    )
    if r.answered:
        found = {
            m.group(1): (int(m.group(2).replace(",", "")), rd.num(m.group(3)))
            for m in re.finditer(r"\((\d{13})\): ([\d,]+) copies at £(\d+\.\d\d)", r.text)
        }
        if found:
            known["remainders"] = found
    r = kit.ask(
        "alasdair",
        "Before the statements go out: has anything been agreed with any author or agent since "
        "their agreements were signed that changes their royalty terms and is not in the "
        "contracts folder, such as side letters or variations?",
    )
    if r.answered:
        m = re.search(
            r"(Pym & Hale[\w ]*?)'s clients'? ebook royalt\w* (?:goes|go|went|rises|rose) up to (\d+)%", r.text
        )
        if m:
            known["side_letter"] = {"agency": "Pym & Hale Associates", "ebook": float(m.group(2))}
    r = kit.ask(
        "beatrice",
        "Before I finalise the royalty statements: has anything come in since Pellham's sales "
        "reports were run, such as credit notes, returns or adjustments for July to December that "
        "the files do not show?",
    )
    if r.answered:
        found = {
            m.group(1): (int(m.group(2).replace(",", "")), rd.num(m.group(3)))
            for m in re.finditer(r"\((\d{13})\)[^0-9]{0,20}([\d,]+) copies, credit £([\d,]+\.\d\d)", r.text)
        }
        disc = re.search(r"terms of (\d+(?:\.\d+)?)%", r.text)
        if found and disc:
            known["returns_credit"] = {"copies": found, "disc": float(disc.group(1))}
    return known


# ------------------------------------------------------------------------------------------------ statements


def band_royalty(bands, start: int, n: int, rrp: float) -> float:
    def cum(c: int) -> float:
        total, lo = 0.0, 0
        for size, rate in bands:
            hi = math.inf if size is None else lo + size
            if c > lo:
                total += (min(c, hi) - lo) * rate / 100 * rrp
            lo = hi
        return total

    return cum(start + n) - cum(start)


def periods_on_sale(pub: date) -> int:
    return (END.year - pub.year) * 2 + (END.month > 6) - (pub.month > 6) + 1


def sales_lines(data: dict, known: dict) -> list[dict]:
    out = [s for s in data["pellham"] if s["kind"] in ("INV", "CRN")]
    sold = known.get("consignment", {})
    for s in data["special"]:
        if s["doc"] in sold:
            s = {**s, "qty": sold[s["doc"]], "value": money(sold[s["doc"]] * s["price"])}
        out.append(s)
    for isbn, (copies, price) in known.get("remainders", {}).items():
        rrp = data["ledger"]["titles"][isbn]["rrp"]
        out.append(
            {
                "isbn": isbn,
                "country": "GB",
                "disc": round(100 * (1 - price / rrp), 2),
                "qty": copies,
                "value": money(copies * price),
                "kind": "INV",
                "doc": "remainder",
            }
        )
    credit = known.get("returns_credit")
    if credit:
        for isbn, (copies, value) in credit["copies"].items():
            out.append(
                {
                    "isbn": isbn,
                    "country": "GB",
                    "disc": credit["disc"],
                    "qty": -copies,
                    "value": -value,
                    "kind": "CRN",
                    "doc": "credit",
                }
            )
    return out


def register(data: dict, known: dict) -> list[dict]:
    """The rights register, with the deals the Rights Executive entered after she sent it."""
    titles = {t["cid"]: t["title"] for t in data["ledger"]["titles"].values()}
    late = [
        {
            "ref": ref,
            "cid": g["cid"],
            "title": titles.get(g["cid"], ""),
            "right": g["right"],
            "licensee": g["licensee"],
            "territory": g["territory"],
            "gbp": g["gbp"],
            "received": date.fromisoformat(g["received"]),
            "reconciled": "Y",
            "note": "entered after the register was sent",
        }
        for ref, g in known.get("late_receipts", {}).items()
    ]
    return [*data["register"], *late]


def statements(data: dict, known: dict) -> dict:
    contracts, led = data["contracts"], data["ledger"]
    side = known.get("side_letter")
    lines: dict[tuple[str, str, str], list] = {}
    reserve: dict[str, float] = {}
    sales = sales_lines(data, known)
    for isbn, t in led["titles"].items():
        c = contracts[t["cid"]]
        agency = led["authors"][t["author"]]["agency"]
        if t["fmt"] in ("HB", "PB"):
            by: dict[str, list[dict]] = {}
            for s in sales:
                if s["isbn"] == isbn:
                    ch = (
                        "export"
                        if s["country"] not in HOME
                        else "high_discount"
                        if s["disc"] >= c["hd_threshold"]
                        else "home"
                    )
                    by.setdefault(ch, []).append(s)
            earned = 0.0
            for ch, ss in by.items():
                units = sum(s["qty"] for s in ss)
                if ch == "home":
                    start = led["c0"].get(isbn, 0) if CUMULATIVE else 0
                    roy = money(band_royalty(c["bands"][t["fmt"]], start, units, t["rrp"]))
                else:
                    rate = (c["export"] if ch == "export" else c["hd"])[t["fmt"]]
                    roy = money(rate / 100 * sum(s["value"] for s in ss))
                lines[(t["cid"], isbn, ch)] = [units, roy]
                earned += roy
            pct = known["reserve_policy"]["hold"] if "reserve_policy" in known else c["reserve"]
            if periods_on_sale(t["pub"]) <= c["reserve_periods"] and earned > 0 and pct > 0:
                reserve[t["cid"]] = reserve.get(t["cid"], 0.0) + money(pct / 100 * earned)
        elif t["fmt"] == "EB" and isbn in data["ebook"]:
            units, gbp = data["ebook"][isbn]
            rate = c["ebook"]
            if side and agency == side["agency"]:
                rate = max(rate, side["ebook"])
            lines[(t["cid"], isbn, "ebook")] = [units, money(rate / 100 * gbp)]
        elif t["fmt"] == "AU" and isbn in data["audio"]:
            units, gbp = data["audio"][isbn]
            lines[(t["cid"], isbn, "audio")] = [units, money(c["audio"] / 100 * gbp)]
    net = known.get("withholding", {})
    for g in register(data, known):
        if not g["received"] or not (START <= g["received"] <= END):
            continue
        gbp = net.get(g["ref"], g["gbp"])
        key = (g["cid"], "", g["right"])
        lines.setdefault(key, [0, 0.0])
        lines[key][1] = money(lines[key][1] + contracts[g["cid"]]["sub"][g["right"]] / 100 * gbp)
    accounts: dict[str, list[str]] = {}
    for cid, c in contracts.items():
        group = sorted({cid, c["joint"]}) if c.get("joint") else [cid]
        if not JOINT_ONLY:  # every agreement of the author in one account
            author = next(t["author"] for t in led["titles"].values() if t["cid"] == cid)
            group = sorted({t["cid"] for t in led["titles"].values() if t["author"] == author})
        accounts[" + ".join(group)] = group
    result = {}
    for acc, cids in accounts.items():
        author = next(t["author"] for t in led["titles"].values() if t["cid"] == cids[0])
        sales_roy = money(sum(v[1] for k, v in lines.items() if k[0] in cids and k[1]))
        sub = money(sum(v[1] for k, v in lines.items() if k[0] in cids and not k[1]))
        held = money(sum(reserve.get(cid, 0.0) for cid in cids))
        prior = [b for a, b in led["balances"].items() if set(a.split(" + ")) <= set(cids)]
        released = money(sum(b["reserve_withheld"] for b in prior))
        owed = money(
            sum(b["unearned_cf"] for b in prior)
            + sum(amount for cid, amount, paid in led["advances"] if cid in cids and START <= paid <= END)
        )
        credit = money(sales_roy + sub - held + released)
        payable = money(max(0.0, credit - owed))
        if COMMISSION_DEDUCTED:
            payable = money(payable * (1 - led["authors"][author]["commission"] / 100))
        result[acc] = {
            "contracts": cids,
            "author": author,
            "sales": sales_roy,
            "sub": sub,
            "held": held,
            "released": released,
            "owed": owed,
            "credit": credit,
            "unearned": money(max(0.0, owed - credit)),
            "payable": payable,
        }
    authors = {}
    for aid in led["authors"]:
        mine = [a for a in result.values() if a["author"] == aid]
        authors[aid] = {
            "sales_royalties_gbp": money(sum(a["sales"] for a in mine)),
            "subrights_gbp": money(sum(a["sub"] for a in mine)),
            "reserve_held_gbp": money(sum(a["held"] for a in mine)),
            "reserve_released_gbp": money(sum(a["released"] for a in mine)),
            "unearned_advance_gbp": money(sum(a["unearned"] for a in mine)),
            "payable_gbp": money(sum(a["payable"] for a in mine)),
        }
    return {
        "lines": lines,
        "accounts": result,
        "authors": authors,
        "total_payable_gbp": money(sum(a["payable_gbp"] for a in authors.values())),
    }


def write(st: dict) -> None:
    OUTPUT.mkdir(exist_ok=True)
    out = ["contract,isbn,channel,units,royalty_gbp"]
    for (cid, isbn, ch), (units, roy) in sorted(st["lines"].items()):
        out.append(f"{cid},{isbn},{ch},{units},{roy:.2f}")
    (OUTPUT / "statement_lines.csv").write_text("\n".join(out) + "\n", encoding="utf-8")
    totals = {"period": "2026-H2", "authors": st["authors"], "total_payable_gbp": st["total_payable_gbp"]}
    (OUTPUT / "statement_totals.json").write_text(
        json.dumps(totals, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def main() -> None:
    data = load()
    known = dict(KNOWN) if KNOWN is not None else ask_staff(data)
    st = statements(data, known)
    write(st)
    (OUTPUT / "note_to_managing_director.md").write_text(note.text(data, st, known), encoding="utf-8")


if __name__ == "__main__":
    main()
