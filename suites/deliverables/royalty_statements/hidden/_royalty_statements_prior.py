"""The last two statements (H2 2025 and H1 2026) as the royalty ledger holds them: statement lines with the
cumulative home copies of each print edition, and the balances of each account (reserve withheld and released,
advances paid, unearned advance brought and carried forward, sums paid). They are consistent with the catalogue's
cumulative copies and unearned advances at 30 June 2026, which is all the half-year's statements need of them."""

from __future__ import annotations

import random
from datetime import date

from _royalty_statements_model import World, d, money
from _royalty_statements_truth import band_royalty, contract_terms

PERIODS = [("H2 2025", date(2025, 7, 1), date(2025, 12, 31)), ("H1 2026", date(2026, 1, 1), date(2026, 6, 30))]
HOME_SHARE = 0.49


def _eligible(pub: date, start: date, periods: int) -> bool:
    n = (start.year - pub.year) * 2 + (start.month > 6) - (pub.month > 6) + 1
    return pub <= date(start.year, start.month + 5, 30) and n <= periods


def prior(w: World) -> dict:
    """{"lines": [...], "balances": [...], "reserve_h1": {account: GBP}, "unearned": {account: GBP}}."""
    rng = random.Random(w.inst["seed"] + 7)
    lines: list[dict] = []
    credit: dict[tuple[str, str], dict] = {}  # (period, cid) -> sales, sub, reserve
    for cid, c in w.contracts.items():
        for label, _, _ in PERIODS:
            credit[(label, cid)] = {"sales": 0.0, "sub": 0.0, "reserve": 0.0}
        eds = [e for e in w.editions.values() if e.cid == cid]
        for ed in eds:
            if ed.fmt in ("HB", "PB"):
                # cumulative home copies at 31 December 2025 and 30 June 2025, back from 30 June 2026
                h1 = (
                    ed.c0
                    if ed.pub >= date(2026, 1, 1)
                    else min(ed.c0, round(6 * ed.pop * HOME_SHARE * rng.uniform(0.85, 1.15)))
                )
                c_dec = ed.c0 - h1
                h2 = (
                    0
                    if ed.pub > date(2025, 12, 31)
                    else (
                        c_dec
                        if ed.pub >= date(2025, 7, 1)
                        else min(c_dec, round(6 * ed.pop * HOME_SHARE * rng.uniform(0.85, 1.15)))
                    )
                )
                starts = {"H2 2025": c_dec - h2, "H1 2026": c_dec}
                units = {"H2 2025": h2, "H1 2026": h1}
            for label, start, end in PERIODS:
                t = contract_terms(c, end)
                if ed.fmt in ("HB", "PB"):
                    if ed.pub > end:
                        continue
                    u = units[label]
                    home = money(band_royalty(t[ed.fmt.lower()], starts[label], u, ed.rrp))
                    hd_u = round(u * rng.uniform(0.8, 1.1))
                    ex_u = round((u + hd_u) * 0.14 * rng.uniform(0.7, 1.3))
                    hd = money(t["hd"][ed.fmt] / 100 * hd_u * ed.rrp * 0.41)
                    ex = money(t["export"][ed.fmt] / 100 * ex_u * ed.rrp * 0.43)
                    rows = [
                        ("Home", u, home, starts[label] + u),
                        ("High discount", hd_u, hd, None),
                        ("Export", ex_u, ex, None),
                    ]
                    earned = home + hd + ex
                    pct, n = t["reserve"]
                    if _eligible(ed.pub, start, n):
                        credit[(label, cid)]["reserve"] += money(pct / 100 * earned)
                else:
                    first = min((e.pub for e in eds if e.pub), default=None)
                    if first and first > end:
                        continue
                    months = 6 if not first or first < start else max(1, (end.month - first.month) + 1)
                    u = round(months * ed.pop * rng.uniform(0.8, 1.2))
                    if ed.fmt == "EB":
                        roy = money(t["ebook"] / 100 * u * ed.rrp * 0.66 * 0.78)
                        rows = [("Ebook", u, roy, None)]
                    else:
                        roy = money(t["audio"] / 100 * u * ed.rrp)
                        rows = [("Audio", u, roy, None)]
                for line, u, roy, cum in rows:
                    lines.append(
                        {
                            "period": label,
                            "contract": cid,
                            "isbn": ed.isbn,
                            "line": line,
                            "units": u,
                            "royalty": roy,
                            "cumulative": cum,
                        }
                    )
                    credit[(label, cid)]["sales"] += roy
        for deal in w.inst["deals"]:
            if deal[1] != cid or not deal[11]:
                continue
            for label, start, end in PERIODS:
                if start <= d(deal[11]) <= end:
                    share = money(contract_terms(c, end)["sub"][deal[2]] / 100 * deal[10])
                    lines.append(
                        {
                            "period": label,
                            "contract": cid,
                            "isbn": "",
                            "line": deal[2].replace("_", " ").capitalize(),
                            "units": 0,
                            "royalty": share,
                            "cumulative": None,
                        }
                    )
                    credit[(label, cid)]["sub"] += share
    balances: list[dict] = []
    reserve_h1: dict[str, float] = {}
    unearned: dict[str, float] = {}
    accounts: dict[str, list[str]] = {}
    for cid, c in w.contracts.items():
        group = sorted({cid, c["joint"]}) if c.get("joint") else [cid]
        accounts[" + ".join(group)] = group
    for acc, cids in accounts.items():
        u_end = money(sum(w.contracts[cid]["unearned"] for cid in cids))
        per = {}
        for label, start, end in PERIODS:
            per[label] = {
                "sales": money(sum(credit[(label, cid)]["sales"] for cid in cids)),
                "sub": money(sum(credit[(label, cid)]["sub"] for cid in cids)),
                "held": money(sum(credit[(label, cid)]["reserve"] for cid in cids)),
                "advances": money(
                    sum(a for cid in cids for _, a, paid in w.contracts[cid]["advance"] if start <= d(paid) <= end)
                ),
            }
        per["H2 2025"]["released"] = money(per["H2 2025"]["held"] * rng.uniform(0.6, 1.1))
        per["H1 2026"]["released"] = per["H2 2025"]["held"]
        for p in per.values():
            p["credit"] = money(p["sales"] + p["sub"] - p["held"] + p["released"])
        # work back from the unearned advance at 30 June 2026 to what each period brought forward
        cf = u_end
        for label, _, _ in reversed(PERIODS):
            p = per[label]
            p["unearned_cf"] = cf
            p["unearned_bf"] = money(cf + p["credit"] - p["advances"]) if cf > 0 else 0.0
            assert p["unearned_bf"] >= 0, (acc, label, p)
            p["paid"] = 0.0 if cf > 0 else money(max(0.0, p["credit"]))
            cf = p["unearned_bf"]
        for label, _, _ in PERIODS:
            p = per[label]
            balances.append({"period": label, "account": acc, "author": w.contracts[cids[0]]["author"], **p})
        reserve_h1[acc] = per["H1 2026"]["held"]
        unearned[acc] = u_end
    return {"lines": lines, "balances": balances, "reserve_h1": reserve_h1, "unearned": unearned}
