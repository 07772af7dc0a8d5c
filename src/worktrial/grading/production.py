"""Run a delivered system on unseen data in a fresh sandbox, then measure its KPI on the host."""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any

from ..locking import FileLock, atomic_write_text, private_dir, remove_leftovers, replace_dir
from ..sandbox import ExecResult, ExecSpec, Limits, Mount, Sandbox
from ..tasks import Instance
from .modules import load_task_module
from .snapshot import copy_snapshot, tree_hash


class GraderError(RuntimeError):
    """The task's grader misbehaved (raised, returned garbage): an infrastructure failure, never a score."""


@dataclass(frozen=True)
class KpiContext:
    """What a grader's `kpi()` and `pilot_feedback()` receive."""

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
    out_dir: Path | None = None  # what the deployed system wrote to /out


def grader_module(instance: Instance) -> ModuleType:
    """Import the instance's grader once per content (graders are trusted task code, run on the host)."""
    path = instance.hidden_path(instance.config.grader.module.removeprefix("hidden/"))
    try:
        return load_task_module(path, f"worktrial_grader_{instance.family.id}")
    except Exception as e:
        raise GraderError(f"{path}: import failed: {type(e).__name__}: {e}") from e


def generated_data(instance: Instance, split: str, cache_dir: Path) -> Path:
    """The grader's data for `split`, generated once per (instance content, split, seed) and reused.

    Any number of processes may ask at once: one generates (under a lock beside the entry, in a private folder)
    and the others wait for it. An entry is used only if its files still hash to what was sealed when it was
    made; anything else is generated again.
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
        tmp = private_dir(folder, f".{key}.")
        tmp.chmod(0o755)  # mounted read-only at /data for the sandbox's unprivileged uid
        try:
            try:
                grader_module(instance).generate(tmp, dict(instance.params), seed, split)
            except Exception as e:
                raise GraderError(f"grader generate({split}) failed: {type(e).__name__}: {e}") from e
            digest = tree_hash(tmp)
            replace_dir(tmp, dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
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
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    ws, out = scratch / "workspace", scratch / "out"
    copy_snapshot(snapshot, ws)
    out.mkdir()
    spec = ExecSpec(
        argv=["/bin/sh", "-c", system.production],
        workspace=ws,
        mounts=[Mount(data, "/data"), Mount(out, "/out", writable=True)],
        limits=Limits(wall_s=system.timeout_s, memory_mb=system.memory_mb),
    )
    return sandbox.run(spec), out, ws


def deploy(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
    split: str,
    baseline_out: Path | None = None,
) -> tuple[ExecResult, KpiContext]:
    """Run the snapshot on the data of `split` and describe the outcome for the grader."""
    data = generated_data(instance, split, cache_dir)
    result, out, ws = run_system(instance, snapshot, data, scratch, sandbox)
    ctx = KpiContext(
        out_dir=out,
        data_dir=data,
        workspace=ws,
        params=dict(instance.params),
        facts=facts,
        exit_code=result.exit_code,
        timed_out=result.timed_out,
        stdout=result.stdout[-20000:],
        stderr=result.stderr[-20000:],
        split=split,
        baseline_out=baseline_out,
    )
    return result, ctx


def measure(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
    split: str = "production",
    baseline_out: Path | None = None,
) -> KpiOutcome:
    """Deploy the snapshot on `split` data and call the grader's `kpi()` on the host with what it produced."""
    result, ctx = deploy(instance, snapshot, facts, scratch, sandbox, cache_dir, split, baseline_out)
    run = {
        "command": shlex.split(instance.config.system.production) if instance.config.system else [],
        "exit_code": result.exit_code,
        "timed_out": result.timed_out,
        "wall_s": round(result.wall_s, 3),
        "stderr_tail": result.stderr[-2000:],
    }
    try:
        raw = grader_module(instance).kpi(ctx)
    except Exception as e:
        raise GraderError(f"grader kpi() failed: {type(e).__name__}: {e}") from e
    return replace(_parse_kpi(raw, run), out_dir=ctx.out_dir)


def _parse_kpi(raw: Any, run: dict[str, Any]) -> KpiOutcome:
    if not isinstance(raw, dict) or not isinstance(raw.get("kpi"), int | float):
        raise GraderError(f"grader kpi() must return a dict with a numeric 'kpi', got {raw!r:.200}")
    incidents = raw.get("incidents", [])
    if not isinstance(incidents, list) or not all(isinstance(i, str) for i in incidents):
        raise GraderError("grader kpi() 'incidents' must be a list of strings")
    details = raw.get("details", {})
    return KpiOutcome(
        float(raw["kpi"]),
        incidents,
        details if isinstance(details, dict) else {},
        str(raw.get("kpi_name", "kpi")),
        run,
    )


def pilot_feedback(
    instance: Instance,
    snapshot: Path,
    facts: frozenset[str],
    scratch: Path,
    sandbox: Sandbox,
    cache_dir: Path,
) -> tuple[str, list[str]]:
    """Run the current system on pilot data; staff feedback comes from the grader's `pilot_feedback()`."""
    result, ctx = deploy(instance, snapshot, facts, scratch, sandbox, cache_dir, "pilot")
    module = grader_module(instance)
    if not hasattr(module, "pilot_feedback"):
        state = "ran cleanly" if result.ok else f"failed (exit {result.exit_code})"
        return f"The pilot run {state} and wrote {sum(1 for _ in ctx.out_dir.rglob('*'))} file(s).", []
    try:
        raw = module.pilot_feedback(ctx)
        return str(raw["feedback"]), [str(f) for f in raw.get("facts", [])]
    except Exception as e:
        raise GraderError(f"grader pilot_feedback() failed: {type(e).__name__}: {e}") from e
