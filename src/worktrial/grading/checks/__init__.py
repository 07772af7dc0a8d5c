"""Deterministic checks of delivered files, one function per check kind (specs: worktrial.tasks.checks).

`run_check` never raises for anything a delivered file can cause: a missing, linked, oversized or broken
file becomes a failed outcome whose evidence says why.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from worktrial.tasks.checks import CheckSpec

from .base import CheckContext, Judge, JudgeAnswer, Outcome, Runner
from .files import FileLimits, FileProblem, Tree
from .world import sandbox_runner

# kind → (module, function); modules are imported on first use, as they pull in the office libraries.
CHECKS: dict[str, tuple[str, str]] = {
    "exists": ("rules", "exists"),
    "count": ("rules", "count"),
    "file_type": ("rules", "file_type"),
    "opens": ("rules", "opens"),
    "non_empty": ("rules", "non_empty"),
    "no_traceback": ("rules", "no_traceback"),
    "no_placeholder": ("rules", "no_placeholder"),
    "exact": ("rules", "exact"),
    "hash": ("rules", "sha256"),
    "numeric": ("numeric", "numeric"),
    "tabular": ("tables", "tabular"),
    "json_schema": ("jsondocs", "json_schema"),
    "json_fields": ("jsondocs", "json_fields"),
    "xlsx_cells": ("sheets", "xlsx_cells"),
    "docx_structure": ("documents", "docx_structure"),
    "pptx_structure": ("documents", "pptx_structure"),
    "html_structure": ("webpage", "html_structure"),
    "world_state": ("world", "world_state"),
    "key_terms": ("rules", "key_terms"),
    "rubric_probe": ("probe", "rubric_probe"),
    "python": ("custom", "python_check"),
}


def check_function(kind: str) -> Callable[[Any, CheckContext], Outcome]:
    module, name = CHECKS[kind]
    function: Callable[[Any, CheckContext], Outcome] = getattr(import_module(f"{__name__}.{module}"), name)
    return function


def run_check(spec: CheckSpec, ctx: CheckContext) -> Outcome:
    try:
        return check_function(spec.kind)(spec, ctx)
    except FileProblem as e:
        return Outcome.failed(str(e))
    except (RecursionError, MemoryError) as e:
        return Outcome.failed(f"the file is too complex to check ({type(e).__name__})")
    except Exception as e:  # a parser choking on a delivered file: the file's fault, with the reason shown
        return Outcome.failed(f"could not check: {type(e).__name__}: {str(e)[:300]}")


__all__ = [
    "CHECKS",
    "CheckContext",
    "FileLimits",
    "FileProblem",
    "Judge",
    "JudgeAnswer",
    "Outcome",
    "Runner",
    "Tree",
    "check_function",
    "run_check",
    "sandbox_runner",
]
