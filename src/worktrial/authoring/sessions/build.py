"""`worktrial sessions build ARCHIVE --out SUITE`: the gated funnel from workplace sessions to deliverable tasks.

Stages, in order (a session stops at the first it fails, and keeps the reason): `length`, `fixtures`,
`redactions`, `network` (gates.py), `duplicates`, `self_contained` (review.py), `key_terms` (the accepted
deliverable must hold figures that no input states, so the task can be checked without a judge), `preflight` (the
written family loads and lints, and the accepted deliverable passes every hard rule and key term). The suite is
written to a temporary folder and put in place at the end, with `BUILD.json` (every decision with its reason and
detail) and `FUNNEL.md` (the counts per stage); the same archive and reviewer give the same bytes.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ...locking.atomic import private_dir, replace_dir
from .archive import Archive, Session
from .families import input_sources, safe_name, write_family
from .gates import Passed, Rejection, ask_key, fixtures, length, network, redactions
from .review import OfflineReviewer, Reviewer

STAGES = ("length", "fixtures", "redactions", "network", "duplicates", "self_contained", "key_terms", "preflight")
NUMBER = re.compile(r"(?<![\w.])[£$€]?\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?%?|(?<![\w.])[£$€]?\d+(?:\.\d+)?%?")
MIN_TERMS = 2
MAX_TERMS = 8


@dataclass
class Decision:
    session: str
    stage: str  # the stage it stopped at, or "built"
    reason: str  # ok, or the rejection's code
    detail: str = ""
    task: str | None = None
    role_class: str | None = None
    skill_subclass: str | None = None
    recovered: dict[str, str] = field(default_factory=dict)


@dataclass
class Funnel:
    archive: str
    version: str
    reviewer: str
    decisions: list[Decision]

    def counts(self) -> list[tuple[str, int]]:
        """Sessions still in after each stage."""
        out, left = [("raw sessions", len(self.decisions))], len(self.decisions)
        stopped = Counter(d.stage for d in self.decisions)
        for stage in STAGES:
            left -= stopped[stage]
            out.append((stage, left))
        return out

    def reasons(self) -> list[tuple[str, str, int]]:
        found = Counter((d.stage, d.reason) for d in self.decisions if d.stage != "built")
        return [(s, r, n) for (s, r), n in sorted(found.items(), key=lambda x: (STAGES.index(x[0][0]), x[0][1]))]

    def table(self) -> str:
        lines = ["| stage | sessions left |", "|---|---|"] + [f"| {s} | {n} |" for s, n in self.counts()]
        lines += ["", "| stage | reason | rejected |", "|---|---|---|"]
        lines += [f"| {s} | {r} | {n} |" for s, r, n in self.reasons()]
        return "\n".join(lines) + "\n"


def _text(path: Path, name: str) -> str:
    """The text a reader sees in the file, `name` being what the task calls it."""
    from ...grading.checks.files import FileLimits
    from ...grading.checks.formats import extract_text

    try:
        return extract_text(path.read_bytes(), name, FileLimits()) or ""
    except Exception:  # a file nobody can read holds no terms
        return ""


def _numbers(text: str) -> list[str]:
    seen: dict[str, None] = {}
    for m in NUMBER.finditer(text):
        token = m.group(0)
        if len(token.replace(",", "").replace(".", "").strip("£$€%")) >= 3:
            seen.setdefault(token, None)
    return list(seen)


def _plain(token: str) -> str:
    return token.replace(",", "").strip("£$€%")


def terms_of(session: Session, archive: Archive, inputs_text: str) -> tuple[list[str], list[str]]:
    """(derived, grounded): figures of the accepted deliverable that neither an input nor the ask states, and those
    that it takes from them (the rubric's key evidence)."""
    inputs_text += "\n" + "\n".join(m.text for m in session.messages if m.author == "user")
    out_text = "\n".join(
        _text(path, path.name) for o in session.outputs if o.accepted and (path := archive.file(o.sha256)) is not None
    )
    given = {_plain(t) for t in _numbers(inputs_text)}
    numbers = _numbers(out_text)
    derived = [t for t in numbers if _plain(t) not in given][:MAX_TERMS]
    grounded = [t for t in numbers if _plain(t) in given][:6]
    return derived, grounded


def _preflight(folder: Path) -> str | None:
    """None when the family loads, lints clean and its reference passes every gate and key term."""
    from ...grading.checks import CheckContext, Tree, run_check
    from ...tasks import load_family
    from ...tasks.lint import lint_path

    problems = lint_path(folder)
    if problems:
        return "; ".join(str(p) for p in problems[:3])
    family = load_family(folder)
    ref = Tree(folder / "hidden" / "reference")
    ctx = CheckContext(output=ref, reference=ref)
    for spec in family.config.grader.checks:
        outcome = run_check(spec, ctx)
        if (spec.gate or spec.kind == "key_terms") and (outcome.value or 0.0) < 1.0:
            return f"the accepted deliverable fails {spec.name}: {outcome.evidence}"
    return None


def _decide(session: Session, archive: Archive, reviewer: Reviewer, seen: dict[str, str], staging: Path) -> Decision:
    def stop(r: Rejection) -> Decision:
        return Decision(session.id, r.gate, r.reason, r.detail)

    for gate in (length(session), fixtures(session, archive)):
        if gate is not None:
            return stop(gate)
    passed, rejected = redactions(session)
    if rejected is not None:
        return stop(rejected)
    rejected = network(session, archive, passed)
    if rejected is not None:
        return stop(rejected)
    key = ask_key(session, passed)
    if key in seen:
        return Decision(session.id, "duplicates", "duplicate", f"the same ask over the same files as {seen[key]}")
    seen[key] = session.id
    verdict = reviewer.self_contained(session, passed)
    if not verdict.self_contained:
        return Decision(session.id, "self_contained", verdict.reason, verdict.detail)
    missing = [o.name for o in session.outputs if o.accepted and archive.file(o.sha256) is None]
    if missing:
        return Decision(session.id, "fixtures", "output_missing", f"accepted deliverable not in the archive: {missing}")
    return _write(session, archive, reviewer, passed, staging)


def _write(session: Session, archive: Archive, reviewer: Reviewer, passed: Passed, staging: Path) -> Decision:
    task_id = session.id
    tax = reviewer.taxonomy(session, passed)
    sources = input_sources(session, archive, passed)
    inputs = [rel for rel, _ in sources]
    inputs_text = "\n".join(_text(src, Path(rel).name) for rel, src in sources)
    derived, grounded = terms_of(session, archive, inputs_text)
    base = Decision(session.id, "key_terms", "too_little_to_check", "", None, tax.role_class, tax.skill_subclass)
    base.recovered = dict(passed.recovered)
    if len(derived) < MIN_TERMS:
        base.detail = f"{len(derived)} figures of the accepted deliverable are not in the inputs (needs {MIN_TERMS})"
        return base
    outputs = [safe_name(o.name) for o in session.outputs if o.accepted]
    rewrite = reviewer.rewrite(session, passed, inputs, outputs)
    built = write_family(staging, task_id, archive, session, passed, tax, rewrite, derived, grounded + derived)
    problem = _preflight(built.folder)
    if problem is not None:
        shutil.rmtree(built.folder)
        base.stage, base.reason, base.detail = "preflight", "preflight_failed", problem
        return base
    base.stage, base.reason, base.task = "built", "ok", task_id
    return base


def build(archive_dir: Path, out: Path, reviewer: Reviewer | None = None) -> Funnel:
    archive = Archive(archive_dir)
    reviewer = reviewer or OfflineReviewer()
    staging = private_dir(out.parent, f".{out.name}.building-")
    seen: dict[str, str] = {}
    decisions = [_decide(s, archive, reviewer, seen, staging) for s in archive.sessions]
    funnel = Funnel(archive.info.name, archive.info.version, reviewer.name, decisions)
    record = {
        "archive": funnel.archive,
        "version": funnel.version,
        "reviewer": funnel.reviewer,
        "funnel": funnel.counts(),
        "decisions": [asdict(d) for d in decisions],
    }
    (staging / "BUILD.json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    head = (
        f"# {archive.info.company}: session tasks\n\nBuilt by `worktrial sessions build` from archive {funnel.archive} "
    )
    head += f"{funnel.version} with reviewer {funnel.reviewer}.\n\n"
    (staging / "FUNNEL.md").write_text(head + funnel.table(), encoding="utf-8")
    staging.chmod(0o755)  # a suite is read by everyone who runs it, as a folder made any other way would be
    replace_dir(staging, out)
    return funnel


__all__ = ["STAGES", "Decision", "Funnel", "build", "terms_of"]
