"""Metrics the engagement graders share: confusion counts, money recovered and lost, per-segment breakdowns."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")
K = TypeVar("K", bound=Hashable)


def _ratio(num: float, den: float) -> float:
    return num / den if den else 0.0


@dataclass(frozen=True)
class Confusion:
    """Counts of a yes/no decision against the truth (e.g. held vs. scam)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @classmethod
    def of(cls, cases: Iterable[K], predicted: Collection[K], actual: Collection[K]) -> Confusion:
        """Over `cases`: predicted positive when in `predicted`, truly positive when in `actual`."""
        tp = fp = fn = tn = 0
        for case in cases:
            p, a = case in predicted, case in actual
            tp += p and a
            fp += p and not a
            fn += a and not p
            tn += not p and not a
        return cls(tp, fp, fn, tn)

    @classmethod
    def pairs(cls, pairs: Iterable[tuple[bool, bool]]) -> Confusion:
        """From (predicted, actual) pairs."""
        counts = [0, 0, 0, 0]
        for p, a in pairs:
            counts[(0 if a else 1) if p else (2 if a else 3)] += 1
        return cls(*counts)

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    @property
    def precision(self) -> float:
        """Share of predicted positives that are positive (0 when nothing was predicted)."""
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        """Share of positives that were predicted (0 when there are none)."""
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    @property
    def accuracy(self) -> float:
        return _ratio(self.tp + self.tn, self.total)

    def __add__(self, other: Confusion) -> Confusion:
        return Confusion(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn)

    def as_dict(self) -> dict[str, float]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "precision": round(self.precision, 6),
            "recall": round(self.recall, 6),
            "f1": round(self.f1, 6),
        }


@dataclass(frozen=True)
class Money:
    """Value of a set of decisions: what they recovered (gains), what they lost (costs, as a positive sum), net."""

    recovered: float = 0.0
    lost: float = 0.0
    count: int = 0

    @classmethod
    def of(cls, values: Iterable[float]) -> Money:
        gained = spent = 0.0
        n = 0
        for v in values:
            n += 1
            if v >= 0:
                gained += v
            else:
                spent -= v
        return cls(gained, spent, n)

    @property
    def net(self) -> float:
        return self.recovered - self.lost

    def __add__(self, other: Money) -> Money:
        return Money(self.recovered + other.recovered, self.lost + other.lost, self.count + other.count)

    def as_dict(self, digits: int = 2) -> dict[str, float]:
        return {
            "recovered": round(self.recovered, digits),
            "lost": round(self.lost, digits),
            "net": round(self.net, digits),
            "count": self.count,
        }


def tally(items: Iterable[T], value: Callable[[T], float], chosen: Callable[[T], bool] | None = None) -> Money:
    """Money of the items a decision acted on (`chosen`, default all), each worth `value(item)`."""
    return Money.of(value(i) for i in items if chosen is None or chosen(i))


def by_segment(items: Iterable[T], segment: Callable[[T], K], measure: Callable[[list[T]], R]) -> dict[K, R]:
    """`measure` of each segment's items, segments in first-seen order (e.g. money by typology, by rig)."""
    groups: dict[K, list[T]] = {}
    for item in items:
        groups.setdefault(segment(item), []).append(item)
    return {k: measure(v) for k, v in groups.items()}


def share(part: float, whole: float) -> float:
    """part / whole, 0 when whole is 0."""
    return _ratio(part, whole)


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def as_details(value: Any) -> Any:
    """Metric objects (and nested dicts / lists of them) as plain JSON values for a grader's `details`."""
    if isinstance(value, Confusion | Money):
        return value.as_dict()
    if isinstance(value, dict):
        return {str(k): as_details(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_details(v) for v in value]
    return value
