"""The statements the agreements give for the half-year, worked out from the model's events (not from the files):
each edition's lines by channel, the reserves, every account's recoupment and payable, and each author's figures.
The reference, which reads only the files, is checked against them by hidden/build_inputs.py."""

from __future__ import annotations

import math
from datetime import date

from _royalty_statements_model import PERIOD_END, PERIOD_START, Sale, World, d, money


def band_royalty(bands: list[tuple[int | None, float]], start: int, n: int, rrp: float) -> float:
    """Royalty on copies start+1 .. start+n (n may be negative: returns come off the top) on the escalator."""

    def cum(c: int) -> float:
        total, lo = 0.0, 0
        for size, rate in bands:
            hi = math.inf if size is None else lo + size
            if c > lo:
                total += (min(c, hi) - lo) * rate / 100 * rrp
            lo = hi
        return total

    return cum(start + n) - cum(start)


def contract_terms(c: dict, when: date = PERIOD_START) -> dict:
    t = {k: (dict(v) if isinstance(v, dict) else v) for k, v in c["terms"].items()}
    amend = c.get("amended")
    if amend and d(amend["from"]) <= when:
        t.update({k: v for k, v in amend.items() if k not in ("date", "from")})
    return t


def is_home(country: str) -> bool:
    return country in ("GB", "IE")


def channel_of(s: Sale, t: dict) -> str:
    if not is_home(s.country):
        return "export"
    return "high_discount" if s.disc >= t["hd_threshold"] else "home"


def sold(w: World, s: Sale, known: set[str]) -> Sale:
    """The sale as it counts once the staff's facts are known (a consignment counts only what sold through)."""
    cons = w.inst["facts"].get("consignment")
    if cons and "consignment" in known and s.source == "special" and s.doc in cons["refs"]:
        q = cons["sold"][s.doc]
        return Sale(
            s.source,
            s.when,
            s.account,
            s.name,
            s.country,
            s.isbn,
            q,
            s.rrp,
            s.disc,
            money(q * money(s.rrp * (1 - s.disc / 100))),
            s.doc,
            s.kind,
            s.note,
        )
    return s


def reserve_periods(pub: date) -> int:
    """How many accounting periods an edition published on `pub` has been on sale by this one (this one counts)."""
    half = (pub.year, 0 if pub.month <= 6 else 1)
    return (2026 - half[0]) * 2 + (1 - half[1]) + 1


def statements(w: World, ledger: dict, known: set[str]) -> dict:
    """Lines, accounts and authors of the half-year's statements. `ledger` gives each edition's cumulative copies
    and each account's unearned advance and reserve as the last statements left them; `known` are the staff's
    facts applied (the reference is run with all of them)."""
    facts = w.inst["facts"]
    lines: dict[tuple[str, str, str], list] = {}
    reserve_base: dict[str, float] = {}
    events = [sold(w, s, known) for s in w.sales if s.kind != "DSP"]
    if "lanyard_returns" in known:
        events += w.credit
    if "remainders" in known:
        events += w.remainder
    for ed in w.editions.values():
        if ed.fmt not in ("HB", "PB"):
            continue
        c = w.contracts[ed.cid]
        t = contract_terms(c)
        mine = [s for s in events if s.isbn == ed.isbn]
        by: dict[str, list[Sale]] = {}
        for s in mine:
            by.setdefault(channel_of(s, t), []).append(s)
        earned = 0.0
        for ch, ss in by.items():
            units = sum(s.qty for s in ss)
            if ch == "home":
                roy = money(band_royalty(t[ed.fmt.lower()], ed.c0, units, ed.rrp))
            else:
                rate = t["export" if ch == "export" else "hd"][ed.fmt]
                roy = money(rate / 100 * sum(s.value for s in ss))
            lines[(ed.cid, ed.isbn, ch)] = [units, roy]
            earned += roy
        pct, periods = t["reserve"]
        if "reserve_policy" in known:  # the Managing Director's decision: no reserve withheld from now on
            pct = facts["reserve_policy"]["hold"]
        if reserve_periods(ed.pub) <= periods and earned > 0 and pct > 0:
            reserve_base[ed.cid] = reserve_base.get(ed.cid, 0.0) + money(pct / 100 * earned)
    side = facts.get("side_letter") if "side_letter" in known else None
    for ed in w.editions.values():
        c = w.contracts[ed.cid]
        t = contract_terms(c)
        if ed.fmt == "EB":
            rows = [r for r in w.ebook if r["isbn"] == ed.isbn]
            if not rows:
                continue
            gbp = sum(r["net"] * w.remit[r["month"]][1] / w.remit[r["month"]][0] for r in rows)
            rate = t["ebook"]
            if side and w.authors[c["author"]]["agent"] == side["agency"]:
                rate = max(rate, side["ebook"])
            lines[(ed.cid, ed.isbn, "ebook")] = [sum(r["units"] for r in rows), money(rate / 100 * gbp)]
        elif ed.fmt == "AU":
            rows = [r for r in w.audio if r["isbn"] == ed.isbn]
            if rows:
                lines[(ed.cid, ed.isbn, "audio")] = [
                    sum(r["units"] for r in rows),
                    money(t["audio"] / 100 * sum(r["net"] for r in rows)),
                ]
    wht = facts.get("withholding") if "withholding" in known else None
    late = facts["late_receipts"]["deals"] if "late_receipts" in known else []
    for deal in [*w.inst["deals"], *late]:
        ref, cid, right, gbp, when = deal[0], deal[1], deal[2], deal[10], deal[11]
        if not when or not (PERIOD_START <= d(when) <= PERIOD_END):
            continue
        if wht and ref in wht["refs"]:
            gbp = money(gbp * (1 - wht["rate"] / 100))
        share = contract_terms(w.contracts[cid])["sub"][right]
        key = (cid, "", right)
        lines.setdefault(key, [0, 0.0])
        lines[key][1] = money(lines[key][1] + share / 100 * gbp)
    # accounts: contracts accounted jointly form one account
    accounts: dict[str, list[str]] = {}
    for cid, c in w.contracts.items():
        group = sorted({cid, c["joint"]}) if c.get("joint") else [cid]
        accounts[" + ".join(group)] = group
    acc_out: dict[str, dict] = {}
    for acc, cids in accounts.items():
        sales_roy = money(sum(v[1] for k, v in lines.items() if k[0] in cids and k[1]))
        sub = money(sum(v[1] for k, v in lines.items() if k[0] in cids and not k[1]))
        held = money(sum(reserve_base.get(cid, 0.0) for cid in cids))
        released = ledger["reserve_h1"].get(acc, 0.0)
        advances = money(
            sum(
                a for cid in cids for _, a, paid in w.contracts[cid]["advance"] if PERIOD_START <= d(paid) <= PERIOD_END
            )
        )
        unearned_bf = ledger["unearned"].get(acc, 0.0)
        credit = money(sales_roy + sub - held + released)
        owed = money(unearned_bf + advances)
        acc_out[acc] = {
            "contracts": cids,
            "author": w.contracts[cids[0]]["author"],
            "sales": sales_roy,
            "sub": sub,
            "held": held,
            "released": released,
            "advances": advances,
            "unearned_bf": unearned_bf,
            "credit": credit,
            "unearned": money(max(0.0, owed - credit)),
            "payable": money(max(0.0, credit - owed)),
        }
        assert credit >= 0, (acc, credit)
    authors = {}
    for aid in w.authors:
        mine = [a for a in acc_out.values() if a["author"] == aid]
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
        "accounts": acc_out,
        "authors": authors,
        "total_payable_gbp": money(sum(a["payable_gbp"] for a in authors.values())),
    }
