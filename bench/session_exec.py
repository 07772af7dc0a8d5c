"""Per-command cost of `exec` in a session against a one-shot fresh-sandbox `run`, measured in the same run.

Run on demand: `python bench/session_exec.py [--backend bwrap|local] [--commands N] [--clock]`. It starts one
session and runs `true` N times in it, then runs `true` N times as one-shot sandboxes with the same spec, and
prints the median and p90 per command of each and their ratio (one-shot / session). `--clock` runs both with
the simulated clock preloaded. The session's start and close are timed separately: they are paid once per
trial. The load average is printed too: on a shared machine wall times follow it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from worktrial.sandbox import ExecSpec, Limits, LiveClock, SessionSpec, get_sandbox


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="bwrap", choices=["bwrap", "local"])
    parser.add_argument("--commands", type=int, default=100)
    parser.add_argument("--clock", action="store_true", help="preload the simulated clock in both")
    args = parser.parse_args()
    sandbox = get_sandbox(args.backend)
    sandbox.check()
    with tempfile.TemporaryDirectory(prefix="wt-bench-") as tmp:
        workspace = Path(tmp) / "workspace"
        workspace.mkdir()
        clock = LiveClock(Path(tmp) / "clock", datetime(2026, 3, 2, 9, 0)) if args.clock else None
        session_spec = SessionSpec(workspace=workspace, limits=Limits(wall_s=3600))
        one_shot_spec = ExecSpec(argv=["true"], workspace=workspace)
        if clock is not None:
            session_spec, one_shot_spec = clock.apply(session_spec), clock.apply(one_shot_spec)

        start = time.perf_counter()
        session = sandbox.session(session_spec)
        started = time.perf_counter() - start
        in_session = []
        for _ in range(args.commands):
            t = time.perf_counter()
            assert session.exec(["true"]).ok
            in_session.append(time.perf_counter() - t)
        t = time.perf_counter()
        session.close()
        closed = time.perf_counter() - t

        one_shot = []
        for _ in range(args.commands):
            t = time.perf_counter()
            assert sandbox.run(one_shot_spec).ok
            one_shot.append(time.perf_counter() - t)

    s_med, o_med = statistics.median(in_session), statistics.median(one_shot)
    print(f"backend {args.backend}, {args.commands} commands each, clock {'on' if args.clock else 'off'}, "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"session start {started * 1000:.1f} ms, close {closed * 1000:.1f} ms (once per trial)")
    print(f"exec in a session : median {s_med * 1000:.2f} ms, p90 {percentile(in_session, 0.9) * 1000:.2f} ms")
    print(f"one-shot run      : median {o_med * 1000:.2f} ms, p90 {percentile(one_shot, 0.9) * 1000:.2f} ms")
    print(f"ratio one-shot / session (median): {o_med / s_med:.2f}x")


if __name__ == "__main__":
    main()
