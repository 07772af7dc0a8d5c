"""`world_state`: replay a fixed trajectory of inputs against the delivered program, compare the state it leaves.

The program runs only through the injected `Runner`, in a fresh copy of the delivered folder (links left
out); `sandbox_runner` builds one from a `worktrial.sandbox.Sandbox`. The state file is read back without
following links, under the size limit.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from worktrial.sandbox import ExecSpec, Limits, Sandbox, SandboxError
from worktrial.tasks.checks import WorldStateCheck

from . import formats
from .base import CheckContext, Outcome, Runner, clip, listing
from .files import FileProblem, read_bounded
from .rules import normalise_text
from .values import leaves, same, show

DEFAULT_LIMITS = Limits(wall_s=30, memory_mb=1024, processes=64, file_size_mb=64, output_bytes=64_000)


def sandbox_runner(sandbox: Sandbox, limits: Limits = DEFAULT_LIMITS) -> Runner:
    """A Runner that runs each command in `sandbox`, with `workdir` as /workspace and the cwd."""

    def run(argv: list[str], workdir: Path) -> tuple[int, str, str]:
        result = sandbox.run(ExecSpec(argv=argv, workspace=workdir, limits=limits))
        return result.exit_code, result.stdout, result.stderr

    return run


def _arg(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _commands(spec: WorldStateCheck, inputs: list[Any], work: Path) -> list[list[str]]:
    if spec.replay == "once":
        target = work / spec.input_file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(inputs))
        return [[a.replace("{input_file}", spec.input_file) for a in spec.command]]
    runs = []
    for item in inputs:
        if any("{input}" in a for a in spec.command):
            runs.append([a.replace("{input}", _arg(item)) for a in spec.command])
        else:
            runs.append([*spec.command, _arg(item)])
    return runs


def _compare(spec: WorldStateCheck, state: bytes, expected: bytes) -> Outcome:
    if spec.compare_as == "text":
        a = normalise_text(formats.text(state, spec.state_file))
        b = normalise_text(formats.text(expected, spec.reference_state))
        return Outcome.binary(a == b, "state equals the reference" if a == b else "state text differs")
    got = leaves(formats.json_value(state, spec.state_file))
    want = leaves(formats.json_value(expected, spec.reference_state))
    paths = sorted(set(got) | set(want))
    bad = []
    for p in paths:
        if p not in got:
            bad.append(f"{p} missing")
        elif p not in want:
            bad.append(f"{p} unexpected")
        elif not same(got[p], want[p], spec.abs_tol, spec.rel_tol):
            bad.append(f"{p} = {show(got[p])}, expected {show(want[p])}")
    value = (len(paths) - len(bad)) / len(paths) if paths else 1.0
    detail = f"; differences: {listing(bad, 6)}" if bad else ""
    return Outcome(value, f"{len(paths) - len(bad)}/{len(paths)} state values equal{detail}")


def world_state(spec: WorldStateCheck, ctx: CheckContext) -> Outcome:
    if ctx.runner is None:
        return Outcome.unavailable("no runner configured for world_state checks")
    try:
        if spec.inputs is not None:
            inputs: Any = spec.inputs
        else:
            assert spec.trajectory is not None
            traj_entry, traj = ctx.reference.read_one(spec.trajectory)
            inputs = formats.json_value(traj, traj_entry.rel)
        if not isinstance(inputs, list):
            return Outcome.unavailable("the trajectory is not a JSON list")
        ref_entry, expected = ctx.reference.read_one(spec.reference_state)
        if spec.compare_as == "json":
            formats.json_value(expected, ref_entry.rel)
    except FileProblem as e:
        return Outcome.unavailable(f"reference: {e}")
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="worktrial-world-") as tmp:
        work = Path(tmp) / "work"
        left_out = ctx.output.copy_to(work)
        for i, argv in enumerate(_commands(spec, inputs, work)):
            try:
                code, _out, err = ctx.runner(argv, work)
            except SandboxError as e:
                return Outcome.unavailable(f"sandbox failed: {e}")
            if code != 0:
                tail = err.strip().splitlines()[-1:] or [""]
                failures.append(f"run {i + 1} exited {code}: {tail[0][:150]}")
        try:
            state = read_bounded(work, spec.state_file, ctx.output.limits.max_file_bytes)
        except FileProblem as e:
            return Outcome.failed(clip("; ".join([f"no state: {e}", *failures])))
    outcome = _compare(spec, state, expected)
    notes = [*failures, f"not copied: {listing(left_out)}"] if left_out else failures
    evidence = clip("; ".join([outcome.evidence, *notes]))
    if failures and spec.require_success:
        return Outcome.failed(f"{len(failures)} run(s) failed; " + evidence)
    return Outcome(outcome.value, evidence)
