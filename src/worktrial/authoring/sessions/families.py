"""Writing one accepted session as a deliverable family: its instruction, inputs, hard rules, key terms, rubric,
the accepted deliverable as reference and the calibration solutions."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from .archive import Archive, ArchiveInfo, Session
from .gates import Passed, restore
from .review import Rewrite, Taxonomy, clean, rubric_weights

OFFICE = {"docx", "xlsx", "pptx"}
FILE_TYPES = {"md": "text", "txt": "text", "html": "html", "csv": "csv", "json": "json", "docx": "docx",
              "xlsx": "xlsx", "pptx": "pptx", "pdf": "pdf", "png": "png"}  # fmt: skip
REFERENCE_PY = '''"""The accepted deliverable of the session this task was built from, delivered as it was."""

import shutil
from pathlib import Path

for f in sorted(Path("/solution/accepted").iterdir()):
    shutil.copyfile(f, Path("output") / f.name)
'''
COPY_INPUTS_PY = '''"""Shortcut: the inputs handed back under the deliverable's names, nothing worked out."""

import shutil
from pathlib import Path

inputs = sorted(p for p in Path("input").rglob("*") if p.is_file())
for i, name in enumerate(NAMES):
    if inputs:
        shutil.copyfile(inputs[i % len(inputs)], Path("output") / name)
'''
PLACEHOLDERS_PY = '''"""Shortcut: files of the right names whose content is a template still to fill in."""

from pathlib import Path

for name in NAMES:
    Path("output", name).write_text("TODO: fill in the figures here\\n[insert summary]\\n", encoding="utf-8")
'''


@dataclass(frozen=True)
class Built:
    task_id: str
    folder: Path
    inputs: list[str]
    outputs: list[str]


def safe_name(name: str) -> str:
    """A file name that stays in its folder and reads the same everywhere."""
    base = re.sub(r"[^\w.\- ]+", "_", Path(name).name).strip(" .") or "file"
    return base[:120]


def link_name(url: str) -> str:
    rest = url.split("://", 1)[-1].rstrip("/")
    return safe_name(re.sub(r"[/?&=#:]+", "_", rest)) + ".html"


def _toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def input_sources(session: Session, archive: Archive, passed: Passed) -> list[tuple[str, Path]]:
    """Each input of the task (its path relative to /workspace) and the archive file it comes from."""
    out = []
    for a in session.attachments:
        src = archive.file(a.sha256)
        assert src is not None  # the fixtures gate passed
        out.append((f"input/{safe_name(restore(a.name, passed.recovered))}", src))
    for url in passed.urls:
        body = archive.resource_body(archive.resources[url])
        assert body is not None  # the network gate passed
        out.append((f"input/links/{link_name(url)}", body))
    return out


def write_inputs(session: Session, archive: Archive, passed: Passed, folder: Path) -> list[str]:
    inputs = []
    for rel, src in input_sources(session, archive, passed):
        (folder / "workspace" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, folder / "workspace" / rel)
        inputs.append(rel)
    return inputs


def _checks(outputs: list[str], terms: list[str]) -> list[str]:
    out = []
    exts = sorted({o.rsplit(".", 1)[-1].lower() for o in outputs})
    for ext in exts:
        n = sum(1 for o in outputs if o.lower().endswith("." + ext))
        head = f'[[grader.checks]]\nkind = "count"\nname = "{ext}_delivered"\npattern = "*.{ext}"'
        out.append(f"{head}\nmin = {n}\ngate = true\n")
        if ext in FILE_TYPES:
            out.append(
                f'[[grader.checks]]\nkind = "file_type"\nname = "{ext}_is_{FILE_TYPES[ext]}"\npath = "*.{ext}"\n'
                f'type = "{FILE_TYPES[ext]}"\ngate = true\n'
            )
        if ext in OFFICE | {"json", "csv"}:
            out.append(f'[[grader.checks]]\nkind = "opens"\nname = "{ext}_opens"\npath = "*.{ext}"\ngate = true\n')
    out += [
        '[[grader.checks]]\nkind = "non_empty"\nname = "has_content"\npath = "**/*"\ngate = true\n',
        '[[grader.checks]]\nkind = "no_traceback"\nname = "no_crash_output"\ngate = true\n',
        '[[grader.checks]]\nkind = "no_placeholder"\nname = "no_placeholders"\npath = "**/*"\ngate = true\n',
        '[[grader.checks]]\nkind = "key_terms"\nname = "derived_figures"\n'
        'description = "What the accepted deliverable worked out from the inputs (no input states it)."\n'
        f"terms = [{', '.join(_toml_str(t) for t in terms)}]\nweight = 1\n",
    ]
    return out


def task_toml(
    task_id: str,
    info: ArchiveInfo,
    session: Session,
    tax: Taxonomy,
    outputs: list[str],
    terms: list[str],
    evidence: list[str],
    recovered: dict[str, str],
) -> str:
    first = next(m.text for m in session.messages if m.author == "user")
    title = " ".join(clean(restore(first, recovered)).split())[:90]
    weights = rubric_weights(outputs)
    parts = [
        "schema_version = 1",
        f'id = "{task_id}"',
        'kind = "deliverable"',
        f"title = {_toml_str(title)}",
        f"summary = {_toml_str(f'Built from a {info.company} workplace session ({session.id}); {tax.skill_subclass}')}",
        f"organisation = {_toml_str(info.company)}",
        'industry = "Workplace sessions"',
        f'domain = "{tax.role_class}"',
        f'role_class = "{tax.role_class}"',
        f'skill_subclass = "{tax.skill_subclass}"',
        "tier = 1",
        "",
        "[budgets]\nmax_actions = 60\nmax_minutes = 30\nmax_usd = 2.0",
        "",
        *_checks(outputs, terms),
        "[grader.rubric]",
        "weight = 3",
        'evidence = "text"',
        f"key_evidence = [{', '.join(_toml_str(e) for e in evidence)}]",
        f"description = {_toml_str('The five dimensions, weighted for ' + ', '.join(outputs))}",
        "",
        "[grader.rubric.weights]",
        *[f"{k} = {v}" for k, v in weights.items()],
        "",
    ]
    return "\n".join(parts)


def write_family(
    suite: Path,
    task_id: str,
    archive: Archive,
    session: Session,
    passed: Passed,
    tax: Taxonomy,
    rewrite: Rewrite,
    terms: list[str],
    evidence: list[str],
) -> Built:
    folder = suite / task_id
    inputs = write_inputs(session, archive, passed, folder)
    outputs = [safe_name(o.name) for o in session.outputs if o.accepted]
    (folder / "instruction.md").write_text(rewrite.instruction, encoding="utf-8")
    (folder / "task.toml").write_text(
        task_toml(task_id, archive.info, session, tax, outputs, terms, evidence, passed.recovered), encoding="utf-8"
    )
    for sub in ("hidden/reference", "hidden/solutions/accepted", "hidden/solutions/shortcuts", "variants/base"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / "workspace" / "input").mkdir(parents=True, exist_ok=True)
    for o in session.outputs:
        if o.accepted:
            src = archive.file(o.sha256)
            assert src is not None  # checked before writing
            for where in ("hidden/reference", "hidden/solutions/accepted"):
                shutil.copyfile(src, folder / where / safe_name(o.name))
    names = f"NAMES = {json.dumps(outputs)}\n\n"
    (folder / "hidden/solutions/reference.py").write_text(REFERENCE_PY, encoding="utf-8")
    for name, body in (("copy_inputs", COPY_INPUTS_PY), ("placeholders", PLACEHOLDERS_PY)):
        head, _, rest = body.partition("\n\n")
        (folder / f"hidden/solutions/shortcuts/{name}.py").write_text(f"{head}\n\n{names}{rest}", encoding="utf-8")
    (folder / "variants/base/variant.toml").write_text('title = "As the session asked"\n', encoding="utf-8")
    return Built(task_id, folder, inputs, outputs)


__all__ = ["Built", "input_sources", "link_name", "safe_name", "write_family", "write_inputs"]
