"""Hard rules on the delivered files: presence, counts, real formats, content, exact equality."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from worktrial.tasks.checks import (
    CountCheck,
    ExactCheck,
    ExistsCheck,
    FileTypeCheck,
    HashCheck,
    KeyTermsCheck,
    NonEmptyCheck,
    NoPlaceholderCheck,
    NoTracebackCheck,
    OpensCheck,
)

from . import formats
from .base import CheckContext, Outcome, clip, listing
from .detect import detect, guess_from_name, matches
from .files import Entry, FileProblem

TRACEBACKS = [
    r"Traceback \(most recent call last\):",
    r'^\s*File "[^"\n]+", line \d+, in \S+',
    r'Exception in thread "[^"\n]*"',
    r"^\s+at [\w$.<>]+\([\w$]+\.(?:java|kt|scala):\d+\)",
    r"^\s*at (?:async )?[\w$.<>\[\] ]*\(?(?:file://|node:)?[^()\s]*\.(?:m?js|cjs|ts|tsx):\d+:\d+\)?\s*$",
    r"\bUncaught (?:\w+Error|exception)\b",
    r"UnhandledPromiseRejection",
]


def _scan(
    ctx: CheckContext,
    pattern: str,
    judge_file: Callable[[Entry, bytes], str | None],
    *,
    need_match: bool = True,
    what: str = "",
) -> Outcome:
    """Apply `judge_file` (returns a failure or None) to every file matching `pattern`; all must pass."""
    m = ctx.output.glob(pattern)
    failures = [f"symlink {e.rel} -> {e.target} (not followed)" for e in m.links]
    failures += [f"{e.rel}: not a regular file" for e in m.others]
    if not m.files and need_match:
        failures.append(f"no file matches {pattern}" + (f" ({ctx.output.problem})" if ctx.output.problem else ""))
    elif not m.files and not failures:
        # A rule about the content of files earns nothing when there is no file: nothing was checked.
        return Outcome.failed(f"nothing to check: no file matches {pattern}")
    for entry in m.files:
        try:
            failure = judge_file(entry, ctx.output.read(entry))
        except FileProblem as e:
            failure = str(e)
        if failure:
            failures.append(failure)
    if failures:
        return Outcome.failed(clip("; ".join(failures)))
    return Outcome.passed(f"{len(m.files)} file(s) {what}".strip() if m.files else f"no file matches {pattern}")


def exists(spec: ExistsCheck, ctx: CheckContext) -> Outcome:
    m = ctx.output.glob(spec.pattern)
    if m.files:
        return Outcome.passed(f"found {listing([e.rel for e in m.files])}")
    if m.links:
        return Outcome.failed(m.link_evidence())
    extra = f" ({ctx.output.problem})" if ctx.output.problem else ""
    return Outcome.failed(f"no regular file matches {spec.pattern}{extra}")


def count(spec: CountCheck, ctx: CheckContext) -> Outcome:
    m = ctx.output.glob(spec.pattern)
    n = len(m.files)
    bound = f"[{spec.min}, {'∞' if spec.max is None else spec.max}]"
    if m.links:
        return Outcome.failed(f"{n} file(s); {m.link_evidence()}")
    ok = n >= spec.min and (spec.max is None or n <= spec.max)
    return Outcome.binary(ok, f"{n} file(s) match {spec.pattern}, expected {bound}")


def file_type(spec: FileTypeCheck, ctx: CheckContext) -> Outcome:
    def judge(entry: Entry, data: bytes) -> str | None:
        found = detect(data)
        return None if matches(spec.type, found) else f"{entry.rel}: content is {found}, not {spec.type}"

    return _scan(ctx, spec.path, judge, what=f"are {spec.type}")


def opens(spec: OpensCheck, ctx: CheckContext) -> Outcome:
    summaries: list[str] = []

    def judge(entry: Entry, data: bytes) -> str | None:
        fmt = spec.format or guess_from_name(entry.rel)
        if fmt is None:
            return f"{entry.rel}: no format given and none implied by the name"
        summaries.append(f"{entry.rel}: {formats.open_as(data, entry.rel, fmt, ctx.output.limits)}")
        return None

    outcome = _scan(ctx, spec.path, judge)
    return Outcome.passed(clip("; ".join(summaries))) if outcome.value == 1.0 else outcome


def document_text(ctx: CheckContext, entry: Entry) -> str | None:
    def make() -> str | None:
        return formats.extract_text(ctx.output.read(entry), entry.rel, ctx.output.limits)

    result: str | None = ctx.cached("text", entry.rel, make)
    return result


def non_empty(spec: NonEmptyCheck, ctx: CheckContext) -> Outcome:
    def judge(entry: Entry, data: bytes) -> str | None:
        if len(data) < max(spec.min_bytes, 1):
            return f"{entry.rel}: {len(data)} bytes (needs {max(spec.min_bytes, 1)})"
        content = document_text(ctx, entry)
        if content is not None:
            chars = len("".join(content.split()))
            if chars < spec.min_chars:
                return f"{entry.rel}: {chars} non-blank characters of text (needs {spec.min_chars})"
        return None

    return _scan(ctx, spec.path, judge, what="have content")


def _text_rule(ctx: CheckContext, path: str, patterns: list[str], label: str) -> Outcome:
    compiled = [re.compile(p, re.MULTILINE) for p in patterns]

    def judge(entry: Entry, _data: bytes) -> str | None:
        content = document_text(ctx, entry)
        if content is None:
            return None
        found = sorted((hit.start(), hit.group(0)) for rx in compiled if (hit := rx.search(content)) is not None)
        hits = [f"{text.strip()[:60]!r} (line {content.count(chr(10), 0, at) + 1})" for at, text in found]
        return f"{entry.rel}: {label} {listing(hits, 8)}" if hits else None

    return _scan(ctx, path, judge, need_match=False, what=f"without {label}")


def no_traceback(spec: NoTracebackCheck, ctx: CheckContext) -> Outcome:
    return _text_rule(ctx, spec.path, TRACEBACKS + spec.extra_patterns, "stack trace")


def no_placeholder(spec: NoPlaceholderCheck, ctx: CheckContext) -> Outcome:
    return _text_rule(ctx, spec.path, spec.patterns + spec.extra_patterns, "placeholder")


def normalise_text(content: str, *, ignore_case: bool = False, collapse_whitespace: bool = False) -> str:
    lines = [ln.rstrip() for ln in content.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    out = "\n".join(lines).strip("\n")
    if collapse_whitespace:
        out = " ".join(out.split())
    return out.casefold() if ignore_case else out


def exact(spec: ExactCheck, ctx: CheckContext) -> Outcome:
    _, got = ctx.output.read_one(spec.path)
    _, want = ctx.reference.read_one(spec.reference or spec.path)
    if spec.mode == "bytes":
        if got == want:
            return Outcome.passed(f"identical ({len(got)} bytes)")
        at = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
        return Outcome.failed(f"bytes differ from offset {at} ({len(got)} vs {len(want)} bytes in the reference)")
    opts = {"ignore_case": spec.ignore_case, "collapse_whitespace": spec.collapse_whitespace}
    a = normalise_text(formats.text(got, spec.path), **opts)
    b = normalise_text(formats.text(want, spec.reference or spec.path), **opts)
    if a == b:
        return Outcome.passed("equal after normalisation")
    la, lb = a.split("\n"), b.split("\n")
    n = next((i for i, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y), min(len(la), len(lb)))
    got_line = la[n][:120] if n < len(la) else "<end>"
    want_line = lb[n][:120] if n < len(lb) else "<end>"
    return Outcome.failed(f"line {n + 1} differs: got {got_line!r}, expected {want_line!r}")


def sha256(spec: HashCheck, ctx: CheckContext) -> Outcome:
    _, data = ctx.output.read_one(spec.path)
    digest = hashlib.sha256(data).hexdigest()
    ok = digest == spec.sha256.lower()
    return Outcome.binary(ok, f"sha256 {digest}" + ("" if ok else f", expected {spec.sha256.lower()}"))


def _flat(text: str) -> str:
    """Lower case, blanks collapsed, thousands separators dropped: how key terms are matched."""
    return re.sub(r"(?<=\d),(?=\d{3}\b)", "", " ".join(text.lower().split()))


def key_terms(spec: KeyTermsCheck, ctx: CheckContext) -> Outcome:
    m = ctx.output.glob(spec.path)
    if m.links:
        return Outcome.failed(m.link_evidence())
    if not m.files:
        return Outcome.failed(
            f"no file matches {spec.path}" + (f" ({ctx.output.problem})" if ctx.output.problem else "")
        )
    texts = []
    for entry in m.files:
        try:
            texts.append(document_text(ctx, entry) or "")
        except FileProblem:
            continue
    text = _flat("\n".join(texts))
    missing = [alts[0] for alts in spec.terms if not any(_flat(a) in text for a in alts)]
    found = len(spec.terms) - len(missing)
    evidence = f"{found} of {len(spec.terms)} key terms" + (f"; missing: {listing(missing)}" if missing else "")
    return Outcome(value=found / len(spec.terms), evidence=clip(evidence))
