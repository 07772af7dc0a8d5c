"""Run a delivered system on unseen data in a fresh sandbox, then measure its KPI with the task's grader.

The grader's `generate()`, `kpi()` and `pilot_feedback()` run in their own bounded process (taskcode.py), never in
this one. What the system wrote to `/out` is copied under the safe-tree rules before the grader sees it (links,
FIFOs, sockets and devices left out and reported), so nothing delivered can make the grader block or read past
its inputs.
"""

from __future__ import annotations

import hashlib
import json
import math
import shlex
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from ..locking import FileLock, atomic_write_text, private_dir, remove_leftovers, replace_dir
from ..sandbox import ExecResult, ExecSpec, Limits, Mount, Sandbox, with_clock
from ..tasks import Instance
from .safetree import TreeReport, copy_tree, remove_tree
from .snapshot import copy_snapshot, tree_hash
from .taskcode import Budget, Call, GraderError, TaskCode, Writable


@dataclass(frozen=True)
class KpiContext:
    """What a grader's `kpi()` and `pilot_feedback()` receive (inside their process, paths are read-only mounts)."""

    out_dir: Path
    data_dir: Path
    workspace: Path
    params: dict[str, Any]
    facts: frozenset[str]
    exit_code: int
    timed_out: bool
    stdout: str
    stderr: str
    split: str
    # The shipped system's output on the same production data (the cached baseline run's /out), so a grader can
    # tell what the delivered system changed. None on pilot data and while the baseline itself is measured.
    baseline_out: Path | None = None


@dataclass(frozen=True)
class KpiOutcome:
    kpi: float
    incidents: list[str]
    details: dict[str, Any]
    kpi_name: str = "kpi"
    run: dict[str, Any] = field(default_factory=dict)
    left_out: list[str] = field(default_factory=list)  # what of /out the grader did not get, and why
    out_dir: Path | None = None  # what the deployed system wrote to /out (as the grader saw it)


def hidden_copy(instance: Instance, scratch: Path) -> Path:
    """A fresh private copy of the instance's hidden/ (after the overlay) at `scratch/hidden`, in plain modes: the
    task's process runs as another uid and reads it read-only."""
    hidden, raw = scratch / "hidden", scratch / "hidden.raw"
    for folder in (hidden, raw):
        remove_tree(folder)
    raw.mkdir(parents=True)
    instance.materialise_tree("hidden", raw)
    copy_tree(raw, hidden, keep_links=False)
    remove_tree(raw)
    return hidden


def task_code(instance: Instance, sandbox: Sandbox, scratch: Path, budget: Budget | None = None) -> TaskCode:
    """A runner for the instance's hidden/ code, over a fresh private copy of hidden/ under `scratch`."""
    grader = instance.config.grader
    budget = budget or Budget(grader.budget_s, grader.memory_mb)
    return TaskCode(sandbox, hidden_copy(instance, scratch), budget, scratch)


def _grader_file(instance: Instance) -> str:
    return instance.config.grader.module.removeprefix("hidden/")


def generated_data(instance: Instance, split: str, cache_dir: Path, code: TaskCode) -> Path:
    """The grader's data for `split`, generated once per (instance content, split, seed) and reused.

    Any number of processes may ask at once: one generates (under a lock beside the entry, in a private folder)
    and the others wait for it. An entry is used only if its files still hash to what was sealed when it was
    made; anything else is generated again. The task's `generate()` runs in its own bounded process.
    """
    seed = instance.seed if split == "production" else instance.config.grader.pilot_seed
    key = hashlib.sha256(f"{instance.variant_hash}\0{split}\0{seed}".encode()).hexdigest()[:24]
    folder = cache_dir / "data"
    dest, seal = folder / key, folder / f"{key}.json"
    if _sealed(dest, seal):
        return dest
    with FileLock(folder / f"{key}.lock", purpose=f"generate {split} data of {instance.id}"):
        if _sealed(dest, seal):  # made by another process while this one waited
            return dest
        seal.unlink(missing_ok=True)
        remove_leftovers(folder, f".{key}.")  # folders of generators that were killed while holding this lock
        raw, tmp = private_dir(folder, f".{key}."), private_dir(folder, f".{key}.")
        try:
            raw.chmod(0o755)
            code.call(Call(_grader_file(instance), "generate", (Writable(raw), dict(instance.params), seed, split)))
            # Plain, readable copies: every later sandbox uid reads the data (at /data), whatever generate wrote.
            remove_tree(tmp)
            copy_tree(raw, tmp, keep_links=False)
            tmp.chmod(0o755)
            digest = tree_hash(tmp)
            replace_dir(tmp, dest)
        finally:
            remove_tree(raw)
            remove_tree(tmp)
        atomic_write_text(seal, json.dumps({"instance": instance.id, "split": split, "seed": seed, "tree": digest}))
    return dest


def _sealed(dest: Path, seal: Path) -> bool:
    """Whether `dest` is a complete entry: its seal reads and its files hash to the sealed digest."""
    try:
        digest = json.loads(seal.read_text(encoding="utf-8"))["tree"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return dest.is_dir() and not dest.is_symlink() and tree_hash(dest) == digest


def run_system(
    instance: Instance, snapshot: Path, data: Path, scratch: Path, sandbox: Sandbox
) -> tuple[ExecResult, Path, Path]:
    """Deploy a copy of the snapshot and run the production command on `data`; returns result, out, workspace."""
    system = instance.config.system
    assert system is not None
    ws, out = scratch / "workspace", scratch / "out"
    for folder in (ws, out):
        remove_tree(folder)
    scratch.mkdir(parents=True, exist_ok=True)
    copy_snapshot(snapshot, ws)
    out.mkdir()
    spec = ExecSpec(
        argv=["/bin/sh", "-c", system.production],
        workspace=ws,
        mounts=[Mount(data, "/data"), Mount(out, "/out", writable=True)],
        limits=Limits(wall_s=system.timeout_s, memory_mb=system.memory_mb, disk_mb=system.disk_mb),
    )
    # A fixed, task-declared time: the same delivered system gives the same result whenever it is graded.
    clocked = with_clock(sandbox, datetime.fromisoformat(instance.grading_clock))
    return clocked.run(spec), out, ws


def deploy(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
    split: str,
    code: TaskCode,
    baseline_out: Path | None = None,
) -> tuple[ExecResult, KpiContext, TreeReport]:
    """Run the snapshot on the data of `split` and describe the outcome for the grader."""
    data = generated_data(instance, split, cache_dir, code)
    result, out, _ = run_system(instance, snapshot, data, scratch, sandbox)
    graded_out, graded_ws = scratch / "out-graded", scratch / "workspace-graded"
    for folder in (graded_out, graded_ws):
        remove_tree(folder)
    report = copy_tree(out, graded_out, keep_links=False)
    # The delivered snapshot (not the copy the run may have changed), without its links: inside the grader's
    # sandbox a link could still reach the grader's own inputs.
    copy_tree(snapshot, graded_ws, keep_links=False)
    ctx = KpiContext(
        out_dir=graded_out,
        data_dir=data,
        workspace=graded_ws,
        params=dict(instance.params),
        facts=facts,
        exit_code=result.exit_code,
        timed_out=result.timed_out,
        stdout=result.stdout[-20000:],
        stderr=result.stderr[-20000:],
        split=split,
        baseline_out=baseline_out,
    )
    return result, ctx, report


def measure(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
    split: str = "production",
    budget: Budget | None = None,
    baseline_out: Path | None = None,
) -> KpiOutcome:
    """The KPI of the delivered `snapshot` on the unseen data of `split`; GraderError for a fault of the task."""
    code = task_code(instance, sandbox, scratch, budget)
    result, ctx, report = deploy(instance, snapshot, facts, scratch, sandbox, cache_dir, split, code, baseline_out)
    run = {
        "command": shlex.split(instance.config.system.production) if instance.config.system else [],
        "exit_code": result.exit_code,
        "timed_out": result.timed_out,  # no wall time: two identical runs must give identical score cards
        "stderr_tail": result.stderr[-2000:],
    }
    if result.stopped:
        run["stopped"] = result.stopped  # the delivered system went over its disk quota: the worker's
    call = Call(_grader_file(instance), "kpi", (ctx,))
    outcome = _parse_kpi(code.call(call).value, run, call.label)
    left_out = ([f"production run: {result.stopped}"] if result.stopped else []) + report.evidence()
    return replace(outcome, left_out=left_out, out_dir=ctx.out_dir)


def _parse_kpi(raw: Any, run: dict[str, Any], label: str) -> KpiOutcome:
    """`kpi()`'s return value, checked: a finite number, string incidents, JSON details."""
    if not isinstance(raw, dict):
        raise GraderError(f"{label} must return a dict with a numeric 'kpi', got {raw!r:.200}")
    kpi = raw.get("kpi")
    if isinstance(kpi, bool) or not isinstance(kpi, int | float):
        raise GraderError(f"{label} returned kpi={kpi!r:.80}, not a number")
    if not math.isfinite(kpi):
        raise GraderError(f"{label} returned kpi={kpi!r}")
    incidents = raw.get("incidents", [])
    if not isinstance(incidents, list) or not all(isinstance(i, str) for i in incidents):
        raise GraderError(f"{label} returned 'incidents' that are not a list of strings")
    details = raw.get("details", {})
    return KpiOutcome(
        float(kpi),
        incidents,
        finite(details) if isinstance(details, dict) else {},
        str(raw.get("kpi_name", "kpi")),
        run,
    )


def finite(value: Any) -> Any:
    """`value` with every non-finite number written as text, so that the score card stays valid JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def pilot_feedback(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
) -> tuple[str, list[str]]:
    """Run the current system on pilot data; staff feedback comes from the grader's `pilot_feedback()`."""
    code = task_code(instance, sandbox, scratch)
    result, ctx, report = deploy(instance, snapshot, facts, scratch, sandbox, cache_dir, "pilot", code)
    call = Call(_grader_file(instance), "pilot_feedback", (ctx,), optional=True)
    returned = code.call(call)
    if returned.missing:
        state = "ran cleanly" if result.ok else f"failed (exit {result.exit_code})"
        return f"The pilot run {state} and wrote {report.files} file(s).", []
    raw = returned.value
    if not isinstance(raw, dict) or not isinstance(raw.get("feedback"), str):
        raise GraderError(f"{call.label} must return a dict with a 'feedback' string, got {raw!r:.200}")
    found = raw.get("facts", [])
    if not isinstance(found, list) or not all(isinstance(f, str) for f in found):
        raise GraderError(f"{call.label} returned 'facts' that are not a list of strings")
    return raw["feedback"], list(found)
