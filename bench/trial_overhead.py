"""Per-trial overhead of noop trials (materialise + sandbox + world + grade) and question-routing latency.

Run on demand: `python bench/trial_overhead.py`. Prints medians and the ratio against the targets
(≤ 0.3 s per noop trial, p50 routing ≤ 10 ms), and a plain-bwrap start for scale, measured in the same run.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from worktrial.run import AnchorCache, TrialContext, TrialSpec, ensure_anchors, run_trial
from worktrial.sandbox import get_sandbox
from worktrial.tasks import load_family
from worktrial.world import Router

REPO = Path(__file__).resolve().parents[1]
FAMILY = REPO / "suites/engagements/oil_npt"
TRIALS = 20
QUESTIONS = 200


def bench_trials(home: Path) -> list[float]:
    inst = load_family(FAMILY).instance("base", "L3")
    anchors = AnchorCache(home / "anchors")
    ctx = TrialContext(get_sandbox("bwrap"), home / "cache", anchors)
    asyncio.run(ensure_anchors(inst, ctx))  # the job's anchor phase
    asyncio.run(run_trial(TrialSpec("warm", "bench", inst, "noop"), ctx, home / "warm"))  # production data cached
    times = []
    for n in range(TRIALS):
        t0 = time.perf_counter()
        card = asyncio.run(run_trial(TrialSpec(f"t{n}", "bench", inst, "noop"), ctx, home / f"t{n}"))
        times.append(time.perf_counter() - t0)
        assert card.status == "done", card.error
    return times


def bench_routing() -> list[float]:
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
    argv = [
        "bwrap",
        "--ro-bind",
        "/usr",
        "/usr",
        "--symlink",
        "usr/bin",
        "/bin",
        "--symlink",
        "usr/lib",
        "/lib",
        "--symlink",
        "usr/lib64",
        "/lib64",
        "--unshare-all",
        "--die-with-parent",
        "/bin/true",
    ]
    t0 = time.perf_counter()
    for _ in range(20):
        subprocess.run(argv, check=True)
    return (time.perf_counter() - t0) / 20


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trials = bench_trials(Path(tmp))
    routing = bench_routing()
    p50_trial = statistics.median(trials)
    p50_route = statistics.median(routing) * 1000
    p95_route = sorted(routing)[int(len(routing) * 0.95)] * 1000
    start = bwrap_start()
    print(
        f"noop trial overhead: p50 {p50_trial:.3f} s, max {max(trials):.3f} s over {TRIALS} trials "
        f"(target 0.3 s: ratio {p50_trial / 0.3:.2f}); plain bwrap start {start * 1000:.1f} ms "
        f"(trial = {p50_trial / start:.0f}x a bare sandbox start)"
    )
    print(
        f"routing latency: p50 {p50_route:.2f} ms, p95 {p95_route:.2f} ms over {len(routing)} questions "
        f"(target p50 10 ms: ratio {p50_route / 10:.2f})"
    )
    ok = p50_trial <= 0.3 and p50_route <= 10
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
