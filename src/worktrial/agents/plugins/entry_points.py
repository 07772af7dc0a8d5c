"""Plug-in agents of installed distributions: an entry point `NAME = "module:factory"` in the group
`worktrial.agents` makes the specs `NAME` and `NAME:ARGS` build with `factory(spec, instance, staging)`.

Entry points are listed once per process, when a spec first needs them, and each is imported only when a spec
names it, once; a plug-in that fails to import fails every spec naming it with the same message.
"""

from __future__ import annotations

import threading
import warnings
from importlib.metadata import EntryPoint, entry_points

from ..base import AgentFactory, UnknownAgent

GROUP = "worktrial.agents"

_lock = threading.RLock()  # a plug-in's import may itself look agents up
_found: dict[str, list[EntryPoint]] | None = None
_loaded: dict[str, AgentFactory | str] = {}  # a factory, or why it could not be loaded
_warned: set[str] = set()


def _discover() -> dict[str, list[EntryPoint]]:
    global _found
    with _lock:
        if _found is None:
            found: dict[str, list[EntryPoint]] = {}
            for ep in entry_points(group=GROUP):
                same = found.setdefault(ep.name, [])
                if all(other.value != ep.value for other in same):  # one distribution seen twice on sys.path
                    same.append(ep)
            _found = found
        return _found


def refresh() -> None:
    """Forget what was found and loaded (after installing or removing a plug-in in this process)."""
    global _found
    with _lock:
        _found = None
        _loaded.clear()
        _warned.clear()


def plugin_names() -> list[str]:
    """The names of every installed plug-in agent (nothing is imported)."""
    return sorted(_discover())


def describe(ep: EntryPoint) -> str:
    dist = ep.dist
    where = f"distribution {dist.name} {dist.version}" if dist is not None else "an unknown distribution"
    return f"entry point {ep.name} = {ep.value} (group {GROUP}, {where})"


def plugin_factory(name: str) -> tuple[AgentFactory, str] | None:
    """(the factory, where it comes from) of the plug-in called `name`; None when no plug-in has that name.
    Raises `UnknownAgent` when it cannot be loaded or several distributions declare it."""
    eps = _discover().get(name)
    if not eps:
        return None
    if len(eps) > 1:
        raise UnknownAgent(
            f"agent {name!r} is declared by {len(eps)} plug-ins: {'; '.join(map(describe, eps))}; uninstall all but one"
        )
    ep = eps[0]
    with _lock:
        if name not in _loaded:
            _loaded[name] = _load(ep)
        loaded = _loaded[name]
    if isinstance(loaded, str):
        raise UnknownAgent(loaded)
    return loaded, describe(ep)


def _load(ep: EntryPoint) -> AgentFactory | str:
    try:
        factory = ep.load()
    except Exception as e:
        return f"plug-in agent {ep.name!r} failed to load: {describe(ep)}: {type(e).__name__}: {e}"
    if not callable(factory):
        return (
            f"plug-in agent {ep.name!r}: {describe(ep)} names a {type(factory).__name__}, not a factory "
            "`(spec, instance, staging) -> Agent`"
        )
    return factory  # type: ignore[no-any-return]


def warn_if_shadowed(name: str) -> None:
    """Say once that a plug-in is ignored because a built-in agent has its name."""
    eps = _discover().get(name)
    if not eps or name in _warned:
        return
    _warned.add(name)
    warnings.warn(
        f"plug-in agent {name!r} is ignored: {name!r} is a built-in agent, and built-ins win "
        f"({'; '.join(map(describe, eps))}); rename the entry point to use it",
        RuntimeWarning,
        stacklevel=3,
    )
