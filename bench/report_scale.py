"""Time `worktrial report` on a store of 100 000 synthetic trials, against a 2 s target.

Run on demand: `python bench/report_scale.py [--trials N] [--runs K]`. It writes the trials into a fresh SQLite
store with one bulk insert (not timed), then times what `worktrial report JOB` does — read the job's trials,
compute every statistic it shows (each bootstrap interval with 10 000 resamples) and draw its terminal tables —
and prints the best and median wall and CPU times and the ratio of the best wall time to the target. It also
times the full report (`--effort --by family`: score-card values read too, every table), and, in the same run, a
naive pure-Python bootstrap (one agent's per-instance means, a subset of the resamples, extrapolated) against
the vectorised one on the same data, as the baseline ratio. The load average is printed as well: on a shared
machine wall times follow it, CPU times much less.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

from worktrial.analysis import RESAMPLES, bootstrap_ci
from worktrial.analysis.report import build_report
from worktrial.analysis.synthetic import shape_for, synthetic_rows
from worktrial.cli.report import load_table, print_report
from worktrial.store import Home, JobRow, Store, TrialRow

TARGET_S = 2.0
JOB = "bench-report-scale"
NAIVE_RESAMPLES = 500


def make_store(home: Path, trials: int) -> tuple[Store, int]:
    store = Store(Home(home).ensure().db_url)
    rows = synthetic_rows(JOB, shape_for(trials))
    with store.engine.begin() as conn:
        conn.execute(JobRow.__table__.insert(), [{"id": JOB, "config": {}, "status": "finished"}])
        conn.execute(TrialRow.__table__.insert(), rows)
    return store, len(rows)


def one_report(store: Store, full: bool) -> tuple[float, float]:
    """What `worktrial report JOB` (or `--effort --by family`) does, its tables drawn into a string."""
    console = Console(file=io.StringIO(), width=160)
    wall, cpu = time.perf_counter(), time.process_time()
    table = load_table(store, [JOB], card_values=full)
    report = build_report(table, [JOB], by="family" if full else None, with_effort=full)
    print_report(report, f"job {JOB}", console=console)
    return time.perf_counter() - wall, time.process_time() - cpu


def timed(store: Store, full: bool, runs: int) -> tuple[float, float, float, float]:
    times = [one_report(store, full) for _ in range(runs)]
    walls, cpus = [w for w, _ in times], [c for _, c in times]
    return min(walls), statistics.median(walls), min(cpus), statistics.median(cpus)


def naive_bootstrap(x: list[float], resamples: int, seed: int = 0) -> tuple[float, float]:
    rng = random.Random(seed)
    n = len(x)
    means = sorted(sum(x[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    return means[int(0.025 * (resamples - 1))], means[int(0.975 * (resamples - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description="Time `worktrial report` on 100 000 synthetic trials.")
    ap.add_argument("--trials", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="wt-bench-") as tmp:
        t0 = time.perf_counter()
        store, n = make_store(Path(tmp), args.trials)
        print(f"store: {n} trials written in {time.perf_counter() - t0:.1f} s (bulk insert, not timed)")
        for label, full in (("report JOB", False), ("report JOB --effort --by family", True)):
            best, median, cpu_best, cpu_median = timed(store, full, args.runs)
            print(
                f"{label}: best {best:.2f} s wall (median {median:.2f}), best {cpu_best:.2f} s CPU "
                f"(median {cpu_median:.2f}) over {args.runs} runs; {RESAMPLES} resamples per interval; "
                f"ratio to the {TARGET_S:.0f} s target {best / TARGET_S:.2f} (CPU {cpu_best / TARGET_S:.2f})"
            )

        # Baseline: the same bootstrap in plain Python on one agent's per-instance means.
        report = build_report(load_table(store, [JOB], card_values=False), [JOB], by=None, resamples=10)
        row = report.matrix.rows.index(report.headline[0].agent)
        x = [v for v in report.matrix.values[row] if v is not None]
        t = time.perf_counter()
        naive_bootstrap(x, NAIVE_RESAMPLES)
        naive = (time.perf_counter() - t) * RESAMPLES / NAIVE_RESAMPLES
        t = time.perf_counter()
        bootstrap_ci(x)
        fast = time.perf_counter() - t
        print(
            f"baseline: naive pure-Python bootstrap of one agent ({len(x)} instances × {RESAMPLES} resamples, "
            f"extrapolated from {NAIVE_RESAMPLES}) {naive:.2f} s vs vectorised {fast:.3f} s: ratio {naive / fast:.0f}×"
        )
    load = os.getloadavg()
    cpus = os.cpu_count()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {cpus} CPUs; python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
