"""Quantities cited in a sentence: numbers, ranges, fractions and multipliers, with their units.

"about 15-20 %", "20 of the 30 stops" (a share: 66.7 %), "two thirds", "3.5 kg", "EUR 1,800", "three-fold" and
"1,180 g", "2/3", counts in words ("five samples", "twelve") and amounts with a magnitude after a currency
("£688k", "EUR 11.3m", "GBP489k", "$2bn") are all read; dates, times and ids ("2026-03-06", "20 Aug", "March 3rd",
"13:30", "RC1", "WI-OPS-22") are not quantities.
"from 1.7 to 2.4" is two values, "1.7 to 2.4" a range. Units are canonical keys (`%`, `x`, `g`, `kg`, `s`,
`min`, `h`, `eur`) or `None`; the words after a number stay available for other units (`rest`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?"
_CODES = ("gbp", "eur", "usd", "chf", "nok", "sek", "dkk")
# A number starts a word, or follows a currency code written against it ("GBP489k", "EUR1,800").
_AFTER_CODE = "|".join(f"(?<={''.join(f'[{c}{c.upper()}]' for c in code)})" for code in _CODES)
_NUMBER_RE = re.compile(rf"(?:(?<![\w.,])|{_AFTER_CODE})(?:{_NUM})(?![/:]\d|\.\d)")
# Dates, clock times and ids carry digits that are no quantity; they are blanked before numbers are read.
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_NOT_QUANTITY_RE = re.compile(
    r"\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}:\d{2}\b|\b(?!(?:gbp|eur|usd|chf|nok|sek|dkk)\d)[a-z]+(?:[-_][a-z]+)*[-_]?\d[\w-]*"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?=\W|$)|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b",
    re.I,
)
_UNITS: tuple[tuple[str, str], ...] = (
    ("%", r"%|percent\b|per ?cent\b|pct\b|percentage points?\b|pp\b"),
    ("x", r"x\b|×|times\b|-?fold\b"),
    ("kg", r"kg\b|kilo(?:gram)?s?\b"),
    ("g", r"g\b|grams?\b"),
    ("min", r"min(?:ute)?s?\b"),
    ("h", r"h\b|hrs?\b|hours?\b"),
    ("s", r"s\b|secs?\b|seconds?\b"),
    ("eur", r"eur\b|euros?\b|€"),
)
_UNIT_RES = [(key, re.compile(r"\s*(?:" + pattern + ")", re.IGNORECASE)) for key, pattern in _UNITS]
_ABOUT = r"(?:~|≈|c\.|ca\.|approx\.?|about|around)?\s*"  # "GBP ~470k", "£ c. 1.2m": still that currency's amount
_CURRENCY_BEFORE = re.compile(rf"(?:eur|€)\s*{_ABOUT}$", re.IGNORECASE)
_ANY_CURRENCY_BEFORE = re.compile(rf"(?:eur|€|gbp|£|usd|us\$|\$|chf|nok|sek|dkk)\s*{_ABOUT}$", re.IGNORECASE)
_MAGNITUDE = re.compile(r"\s?(k|m|mn|bn)\b", re.IGNORECASE)
_MAGNITUDES = {"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9}
_RANGE_SEP = re.compile(r"\s*(-|–|—|to|and)\s*", re.IGNORECASE)
_BEFORE_RE = re.compile(r"\b(from|between)\s+(?:about\s+|around\s+|roughly\s+|~\s*)?$", re.IGNORECASE)
_SHARE_SEP = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+|all\s+|its\s+)?$", re.IGNORECASE)
FAMILIES = {
    "g": ("mass", 1.0),
    "kg": ("mass", 1000.0),
    "s": ("time", 1.0),
    "min": ("time", 60.0),
    "h": ("time", 3600.0),
}

_SMALL = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5, "fifths": 5}
_FRACTION_RE = re.compile(
    r"\b(?:(one|a|two|three|four)[\s-]+)?(half|halves|thirds?|quarters?|fifths?)\b", re.IGNORECASE
)
_MULTIPLIER_WORDS = {"twice": 2.0, "doubled": 2.0, "double": 2.0, "tripled": 3.0, "triple": 3.0}
_TIMES_RE = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten)[\s-]*(?:fold|times)\b|\b(twice|doubled?|tripled?)\b",
    re.IGNORECASE,
)
_SLASH_FRACTION_RE = re.compile(r"(?<![\w/.,])(\d{1,2})/(\d{1,2})(?![\w/,]|\.\d)")
_WORD_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_COUNT_WORDS = {
    **_WORD_NUMBERS, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "dozen": 12,
}  # fmt: skip
# A count in words ("five samples"); not "two thirds", "three-fold" or "two times", which are read above.
_COUNT_RE = re.compile(
    r"\b(" + "|".join(_COUNT_WORDS) + r")\b(?![\s-]*(?:fold|times|thirds?|quarters?|fifths?|halves|half)\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Quantity:
    low: float
    high: float
    unit: str | None
    start: int
    end: int
    rest: str = ""  # the text after the number, for units given as a pattern
    before: str = ""  # the text before it, likewise


def _value(text: str) -> float:
    if re.fullmatch(r"\d+,\d{1,2}", text):
        return float(text.replace(",", "."))
    return float(text.replace(",", ""))


def _unit_after(text: str, pos: int) -> tuple[str | None, int]:
    for key, pattern in _UNIT_RES:
        m = pattern.match(text, pos)
        if m:
            return key, m.end()
    return None, pos


@dataclass
class _Number:
    value: float
    start: int
    end: int  # end of the number, or of its unit
    unit: str | None


def _numbers(text: str) -> list[_Number]:
    out = []
    masked = _NOT_QUANTITY_RE.sub(lambda m: " " * len(m.group()), text)
    for m in _NUMBER_RE.finditer(masked):
        value = _value(m.group())
        before = text[max(0, m.start() - 12) : m.start()]
        magnitude = _MAGNITUDE.match(text, m.end()) if _ANY_CURRENCY_BEFORE.search(before) else None
        if magnitude:  # "£688k", "EUR 11.3m": the magnitude is part of the amount, not a unit
            value *= _MAGNITUDES[magnitude.group(1).lower()]
            unit, end = ("eur" if _CURRENCY_BEFORE.search(before) else None), magnitude.end()
            out.append(_Number(value, m.start(), end, unit))
            continue
        unit, end = _unit_after(text, m.end())
        if unit is None and m.end() < len(text) and text[m.end()].isalpha():
            continue  # "3rd", "2nd": an ordinal, not a quantity
        if unit is None and _CURRENCY_BEFORE.search(before):
            unit = "eur"
        out.append(_Number(value, m.start(), end, unit))
    return out


def quantities(text: str) -> list[Quantity]:
    """Every quantity in `text`, in order; ranges and shares are one quantity each (a share's parts too)."""
    nums = _numbers(text)
    out: list[Quantity] = []
    i = 0
    while i < len(nums):
        a = nums[i]
        b = nums[i + 1] if i + 1 < len(nums) else None
        between = text[a.end : b.start] if b else ""
        if b and _is_range(text, a, b, between):
            unit = b.unit or a.unit
            out.append(Quantity(a.value, b.value, unit, a.start, b.end, text[b.end : b.end + 60], text[: a.start]))
            i += 2
            continue
        out.append(Quantity(a.value, a.value, a.unit, a.start, a.end, text[a.end : a.end + 60], text[: a.start]))
        if b and a.unit is None and _SHARE_SEP.fullmatch(between) and 0 < a.value <= b.value:
            share = round(100.0 * a.value / b.value, 3)
            out.append(Quantity(share, share, "%", a.start, b.end))
        i += 1
    out.extend(_word_quantities(text))
    return sorted(out, key=lambda q: (q.start, q.end))


def _is_range(text: str, a: _Number, b: _Number, between: str) -> bool:
    """ "15-20 %", "15 to 20 %" and "between 15 and 20 %" are ranges; "from 15 to 20" is a change."""
    sep = _RANGE_SEP.fullmatch(between)
    if not sep or a.value > b.value or (a.unit is not None and a.unit != b.unit):
        return False
    before = _BEFORE_RE.search(text[: a.start])
    word = sep.group(1).lower()
    if word == "to":
        return not (before and before.group(1).lower() == "from")
    if word == "and":
        return bool(before and before.group(1).lower() == "between")
    return True


def _word_quantities(text: str) -> list[Quantity]:
    out = []
    for m in _SLASH_FRACTION_RE.finditer(text):
        top, bottom = int(m.group(1)), int(m.group(2))
        if 0 < top < bottom:  # "2/3"; "6/3" is a date, not a share
            share = round(100.0 * top / bottom, 3)
            out.append(Quantity(share, share, "%", m.start(), m.end()))
    for m in _FRACTION_RE.finditer(text):
        count = _SMALL.get((m.group(1) or "one").lower(), 1)
        share = round(100.0 * count / _DENOMINATORS[m.group(2).lower()], 3)
        out.append(Quantity(share, share, "%", m.start(), m.end()))
    for m in _COUNT_RE.finditer(text):
        n = float(_COUNT_WORDS[m.group(1).lower()])
        out.append(Quantity(n, n, None, m.start(), m.end(), text[m.end() : m.end() + 60], text[: m.start()]))
    for m in _TIMES_RE.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        factor = float(_WORD_NUMBERS.get(word, 0)) or _MULTIPLIER_WORDS[word]
        out.append(Quantity(factor, factor, "x", m.start(), m.end()))
    return out


def convert(q: Quantity, unit: str) -> tuple[float, float] | None:
    """The quantity's range in `unit` (a canonical key), or None when the units do not fit together."""
    if q.unit == unit:
        return q.low, q.high
    have, want = FAMILIES.get(q.unit or ""), FAMILIES.get(unit)
    if have and want and have[0] == want[0]:
        factor = have[1] / want[1]
        return q.low * factor, q.high * factor
    return None
