"""`worktrial lint`: every problem of a suite or family, each as `file:field: reason (fix)`."""

from __future__ import annotations

import ast
from pathlib import Path

from .errors import Problem, TaskFormatError
from .loader import Family, Instance, check_family, find_family_roots
from .models import ROOT_CAUSE_PATTERNS
from .template import placeholders

ENGAGEMENT_GRADER_FUNCS = ("generate", "kpi")


def lint_path(path: Path) -> list[Problem]:
    problems: list[Problem] = []
    roots = []
    try:
        roots = find_family_roots(path)
    except TaskFormatError as e:
        return e.problems
    if not roots:
        return [Problem(str(path), "", "no task.toml found", "pass a family folder or a suite containing some")]
    for root in roots:
        try:
            family, found = check_family(root)
        except TaskFormatError as e:
            problems.extend(e.problems)
            continue
        problems.extend(found)
        problems.extend(lint_family(family))
    return problems


def lint_family(family: Family) -> list[Problem]:
    problems: list[Problem] = []
    cfg = family.config
    toml = str(family.paths.task_toml)
    if cfg.kind == "engagement":
        for level in cfg.levels:
            brief = family.paths.brief(level)
            if not brief.is_file():
                problems.append(Problem(str(brief), "", "brief is missing", f"write brief/{level}.md"))
                continue
            for name in sorted(placeholders(brief.read_text(encoding="utf-8")) - set(cfg.params)):
                problems.append(
                    Problem(
                        str(brief),
                        "",
                        f"placeholder {{{{{name}}}}} has no value",
                        f"add {name} to [params] in task.toml",
                    )
                )
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
        inst = family.instance(variant, cfg.instance_levels[-1])
        problems.extend(_lint_instance(inst, toml))
    return problems


def _lint_instance(inst: Instance, toml: str) -> list[Problem]:
    problems: list[Problem] = []
    cfg = inst.config
    where = f"variant {inst.variant}"
    ws = inst.workspace_files
    if cfg.system is not None:
        for i, ep in enumerate(cfg.system.entrypoints):
            if ep.removeprefix("./") not in ws:
                problems.append(
                    Problem(
                        toml,
                        f"system.entrypoints[{i}]",
                        f"{ep} is not in workspace/ ({where})",
                        "add the file or fix the path",
                    )
                )
    hidden = inst.hidden_files
    grader_rel = cfg.grader.module.removeprefix("hidden/")
    if cfg.kind == "deliverable":
        problems.extend(_lint_deliverable(inst, toml))
    elif grader_rel not in hidden:
        problems.append(
            Problem(toml, "grader.module", f"{cfg.grader.module} is missing ({where})", "write the grader module")
        )
    else:
        problems.extend(_lint_grader(hidden[grader_rel]))
    if "solutions/reference.py" not in hidden:
        problems.append(
            Problem(
                str(inst.family.root / "hidden/solutions/reference.py"),
                "",
                f"reference solution is missing ({where})",
                "write it",
            )
        )
    if cfg.kind == "engagement" or "people.toml" in hidden:
        if "people.toml" not in hidden:
            problems.append(
                Problem(
                    str(inst.family.root / "hidden/people.toml"),
                    "",
                    "file is missing",
                    "describe the staff in hidden/people.toml",
                )
            )
        else:
            try:
                problems.extend(_lint_people(inst))
            except TaskFormatError as e:
                problems.extend(e.problems)
    return problems


def _lint_deliverable(inst: Instance, toml: str) -> list[Problem]:
    problems = []
    cfg = inst.config
    if not inst.family.paths.instruction.is_file():
        problems.append(Problem(str(inst.family.paths.instruction), "", "file is missing", "write the task statement"))
    if not cfg.grader.checks:
        problems.append(Problem(toml, "grader.checks", "a deliverable needs checks", "add [[grader.checks]] tables"))
    prefix = cfg.grader.reference_dir.removeprefix("hidden/").rstrip("/") + "/"
    if not any(rel.startswith(prefix) for rel in inst.hidden_files):
        problems.append(
            Problem(
                toml,
                "grader.reference_dir",
                f"{cfg.grader.reference_dir} is empty (variant {inst.variant})",
                "add the reference outputs",
            )
        )
    return problems


def _lint_grader(path: Path) -> list[Problem]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as e:
        return [Problem(str(path), f"line {e.lineno}", f"syntax error: {e.msg}", "fix the Python syntax")]
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return [
        Problem(str(path), name, "function is missing", f"define {name}() as in docs/task-format.md")
        for name in ENGAGEMENT_GRADER_FUNCS
        if name not in defined
    ]


def _lint_people(inst: Instance) -> list[Problem]:
    path = str(inst.hidden_path("people.toml"))
    people = inst.people()
    problems: list[Problem] = []
    given: set[str] = set()
    for person in people.people:
        for topic in person.topics:
            given.update(topic.facts)
    for msg in people.inbox:
        given.update(msg.facts)
    given.update(f.id for f in people.facts)  # a worker can show these
    for person in people.people:
        if person.refer and "{who}" not in person.refer:
            problems.append(
                Problem(
                    path, f"person[{person.id}].refer", "the template has no {who}", "write {who} where the name goes"
                )
            )
        if "{who}" in person.fallback:
            problems.append(
                Problem(
                    path,
                    f"person[{person.id}].fallback",
                    "{who} is only filled in `refer`",
                    "move the sentence naming a colleague to refer; keep fallback for questions nobody can answer",
                )
            )
        for topic in person.topics:
            field = f"person[{person.id}].topics[{topic.id}]"
            needed = [("requires_facts", f) for f in topic.requires_facts]
            needed += [(f"gate[{i}].fact", c.fact) for i, c in enumerate(topic.gate) if c.fact is not None]
            for where, fact in needed:
                if fact not in given:
                    problems.append(
                        Problem(
                            path,
                            f"{field}.{where}",
                            f"no topic, message or [[fact]] gives {fact!r}",
                            "add the fact to some topic's facts, declare it as a [[fact]] with evidence, or fix the id",
                        )
                    )
            if topic.gate and not topic.gate_miss:
                problems.append(
                    Problem(
                        path,
                        f"{field}.gate_miss",
                        "a gated topic needs a gate_miss reply",
                        "write what the person says when the evidence is missing",
                    )
                )
    for i, msg in enumerate(people.inbox):
        if msg.after_fact and msg.after_fact not in given:
            problems.append(
                Problem(
                    path,
                    f"inbox[{msg.id or i}].after_fact",
                    f"no topic or message gives {msg.after_fact!r}",
                    "fix the fact id",
                )
            )
    for fact in inst.key_facts:
        if fact not in given:
            problems.append(
                Problem(
                    str(inst.family.paths.task_toml),
                    "key_facts",
                    f"{fact!r} is given by no topic or message (variant {inst.variant})",
                    "fix the fact id or add it to a topic",
                )
            )
    return problems
