"""Unseen production traffic that differs from history: seeded draws, drift, new codes, noise and edge cases.

A grader's `generate()` should give a delivered system data it has not seen: the same world, but volumes that
shift, a mix that drifts, codes and wordings that did not occur in history, typos, blanks and values right at
the thresholds. A fix that only memorises history then earns partial or negative uplift. Everything here is a
pure function of the seed, identical on every run and machine.
"""

from __future__ import annotations

import hashlib
import math
import random
import string
from collections.abc import Collection, Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import TypeVar

T = TypeVar("T")

_NEIGHBOURS = {
    c: n
    for row in ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    for i, c in enumerate(row)
    for n in [row[max(0, i - 1) : i] + row[i + 1 : i + 2]]
}


class Traffic:
    """A seeded source of production-like data. `Traffic("family", split, seed)` keys the stream by its parts.

    `child("claims")` gives an independent stream, so adding draws in one part of a generator does not change
    another part's data.
    """

    def __init__(self, *seed: object) -> None:
        self.seed = "/".join(str(s) for s in seed)
        self.rng = random.Random(self.seed)

    def child(self, *parts: object) -> Traffic:
        return Traffic(self.seed, *parts)

    # ------------------------------------------------------------------ draws

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, weights: Mapping[T, float]) -> T:
        """One key, with probability proportional to its weight."""
        items = [(k, w) for k, w in weights.items() if w > 0]
        if not items:
            raise ValueError("pick() needs at least one positive weight")
        x = self.rng.random() * sum(w for _, w in items)
        for k, w in items:
            x -= w
            if x <= 0:
                return k
        return items[-1][0]

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.rng.sample(list(items), min(k, len(items)))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.rng.shuffle(out)
        return out

    def amount(self, median: float, sigma: float, low: float, high: float, step: float | None = None) -> float:
        """Log-normal around `median`, clipped to [low, high]; rounded to `step` when given (else to cents)."""
        value = min(high, max(low, self.rng.lognormvariate(math.log(median), sigma)))
        if step:
            value = max(low, round(value / step) * step)
        return round(value, 2)

    def count(self, mean: float) -> int:
        """A Poisson count (Knuth's method below 30, a rounded normal above)."""
        if mean <= 0:
            return 0
        if mean >= 30:
            return max(0, round(self.rng.gauss(mean, math.sqrt(mean))))
        limit, k, p = math.exp(-mean), 0, 1.0
        while True:
            p *= self.rng.random()
            if p <= limit:
                return k
            k += 1

    def volume(self, history_mean: float, shift: float = 0.0, noise: float = 0.0) -> int:
        """Production volume: the history mean moved by `shift` (0.2 = 20 % more) and a relative `noise`."""
        mean = history_mean * (1 + shift)
        return max(0, round(self.rng.gauss(mean, mean * noise) if noise else mean))

    def moment(self, start: datetime, end: datetime, hour_weights: Sequence[float] | None = None) -> datetime:
        """A minute between `start` and `end`; `hour_weights` (24 values) shape the time of day."""
        days = max(1, (end.date() - start.date()).days + 1)
        for _ in range(1000):
            day = start.date() + timedelta(days=self.rng.randrange(days))
            hour = self.pick(dict(enumerate(hour_weights))) if hour_weights else self.rng.randrange(24)
            t = datetime(day.year, day.month, day.day, hour, self.rng.randrange(60))
            if start <= t < end:
                return t
        return start

    def days(self, first: date, last: date) -> list[date]:
        """Every date from `first` to `last` inclusive."""
        return [first + timedelta(days=i) for i in range((last - first).days + 1)]

    # ------------------------------------------------------------------ how production differs from history

    def drift(self, weights: Mapping[T, float], factors: Mapping[T, float]) -> dict[T, float]:
        """The mix moved: each weight times its factor (1 when absent), renormalised to the old total."""
        moved = {k: w * factors.get(k, 1.0) for k, w in weights.items()}
        for k, f in factors.items():
            moved.setdefault(k, f)  # a key only in `factors` is new in production, with that weight
        total, new_total = sum(weights.values()), sum(moved.values())
        return {k: v * total / new_total for k, v in moved.items()} if new_total else moved

    def new_code(self, existing: Collection[str], prefix: str = "", width: int = 3, alphabet: str = "") -> str:
        """A code that never occurred in `existing` (e.g. a fault code first seen in production)."""
        chars = alphabet or string.ascii_uppercase + string.digits
        for _ in range(10_000):
            code = prefix + "".join(self.rng.choice(chars) for _ in range(width))
            if code not in existing:
                return code
        raise ValueError(f"no unused code of width {width} left after prefix {prefix!r}")

    def reword(self, text: str, synonyms: Mapping[str, Sequence[str]], rate: float = 1.0) -> str:
        """Replace phrases by a synonym with probability `rate` each (case of the first letter kept)."""
        out = text
        for phrase, options in synonyms.items():
            if not options:
                continue
            start = 0
            while (i := out.lower().find(phrase.lower(), start)) >= 0:
                if not self.chance(rate):
                    start = i + len(phrase)
                    continue
                new = self.rng.choice(options)
                if out[i : i + 1].isupper():
                    new = new[:1].upper() + new[1:]
                out = out[:i] + new + out[i + len(phrase) :]
                start = i + len(new)
        return out

    def typo(self, text: str, rate: float = 0.02) -> str:
        """Keyboard noise: each letter is, with probability `rate`, dropped, doubled, swapped or mistyped."""
        chars = list(text)
        out: list[str] = []
        i = 0
        while i < len(chars):
            c = chars[i]
            if not c.isalpha() or not self.chance(rate):
                out.append(c)
                i += 1
                continue
            kind = self.rng.randrange(4)
            if kind == 0:
                pass  # dropped
            elif kind == 1:
                out += [c, c]
            elif kind == 2 and i + 1 < len(chars):
                out += [chars[i + 1], c]
                i += 1
            else:
                near = _NEIGHBOURS.get(c.lower(), c.lower()) or c.lower()
                n = self.rng.choice(near)
                out.append(n.upper() if c.isupper() else n)
            i += 1
        return "".join(out)

    def blank(self, value: T, rate: float, empty: T) -> T:
        """`empty` instead of `value` with probability `rate` (missing fields in a feed)."""
        return empty if self.chance(rate) else value

    def around(self, threshold: float, step: float = 1.0, spread: int = 1) -> float:
        """A value at a threshold or `spread` steps either side: where off-by-one rules go wrong."""
        return threshold + step * self.rng.randint(-spread, spread)


def keyed_uniform(secret: str, *parts: object) -> float:
    """A uniform number in [0, 1) fixed by `secret` and `parts`: hidden truth that needs no file in /data.

    With the secret kept in the grader, a case's hidden outcome (fraud or not, fault or not) can be decided from
    its visible id at generation time and recomputed at grading time, while the delivered system, which sees
    /data, has nothing to read it from.
    """
    digest = hashlib.sha256("\0".join([secret, *map(str, parts)]).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def edge_texts() -> list[str]:
    """Text values that break careless parsers: empty, blanks, case, accents, quotes, separators, long."""
    return [
        "",
        "   ",
        "N/A",
        "UNKNOWN",
        "lower case",
        "Ünïcödé name",
        'quoted "value", with comma',
        "semi;colon",
        "line\nbreak",
        "x" * 300,
    ]
