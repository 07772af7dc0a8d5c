"""The cabinets' replenishment engine and the wards' real demand, day by day, and what it all costs.

Every morning supplier deliveries reach the central store and last night's top-ups reach the ward cabinets
(stock that does not fit a fridge bin is left out of the fridge and discarded; CD stock that does not fit the
CD cabinet goes back to the store under witness); stock past its ward shelf life is written off; the wards
use what they need. A shortfall is an urgent top-up from the store by porter (the dose is late) or, when the
store has none, an emergency purchase with a courier (the dose is missed or much delayed). Every night each
ward line at or below its reorder point is topped up to its par level from the store, and each store line at or
below its reorder point is ordered up to par from the supplier the plan names, arriving after that supplier's
real lead time - or never, if that supplier does not supply the product.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from _pharmacy_stock_world import PRODUCTS, STORE, Truth, current_key, real_lead, supplier_on, unavailable

PORTER_GBP = 15.0  # an urgent top-up from the store
LATE_DOSE_GBP = {3: 60.0, 2: 20.0, 1: 3.0}  # clinical impact of doses given late, per pack short (by criticality)
COURIER_GBP = 85.0  # an emergency purchase: courier ...
PREMIUM = 0.6  # ... and the price premium, share of the pack cost
MISSED_DOSE_GBP = {3: 400.0, 2: 100.0, 1: 10.0}  # clinical impact of doses missed or badly delayed, per pack
CD_RETURN_GBP = 100.0  # a witnessed return of CD stock that does not fit the cabinet
COLD_CHAIN_GBP = 150.0  # reporting a cold-chain excursion, on top of the stock discarded
TOPUP_OFF = (5, 6)  # no cabinet top-ups on Saturday and Sunday nights
COST_KEYS = (
    "porter",
    "late_doses",
    "emergency_premium",
    "missed_doses",
    "expired",
    "cold_chain",
    "cd_returns",
    "excess_stock",
)  # fmt: skip
EXCESS_DAYS = 28  # stock above four weeks' use at the month end ...
EXCESS_PROVISION = 0.3  # ... is provisioned at 30 % of its value (slow-moving stock, expiry risk)


@dataclass
class Line:
    ward: str
    base: str  # the medicine the line was set up for (formulary replacements keep the line)
    bin: int | None
    batches: list[list] = field(default_factory=list)  # [expires day index or None, packs]
    incoming: int = 0

    def on_hand(self) -> int:
        return sum(b[1] for b in self.batches)

    def take(self, n: int) -> int:
        got = 0
        while n > 0 and self.batches:
            b = self.batches[0]
            k = min(n, b[1])
            b[1] -= k
            n -= k
            got += k
            if b[1] == 0:
                self.batches.pop(0)
        return got


@dataclass
class StoreLine:
    key: str
    on_hand: int = 0
    orders: list[list] = field(default_factory=list)  # [arrives day index, packs, supplier]
    cap: int | None = None  # cold-room or CD-safe shelf (fridge and CD products); ambient shelving does not limit


@dataclass
class Plan:
    """par, reorder point and supplier per (location, base key); a line absent from it is never topped up."""

    ward: dict[tuple[str, str], tuple[int, int]]
    store: dict[str, tuple[int, int, str]]


@dataclass
class Outcome:
    cost: dict[str, float] = field(default_factory=lambda: dict.fromkeys(COST_KEYS, 0.0))
    counts: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("stockouts", "stockouts_red", "porter", "emergency", "wasted_packs", "expired_packs", "cd_returns",
             "unfulfilled_orders"), 0)
    )  # fmt: skip
    issues: list[tuple] = field(default_factory=list)  # (day, ward, base, packs)
    events: list[tuple] = field(default_factory=list)  # (day, kind, location, base, packs, gbp, note)
    deliveries: list[tuple] = field(default_factory=list)  # (ordered, supplier, key, packs, due, received, status)

    def total(self) -> float:
        return round(sum(self.cost.values()), 2)


def poisson(rng: random.Random, mean: float) -> int:
    if mean <= 0:
        return 0
    limit, k, p = math.exp(-mean), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


@dataclass
class Engine:
    truth: Truth
    start: date
    lines: dict[tuple[str, str], Line]
    store: dict[str, StoreLine]
    rate: Callable[[str, str, date], float]  # expected packs a day at (ward, base key, day)
    stream: str  # demand noise key
    record: bool = False
    out: Outcome = field(default_factory=Outcome)
    demand: dict[tuple[str, str], int] = field(default_factory=dict)

    def _rng(self, *parts: object) -> random.Random:
        return random.Random("/".join(map(str, (self.stream, *parts))))

    def day(self, i: int, d: date, plan: Plan, consign: Callable[[Line, date], int] | None = None) -> None:
        self._arrivals(i, d)
        for line in self.lines.values():
            self._receive(i, d, line, line.incoming)
            line.incoming = 0
            if consign is not None:
                top = consign(line, d)
                if top > line.on_hand():
                    self._put(i, d, line, top - line.on_hand())
            self._expire(i, d, line)
        for (ward, base), line in sorted(self.lines.items()):
            need = poisson(self._rng(ward, base, d.isoformat()), self.rate(ward, base, d))
            self.demand[(ward, base)] = self.demand.get((ward, base), 0) + need
            self._use(i, d, line, need)
        self._night(i, d, plan)

    def close(self, d: date, used: dict[tuple[str, str], float]) -> None:
        """Month end: Finance provisions for stock above EXCESS_DAYS of what the line used in the month, per day."""
        store_use: dict[str, float] = {}
        for (ward, base), line in self.lines.items():
            per_day = used.get((ward, base), 0.0)
            store_use[base] = store_use.get(base, 0.0) + per_day
            self._provision(d, ward, base, line.on_hand() + line.incoming, per_day)
        for base, s in self.store.items():
            self._provision(d, STORE, base, s.on_hand + sum(o[1] for o in s.orders), store_use.get(base, 0.0))

    def _provision(self, d: date, loc: str, base: str, have: int, per_day: float) -> None:
        extra = have - EXCESS_DAYS * per_day
        if extra > 0:
            gbp = EXCESS_PROVISION * extra * PRODUCTS[current_key(self.truth, base, d)].cost
            self.out.cost["excess_stock"] += gbp

    def _arrivals(self, i: int, d: date) -> None:
        for key, s in self.store.items():
            for o in [o for o in s.orders if o[0] == i]:
                s.orders.remove(o)
                room = o[1] if s.cap is None else max(0, min(o[1], s.cap - s.on_hand))
                s.on_hand += room
                extra = o[1] - room
                if extra:
                    self._store_overflow(d, key, extra)

    def _store_overflow(self, d: date, key: str, extra: int) -> None:
        """A delivery the store's cold room or CD safe cannot take: cold chain discarded, CDs sent back."""
        p = PRODUCTS[current_key(self.truth, key, d)]
        if p.storage == "FRIDGE":
            gbp = extra * p.cost + COLD_CHAIN_GBP
            self.out.cost["cold_chain"] += gbp
            self.out.counts["wasted_packs"] += extra
            self._event(d, "COLD_CHAIN", STORE, key, extra, gbp, "store cold room full - delivery discarded")
        else:
            self.out.cost["cd_returns"] += CD_RETURN_GBP
            self.out.counts["cd_returns"] += 1
            self._event(d, "CD_RETURN", STORE, key, extra, CD_RETURN_GBP, "CD safe full - returned to supplier")

    def _put(self, i: int, d: date, line: Line, n: int) -> None:
        if n <= 0:
            return
        shelf = PRODUCTS[current_key(self.truth, line.base, d)].shelf
        line.batches.append([i + shelf if shelf else None, n])

    def _receive(self, i: int, d: date, line: Line, n: int) -> None:
        if n <= 0:
            return
        room = n if line.bin is None else max(0, line.bin - line.on_hand())
        extra = n - min(n, room)
        self._put(i, d, line, n - extra)
        if not extra:
            return
        p = PRODUCTS[current_key(self.truth, line.base, d)]
        if p.storage == "FRIDGE":
            self.out.cost["cold_chain"] += extra * p.cost + COLD_CHAIN_GBP
            self.out.counts["wasted_packs"] += extra
            gbp = extra * p.cost + COLD_CHAIN_GBP
            self._event(d, "COLD_CHAIN", line.ward, line.base, extra, gbp, "fridge bin full - left out")
        else:
            self.store[line.base].on_hand += extra
            self.out.cost["cd_returns"] += CD_RETURN_GBP
            self.out.counts["cd_returns"] += 1
            self._event(d, "CD_RETURN", line.ward, line.base, extra, CD_RETURN_GBP, "CD cabinet full - returned")

    def _expire(self, i: int, d: date, line: Line) -> None:
        gone = sum(b[1] for b in line.batches if b[0] is not None and b[0] <= i)
        if gone:
            line.batches = [b for b in line.batches if b[0] is None or b[0] > i]
            cost = PRODUCTS[current_key(self.truth, line.base, d)].cost
            self.out.cost["expired"] += gone * cost
            self.out.counts["expired_packs"] += gone
            self._event(d, "EXPIRED", line.ward, line.base, gone, gone * cost, "past ward shelf life")

    def _use(self, i: int, d: date, line: Line, need: int) -> None:
        if need <= 0:
            return
        got = line.take(need)
        short = need - got
        issued = got
        if short:
            p = PRODUCTS[current_key(self.truth, line.base, d)]
            s = self.store.get(line.base)
            porter = min(short, s.on_hand) if s else 0
            self.out.counts["stockouts"] += 1
            self.out.counts["stockouts_red"] += p.crit == 3
            if porter:
                s.on_hand -= porter
                issued += porter
                gbp = PORTER_GBP + LATE_DOSE_GBP[p.crit] * porter
                self.out.cost["porter"] += PORTER_GBP
                self.out.cost["late_doses"] += LATE_DOSE_GBP[p.crit] * porter
                self.out.counts["porter"] += 1
                self._event(d, "URGENT_TOPUP", line.ward, line.base, porter, gbp, "cabinet empty - porter")
            rest = short - porter
            if rest:
                premium = COURIER_GBP + PREMIUM * p.cost * rest
                self.out.cost["emergency_premium"] += premium
                self.out.cost["missed_doses"] += MISSED_DOSE_GBP[p.crit] * rest
                self.out.counts["emergency"] += 1
                self._event(d, "EMERGENCY_PURCHASE", line.ward, line.base, rest, premium, "store out - courier")
        if issued and self.record:
            self.out.issues.append((d, line.ward, line.base, issued))

    def _night(self, i: int, d: date, plan: Plan) -> None:
        for (ward, base), line in sorted(self.lines.items()):
            if d.weekday() in TOPUP_OFF:
                break
            par, rop = plan.ward.get((ward, base), (0, 0))
            pos = line.on_hand()
            if par <= 0 or pos > rop:
                continue
            s = self.store.get(base)
            send = min(par - pos, s.on_hand) if s else 0
            if send > 0:
                s.on_hand -= send
                line.incoming = send
        for key, s in sorted(self.store.items()):
            par, rop, sup = plan.store.get(key, (0, 0, ""))
            pos = s.on_hand + sum(o[1] for o in s.orders)
            if par <= 0 or pos > rop:
                continue
            n = par - pos
            if n <= 0:
                continue
            now = current_key(self.truth, key, d)
            real = supplier_on(self.truth, now, d)
            if sup != real or unavailable(self.truth, now, d):
                self.out.counts["unfulfilled_orders"] += 1
                if self.record:
                    self.out.deliveries.append((d, sup, key, n, None, None, "UNFULFILLED"))
                continue
            lead = real_lead(self.truth, sup, d)
            s.orders.append([i + lead, n, sup])
            if self.record:
                self.out.deliveries.append((d, sup, key, n, lead, i + lead, "RECEIVED"))

    def _event(self, d: date, kind: str, loc: str, base: str, packs: int, gbp: float, note: str) -> None:
        if self.record:
            self.out.events.append((d, kind, loc, base, packs, round(gbp, 2), note))


def add_line(lines: dict, ward: str, base: str, bin_units: int | None) -> Line:
    line = lines.get((ward, base))
    if line is None:
        line = lines[(ward, base)] = Line(ward, base, bin_units)
    return line


__all__ = ["STORE", "Engine", "Line", "Outcome", "Plan", "StoreLine", "add_line"]
