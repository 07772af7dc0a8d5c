"""Per-trial overhead of noop trials, through the command a user runs and in process, against Inspect AI.

Run on demand: `python bench/trial_overhead.py [--trials N] [--rounds R] [--no-inspect]`. Two sections, measured
in the same run (each timed command the fastest of R rounds, taken in turns):

1. The command: `worktrial run --task oil_npt/base/L3 --agent noop --repeats N --concurrency 1 --home TMP` as a
   subprocess, wall time of the whole command and per trial; start-up is separated by also timing a 1-trial run.
   The same is done for a trivial task in Inspect AI (N samples, one tool call each, Inspect's mockllm model, one
   sample at a time), installed into a venv of its own under the cache folder ($WORKTRIAL_BENCH_CACHE, default
   ~/.cache/worktrial/bench) on first use. The target is worktrial's whole command per trial ≤ 2.0x Inspect's per
   sample. If Inspect cannot be installed, the bench says so and prints worktrial's numbers only.
2. In process: run_trial per noop trial (materialise + sandbox + world + grade, target ≤ 0.3 s), question-routing
   latency (p50 ≤ 10 ms), and a plain bwrap start for scale.

Exit status 0 when every target measured holds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FAMILY = REPO / "suites/engagements/oil_npt"
TASK = "oil_npt/base/L3"
TRIALS = 20
ROUNDS = 3
QUESTIONS = 200
RATIO_TARGET = 2.0
CACHE = Path(os.environ.get("WORKTRIAL_BENCH_CACHE") or Path.home() / ".cache/worktrial/bench")

INSPECT_TASK = '''\
"""A trivial task: each sample makes one tool call (a command in Inspect's local sandbox), then answers."""

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import includes
from inspect_ai.solver import generate, use_tools
from inspect_ai.tool import tool
from inspect_ai.util import sandbox


@tool
def finish():
    async def execute() -> str:
        """Run the finishing command.

        Returns:
          Its output.
        """
        return (await sandbox().exec(["echo", "done"])).stdout

    return execute


def outputs():
    while True:  # samples run one at a time, so each gets the tool call and then the answer
        for out in (
            ModelOutput.for_tool_call("mockllm/model", "finish", {}),
            ModelOutput.from_content("mockllm/model", "done"),
        ):
            out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # no tokenizer download
            yield out


@task
def trivial(n: int = 1):
    return Task(
        dataset=[Sample(input=f"finish {i}", target="done") for i in range(n)],
        solver=[use_tools(finish()), generate()],
        scorer=includes(),
        sandbox="local",
        model=get_model("mockllm/model", custom_outputs=outputs()),
    )
'''


@dataclass(frozen=True)
class CommandTimes:
    """Wall times of one command at 1 and at N trials (or samples)."""

    one: float
    many: float
    n: int

    @property
    def per_trial(self) -> float:
        """The whole command's time per trial."""
        return self.many / self.n

    @property
    def marginal(self) -> float:
        """What one more trial costs, start-up left out."""
        return (self.many - self.one) / (self.n - 1)

    @property
    def startup(self) -> float:
        return self.one - self.marginal


def timed(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:6])} ... exited {done.returncode}:\n{done.stderr[-2000:]}")
    return elapsed


def worktrial_run(home: Path) -> Callable[[int], float]:
    """`worktrial run` as a user runs it, N trials on one state folder."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "src"), os.environ.get("PYTHONPATH")]))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # byte-code cached as in a user's install (Inspect's venv has it)

    def run(repeats: int) -> float:
        argv = [sys.executable, "-m", "worktrial.cli", "run", "--task", TASK, "--agent", "noop"]
        argv += ["--repeats", str(repeats), "--concurrency", "1", "--home", str(home)]
        return timed(argv, REPO, env)

    return run


def inspect_venv() -> tuple[Path | None, str]:
    """The `inspect` command of a venv with inspect-ai, made on first use; or None and why not."""
    venv = CACHE / "inspect-venv"
    exe = venv / "bin" / "inspect"
    if exe.exists():
        return exe, ""
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "inspect-ai"]
        subprocess.run(pip, check=True, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as e:
        shutil.rmtree(venv, ignore_errors=True)
        tail = (getattr(e, "stderr", "") or str(e)).strip().splitlines()[-1:]
        return None, " ".join(tail) or type(e).__name__
    return (exe, "") if exe.exists() else (None, "inspect-ai installed no `inspect` command")


def inspect_eval(exe: Path, work: Path) -> Callable[[int], float]:
    """`inspect eval` of the trivial task with N samples, one at a time."""
    (work / "trivial.py").write_text(INSPECT_TASK, encoding="utf-8")

    def run(samples: int) -> float:
        argv = [str(exe), "eval", "trivial.py", "-T", f"n={samples}", "--max-samples", "1"]
        argv += ["--log-dir", str(work / "logs"), "--display", "none"]
        return timed(argv, work)

    return run


def measure(runs: dict[str, Callable[[int], float]], n: int, rounds: int) -> dict[str, CommandTimes]:
    """Each command at 1 and at N, taking turns round after round (so both see the same load); the fastest of the
    rounds counts, the least disturbed by other work on the machine."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            times[name].append((run(1), run(n)))
    return {name: CommandTimes(min(t[0] for t in ts), min(t[1] for t in ts), n) for name, ts in times.items()}


def bench_trials(home: Path, n: int) -> list[float]:
    from worktrial.run import AnchorCache, TrialContext, TrialSpec, ensure_anchors, run_trial
    from worktrial.sandbox import get_sandbox
    from worktrial.tasks import load_family

    inst = load_family(FAMILY).instance("base", "L3")
    anchors = AnchorCache(home / "anchors")
    ctx = TrialContext(get_sandbox("bwrap"), home / "cache", anchors)
    asyncio.run(ensure_anchors(inst, ctx))  # the job's anchor phase
    asyncio.run(run_trial(TrialSpec("warm", "bench", inst, "noop"), ctx, home / "warm"))  # production data cached
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        card = asyncio.run(run_trial(TrialSpec(f"t{i}", "bench", inst, "noop"), ctx, home / f"t{i}"))
        times.append(time.perf_counter() - t0)
        assert card.status == "done", card.error
    return times


def bench_routing() -> list[float]:
    from worktrial.tasks import load_family
    from worktrial.world import Router

    inst = load_family(FAMILY).instance("base", "L3")
    people = inst.people()
    router = Router(people)
    questions = [ex for p in people.people for t in p.topics for ex in t.examples]
    pairs = [(p.id, q) for p in people.people for q in questions][:QUESTIONS]
    router.route(pairs[0][0], "warm up the embedding model")
    times = []
    for pid, q in pairs:
        t0 = time.perf_counter()
        router.route(pid, q + " ?")  # a fresh string each time, so the cache does not answer
        times.append(time.perf_counter() - t0)
    return times


def bwrap_start() -> float:
    argv = ["bwrap", "--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib"]
    argv += ["--symlink", "usr/lib64", "/lib64", "--unshare-all", "--die-with-parent", "/bin/true"]
    t0 = time.perf_counter()
    for _ in range(20):
        subprocess.run(argv, check=True)
    return (time.perf_counter() - t0) / 20


def command_section(n: int, rounds: int, with_inspect: bool) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        runs = {"worktrial": worktrial_run(Path(tmp) / "home")}
        first = runs["worktrial"](1)  # computes the anchors and caches the production data, as a first job does
        exe, why = inspect_venv() if with_inspect else (None, "skipped (--no-inspect)")
        if exe is not None:
            runs["inspect"] = inspect_eval(exe, Path(tmp))
            runs["inspect"](1)  # a first run, as worktrial's
        measured = measure(runs, n, rounds)
    wt, ins = measured["worktrial"], measured.get("inspect")
    print(f"== the command: `worktrial run --task {TASK} --agent noop --repeats {n} --concurrency 1` ==")
    print(f"first run (anchors computed, production data cached): {first:.2f} s; then the fastest of {rounds} rounds")
    print(
        f"worktrial: {n} trials {wt.many:.2f} s, 1 trial {wt.one:.2f} s -> {wt.per_trial:.3f} s per trial for the "
        f"whole command; start-up {wt.startup:.2f} s, then {wt.marginal:.3f} s per trial"
    )
    if ins is None:
        print(f"Inspect AI: not measured: {why}; worktrial's numbers only")
        return True
    print(
        f"Inspect AI (mockllm, one tool call per sample, --max-samples 1): {n} samples {ins.many:.2f} s, 1 sample "
        f"{ins.one:.2f} s -> {ins.per_trial:.3f} s per sample for the whole command; start-up {ins.startup:.2f} s, "
        f"then {ins.marginal:.3f} s per sample"
    )
    ratio = wt.per_trial / ins.per_trial
    print(
        f"worktrial/Inspect per trial, whole command: {ratio:.2f} (target <= {RATIO_TARGET}); start-up "
        f"{wt.startup / ins.startup:.2f}; per trial past start-up {wt.marginal / ins.marginal:.2f}"
    )
    return ratio <= RATIO_TARGET


def in_process_section(n: int) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        trials = bench_trials(Path(tmp), n)
    routing = bench_routing()
    p50_trial = statistics.median(trials)
    p50_route = statistics.median(routing) * 1000
    p95_route = sorted(routing)[int(len(routing) * 0.95)] * 1000
    start = bwrap_start()
    print("== in process: run_trial, routing ==")
    print(
        f"noop trial overhead: p50 {p50_trial:.3f} s, max {max(trials):.3f} s over {n} trials "
        f"(target 0.3 s: ratio {p50_trial / 0.3:.2f}); plain bwrap start {start * 1000:.1f} ms "
        f"(trial = {p50_trial / start:.0f}x a bare sandbox start)"
    )
    print(
        f"routing latency: p50 {p50_route:.2f} ms, p95 {p95_route:.2f} ms over {len(routing)} questions "
        f"(target p50 10 ms: ratio {p50_route / 10:.2f})"
    )
    return p50_trial <= 0.3 and p50_route <= 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=TRIALS, help="trials (and Inspect samples) per timed run")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="timed rounds; the fastest counts")
    parser.add_argument("--no-inspect", action="store_true", help="worktrial's numbers only")
    args = parser.parse_args()
    n = max(args.trials, 2)
    ok = command_section(n, max(args.rounds, 1), not args.no_inspect)
    ok = in_process_section(n) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
