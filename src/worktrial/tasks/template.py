"""`{{param}}` templating: strict, so a missing or malformed placeholder is an error, never text left as written.

Templated files: the level briefs (`brief/L*.md`), `instruction.md` (both become the trial's TASK.md) and
`hidden/people.toml` (before it is parsed). Workspace files are copied verbatim, never templated.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from .errors import Problem, TaskFormatError

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_OPEN = re.compile(r"\{\{")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _line(text: str, pos: int) -> str:
    return f"line {text.count(chr(10), 0, pos) + 1}"


def _token(text: str, pos: int) -> str:
    end = text.find("}}", pos)
    newline = text.find("\n", pos)
    if end < 0 or (0 <= newline < end):
        return text[pos : newline if newline >= 0 else len(text)][:40]
    return text[pos : end + 2][:60]


def template_problems(text: str, names: Collection[str], file: str) -> list[Problem]:
    """Every placeholder of `text` that is malformed or names no parameter, one problem per line and name."""
    problems: dict[tuple[str, str], Problem] = {}
    spans = [m.span() for m in PLACEHOLDER.finditer(text)]
    for m in PLACEHOLDER.finditer(text):
        if m.group(1) not in names:
            where = _line(text, m.start())
            problems.setdefault(
                (where, m.group(1)),
                Problem(
                    file,
                    where,
                    f"placeholder {{{{{m.group(1)}}}}} names no parameter",
                    f"add {m.group(1)} to [params] in task.toml, or fix the name",
                ),
            )
    for m in _OPEN.finditer(text):
        if any(a <= m.start() + 1 < b for a, b in spans):
            continue
        token, where = _token(text, m.start()), _line(text, m.start())
        problems.setdefault(
            (where, token),
            Problem(
                file,
                where,
                f"{token!r} is not a placeholder and would reach the worker as written",
                "write {{name}} with letters, digits and '_', such as {{board_date}}, or remove the braces",
            ),
        )
    return list(problems.values())


def render(text: str, params: Mapping[str, object], file: str = "") -> str:
    """Fill every `{{name}}`; raises TaskFormatError naming each malformed or unknown placeholder."""
    problems = template_problems(text, params.keys(), file)
    if problems:
        raise TaskFormatError(problems)

    def sub(m: re.Match[str]) -> str:
        value = params[m.group(1)]
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    return PLACEHOLDER.sub(sub, text)
