"""The process that runs a task's hidden/ code for worktrial, inside a one-shot sandbox (taskcode.py).

Run as `python -s -B -P _taskchild.py CALLS.json PATH...`. CALLS.json lists the calls; an argument
`{"__path__": i}` stands for the i-th PATH (given on the command line, so that every backend can map it). Each
file is imported by path once, under a private module name; after each call one JSON line is appended (and
flushed) to `results.jsonl` next to CALLS.json: `{"value": ...}`, `{"missing": true}` (an optional function that
does not exist), `{"file_problem": "..."}` (a delivered file could not be used) or `{"error": "...",
"traceback": "..."}`. So if the process dies, the host knows which call was running: the first without a line.

Standard library only, so that a grader call starts fast; worktrial is imported only for a `Tree` argument.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import numbers
import os
import sys
import traceback
from pathlib import Path
from typing import Any

_classes: dict[tuple[str, tuple[str, ...]], type] = {}


def _context_class(name: str, names: tuple[str, ...]) -> type:
    """A frozen dataclass with the context's name and fields (the host's class, rebuilt without imports)."""
    key = (name, names)
    if key not in _classes:
        _classes[key] = dataclasses.make_dataclass(name, [(n, Any) for n in names], frozen=True)
    return _classes[key]


def decode(value: Any, paths: list[str]) -> Any:
    if isinstance(value, list):
        return [decode(v, paths) for v in value]
    if not isinstance(value, dict):
        return value
    if "__path__" in value:
        return Path(paths[value["__path__"]])
    if "__dict__" in value:
        return {k: decode(v, paths) for k, v in value["__dict__"].items()}
    if "__tuple__" in value:
        return tuple(decode(v, paths) for v in value["__tuple__"])
    if "__set__" in value:
        return frozenset(decode(v, paths) for v in value["__set__"])
    if "__dataclass__" in value:
        fields = {k: decode(v, paths) for k, v in value["fields"].items()}
        return _context_class(value["__dataclass__"], tuple(fields))(**fields)
    if "__tree__" in value:
        from worktrial.grading.checks.files import FileLimits, Tree

        spec = value["__tree__"]
        return Tree(decode(spec["root"], paths), FileLimits(**spec["limits"]))
    raise ValueError(f"unknown encoded value {sorted(value)}")


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"a {type(value).__name__} is not JSON data")


def _is_file_problem(error: BaseException) -> bool:
    files = sys.modules.get("worktrial.grading.checks.files")
    return files is not None and isinstance(error, files.FileProblem)


def _load(path: str, modules: dict[str, Any]) -> Any:
    if path not in modules:
        name = "_hidden_" + "".join(c if c.isalnum() else "_" for c in Path(path).stem) + f"_{len(modules)}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"{path} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses in the module look themselves up here
        # A long grader is split into sibling modules (`import _world`), found as when its folder's scripts run
        # as `python3 hidden/build_history.py`. The process serves one instance, so no other hidden/ shadows them.
        folder = str(Path(path).parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        spec.loader.exec_module(module)
        modules[path] = module
    return modules[path]


def _call(call: dict[str, Any], paths: list[str], modules: dict[str, Any]) -> dict[str, Any]:
    try:
        module = _load(paths[call["file"]], modules)
    except BaseException as e:
        return {"error": f"import failed: {type(e).__name__}: {e}", "traceback": traceback.format_exc()[-4000:]}
    function = getattr(module, call["function"], None)
    if function is None:
        return {"missing": True} if call.get("optional") else {"error": "no such function"}
    try:
        return {"value": function(*decode(call["args"], paths))}
    except SystemExit as e:
        return {"error": f"called sys.exit({e.code!r})"}
    except BaseException as e:
        if _is_file_problem(e):
            return {"file_problem": str(e)}
        return {"error": f"raised {type(e).__name__}: {e}", "traceback": traceback.format_exc()[-4000:]}


def main(argv: list[str]) -> None:
    calls_file, paths = Path(argv[1]), argv[2:]
    folder = calls_file.parent
    calls = json.loads(calls_file.read_text(encoding="utf-8"))
    modules: dict[str, Any] = {}
    with open(folder / "results.jsonl", "a", encoding="utf-8") as results:
        for call in calls:
            outcome = _call(call, paths, modules)
            try:
                line = json.dumps(outcome, allow_nan=True, default=_jsonable)
            except (TypeError, ValueError, RecursionError) as e:
                line = json.dumps({"error": f"returned a value that is not JSON data ({e})"})
            results.write(line + "\n")
            results.flush()
    # Threads the task code left running must not keep the process (and the host) waiting.
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv)
