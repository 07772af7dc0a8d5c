"""Agents named by an import path: `package.module:attribute[?key=value&key2=value2]`.

The attribute is a factory, called `factory(options, instance, staging)`, or an `Agent` class, called
`Cls(**options)`; `options` is the query as a dict of strings (percent-escapes decoded, no key twice).
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from ...tasks import Instance
from ..base import Agent, UnknownAgent
from .guard import build_plugin

_NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
IMPORT_PATH = re.compile(rf"(?P<module>{_NAME}):(?P<attr>{_NAME})(?:\?(?P<query>.*))?", re.DOTALL)
SYS_PATH_SHOWN = 4


class NoSuchModule(UnknownAgent):
    """The import path's module is not importable here (as opposed to failing while it is imported); the
    message is the reason alone, for the registry to say which spec it was."""


def parse_import_spec(spec: str) -> tuple[str, str, dict[str, str]] | None:
    """(module, attribute, options), or None when `spec` does not have the shape of an import path."""
    m = IMPORT_PATH.fullmatch(spec)
    if m is None:
        return None
    query = m["query"] or ""
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=True) if query else []
    except ValueError:
        raise UnknownAgent(f"agent {spec!r}: bad options {query!r}: use ?key=value&key2=value2") from None
    options: dict[str, str] = {}
    for key, value in pairs:
        if key in options:
            raise UnknownAgent(f"agent {spec!r}: option {key!r} is given twice")
        options[key] = value
    return m["module"], m["attr"], options


def load_attribute(module: str, attr: str, spec: str) -> Any:
    """Import `module` and walk the dotted `attr`; every failure says what was looked up, and where."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and (module == e.name or module.startswith(e.name + ".")):
            shown = ", ".join(p or "." for p in sys.path[:SYS_PATH_SHOWN])
            raise NoSuchModule(
                f"no module named {e.name!r} for {sys.executable} (sys.path: {shown}, ...); "
                "install the package that provides it into this environment, or add its folder to PYTHONPATH"
            ) from None
        raise UnknownAgent(f"agent {spec!r}: importing {module} failed: ModuleNotFoundError: {e}") from None
    except Exception as e:
        raise UnknownAgent(f"agent {spec!r}: importing {module} failed: {type(e).__name__}: {e}") from None
    obj: Any = mod
    for depth, part in enumerate(attr.split(".")):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            owner = ".".join([module, *attr.split(".")[:depth]])
            raise UnknownAgent(
                f"agent {spec!r}: {owner} ({getattr(mod, '__file__', None) or 'no file'}) has no attribute {part!r}"
            ) from None
    return obj


def import_path_agent(spec: str, instance: Instance, staging: Path) -> Agent | None:
    """The agent an import-path spec names, or None when `spec` is no import path."""
    parsed = parse_import_spec(spec)
    if parsed is None:
        return None
    module, attr, options = parsed
    target = load_attribute(module, attr, spec)
    origin = f"import path {module}:{attr}"
    if inspect.isclass(target):
        return build_plugin(lambda: target(**options), spec, f"{origin} (called as {attr}(**options))")
    if callable(target):
        return build_plugin(lambda: target(options, instance, staging), spec, origin)
    raise UnknownAgent(
        f"agent {spec!r}: {module}:{attr} is a {type(target).__name__}, not a factory "
        "`(options, instance, staging) -> Agent` or an Agent class"
    )
