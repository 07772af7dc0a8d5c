"""Task code in hidden/: every Python file parses, the grader defines its functions, the calibration scripts exist.

Only the source is read (`ast`); nothing is imported or run, so lint is safe on any family.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from ..errors import Problem, TaskFormatError
from ..fields import ID_FIX, is_id
from ..files import read_text
from ..loader import Instance

# name → (positional parameters it is called with, how it is called)
ENGAGEMENT_GRADER = {
    "generate": (4, "generate(dest, params, seed, split)"),
    "kpi": (1, "kpi(ctx)"),
}
OPTIONAL_GRADER = {"pilot_feedback": (1, "pilot_feedback(ctx)")}
SHORTCUTS = "solutions/shortcuts/"


def parse(path: Path) -> tuple[ast.Module | None, list[Problem]]:
    """The module's syntax tree, or the problems that keep it from parsing."""
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, -1)
    # Variants share most files; each is parsed once per content (keyed by size and modification time).
    tree, problems = _parse(path, stamp)
    return tree, list(problems)


@functools.lru_cache(maxsize=256)
def _parse(path: Path, stamp: tuple[int, int]) -> tuple[ast.Module | None, tuple[Problem, ...]]:
    try:
        text = read_text(path)
    except TaskFormatError as e:
        return None, tuple(e.problems)
    try:
        return ast.parse(text, filename=str(path)), ()
    except SyntaxError as e:
        return None, (Problem(str(path), f"line {e.lineno}", f"syntax error: {e.msg}", "fix the Python syntax"),)
    except ValueError as e:  # NUL bytes
        return None, (Problem(str(path), "", f"cannot be parsed: {e}", "fix the file"),)


def functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Functions defined at the top level of a module (the last definition of a name wins, as in Python)."""
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def arity_problem(path: Path, fn: ast.FunctionDef | ast.AsyncFunctionDef, count: int, call: str) -> Problem | None:
    """A problem unless `fn` accepts `count` positional arguments."""
    a = fn.args
    positional = len(a.posonlyargs) + len(a.args)
    keyword_only_required = sum(1 for d in a.kw_defaults if d is None)
    if isinstance(fn, ast.AsyncFunctionDef):
        return Problem(str(path), fn.name, "is async; it is called as a plain function", f"define it as def {call}")
    takes = positional >= count or a.vararg is not None
    if takes and positional - len(a.defaults) <= count and not keyword_only_required:
        return None
    return Problem(str(path), fn.name, f"does not accept the call {call}", f"define it as def {call}")


def lint_python(inst: Instance) -> list[Problem]:
    """Every .py file of the instance's hidden/ tree parses (graders, checks, solutions, helpers)."""
    problems = []
    for rel, path in inst.hidden_files.items():
        if rel.endswith(".py") and not path.is_symlink():
            problems.extend(parse(path)[1])
    return problems


def lint_grader(inst: Instance) -> list[Problem]:
    cfg = inst.config
    rel = cfg.grader.module.removeprefix("hidden/")
    path = inst.hidden_files.get(rel)
    if path is None:
        return [
            Problem(
                str(inst.family.paths.task_toml),
                "grader.module",
                f"{cfg.grader.module} is missing",
                "write the grader module that docs/task-format.md describes",
            )
        ]
    tree, problems = parse(path)
    if tree is None:
        return problems
    defined = functions(tree)
    for name, (count, call) in (ENGAGEMENT_GRADER | OPTIONAL_GRADER).items():
        if name not in defined:
            if name in ENGAGEMENT_GRADER:
                problems.append(
                    Problem(str(path), name, "function is missing", f"define {call} as docs/task-format.md describes")
                )
            continue
        problem = arity_problem(path, defined[name], count, call)
        if problem is not None:
            problems.append(problem)
    return problems


def lint_solutions(inst: Instance) -> list[Problem]:
    """reference.py always; literal.py for engagements; shortcuts named so that `shortcut:NAME` can run them."""
    hidden = inst.hidden_files
    required = ["reference.py"] + (["literal.py"] if inst.config.kind == "engagement" else [])
    problems = [
        Problem(
            str(inst.family.paths.hidden / "solutions" / name),
            "",
            f"the {name.removesuffix('.py')} solution is missing",
            f"write hidden/solutions/{name}, or one per variant in variants/<id>/hidden/solutions/",
        )
        for name in required
        if f"solutions/{name}" not in hidden
    ]
    for rel, path in hidden.items():
        if not rel.startswith(SHORTCUTS):
            continue
        name = rel.removeprefix(SHORTCUTS)
        if not name.endswith(".py") or "/" in name:
            problems.append(
                Problem(str(path), "", "is not a shortcut script", "shortcuts are .py files in solutions/shortcuts/")
            )
        elif not is_id(name.removesuffix(".py")):
            problems.append(Problem(str(path), "", f"{name!r} is no shortcut name for shortcut:NAME", ID_FIX))
    return problems
