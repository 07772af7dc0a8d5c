"""Load task families from disk and expand them into instances (family × variant × level)."""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import Problem, TaskFormatError, problems_from_validation
from .fields import ID_FIX, is_id
from .files import hash_files, parse_toml, read_text, read_toml, walk_files
from .models import PeopleConfig, TaskConfig, VariantConfig, WorldConfig
from .paths import AUTHOR_RECORDS, FamilyPaths
from .template import render

Params = dict[str, str | int | float | bool]


@dataclass(frozen=True)
class Family:
    paths: FamilyPaths
    config: TaskConfig
    variants: dict[str, VariantConfig]

    @property
    def id(self) -> str:
        return self.config.id

    @property
    def root(self) -> Path:
        return self.paths.root

    def instance(self, variant: str = "base", level: str = "L3") -> Instance:
        if variant not in self.variants:
            raise KeyError(f"{self.id} has no variant {variant!r} (has: {', '.join(self.variants)})")
        if not self.config.levels:
            level = ""
        elif level not in self.config.levels:
            raise KeyError(f"{self.id} has no level {level!r} (has: {', '.join(self.config.levels)})")
        return Instance(self, variant, level)

    def instances(self) -> list[Instance]:
        return [Instance(self, v, lvl) for v in self.variants for lvl in self.config.instance_levels]


@dataclass(frozen=True)
class Instance:
    """One gradeable unit; its id is `family/variant/level`."""

    family: Family
    variant: str
    level: str
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    @property
    def id(self) -> str:
        """`family/variant/level`, or `family/variant` for a deliverable (which has no levels)."""
        return f"{self.family.id}/{self.variant}/{self.level}" if self.level else f"{self.family.id}/{self.variant}"

    @property
    def config(self) -> TaskConfig:
        return self.family.config

    @property
    def variant_config(self) -> VariantConfig:
        return self.family.variants[self.variant]

    @property
    def params(self) -> Params:
        return {**self.config.params, **self.variant_config.params}

    @property
    def seed(self) -> int:
        v = self.variant_config.seed
        return self.config.grader.seed if v is None else v

    @property
    def literal_right(self) -> bool:
        v = self.variant_config.literal_right
        return self.config.anchors.literal_right if v is None else v

    @property
    def world(self) -> WorldConfig:
        """The family's `[world]`, with the variant's own start when it sets one."""
        start = self.variant_config.world_start
        return self.config.world if start is None else self.config.world.model_copy(update={"start": start})

    @property
    def grading_clock(self) -> str:
        """The time grading sandboxes start at: `[grader].clock`, else the world's start (the variant's, if set)."""
        return self.config.grader.clock or self.world.start

    @property
    def key_facts(self) -> list[str]:
        v = self.variant_config.key_facts
        return self.config.key_facts if v is None else v

    def _tree(self, name: str) -> dict[str, Path]:
        """Files of `workspace` or `hidden` after the variant overlay: relative path → source."""
        base = self.family.root / name
        overlay = self.family.paths.variant_dir(self.variant) / name
        files = dict(walk_files(base))
        files.update(walk_files(overlay))
        if name == "hidden":
            return {rel: p for rel, p in files.items() if rel not in AUTHOR_RECORDS}
        return files

    @property
    def workspace_files(self) -> dict[str, Path]:
        return self._tree("workspace")

    @property
    def hidden_files(self) -> dict[str, Path]:
        return self._tree("hidden")

    def hidden_path(self, rel: str) -> Path:
        files = self.hidden_files
        if rel not in files:
            raise TaskFormatError(
                [
                    Problem(
                        f"{self.family.root}/hidden/{rel}",
                        "",
                        "file is missing",
                        f"add hidden/{rel} (or variants/{self.variant}/hidden/{rel})",
                    )
                ]
            )
        return files[rel]

    def materialise_tree(self, name: str, dest: Path) -> None:
        for rel, src in self._tree(name).items():
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target, follow_symlinks=False)

    @property
    def brief_path(self) -> Path:
        """The templated statement the worker gets: brief/<level>.md, or instruction.md for a deliverable."""
        paths = self.family.paths
        return paths.brief(self.level) if self.config.kind == "engagement" else paths.instruction

    def brief(self) -> str:
        src = self.brief_path
        return render(read_text(src), self.params, str(src))

    def people(self) -> PeopleConfig:
        if "people" not in self._cache:
            self._cache["people"] = load_people(self.hidden_path("people.toml"), self.params)
        people: PeopleConfig = self._cache["people"]
        return people

    @property
    def content_hash(self) -> str:
        """sha256 over everything that defines the instance: config, params, level, brief and every file."""
        return self._hash(with_level=True)

    @property
    def variant_hash(self) -> str:
        """Like content_hash but without the level: what production data and anchor KPIs depend on."""
        return self._hash(with_level=False)

    def _hash(self, with_level: bool) -> str:
        key = f"hash-{with_level}"
        if key not in self._cache:
            h = hashlib.sha256()
            head = {
                "task": self.config.model_dump(mode="json"),
                "variant": self.variant,
                "params": self.params,
                "variant_config": self.variant_config.model_dump(mode="json"),
                "level": self.level if with_level else None,
            }
            h.update(json.dumps(head, sort_keys=True).encode())
            if with_level:
                h.update(self.brief().encode())
            for tree in ("workspace", "hidden"):
                hash_files(h, f"{tree}/", self._tree(tree))
            self._cache[key] = h.hexdigest()
        digest: str = self._cache[key]
        return digest


def load_people(path: Path, params: Params) -> PeopleConfig:
    data = parse_toml(path, render(read_text(path), params, str(path)))
    try:
        return PeopleConfig.model_validate(data)
    except ValidationError as e:
        raise TaskFormatError(problems_from_validation(path, e, data)) from None


def load_family(root: Path) -> Family:
    """Load and validate one family folder; raises TaskFormatError listing every problem found."""
    family, problems = check_family(root)
    if problems:
        raise TaskFormatError(problems)
    return family


def check_family(root: Path) -> tuple[Family, list[Problem]]:
    """Load a family and collect the problems of its variants instead of stopping at the first."""
    paths = FamilyPaths(root)
    data = read_toml(paths.task_toml)
    problems: list[Problem] = []
    try:
        config = TaskConfig.model_validate(data)
    except ValidationError as e:
        raise TaskFormatError(problems_from_validation(paths.task_toml, e, data)) from None
    if config.id != root.name:
        problems.append(
            Problem(
                str(paths.task_toml),
                "id",
                f"{config.id!r} differs from folder {root.name!r}",
                "make id equal the folder name",
            )
        )
    variants: dict[str, VariantConfig] = {}
    for vdir in _variant_dirs(paths, problems):
        vt = vdir / "variant.toml"
        try:
            vdata = read_toml(vt)
            variants[vdir.name] = VariantConfig.model_validate(vdata)
        except TaskFormatError as e:
            problems.extend(e.problems)
        except ValidationError as e:
            problems.extend(problems_from_validation(vt, e, vdata))
        else:
            problems.extend(_param_overrides(vt, config, variants[vdir.name]))
    if "base" not in variants:
        variants = {"base": VariantConfig(), **variants}
    return Family(paths, config, variants), problems


def _variant_dirs(paths: FamilyPaths, problems: list[Problem]) -> list[Path]:
    """The folders under variants/ whose names are ids; the others are problems and no variant."""
    if not paths.variants_dir.is_dir():
        return []
    out = []
    for p in sorted(paths.variants_dir.iterdir()):
        if p.name in (".DS_Store", "__pycache__"):
            continue
        if p.is_symlink() or not p.is_dir():
            problems.append(Problem(str(p), "", "not a variant folder", "make each variant a folder with variant.toml"))
        elif not is_id(p.name):
            problems.append(Problem(str(p), "", f"folder name {p.name!r} is not a variant id", ID_FIX))
        else:
            out.append(p)
    return out


def _param_overrides(vt: Path, config: TaskConfig, variant: VariantConfig) -> list[Problem]:
    """A variant may only override declared parameters, and with a value of the same kind."""
    problems = []
    for name, value in sorted(variant.params.items()):
        if name not in config.params:
            problems.append(
                Problem(
                    str(vt), f"params.{name}", "not a parameter of the family", "declare it in task.toml [params] first"
                )
            )
        elif _kind(value) != _kind(config.params[name]):
            problems.append(
                Problem(
                    str(vt),
                    f"params.{name}",
                    f"is a {_kind(value)} but task.toml declares a {_kind(config.params[name])}",
                    "write the same kind of value as task.toml [params]",
                )
            )
    return problems


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    return "number" if isinstance(value, int | float) else "string"


def find_family_roots(path: Path) -> list[Path]:
    """A family folder itself, or every family folder below a suite folder."""
    if (path / "task.toml").is_file():
        return [path]
    if not path.is_dir():
        raise TaskFormatError([Problem(str(path), "", "no such folder", "pass a suite or family folder")])
    roots = []
    for toml in sorted(path.rglob("task.toml")):
        rel = toml.parent.relative_to(path).parts
        if not any(part in ("workspace", "hidden", "variants") for part in rel):
            roots.append(toml.parent)
    return roots


def load_suite(path: Path) -> list[Family]:
    """Load every family under `path`, collecting the problems of all of them before failing."""
    families, problems = [], []
    for root in find_family_roots(path):
        try:
            families.append(load_family(root))
        except TaskFormatError as e:
            problems.extend(e.problems)
    if problems:
        raise TaskFormatError(problems)
    return families


def select(
    families: list[Family],
    task: list[str] | None = None,
    variant: list[str] | None = None,
    level: list[str] | None = None,
) -> list[Instance]:
    """Instances matching the filters. `task` items may be `family`, `family/variant` or a full instance id."""
    out = []
    for fam in families:
        for inst in fam.instances():
            if variant and inst.variant not in variant:
                continue
            if level and inst.level and inst.level not in level:  # deliverables have no level to filter
                continue
            if task and not any(inst.id == t or inst.id.startswith(t.rstrip("/") + "/") for t in task):
                continue
            out.append(inst)
    return out
