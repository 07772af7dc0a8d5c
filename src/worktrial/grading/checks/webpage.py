"""`html_structure`: required elements (CSS-like selectors) and visible text of an HTML page.

Pages are parsed with the standard library's `html.parser` into a small tree (void elements and the usual
implied end tags of `p`, `li`, `td`, `tr`, ... handled). Selectors support `tag`, `*`, `#id`, `.class`,
`[attr]`, `[attr=v]`, `[attr~=v]`, `[attr^=v]`, `[attr$=v]`, `[attr*=v]`, the descendant (space) and child
(`>`) combinators, and `,` between alternatives.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

from worktrial.tasks.checks import HtmlStructureCheck

from . import formats
from .base import CheckContext, Outcome, Tally
from .documents import norm, phrases


def _tags(names: str) -> frozenset[str]:
    return frozenset(names.split(" "))


VOID = _tags("area base br col embed hr img input link meta param source track wbr")
HIDDEN = _tags("script style noscript template head")
INLINE = _tags("a abbr b code em font i label mark q s small span strong sub sup u")
_CLOSES = {  # a start tag implicitly ends the nearest open element of these tags (with all inside it)
    "li": {"li"}, "p": {"p"}, "td": {"td", "th"}, "th": {"td", "th"}, "tr": {"tr"}, "option": {"option"},
    "dt": {"dt", "dd"}, "dd": {"dt", "dd"}, "thead": {"thead", "tbody", "tfoot"},
    "tbody": {"thead", "tbody", "tfoot"}, "tfoot": {"thead", "tbody", "tfoot"},
}  # fmt: skip
_BLOCKS = _tags("p div table ul ol dl h1 h2 h3 h4 h5 h6 section article header footer nav pre form")
_SCOPES = _tags("ul ol table dl select div body html section article")
_COMPOUND = re.compile(r"(\*|[a-zA-Z][\w-]*)?((?:#[\w-]+|\.[\w-]+|\[[^\]]+\])*)")
_PART = re.compile(r"#([\w-]+)|\.([\w-]+)|\[\s*([\w-]+)\s*(?:([~^$*]?=)\s*(?:\"([^\"]*)\"|'([^']*)'|([^\]\s]*)))?\s*\]")


@dataclass(eq=False)
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    parent: Node | None = None
    content: list[Node | str] = field(default_factory=list)

    def elements(self) -> Iterator[Node]:
        stack = [c for c in reversed(self.content) if isinstance(c, Node)]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(c for c in reversed(node.content) if isinstance(c, Node))

    def text(self, visible_only: bool = False) -> str:
        out: list[str] = []
        stack: list[Node | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                out.append(item)
            elif not (visible_only and item.tag in HIDDEN):
                gap = [] if item.tag in INLINE else [" "]
                stack.extend([*gap, *reversed(item.content), *gap])
        return " ".join("".join(out).split())


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.stack = [self.root]

    def _close_implied(self, tag: str) -> None:
        closes = _CLOSES.get(tag, set()) | ({"p"} if tag in _BLOCKS else set())
        for i in range(len(self.stack) - 1, 0, -1):
            open_tag = self.stack[i].tag
            if open_tag in closes:
                del self.stack[i:]
                return
            if open_tag in _SCOPES:
                return

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._close_implied(tag)
        node = Node(tag, {k: v or "" for k, v in attrs}, self.stack[-1])
        self.stack[-1].content.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._close_implied(tag)
        self.stack[-1].content.append(Node(tag, {k: v or "" for k, v in attrs}, self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].content.append(data)


def parse_html(markup: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(markup)
    builder.close()
    return builder.root


@dataclass(frozen=True)
class Compound:
    tag: str | None
    tests: tuple[tuple[str, str, str], ...]  # (attribute, operator, value); operator "" = present

    def match(self, node: Node) -> bool:
        if self.tag not in (None, "*") and node.tag != self.tag:
            return False
        for name, op, value in self.tests:
            if name not in node.attrs:
                return False
            have = node.attrs[name]
            if (
                (op == "=" and have != value)
                or (op == "~=" and value not in have.split())
                or (op == "^=" and not have.startswith(value))
                or (op == "$=" and not have.endswith(value))
                or (op == "*=" and value not in have)
            ):
                return False
        return True


Selector = list[tuple[str, Compound]]  # (combinator before it: "", " " or ">", compound)


def _compound(text: str, selector: str) -> Compound:
    m = _COMPOUND.fullmatch(text)
    if m is None or not text:
        raise ValueError(f"unsupported selector {selector!r} near {text!r}")
    tests = []
    for p in _PART.finditer(m.group(2) or ""):
        if p.group(1):
            tests.append(("id", "=", p.group(1)))
        elif p.group(2):
            tests.append(("class", "~=", p.group(2)))
        else:
            value = next((g for g in p.group(5, 6, 7) if g is not None), "")
            tests.append((p.group(3).lower(), p.group(4) or "", value))
    return Compound(m.group(1).lower() if m.group(1) else None, tuple(tests))


def parse_selector(selector: str) -> list[Selector]:
    alternatives: list[Selector] = []
    for alt in _split_outside_brackets(selector, ","):
        tokens = re.findall(r"\[[^\]]*\]|>|\s+|[^\s>\[]+", alt.strip())
        parts: Selector = []
        combinator, current = "", ""
        for tok in [*tokens, " "]:
            if tok == ">" or tok.isspace():
                if current:
                    parts.append((combinator, _compound(current, selector)))
                    current, combinator = "", " "
                if tok == ">":
                    combinator = ">"
            else:
                current += tok
        if not parts:
            raise ValueError(f"empty selector in {selector!r}")
        alternatives.append(parts)
    return alternatives


def _split_outside_brackets(text: str, sep: str) -> list[str]:
    out, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == sep and depth == 0:
            out.append(current)
            current = ""
        else:
            current += ch
    return [*out, current]


def _matches(node: Node, parts: Selector) -> bool:
    combinator, compound = parts[-1]
    if not compound.match(node):
        return False
    if len(parts) == 1:
        return True
    ancestor = node.parent
    while ancestor is not None and ancestor.tag != "#document":
        if _matches(ancestor, parts[:-1]):
            return True
        if combinator == ">":
            return False
        ancestor = ancestor.parent
    return False


def select(root: Node, selector: str) -> list[Node]:
    alternatives = parse_selector(selector)
    return [n for n in root.elements() if any(_matches(n, parts) for parts in alternatives)]


def html_structure(spec: HtmlStructureCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    formats.require(data, entry.rel, "html")
    root = parse_html(formats.text(data, entry.rel))
    tally = Tally()
    for want in spec.elements:
        try:
            found = select(root, want.selector)
        except ValueError as e:
            return Outcome.unavailable(str(e))
        if len(found) < want.min_count:
            tally.add(False, f"{want.selector}: {len(found)} element(s), expected ≥ {want.min_count}")
        elif want.text is not None:
            ok = any(norm(want.text) in norm(n.text()) for n in found)
            tally.add(ok, f"{want.selector}: no element contains {want.text!r}")
        else:
            tally.add(True, "")
    phrases(root.text(visible_only=True), spec.text, tally)
    return tally.outcome()
