"""`worktrial lint`: every problem of a suite or family, each as `file:field: reason (fix)`.

Family-wide checks run once; the checks of what a variant sees (its overlaid workspace/ and hidden/) run per
variant, and a problem found in only some variants names them. `worktrial run` and `worktrial validate` refuse
a suite with any of these problems, with the same lines (`load_linted`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from pathlib import Path

from ..errors import Problem, TaskFormatError
from ..loader import Family, Instance, check_family, find_family_roots
from ..models import ROOT_CAUSE_PATTERNS
from .code import lint_grader, lint_python, lint_solutions
from .deliverable import lint_grader_config, lint_references
from .layout import lint_layout, lint_workspace
from .people import lint_people
from .texts import lint_statements


def lint_path(path: Path) -> list[Problem]:
    """Every problem of the family at `path`, or of every family below a suite folder."""
    return _lint_paths([path], None)[1]


def load_linted(paths: Iterable[Path], families: Collection[str] | None = None) -> list[Family]:
    """The families under `paths`; raises TaskFormatError with exactly what `worktrial lint` reports, if anything.

    With `families`, only the family folders of those names are linted and loaded (a family's id is its folder's
    name): a job of one family neither reads nor checks the others."""
    loaded, problems = _lint_paths(list(paths), families)
    if problems:
        raise TaskFormatError(problems)
    return loaded


def _lint_paths(paths: list[Path], families: Collection[str] | None) -> tuple[list[Family], list[Problem]]:
    """The families loaded under `paths` and every problem found; each family is loaded once, linted, and kept."""
    loaded: list[Family] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            roots = find_family_roots(path)
        except TaskFormatError as e:
            problems.extend(e.problems)
            continue
        if not roots:
            problems.append(
                Problem(str(path), "", "no task.toml found", "pass a family folder or a suite containing some")
            )
        found: list[Problem] = []
        for root in roots:
            if families is not None and root.name not in families:
                continue
            family, root_problems = _lint_root(root)
            found.extend(root_problems)
            if family is not None:
                loaded.append(family)
        problems.extend(_unique(found))
    return loaded, problems


def _lint_root(root: Path) -> tuple[Family | None, list[Problem]]:
    try:
        family, found = check_family(root)
        return family, found + lint_family(family)
    except TaskFormatError as e:
        return None, e.problems
    except Exception as e:  # a lint bug must still end in a line naming the family, never a traceback
        return None, [
            Problem(
                str(root / "task.toml"),
                "",
                f"lint could not finish: {type(e).__name__}: {e}",
                "report this as a worktrial bug, with the family",
            )
        ]


def lint_family(family: Family) -> list[Problem]:
    problems = [*lint_layout(family), *lint_statements(family), *lint_grader_config(family)]
    for variant, vcfg in family.variants.items():
        if vcfg.angle and vcfg.angle not in ROOT_CAUSE_PATTERNS:
            problems.append(
                Problem(
                    str(family.paths.variant_toml(variant)),
                    "angle",
                    f"{vcfg.angle!r} is not a known root-cause pattern",
                    "use one of: " + ", ".join(sorted(ROOT_CAUSE_PATTERNS)),
                )
            )
    return _unique(problems + _per_variant(family))


def _per_variant(family: Family) -> list[Problem]:
    """The instance checks of every variant; a problem that only some variants have names them."""
    seen: dict[Problem, list[str]] = {}
    for variant in family.variants:
        inst = family.instance(variant, family.config.instance_levels[-1])
        for problem in _unique(_lint_instance(inst)):
            seen.setdefault(problem, []).append(variant)
    everyone = len(family.variants)
    return [p if len(vs) == everyone else replace(p, reason=f"{p.reason} in {_variants(vs)}") for p, vs in seen.items()]


def _lint_instance(inst: Instance) -> list[Problem]:
    checks: list[Callable[[Instance], list[Problem]]] = [
        lint_workspace,
        _entrypoints,
        lint_python,
        lint_solutions,
        lint_people,
    ]
    checks.append(lint_references if inst.config.kind == "deliverable" else lint_grader)
    return [p for check in checks for p in _guarded(check, inst)]


def _guarded(check: Callable[[Instance], list[Problem]], inst: Instance) -> list[Problem]:
    try:
        return check(inst)
    except TaskFormatError as e:
        return e.problems


def _entrypoints(inst: Instance) -> list[Problem]:
    system = inst.config.system
    if system is None:
        return []
    ws = inst.workspace_files
    return [
        Problem(
            str(inst.family.paths.task_toml),
            f"system.entrypoints[{i}]",
            f"{ep} is not a file in workspace/",
            "add the file or fix the path",
        )
        for i, ep in enumerate(system.entrypoints)
        if ep.removeprefix("./") not in ws or ws[ep.removeprefix("./")].is_symlink()
    ]


def _variants(names: list[str]) -> str:
    return f"variant {names[0]}" if len(names) == 1 else "variants " + ", ".join(names)


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))
