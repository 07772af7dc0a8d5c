"""The claims as they really happened, for claims_reserving's generator: every claim's accident, report, payments,
case-reserve movements, recoveries and reopening, and the true triangles the reserving policy asks for.

`simulate(inst)` returns the claims with their transactions (true dates, true amounts, one row each);
`true_triangles(claims, inst)` builds the policy's triangles from them (cut-off at the valuation date, net of
recoveries, reopened claims in the original accident year, each claim capped at the large-loss threshold).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

VALUATION = date(2026, 12, 31)
EXTRACT = date(2027, 1, 4)
MIGRATION = date(2025, 7, 1)
YEARS = list(range(2017, 2027))
CLASSES = ("motor", "household")


@dataclass
class Txn:
    ref: str
    day: date
    kind: str  # PAY, RES (case-reserve movement), REC (recovery received), REV (payment reversal)
    amount: float  # PAY and RES as signed movements of paid / reserve; REC and REV positive amounts taken off paid
    reopen: bool = False
    note: str = ""
    recovery_type: str = ""


@dataclass
class Claim:
    claim_id: str
    cls: str
    accident: date
    reported: date
    txns: list[Txn] = field(default_factory=list)
    reopened_on: date | None = None
    large: bool = False

    @property
    def ay(self) -> int:
        return self.accident.year


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _severity(rng: random.Random, cls: str, large: bool) -> tuple[float, float, float, float]:
    """(ultimate cost, report delay and settlement delay in days, case-reserve adequacy)."""
    if large:
        return rng.uniform(265_000, 720_000), rng.expovariate(1 / 40), rng.uniform(700, 1900), 0.75
    if cls == "motor":
        if rng.random() < 0.2:  # injury: reported late, settled slowly, reserved short
            delay = rng.expovariate(1 / 45) + (rng.uniform(90, 800) if rng.random() < 0.2 else 0)
            return rng.lognormvariate(math.log(8_500), 0.85), delay, rng.uniform(250, 2100), 0.68
        return rng.lognormvariate(math.log(2_500), 0.6), rng.expovariate(1 / 9), rng.uniform(15, 160), 0.92
    delay = rng.expovariate(1 / 11) + (rng.uniform(30, 420) if rng.random() < 0.08 else 0)
    settle = rng.uniform(400, 1300) if rng.random() < 0.1 else rng.uniform(15, 300)
    return rng.lognormvariate(math.log(2_900), 0.85), delay, settle, 0.86


def _claim(rng: random.Random, inst: dict, cls: str, ay: int, seq: int, large: bool, counter: list[int]) -> Claim:
    prefix = "MV" if cls == "motor" else "HH"
    accident = date(ay, 1, 1) + timedelta(days=rng.randrange(365))
    ultimate, delay, settle, under = _severity(rng, cls, large)
    reported = accident + timedelta(days=int(delay))
    c = Claim(f"{prefix}-{ay}-{seq:05d}", cls, accident, reported, large=large)
    settled = reported + timedelta(days=int(settle))

    def ref() -> str:
        counter[0] += 1
        return f"T{counter[0]:07d}"

    # case reserve: an initial estimate, re-estimated at each payment, released at settlement
    reserve = _money(ultimate * under * rng.lognormvariate(0, 0.25))
    c.txns.append(Txn(ref(), reported, "RES", reserve))
    n_pay = 1 if settle < 120 else rng.randint(2, 6)
    days = sorted(reported + timedelta(days=int(settle * (k + 1) / n_pay * rng.uniform(0.85, 1.0)))
                  for k in range(n_pay))
    days[-1] = settled
    remaining = ultimate
    for k, d in enumerate(days):
        last = k == n_pay - 1
        amount = _money(remaining if last else remaining * rng.uniform(0.2, 0.5))
        remaining -= amount
        c.txns.append(Txn(ref(), d, "PAY", amount))
        new_res = 0.0 if last else _money(remaining * under * rng.lognormvariate(0, 0.2))
        if new_res != reserve:
            c.txns.append(Txn(ref(), d, "RES", _money(new_res - reserve)))
            reserve = new_res
    # salvage and subrogation
    p_rec = 0.16 if cls == "motor" else 0.05
    if rng.random() < p_rec and not large:
        got = _money(sum(t.amount for t in c.txns if t.kind == "PAY") * rng.uniform(0.1, 0.4))
        kind = rng.choice(["Salvage", "Subrogation"] if cls == "motor" else ["Salvage"])
        c.txns.append(Txn(ref(), settled + timedelta(days=rng.randint(40, 270)), "REC", got, recovery_type=kind))
    # a few closed claims reopen
    if rng.random() < inst["reopen_rate"] and not large:
        again = settled + timedelta(days=rng.randint(150, 560))
        c.reopened_on = again
        extra = _money(ultimate * rng.uniform(0.3, 0.9))
        c.txns.append(Txn(ref(), again, "RES", extra, reopen=True))
        pay_day = again + timedelta(days=rng.randint(30, 200))
        paid = _money(extra * rng.uniform(0.8, 1.3))
        c.txns.append(Txn(ref(), pay_day, "PAY", paid, reopen=True))
        c.txns.append(Txn(ref(), pay_day, "RES", -extra, reopen=True))
    c.txns.sort(key=lambda t: (t.day, t.ref))
    c.txns = [t for t in c.txns if t.day <= EXTRACT]
    return c


def _strengthen(claims: list[Claim], inst: dict, counter: list[int]) -> None:
    """The case-reserve review: every open reserve of the class raised by a share on one day; released at settlement."""
    s = inst["strengthening"]
    for c in claims:
        if c.cls not in s["classes"]:
            continue
        before = [t for t in c.txns if t.day < s["day"] and not t.reopen]
        open_res = _money(sum(t.amount for t in before if t.kind == "RES"))
        later = [t for t in c.txns if t.day > s["day"] and t.kind == "RES" and not t.reopen]
        if open_res <= 0:
            continue
        up = _money(open_res * s["share"])
        counter[0] += 1
        c.txns.append(Txn(f"T{counter[0]:07d}", s["day"], "RES", up, note="CASE RESERVE REVIEW"))
        if later:  # the extra is carried until the claim settles, which releases it
            later[-1].amount = _money(later[-1].amount - up)
        c.txns.sort(key=lambda t: (t.day, t.ref))


def _rebase(claims: list[Claim], inst: dict, counter: list[int]) -> None:
    """The hard instance's change of motor case-reserving practice in 2026: each open motor claim's reserve re-set on
    the new basis at its first review of the year (a day of its own, no narrative), carried until settlement."""
    r = inst.get("rebasing")
    if not r:
        return
    rng = random.Random(inst["seed"] + 7)
    for c in claims:
        if c.cls not in r["classes"] or c.large:
            continue
        day = date(r["year"], 3, 1) + timedelta(days=rng.randrange(240))
        open_res = _money(sum(t.amount for t in c.txns if t.day < day and t.kind == "RES" and not t.reopen))
        if open_res <= 0:
            continue
        later = [t for t in c.txns if t.day > day and t.kind == "RES" and not t.reopen]
        up = _money(open_res * r["share"] * rng.uniform(0.6, 1.4))
        counter[0] += 1
        c.txns.append(Txn(f"T{counter[0]:07d}", day, "RES", up))
        if later:  # the new basis is carried until the claim settles, which releases it
            later[-1].amount = _money(later[-1].amount - up)
        c.txns.sort(key=lambda t: (t.day, t.ref))


def _duplicate_payment(claims: list[Claim], rng: random.Random, counter: list[int]) -> tuple[str, str, str]:
    """A payment paid twice in error in 2026 and reversed: (claim, duplicate ref, reversal ref)."""
    pool = [c for c in claims if c.cls == "motor" and any(t.kind == "PAY" and date(2026, 2, 1) <= t.day
                                                           <= date(2026, 10, 31) for t in c.txns)]
    c = rng.choice(pool)
    pay = next(t for t in c.txns if t.kind == "PAY" and date(2026, 2, 1) <= t.day <= date(2026, 10, 31))
    counter[0] += 2
    dup = Txn(f"T{counter[0] - 1:07d}", pay.day, "PAY", pay.amount, note="DUPLICATE OF " + pay.ref)
    rev = Txn(f"T{counter[0]:07d}", pay.day + timedelta(days=23), "REV", pay.amount, note="REVERSAL OF " + dup.ref)
    c.txns += [dup, rev]
    c.txns.sort(key=lambda t: (t.day, t.ref))
    return c.claim_id, dup.ref, rev.ref


def simulate(inst: dict) -> tuple[list[Claim], dict]:
    rng = random.Random(inst["seed"])
    counter = [1_000_000 + inst["seed"] % 1000 * 1000]
    claims: list[Claim] = []
    for cls in CLASSES:
        for ay in YEARS:
            n = inst["claims"][cls]
            n = int(n * (1 + 0.03 * (ay - 2017)) * rng.uniform(0.92, 1.08))
            n_large = inst["large"][cls][ay - 2017]
            for seq in range(1, n + n_large + 1):
                c = _claim(rng, inst, cls, ay, seq, seq > n, counter)
                if c.reported <= EXTRACT:
                    claims.append(c)
    _strengthen(claims, inst, counter)
    _rebase(claims, inst, counter)
    story = {"duplicate": _duplicate_payment(claims, rng, counter)}
    post = inst.get("post_settlement")
    if post:
        c = _litigated(claims, post["ay"], rng, counter)
        story["post"] = {"claim": c.claim_id, "settled_on": post["on"]}
    return claims, story


def _litigated(claims: list[Claim], ay: int, rng: random.Random, counter: list[int]) -> Claim:
    """A catastrophic motor injury of an old accident year, litigated for years and still open at the valuation
    date, listed for mediation after the extract."""
    seq = max(int(c.claim_id[-5:]) for c in claims if c.cls == "motor" and c.ay == ay) + 1
    accident = date(ay, 3, 1) + timedelta(days=rng.randrange(200))
    c = Claim(f"MV-{ay}-{seq:05d}", "motor", accident, accident + timedelta(days=9), large=True)
    reserve = 0.0
    steps = [(9, "RES", 180_000.0), (300, "PAY", 35_000.0), (300, "RES", -35_000.0), (700, "RES", 120_000.0),
             (1100, "PAY", 60_000.0), (1100, "RES", -60_000.0), (1650, "RES", 90_000.0), (2150, "PAY", 45_000.0),
             (2150, "RES", -45_000.0)]
    for days, kind, amount in steps:
        counter[0] += 1
        amount = _money(amount * rng.uniform(0.9, 1.1))
        c.txns.append(Txn(f"T{counter[0]:07d}", accident + timedelta(days=days), kind, amount))
        reserve += amount if kind == "RES" else 0.0
    counter[0] += 1
    c.txns.append(Txn(f"T{counter[0]:07d}", date(2026, 11, 19), "RES", 25_000.0))
    c.txns.sort(key=lambda t: (t.day, t.ref))
    claims.append(c)
    return c


def outstanding(c: Claim, at: date) -> float:
    return _money(sum(t.amount for t in c.txns if t.kind == "RES" and t.day <= at))


def paid_to(c: Claim, at: date) -> float:
    total = 0.0
    for t in c.txns:
        if t.day > at:
            continue
        if t.kind == "PAY":
            total += t.amount
        elif t.kind in ("REC", "REV"):
            total -= t.amount
    return _money(total)


def true_triangles(claims: list[Claim], cap: float) -> dict:
    """{(cls, ay, dev): (paid, incurred)} capped per claim, and per (cls, ay) the uncapped paid, incurred and the
    excess of the large claims over the cap, all at the valuation date."""
    tri: dict[tuple[str, int, int], list[float]] = {}
    val: dict[tuple[str, int], dict[str, float]] = {}
    for c in claims:
        for dev in range(1, VALUATION.year - c.ay + 2):
            at = date(c.ay + dev - 1, 12, 31)
            p = paid_to(c, at)
            i = _money(p + outstanding(c, at))
            cell = tri.setdefault((c.cls, c.ay, dev), [0.0, 0.0])
            cell[0] += min(p, cap)
            cell[1] += min(i, cap)
        v = val.setdefault((c.cls, c.ay), {"paid": 0.0, "incurred": 0.0, "excess": 0.0})
        p = paid_to(c, VALUATION)
        i = p + outstanding(c, VALUATION)
        v["paid"] += p
        v["incurred"] += i
        v["excess"] += max(0.0, i - cap)
    tri_out = {k: (round(a, 2), round(b, 2)) for k, (a, b) in tri.items()}
    for cls in CLASSES:
        for ay in YEARS:
            for dev in range(1, VALUATION.year - ay + 2):
                tri_out.setdefault((cls, ay, dev), (0.0, 0.0))
    return {"triangles": tri_out, "valuation": {k: {n: round(x, 2) for n, x in v.items()} for k, v in val.items()}}
