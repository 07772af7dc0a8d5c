"""Judging stored deliverables again: every done trial of a job whose task has a `[grader.rubric]`, re-scored by
another judge exactly as grading scored it (the same evidence, instruction and key evidence), for judge
agreement (`worktrial judges agree`) and for the packets a person rates (`worktrial judges rate`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..grading.checks.files import Tree
from ..grading.judge.rubric import RubricJudge, score_rubric
from ..store import Store
from ..tasks import Instance
from ..tasks.rubric import RubricConfig
from .plan import JobConfig, load_instances


@dataclass(frozen=True)
class RubricItem:
    trial: str
    instance: str
    agent: str
    route: str  # text | visual
    task: str  # the instruction the worker got
    rubric: RubricConfig
    output: Path  # the delivered output/ folder, as snapshotted


class RejudgeError(ValueError):
    """A job that cannot be judged again; the message says why and what to do."""


def rubric_items(store: Store, job_id: str) -> list[RubricItem]:
    job = store.job(job_id)
    if job is None:
        raise RejudgeError(f"no job {job_id!r} (see `worktrial jobs`)")
    config = JobConfig.model_validate(job.config)
    instances: dict[str, Instance] = {i.id: i for i in load_instances(config)}
    out = []
    for t in store.trials(job_id):
        inst = instances.get(t.instance)
        if t.status != "done" or inst is None or inst.config.grader.rubric is None or not t.run_dir:
            continue
        rubric = inst.config.grader.rubric
        output = Path(t.run_dir) / "delivered" / inst.config.grader.output_dir
        route = "text" if rubric.evidence == "text" else "visual"
        out.append(RubricItem(t.id, t.instance, t.agent, route, inst.brief(), rubric, output))
    if not out:
        raise RejudgeError(f"job {job_id} has no done trial of a task with a [grader.rubric]: nothing to judge")
    return out


def rejudge(item: RubricItem, judge: RubricJudge) -> float:
    """The rubric's value by `judge`. A judge that fails raises RejudgeError: an outage is never a score."""
    outcome = score_rubric(Tree(item.output), item.rubric, judge, item.task)
    if outcome.error is not None or outcome.value is None:
        raise RejudgeError(f"trial {item.trial}: {outcome.evidence}")
    return outcome.value


__all__ = ["RejudgeError", "RubricItem", "rejudge", "rubric_items"]
