"""The world of royalty_statements: every sale, return, ebook and audio sale and licence receipt of the half-year as
it happened (`simulate`), and the statements the contracts give for it (`statements`), worked out from those events
rather than from the files, so that the reference, which reads only the files, is checked against them."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from _royalty_statements_catalogue import AGENCIES

PERIOD_START, PERIOD_END = date(2026, 7, 1), date(2026, 12, 31)
MONTHS = [(2026, m) for m in range(7, 13)]
PREFIX = "9781915623"

# Pellham's accounts: (account no, name, country, discount %, share of the edition's UK and Irish sales, or for
# export accounts of its export sales)
HOME_ACCOUNTS = [
    ("PL-10021", "Waterfield Books Ltd", "GB", 50.0, 0.30),
    ("PL-10034", "Lanyard Books plc", "GB", 52.5, 0.12),
    ("PL-10058", "Grantham Book Wholesale", "GB", 55.0, 0.15),
    ("PL-10077", "Riverbend Online UK", "GB", 60.0, 0.18),
    ("PL-10102", "Bookmark Independents (consolidated)", "GB", 42.5, 0.10),
    ("PL-10140", "Harbourne Library Supply", "GB", 45.0, 0.05),
    ("PL-20011", "Liffey Booksellers", "IE", 45.0, 0.06),
    ("PL-20019", "Shannon Book Distribution", "IE", 52.5, 0.04),
]
EXPORT_ACCOUNTS = [
    ("PL-30004", "Nordlys Bokimport AS", "NO", 55.0, 0.30),
    ("PL-30012", "Pacific Rim Books Pty", "AU", 60.0, 0.40),
    ("PL-30027", "Continental English Books BV", "NL", 50.0, 0.20),
    ("PL-30031", "Gulf Bookshops LLC", "AE", 55.0, 0.10),
]
SPECIAL_ACCOUNT = ("PL-90001", "KESTREL LANE SPECIAL SALES (DIRECT INV)", "GB", 0.0, 0.0)
EXPORT_SHARE = 0.14  # export copies per home copy
RETAILERS = [
    ("Riverbend eBooks", 0.70, 0.46),
    ("Pomme Books", 0.70, 0.20),
    ("Kobalt Reader", 0.65, 0.14),
    ("Lumen Play Books", 0.60, 0.10),
    ("Folio Unlimited", 0.55, 0.10),
]
TERRITORIES = [("GB", 0.62), ("US", 0.18), ("IE", 0.05), ("AU", 0.08), ("CA", 0.07)]
USD_RATES = {7: 0.7842, 8: 0.7795, 9: 0.7731, 10: 0.7864, 11: 0.7912, 12: 0.7887}
REMITTED = {7: "2026-09-14", 8: "2026-10-13", 9: "2026-11-13", 10: "2026-12-14", 11: "2027-01-14", 12: "2027-02-12"}


def isbn13(stem12: str) -> str:
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(stem12))
    return stem12 + str((10 - total % 10) % 10)


CLASSIC = {"title": "The Moonstone (Kestrel Lane Classics)", "isbn": isbn13(PREFIX + "99"), "rrp": 7.99}


def hyphenate(isbn: str) -> str:
    return f"{isbn[:3]}-{isbn[3]}-{isbn[4:10]}-{isbn[10:12]}-{isbn[12]}"


def money(x: float) -> float:
    return round(x + (1e-9 if x >= 0 else -1e-9), 2)


def d(s: str) -> date:
    return date.fromisoformat(s)


@dataclass
class Edition:
    cid: str
    fmt: str  # HB, PB, EB, AU
    isbn: str
    rrp: float = 0.0  # print: GBP; EB: USD list price; AU: GBP net per unit
    pub: date | None = None
    pop: float = 0.0
    c0: int = 0  # cumulative home copies at full royalty to 30 June 2026


@dataclass
class Sale:
    """One line of Pellham's report, of the special sales record, the Lanyard credit or the remainder sale."""

    source: str  # pellham, special, credit, remainder
    when: date
    account: str
    name: str
    country: str
    isbn: str
    qty: int
    rrp: float
    disc: float
    value: float
    doc: str  # invoice or order number
    kind: str  # INV, CRN, DSP
    note: str = ""


@dataclass
class World:
    name: str
    inst: dict
    editions: dict[str, Edition] = field(default_factory=dict)  # isbn -> edition
    by_key: dict[tuple[str, str], Edition] = field(default_factory=dict)  # (cid, fmt) -> edition
    sales: list[Sale] = field(default_factory=list)  # Pellham lines (each once) and the special sales record
    credit: list[Sale] = field(default_factory=list)  # hard: the Lanyard credit raised after the December report
    remainder: list[Sale] = field(default_factory=list)  # hard: the surplus hardbacks sold to a remainder dealer
    ebook: list[dict] = field(default_factory=list)
    audio: list[dict] = field(default_factory=list)
    remit: dict[int, tuple[float, float]] = field(default_factory=dict)  # month -> (USD remitted, GBP credited)
    contracts: dict[str, dict] = field(default_factory=dict)
    authors: dict[str, dict] = field(default_factory=dict)


def build_catalogue(name: str, inst: dict) -> World:
    w = World(name, inst)
    n = 0
    for c in inst["contracts"]:
        w.contracts[c["cid"]] = c
        for e in c["editions"]:
            n += 1
            isbn = isbn13(f"{PREFIX}{n:02d}")
            if e[0] in ("HB", "PB"):
                ed = Edition(c["cid"], e[0], isbn, e[1], d(e[2]), e[3], e[4])
            else:
                ed = Edition(c["cid"], e[0], isbn, e[2], None, e[1])
            w.editions[isbn] = ed
            w.by_key[(c["cid"], e[0])] = ed
    for aid, author, agent in inst["authors"]:
        w.authors[aid] = {
            "id": aid,
            "name": author,
            "agent": agent,
            "agency": AGENCIES[agent][0] if agent else None,
            "commission": AGENCIES[agent][1] if agent else 0.0,
        }
    return w


def _qty(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    return max(0, round(rng.gauss(lam, math.sqrt(lam) + 0.3 * lam**0.8)))


def _month_days(y: int, m: int) -> list[date]:
    first = date(y, m, 1)
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return [first + timedelta(days=i) for i in range((nxt - first).days)]


def simulate(name: str, inst: dict) -> World:
    """Every sale and return of the half-year, each once (the files repeat some of them)."""
    w = build_catalogue(name, inst)
    rng = random.Random(inst["seed"])
    closed = d(inst["lanyard_closed"]) if inst.get("lanyard_closed") else None
    inv = 4000
    for y, m in MONTHS:
        days = [x for x in _month_days(y, m) if x.weekday() < 5]
        for ed in w.editions.values():
            if ed.fmt not in ("HB", "PB"):
                continue
            if ed.pub > days[-1]:
                continue
            live = [x for x in days if x >= ed.pub]
            scale = len(live) / len(days)
            launch = 1.6 if ed.pub >= PERIOD_START and (y - ed.pub.year) * 12 + m - ed.pub.month < 2 else 1.0
            accounts = [(a, ed.pop * a[4] * scale * launch) for a in HOME_ACCOUNTS]
            accounts += [(a, ed.pop * EXPORT_SHARE * a[4] * scale * launch) for a in EXPORT_ACCOUNTS]
            for a, lam in accounts:
                if closed and a[0] == "PL-10034":
                    live_a = [x for x in live if x <= closed]
                    lam = lam * len(live_a) / max(1, len(live))
                else:
                    live_a = live
                q = _qty(rng, lam)
                parts = [q] if q < 12 or rng.random() < 0.5 else [q // 2, q - q // 2]
                for part in parts:
                    if part <= 0 or not live_a:
                        continue
                    inv += rng.randint(1, 9)
                    when = rng.choice(live_a)
                    value = money(part * ed.rrp * (1 - a[3] / 100))
                    w.sales.append(
                        Sale(
                            "pellham",
                            when,
                            a[0],
                            a[1],
                            a[2],
                            ed.isbn,
                            part,
                            ed.rrp,
                            a[3],
                            value,
                            f"PI-{when:%y%m}-{inv:06d}",
                            "INV",
                        )
                    )
                if lam >= 1.5 and rng.random() < 0.22 and live_a:
                    r = max(1, round(lam * rng.uniform(0.05, 0.35)))
                    inv += rng.randint(1, 9)
                    when = rng.choice(live_a)
                    w.sales.append(
                        Sale(
                            "pellham",
                            when,
                            a[0],
                            a[1],
                            a[2],
                            ed.isbn,
                            -r,
                            ed.rrp,
                            a[3],
                            -money(r * ed.rrp * (1 - a[3] / 100)),
                            f"PC-{when:%y%m}-{inv:06d}",
                            "CRN",
                        )
                    )
        # the classic (no author's contract) sells too
        inv += 3
        when = rng.choice(days)
        q = _qty(rng, 60)
        w.sales.append(
            Sale(
                "pellham",
                when,
                "PL-10021",
                "Waterfield Books Ltd",
                "GB",
                CLASSIC["isbn"],
                q,
                CLASSIC["rrp"],
                50.0,
                money(q * CLASSIC["rrp"] * 0.5),
                f"PI-{when:%y%m}-{inv:06d}",
                "INV",
            )
        )
    for ref, when, customer, country, key, copies, disc, note in inst["special"]:
        ed = w.by_key[key]
        price = money(ed.rrp * (1 - disc / 100))
        w.sales.append(
            Sale(
                "special",
                d(when),
                ref,
                customer,
                country,
                ed.isbn,
                copies,
                ed.rrp,
                disc,
                money(copies * price),
                ref,
                "INV",
                note,
            )
        )
    facts = inst["facts"]
    if "lanyard_returns" in facts:
        lr = facts["lanyard_returns"]
        for key, r in lr["copies"].items():
            ed = w.by_key[key]
            w.credit.append(
                Sale(
                    "credit",
                    d(lr["dated"]),
                    "PL-10034",
                    "Lanyard Books plc",
                    "GB",
                    ed.isbn,
                    -r,
                    ed.rrp,
                    52.5,
                    -money(r * ed.rrp * 0.475),
                    lr["note"],
                    "CRN",
                )
            )
    if "remainders" in facts:
        rem = facts["remainders"]
        for key, (copies, price) in rem["copies"].items():
            ed = w.by_key[key]
            w.remainder.append(
                Sale(
                    "remainder",
                    d(rem["dated"]),
                    "REMAINDER",
                    rem["dealer"],
                    "GB",
                    ed.isbn,
                    copies,
                    ed.rrp,
                    round(100 * (1 - price / ed.rrp), 2),
                    money(copies * price),
                    rem["invoice"],
                    "INV",
                )
            )
    for y, m in MONTHS:
        for ed in w.editions.values():
            c = w.contracts[ed.cid]
            print_pub = min((e.pub for e in w.editions.values() if e.cid == ed.cid and e.pub), default=None)
            if ed.fmt not in ("EB", "AU") or (print_pub and print_pub > date(y, m, 28)):
                continue
            if ed.fmt == "EB":
                total = _qty(rng, ed.pop)
                for retailer, rate, rshare in RETAILERS:
                    for terr, tshare in TERRITORIES:
                        u = _qty(rng, total * rshare * tshare)
                        if u == 0:
                            continue
                        w.ebook.append(
                            {
                                "month": m,
                                "isbn": ed.isbn,
                                "title": c["title"],
                                "retailer": retailer,
                                "territory": terr,
                                "units": u,
                                "list": ed.rrp,
                                "net": money(u * ed.rrp * rate),
                            }
                        )
                        if rng.random() < 0.05:
                            w.ebook.append(
                                {
                                    "month": m,
                                    "isbn": ed.isbn,
                                    "title": c["title"],
                                    "retailer": retailer,
                                    "territory": terr,
                                    "units": -1,
                                    "list": ed.rrp,
                                    "net": -money(ed.rrp * rate),
                                }
                            )
            else:
                u = _qty(rng, ed.pop)
                w.audio.append(
                    {
                        "month": m,
                        "isbn": ed.isbn,
                        "title": c["title"],
                        "author": c["author"],
                        "units": u,
                        "net": money(u * ed.rrp * rng.uniform(0.93, 1.07)),
                    }
                )
    for _, m in MONTHS:
        usd = money(sum(r["net"] for r in w.ebook if r["month"] == m))
        w.remit[m] = (usd, money(usd * USD_RATES[m]))
    return w
