"""The folder layout of a family: entries that are never read, links that leave, files the platform replaces."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import Problem
from ..files import skipped
from ..loader import Family, Instance

ROOT_ENTRIES = {"task.toml", "workspace", "hidden", "variants"}
VARIANT_ENTRIES = {"variant.toml", "workspace", "hidden"}
TREES = ("workspace", "hidden")


def lint_layout(family: Family) -> list[Problem]:
    return [*_root_entries(family), *_variant_entries(family), *_brief_entries(family), *_links(family)]


def _visible(folder: Path) -> list[Path]:
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".") and not skipped(Path(p.name)))


def _root_entries(family: Family) -> list[Problem]:
    engagement = family.config.kind == "engagement"
    wanted = ROOT_ENTRIES | ({"brief"} if engagement else {"instruction.md"})
    problems = []
    for entry in _visible(family.root):
        if entry.name in wanted:
            continue
        if entry.name == "instruction.md":
            reason, fix = "an engagement never reads instruction.md", "write the ask into brief/<level>.md"
        elif entry.name == "brief":
            reason, fix = "a deliverable never reads brief/", "write the task statement into instruction.md"
        else:
            reason, fix = "is not part of a task family and is never read", "move it under hidden/ or remove it"
        problems.append(Problem(str(entry), "", reason, fix))
    return problems


def _variant_entries(family: Family) -> list[Problem]:
    problems = []
    for variant in family.variants:
        for entry in _visible(family.paths.variant_dir(variant)):
            if entry.name not in VARIANT_ENTRIES:
                problems.append(
                    Problem(
                        str(entry),
                        "",
                        "is never read: a variant has variant.toml and overlays only workspace/ and hidden/",
                        "move it under the variant's workspace/ or hidden/, or remove it",
                    )
                )
    return problems


def _brief_entries(family: Family) -> list[Problem]:
    if family.config.kind != "engagement":
        return []
    levels = {f"{level}.md" for level in family.config.levels}
    return [
        Problem(
            str(entry),
            "",
            "is not the brief of a level listed in task.toml levels",
            "name briefs L0.md … L3.md and list their levels in task.toml",
        )
        for entry in _visible(family.paths.brief_dir)
        if entry.name not in levels
    ]


def _tree_of(family: Family, path: Path) -> Path:
    """The workspace/ or hidden/ folder (of the family or of a variant) that holds `path`; else the family."""
    rel = path.relative_to(family.root).parts
    if rel and rel[0] in TREES:
        return family.root / rel[0]
    if len(rel) > 2 and rel[0] == "variants" and rel[2] in TREES:
        return family.root.joinpath(*rel[:3])
    return family.root


def _links(family: Family) -> list[Problem]:
    """Links must be relative and stay inside the tree they are copied with; special files have no place."""
    problems = []
    root = family.root.resolve()
    for folder, dirs, files in os.walk(family.root):
        dirs[:] = sorted(d for d in dirs if not skipped(Path(d)))
        for name in sorted(files) + [d for d in dirs if (Path(folder) / d).is_symlink()]:
            path = Path(folder) / name
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                problems.extend(_link(family, root, path))
            elif not stat.S_ISREG(mode):
                problems.append(Problem(str(path), "", "is a FIFO, socket or device, not a regular file", "remove it"))
    return problems


def _link(family: Family, root: Path, path: Path) -> list[Problem]:
    target = os.readlink(path)
    fix = "replace the link by a copy of the file"
    if os.path.isabs(target):
        return [Problem(str(path), "", f"is an absolute link to {target}", fix)]
    resolved = (path.parent / target).resolve()
    if not resolved.is_relative_to(root):
        return [Problem(str(path), "", f"links to {target}, outside the family", fix)]
    tree = _tree_of(family, path).resolve()
    if tree != root and not resolved.is_relative_to(tree):
        where = tree.relative_to(root).as_posix()
        return [Problem(str(path), "", f"links to {target}, outside {where}/ it is copied with", fix)]
    if not resolved.exists():
        return [Problem(str(path), "", f"links to {target}, which does not exist", "remove the link or fix it")]
    return []


def lint_workspace(inst: Instance) -> list[Problem]:
    """Workspace files that the trial replaces or grades as the worker's own."""
    cfg = inst.config
    output = cfg.grader.output_dir.strip("/") + "/"
    world = cfg.kind == "engagement" or "people.toml" in inst.hidden_files
    problems = []
    for rel, src in inst.workspace_files.items():
        if rel == "TASK.md":
            reason, fix = "is replaced by the brief when the trial starts", "rename it; TASK.md is written for you"
        elif rel.startswith("bin/") and world:
            reason, fix = "bin/ is where the world's clients (bin/ask, bin/pilot) go", "move it to another folder"
        elif cfg.kind == "deliverable" and rel.startswith(output):
            reason = f"ships in {output}, so it would be graded as the worker's delivery"
            fix = "move it to input/ or hidden/reference/"
        else:
            continue
        problems.append(Problem(str(src), "", reason, fix))
    return problems
