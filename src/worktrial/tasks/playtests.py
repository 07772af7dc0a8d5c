"""The blind-playtest record of a family (`hidden/PLAYTESTS.md`) and the difficulty targets it is held to.

The record is a Markdown table, one row per run, whose first cell is the instance id (`family/variant[/level]`)
and whose header names the score column `S` or `score`. A run is *fair* when it worked the base variant (at
L0 for an engagement) and *hard* otherwise (a non-base variant; at L3 for an engagement). The targets
(docs/authoring.md, "Difficulty anchor"): the latest fair run scores at least `FAIR_MIN`, the hard instances'
latest runs average at most `HARD_MAX`; across a suite the hard mean is at most `HARD_MAX` with at least one
hard run at or above `SPREAD_HIGH` and one at or below `SPREAD_LOW`, so the suite ranks workers instead of
failing or passing all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean

from .errors import Problem

FAIR_MIN = 0.75
HARD_MAX = 0.6
SPREAD_HIGH = 0.8
SPREAD_LOW = 0.2
SCORE_COLUMNS = ("s", "score")
_NUMBER = re.compile(r"^[-+]?\d+(\.\d+)?$")


@dataclass(frozen=True)
class Playtest:
    instance: str
    variant: str
    level: str  # "" for a deliverable
    date: str
    score: float | None  # None: the run was voided
    line: int

    @property
    def fair(self) -> bool:
        return self.variant == "base" and self.level in ("", "L0")

    @property
    def hard(self) -> bool:
        return self.variant != "base" and self.level in ("", "L3")


@dataclass(frozen=True)
class FamilyPlaytests:
    family: str
    runs: list[Playtest]
    problems: list[Problem] = field(default_factory=list)

    def latest(self, runs: Iterable[Playtest]) -> dict[str, Playtest]:
        """The last scored run of each instance, in the record's order."""
        last: dict[str, Playtest] = {}
        for run in runs:
            if run.score is not None:
                last[run.instance] = run
        return last

    @property
    def hard_latest(self) -> dict[str, Playtest]:
        return self.latest(r for r in self.runs if r.hard)

    @property
    def fair_score(self) -> float | None:
        fair = list(self.latest(r for r in self.runs if r.fair).values())
        return fair[-1].score if fair else None

    @property
    def hard_mean(self) -> float | None:
        scores = [r.score for r in self.hard_latest.values() if r.score is not None]
        return fmean(scores) if scores else None

    def shortfalls(self) -> list[str]:
        """What keeps the family from meeting the targets; empty when it meets them."""
        missing = []
        fair, hard = self.fair_score, self.hard_mean
        if fair is None:
            missing.append("no fair run (base variant, L0 for an engagement)")
        elif fair < FAIR_MIN:
            missing.append(f"fair run {fair:.3f} < {FAIR_MIN} (the task, not the worker, is broken)")
        if hard is None:
            missing.append("no hard run (a non-base variant, L3 for an engagement)")
        elif hard > HARD_MAX:
            missing.append(f"hard mean {hard:.3f} > {HARD_MAX} (too easy)")
        return missing


def parse_record(family: str, path: Path) -> FamilyPlaytests:
    """Every run of the record at `path`; a row that cannot be read is a problem naming its line, never a guess."""
    if not path.is_file():
        return FamilyPlaytests(family, [])
    runs: list[Playtest] = []
    problems: list[Problem] = []
    header: list[str] | None = None
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.startswith("|"):
            continue
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue
        where = f"{path}:{number}"
        if len(cells) != len(header):
            problems.append(
                Problem(where, "", f"{len(cells)} cells under a header of {len(header)}", "one cell per column")
            )
            continue
        run = _run(family, header, cells, number, where, problems)
        if run is not None:
            runs.append(run)
    return FamilyPlaytests(family, runs, problems)


def _run(
    family: str, header: list[str], cells: list[str], line: int, where: str, problems: list[Problem]
) -> Playtest | None:
    column = next((header.index(c) for c in SCORE_COLUMNS if c in header), None)
    if column is None:
        problems.append(Problem(where, "", "the header has no score column", "name it `S` or `score`"))
        return None
    parts = cells[0].split("/")
    if parts[0] != family or len(parts) not in (2, 3):
        problems.append(
            Problem(where, "instance id", f"{cells[0]!r} is not {family}/variant[/level]", "start the row with its id")
        )
        return None
    raw = cells[column].replace("\u2212", "-").replace("*", "").strip()
    if raw.lower().startswith("void"):
        score = None
    elif _NUMBER.match(raw):
        score = float(raw)
    else:
        problems.append(Problem(where, header[column], f"{raw!r} is not a score", "a number, or `void` and why"))
        return None
    date = cells[header.index("date")] if "date" in header else ""
    level = parts[2] if len(parts) == 3 else ""
    return Playtest(cells[0], parts[1], level, date, score, line)


@dataclass(frozen=True)
class SuitePlaytests:
    families: list[FamilyPlaytests]

    @property
    def hard_runs(self) -> list[Playtest]:
        return [r for f in self.families for r in f.hard_latest.values()]

    @property
    def hard_scores(self) -> list[float]:
        return [r.score for r in self.hard_runs if r.score is not None]

    def shortfalls(self) -> list[str]:
        scores = self.hard_scores
        if not scores:
            return ["no hard runs"]
        missing = []
        if fmean(scores) > HARD_MAX:
            missing.append(f"hard mean {fmean(scores):.3f} > {HARD_MAX}")
        if max(scores) < SPREAD_HIGH:
            missing.append(f"no hard run ≥ {SPREAD_HIGH}")
        if min(scores) > SPREAD_LOW:
            missing.append(f"no hard run ≤ {SPREAD_LOW}")
        return missing


def suite_playtests(families: Sequence[tuple[str, Path]]) -> SuitePlaytests:
    """The records of `(family id, family folder)` pairs."""
    return SuitePlaytests([parse_record(fid, root / "hidden" / "PLAYTESTS.md") for fid, root in families])
