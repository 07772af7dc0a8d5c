"""`python` checks: a task author's function from hidden/, run in its own bounded process (grading/taskcode.py).

The python checks of one grading run together in one process, one call each, on read-only `Tree`s of the
delivered output and of the reference. A `FileProblem` the function raises (a delivered file that cannot be
used, e.g. from `tree.read_one`) fails the check with its message as evidence: that is the worker's. Anything
else the function does wrong — it raises, exits, crashes, hangs, or returns something that is not a finite number
in [0, 1] — is the task's error (the trial is `status=error`), never a score for or against the worker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from worktrial.tasks.checks import CheckSpec, PythonCheck

from ..safetree import copy_tree
from ..taskcode import Call, GraderError, Returned
from .base import CheckContext, Outcome, clip
from .files import Tree


def _call(spec: PythonCheck, ctx: CheckContext, output: Tree) -> Call:
    file, _, name = spec.function.partition(":")
    return Call(file, name, (output, ctx.reference, dict(ctx.params)))


def _linkless(ctx: CheckContext) -> Tree:
    """The delivered output for the task's process: a copy without links, which inside its sandbox could still
    reach the reference mounted next to it."""
    assert ctx.task_code is not None
    copy = (ctx.task_code.scratch or ctx.task_code.hidden.parent) / "output-for-checks"
    if not copy.exists():
        copy_tree(ctx.output.root, copy, keep_links=False)
    return Tree(copy, ctx.output.limits)


def _missing(spec: PythonCheck, ctx: CheckContext) -> str | None:
    if ctx.hidden is None or ctx.task_code is None:
        return "no hidden/ folder was given to the grader"
    file = spec.function.partition(":")[0]
    path = (ctx.hidden / file).resolve()
    if not path.is_relative_to(ctx.hidden.resolve()) or not path.is_file():
        return f"hidden/{file} does not exist"
    return None


def value_of(raw: Any, label: str) -> Outcome:
    """A check's return value — a number, `(value, evidence)` or `{"value": ..., "evidence": ...}` — checked."""
    if isinstance(raw, dict):
        value, evidence = raw.get("value"), raw.get("evidence", "")
    elif isinstance(raw, list) and len(raw) == 2:
        value, evidence = raw
    else:
        value, evidence = raw, ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return Outcome.unavailable(f"{label} returned {value!r:.80}, not a number in [0, 1]")
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        return Outcome.unavailable(f"{label} returned value={value!r}, outside [0, 1]")
    text = evidence if isinstance(evidence, str) else repr(evidence)
    return Outcome(float(value), clip(text or f"value {float(value):g}"))


def _outcome(returned: Returned | GraderError, call: Call) -> Outcome:
    if isinstance(returned, GraderError):
        return Outcome.unavailable(str(returned))
    if returned.file_problem is not None:
        return Outcome.failed(clip(returned.file_problem))
    return value_of(returned.value, call.label)


def prefetch(specs: Sequence[CheckSpec], ctx: CheckContext) -> None:
    """Run every python check among `specs` in one process; their outcomes wait in `ctx.cache`."""
    pending = [s for s in specs if isinstance(s, PythonCheck) and ("python", s.name) not in ctx.cache]
    for spec in pending:
        if (why := _missing(spec, ctx)) is not None:
            ctx.cache[("python", spec.name)] = Outcome.unavailable(f"custom check {spec.function}: {why}")
    runnable = [s for s in pending if ("python", s.name) not in ctx.cache]
    if not runnable or ctx.task_code is None:
        return
    output = _linkless(ctx)
    calls = [_call(s, ctx, output) for s in runnable]
    for spec, call, returned in zip(runnable, calls, ctx.task_code.run_each(calls), strict=True):
        ctx.cache[("python", spec.name)] = _outcome(returned, call)


def python_check(spec: PythonCheck, ctx: CheckContext) -> Outcome:
    prefetch([spec], ctx)
    outcome: Outcome = ctx.cache[("python", spec.name)]
    return outcome
