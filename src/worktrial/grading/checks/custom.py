"""`python` checks: a task author's function from hidden/, run on the host against read-only trees."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from worktrial.tasks.checks import PythonCheck

from ..modules import load_task_module
from .base import CheckContext, Outcome, clip


def _load(ctx: CheckContext, file: str) -> ModuleType:
    if ctx.hidden is None:
        raise RuntimeError("no hidden/ folder was given to the grader")
    path = (ctx.hidden / file).resolve()
    if not path.is_relative_to(ctx.hidden.resolve()) or not path.is_file():
        raise RuntimeError(f"hidden/{file} does not exist")
    return load_task_module(path, "worktrial_check")


def _outcome(raw: Any) -> Outcome:
    if isinstance(raw, dict):
        value, evidence = raw.get("value"), str(raw.get("evidence", ""))
    elif isinstance(raw, tuple) and len(raw) == 2:
        value, evidence = raw[0], str(raw[1])
    else:
        value, evidence = raw, ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"a check must return a number in [0, 1], got {value!r:.80}")
    return Outcome(float(value), clip(evidence or f"value {float(value):g}"))


def python_check(spec: PythonCheck, ctx: CheckContext) -> Outcome:
    file, _, name = spec.function.partition(":")
    try:
        function = getattr(_load(ctx, file), name)
    except (RuntimeError, AttributeError, SyntaxError, ImportError) as e:
        # The task's own code is broken: not the worker's fault, so the grade is void rather than zero.
        return Outcome.unavailable(f"custom check {spec.function}: {type(e).__name__}: {e}")
    return _outcome(function(ctx.output, ctx.reference, dict(ctx.params)))
