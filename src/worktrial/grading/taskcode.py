"""Task-author code (a family's hidden/ folder) run in its own bounded process, never in the grader's.

`TaskCode.run(calls)` starts one one-shot sandbox (`Sandbox.run`): no network, the sandbox's unprivileged uid,
and nothing of the host but the system, worktrial's own package and environment (read-only, so graders can
`import worktrial...`), a copy of hidden/ and the calls' arguments, each mounted read-only (a `Writable` folder
read-write). Arguments and results cross as JSON: paths become mounts, dataclasses (such as `KpiContext`,
whatever fields it has) travel field by field, a `Tree` is rebuilt around its mounted root.

Everything that can go wrong in the task's code is the task's error, raised as `GraderError` with the file and
function named: an exception, `sys.exit`, `os._exit`, a crash, running out of memory, running past the
grading budget, a result that is not JSON data. What a result must look like is checked by the caller.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..sandbox import ExecResult, ExecSpec, Limits, Mount, Sandbox, WithToolbox, default_toolbox
from .checks.files import FileProblem, Tree, read_bounded
from .safetree import remove_tree

CHILD = Path(__file__).resolve().with_name("_taskchild.py")
PACKAGE = CHILD.parents[1]  # the worktrial package the host runs, importable inside from its parent folder
INSIDE = "/opt/worktrial/lib"
HIDDEN = "/task/hidden"
CHILD_INSIDE = f"{INSIDE}/{PACKAGE.name}/grading/{CHILD.name}"
DEFAULT_BUDGET_S = 600.0
DEFAULT_MEMORY_MB = 2048
MAX_RESULTS_BYTES = 64 << 20


class GraderError(RuntimeError):
    """The task's grader misbehaved (raised, hung, returned garbage): the task's error, never a score."""


@dataclass(frozen=True)
class Writable:
    """An argument folder the task's function may write into (e.g. `generate`'s destination)."""

    path: Path


@dataclass(frozen=True)
class Call:
    """`function(*args)` of the file `file` (relative to hidden/); `optional`: a missing function is allowed."""

    file: str
    function: str
    args: tuple[Any, ...] = ()
    optional: bool = False

    @property
    def label(self) -> str:
        return f"hidden/{self.file}:{self.function}()"


@dataclass(frozen=True)
class Returned:
    """What one call gave back: its value (JSON data), or that it was missing, or a delivered file's problem."""

    value: Any = None
    missing: bool = False
    file_problem: str | None = None


@dataclass
class Budget:
    """What the task's own code may use in one trial's grading: wall-clock seconds for all calls together, and
    the address space of each call's process."""

    seconds: float = DEFAULT_BUDGET_S
    memory_mb: int = DEFAULT_MEMORY_MB
    spent: float = 0.0

    @property
    def remaining(self) -> float:
        return max(0.0, self.seconds - self.spent)


@dataclass
class _Encoder:
    """Turns arguments into JSON, collecting the host paths they mention as mounts."""

    paths: list[str] = field(default_factory=list)
    mounts: list[Mount] = field(default_factory=list)
    _seen: dict[tuple[Path, bool], int] = field(default_factory=dict)

    def path(self, host: Path, writable: bool = False) -> dict[str, int]:
        key = (host.absolute(), writable)
        if key not in self._seen:
            target = f"/task/in/{len(self.mounts)}"
            self.mounts.append(Mount(key[0], target, writable=writable))
            self._seen[key] = self.add(target)
        return {"__path__": self._seen[key]}

    def add(self, inside: str) -> int:
        if inside not in self.paths:
            self.paths.append(inside)
        return self.paths.index(inside)

    def encode(self, value: Any) -> Any:
        if isinstance(value, Writable):
            return self.path(value.path, writable=True)
        if isinstance(value, Path):
            return self.path(value)
        if isinstance(value, Tree):
            return {"__tree__": {"root": self.path(value.root), "limits": dataclasses.asdict(value.limits)}}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields = {f.name: self.encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
            return {"__dataclass__": type(value).__name__, "fields": fields}
        if isinstance(value, dict):
            return {"__dict__": {str(k): self.encode(v) for k, v in value.items()}}
        if isinstance(value, tuple):
            return {"__tuple__": [self.encode(v) for v in value]}
        if isinstance(value, set | frozenset):
            return {"__set__": [self.encode(v) for v in sorted(value, key=repr)]}
        if isinstance(value, list):
            return [self.encode(v) for v in value]
        if value is None or isinstance(value, str | int | float | bool):
            return value
        raise TypeError(f"cannot pass a {type(value).__name__} to task code")


@dataclass
class TaskCode:
    """Runs functions of one instance's hidden/ code; `hidden` is a private copy of that folder."""

    sandbox: Sandbox
    hidden: Path
    budget: Budget = field(default_factory=Budget)
    scratch: Path | None = None  # where each run's exchange folder goes; default: next to `hidden`
    _runs: int = 0

    def call(self, call: Call) -> Returned:
        """One call; a delivered file's problem is an error here (only checks may blame the worker)."""
        (result,) = self.run([call])
        if result.file_problem is not None:
            raise GraderError(f"{call.label} raised FileProblem: {result.file_problem}")
        return result

    def run(self, calls: Sequence[Call]) -> list[Returned]:
        """All `calls` in one process, in order; GraderError names the first call that went wrong."""
        results = self.run_each(calls)
        for result in results:
            if isinstance(result, GraderError):
                raise result
        return [r for r in results if isinstance(r, Returned)]

    def run_each(self, calls: Sequence[Call]) -> list[Returned | GraderError]:
        """All `calls` in one process, in order, each with what it returned or the error it is blamed for."""
        if not calls:
            return []
        if self.budget.remaining <= 0:
            spent = GraderError(f"the task's grading budget of {self.budget.seconds:g} s was used up")
            return [GraderError(f"{c.label} not run: {spent}") for c in calls]
        self._runs += 1
        folder = (self.scratch or self.hidden.parent) / f"taskcode-{self._runs}"
        remove_tree(folder)
        folder.mkdir(parents=True)
        try:
            result, lines = self._exchange(calls, folder)
        finally:
            remove_tree(folder)
        self.budget.spent += result.wall_s
        out: list[Returned | GraderError] = []
        for i, call in enumerate(calls):
            if i == len(lines):
                out.append(GraderError(f"{call.label} {_why_no_result(result, self.budget)}"))
            elif i > len(lines):
                out.append(GraderError(f"{call.label} not run: {calls[len(lines)].label} ended the process"))
            else:
                try:
                    out.append(_returned(call, lines[i]))
                except GraderError as e:
                    out.append(e)
        return out

    def _exchange(self, calls: Sequence[Call], folder: Path) -> tuple[ExecResult, list[Any]]:
        enc = _Encoder()
        payload = []
        for call in calls:
            file = enc.add(f"{HIDDEN}/{call.file}")
            payload.append(
                {
                    "file": file,
                    "function": call.function,
                    "args": [enc.encode(a) for a in call.args],
                    "optional": call.optional,
                }
            )
        (folder / "calls.json").write_text(json.dumps(payload), encoding="utf-8")
        mounts = [Mount(self.hidden, HIDDEN), Mount(PACKAGE.parent, INSIDE), *enc.mounts]
        toolbox = default_toolbox()
        if toolbox is not None and not isinstance(self.sandbox, WithToolbox):
            mounts.append(Mount(toolbox, str(toolbox)))
        spec = ExecSpec(
            argv=[sys.executable, "-s", "-B", "-P", CHILD_INSIDE, "/workspace/calls.json", *enc.paths],
            workspace=folder,
            env={"PYTHONPATH": INSIDE, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
            mounts=mounts,
            limits=Limits(
                wall_s=self.budget.remaining,
                memory_mb=self.budget.memory_mb,
                processes=64,
                file_size_mb=1024,
                output_bytes=64_000,
            ),
        )
        result = self.sandbox.run(spec)
        try:
            raw = read_bounded(folder, "results.jsonl", MAX_RESULTS_BYTES)
        except FileProblem:
            raw = b""
        lines = []
        for line in raw.decode("utf-8", "replace").splitlines():
            try:
                lines.append(json.loads(line))
            except ValueError:
                lines.append({"error": "wrote a result that is not JSON"})
        return result, lines


def _returned(call: Call, line: Any) -> Returned:
    if not isinstance(line, dict) or "error" in line:
        error = line.get("error", "?") if isinstance(line, dict) else "?"
        where = _last_frame(line.get("traceback", "") if isinstance(line, dict) else "")
        raise GraderError(f"{call.label} {error}{where}")
    if line.get("missing"):
        return Returned(missing=True)
    if line.get("file_problem") is not None:
        return Returned(file_problem=str(line["file_problem"]))
    return Returned(value=line.get("value"))


def _why_no_result(result: ExecResult, budget: Budget) -> str:
    tail = result.stderr.strip().splitlines()[-1:] or [""]
    said = f": {tail[0][:300]}" if tail[0] else ""
    if result.timed_out:
        return f"did not finish within the task's grading budget ({budget.seconds:g} s for all its calls)"
    if result.exit_code > 128:
        return f"crashed (signal {result.exit_code - 128}; memory limit {budget.memory_mb} MB){said}"
    return f"ended the process (exit {result.exit_code}) without returning{said}"


def _last_frame(tb: str) -> str:
    """` (File "hidden/...", line N, in f)`: the innermost frame of the task's own code in a traceback."""
    frames = [ln.strip() for ln in tb.splitlines() if ln.strip().startswith('File "')]
    own = [f for f in frames if f.startswith(f'File "{HIDDEN}/')] or frames
    if not own:
        return ""
    frame = own[-1].replace(f'File "{HIDDEN}/', 'File "hidden/')
    return f" ({frame})"
