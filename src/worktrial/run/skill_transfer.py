"""The skill-transfer protocol (EnterpriseClawBench): does a skill distilled from one agent's work help another?

1. The tasks of one role class are split, seeded, into training and held-out tasks.
2. The baseline job: every consumer (harness × model) on both.
3. Per consumer × creator: the creator distils a skill from the consumer's training trials — its commands and
   the judge's feedback (agents/skill_creator.py); saved as `<experiment>/<consumer>__<creator>/SKILL.md`.
4. The skill job: every consumer with each creator's skill (`skill[FOLDER#DIGEST]:CONSUMER`) on the held-out tasks.
5. The matrix (analysis/skill_matrix.py): held-out baseline → with skill, Δ and its bootstrap CI, per cell.

Both jobs are ordinary jobs (`worktrial jobs`, `report`, `show` work on them); the experiment folder holds the
plan, the skills, the creators' cached answers and `matrix.json`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.skill_creator import CreatorFailed, Feedback, distil, feedback_of
from ..agents.skills import Skill, skill_spec
from ..analysis.skill_matrix import Cell, instance_means, matrix_cell, void_cell
from ..store import Home, TrialRow
from ..tasks import Instance, Problem, TaskFormatError
from .job import JobRunner, new_job_id
from .plan import JobConfig, agent_slug, load_instances

MATRIX = "matrix.json"
CACHE = "creator-cache"  # under <home>/skills: model creators' answers by feedback digest, replayed on a re-run


@dataclass(frozen=True)
class SkillPlan:
    suites: list[str]
    role_class: str
    consumers: list[str]
    creators: list[str]
    train: int = 2
    heldout: int = 2
    seed: int = 0
    repeats: int = 1
    concurrency: int = 2
    sandbox: str = "bwrap"
    judge: str | None = None
    creator_tokens: int = 512
    tasks: list[str] = field(default_factory=list)  # narrow the class's tasks, as `run --task` does


@dataclass
class Experiment:
    id: str
    folder: Path
    plan: SkillPlan
    train: list[str] = field(default_factory=list)
    heldout: list[str] = field(default_factory=list)
    baseline_job: str = ""
    skill_job: str = ""
    skills: dict[str, str] = field(default_factory=dict)  # "consumer\tcreator" → skill spec
    failures: dict[str, str] = field(default_factory=dict)  # "consumer\tcreator" → why no skill
    cells: list[Cell] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "experiment": self.id,
            "plan": self.plan.__dict__,
            "train": self.train,
            "heldout": self.heldout,
            "baseline_job": self.baseline_job,
            "skill_job": self.skill_job,
            "skills": self.skills,
            "failures": self.failures,
            "matrix": [c.as_json() for c in self.cells],
        }


def split(
    instances: list[Instance], role_class: str, train: int, heldout: int, seed: int
) -> tuple[list[str], list[str]]:
    """Training and held-out instance ids of one role class, in an order fixed by the seed."""
    ids = sorted(i.id for i in instances if i.config.role_class == role_class)
    if len(ids) < train + heldout:
        raise TaskFormatError(
            [
                Problem(
                    "--role-class",
                    role_class,
                    f"{len(ids)} task(s) of this class, fewer than --train {train} + --heldout {heldout}",
                    "ask for fewer tasks, or pick a class `worktrial tasks` lists more of",
                )
            ]
        )
    ids.sort(key=lambda i: hashlib.sha256(f"{seed}:{i}".encode()).hexdigest())
    return sorted(ids[:train]), sorted(ids[train : train + heldout])


def _key(consumer: str, creator: str) -> str:
    return f"{consumer}\t{creator}"


class SkillTransfer:
    """Runs one experiment through `runner` (the one job layer); `run_job` executes a created job."""

    def __init__(self, runner: JobRunner, home: Home, run_job: Callable[[str, JobConfig], list[TrialRow]]) -> None:
        self.runner, self.home, self.run_job = runner, home, run_job

    def _job(self, plan: SkillPlan, pairs: list[tuple[str, str]]) -> tuple[str, list[TrialRow]]:
        config = JobConfig(
            suites=plan.suites,
            tasks=sorted({i for i, _ in pairs}),
            agents=sorted({a for _, a in pairs}),
            pairs=pairs,
            repeats=plan.repeats,
            concurrency=plan.concurrency,
            sandbox=plan.sandbox,
            judge=plan.judge,
        )
        self.runner.load_instances(config)
        job_id = self.runner.create(config)
        return job_id, self.run_job(job_id, config)

    async def distil_all(self, exp: Experiment, rows: list[TrialRow], briefs: dict[str, str]) -> None:
        for consumer in exp.plan.consumers:
            feedback = [
                feedback_of(r.instance, briefs[r.instance], r.scorecard or {}, Path(r.run_dir) / "trajectory.jsonl")
                for r in rows
                if r.agent == consumer and r.instance in exp.train and r.status == "done"
            ]
            for creator in exp.plan.creators:
                folder = exp.folder / f"{agent_slug(consumer)}__{agent_slug(creator)}"
                try:
                    skill = await self._distil(creator, exp.plan, feedback)
                except CreatorFailed as e:
                    exp.failures[_key(consumer, creator)] = str(e)
                    continue
                skill.write(folder)
                exp.skills[_key(consumer, creator)] = skill_spec(folder / skill.name, skill, consumer)

    async def _distil(self, creator: str, plan: SkillPlan, feedback: list[Feedback]) -> Skill:
        if not feedback:
            raise CreatorFailed("no scored training trial to learn from")
        return await distil(creator, plan.role_class, feedback, self.home.root / "skills" / CACHE, plan.creator_tokens)

    def run(self, plan: SkillPlan) -> Experiment:
        instances = load_instances(JobConfig(suites=plan.suites, tasks=plan.tasks, agents=plan.consumers))
        train, heldout = split(instances, plan.role_class, plan.train, plan.heldout, plan.seed)
        exp_id = new_job_id()
        exp = Experiment(exp_id, self.home.root / "skills" / exp_id, plan, train, heldout)
        exp.folder.mkdir(parents=True, exist_ok=True)
        briefs = {i.id: i.brief() for i in instances if i.id in {*train, *heldout}}
        exp.baseline_job, base_rows = self._job(plan, [(i, c) for i in [*train, *heldout] for c in plan.consumers])
        self._save(exp)
        asyncio.run(self.distil_all(exp, base_rows, briefs))
        specs = list(exp.skills.values())
        skill_rows: list[TrialRow] = []
        if specs:
            exp.skill_job, skill_rows = self._job(plan, [(i, s) for i in heldout for s in specs])
        exp.cells = matrix(exp, base_rows, skill_rows)
        self._save(exp)
        return exp

    def _save(self, exp: Experiment) -> None:
        (exp.folder / MATRIX).write_text(json.dumps(exp.as_json(), indent=2) + "\n", encoding="utf-8")


def matrix(exp: Experiment, base_rows: list[TrialRow], skill_rows: list[TrialRow]) -> list[Cell]:
    cells = []
    for consumer in exp.plan.consumers:
        baseline = instance_means(
            (r.instance, r.score if r.status == "done" else None)
            for r in base_rows
            if r.agent == consumer and r.instance in exp.heldout
        )
        for creator in exp.plan.creators:
            key = _key(consumer, creator)
            if key in exp.failures:
                cells.append(void_cell(consumer, creator, exp.failures[key]))
                continue
            spec = exp.skills[key]
            skilled = instance_means(
                (r.instance, r.score if r.status == "done" else None) for r in skill_rows if r.agent == spec
            )
            cells.append(matrix_cell(consumer, creator, baseline, skilled))
    return cells


def load_experiment(home: Home, exp_id: str) -> dict[str, Any]:
    path = home.root / "skills" / exp_id / MATRIX
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise TaskFormatError(
            [
                Problem(
                    str(path),
                    "",
                    f"no readable experiment ({e})",
                    "use the id `skills run` printed",
                )
            ]
        ) from None
    return data
