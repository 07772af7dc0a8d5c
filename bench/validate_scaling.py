"""How `worktrial validate` scales: wall time at concurrency 1 and 2, a second validate on the same state folder,
and the memory of a running trial.

Run on demand: `python bench/validate_scaling.py [PATH ...]` (default: the bundled suites). Measured in the same run:

- `worktrial validate --concurrency 1` and `--concurrency 2`, each on a fresh state folder (so each computes its
  anchors): target concurrency 2 ≥ 1.8x faster;
- the same `--concurrency 2` validate again on the second state folder, where every unchanged pair takes the
  earlier trial's result (docs/scoring.md): target ≥ 5x faster than the first;
- RSS per running trial during the concurrency-2 run: the peak resident memory of the whole process tree
  (the command and its sandboxes, a model server left out, and a child caught between fork and exec counted once,
  as the command it still is), less what the command holds however many trials run
  (its imports and the world's sentence-embedding model, measured in a fresh process), divided by the trials
  running at once: target ≤ 150 MB.

Exit status 0 when every target holds. `validate` exiting 1 (an anchor failed) is reported, not a bench failure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPEEDUP_TARGET = 1.8
CACHED_TARGET = 5.0
RSS_TARGET_MB = 150.0
SAMPLE_S = 0.2
MODEL_SERVERS = ("llama_cpp", "llama-server")  # a local model's server is the model's memory, not a trial's


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _rss_kb(pid: int, root_cmdline: bytes | None = None) -> int:
    """VmRSS of `pid`; 0 for a model server, and 0 for a child that still carries the command's own command line.

    Such a child is the command between fork (or vfork) and exec: its resident pages are the command's, already
    counted once. The command line is read before the status, so a child that has exec'd by the time its status
    is read is counted with its own pages, and one caught before exec is never counted with the command's.
    """
    cmdline = _cmdline(pid)
    if any(m.encode() in cmdline for m in MODEL_SERVERS) or (root_cmdline is not None and cmdline == root_cmdline):
        return 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass
class Memory:
    """Peak RSS of a process tree, sampled while it runs."""

    root: int
    peak_tree_kb: int = 0
    peak_root_kb: int = 0
    peak_processes: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    def watch(self) -> None:
        while not self.stop.wait(SAMPLE_S):
            tree = _children()
            pids, todo = [], [self.root]
            while todo:
                pid = todo.pop()
                pids.append(pid)
                todo += tree.get(pid, [])
            root_cmdline = _cmdline(self.root)
            total = _rss_kb(self.root) + sum(_rss_kb(p, root_cmdline) for p in pids if p != self.root)
            self.peak_tree_kb = max(self.peak_tree_kb, total)
            self.peak_root_kb = max(self.peak_root_kb, _rss_kb(self.root))
            self.peak_processes = max(self.peak_processes, len(pids))


@dataclass(frozen=True)
class Validate:
    seconds: float
    code: int
    anchors: int
    memory: Memory


def validate(paths: list[str], home: Path, concurrency: int) -> Validate:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "src"), os.environ.get("PYTHONPATH")]))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # byte-code cached as in a user's install (Inspect's venv has it)
    argv = [sys.executable, "-m", "worktrial.cli", "validate", *paths, "--json"]
    argv += ["--concurrency", str(concurrency), "--home", str(home)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    memory = Memory(proc.pid)
    watcher = threading.Thread(target=memory.watch, daemon=True)
    watcher.start()
    out, errors = proc.communicate()
    seconds = time.perf_counter() - t0
    memory.stop.set()
    watcher.join()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"validate exited {proc.returncode}:\n{errors[-2000:]}")
    return Validate(seconds, proc.returncode, sum(1 for line in out.splitlines() if line.strip()), memory)


FIXED_PROBE = """
import worktrial.cli, worktrial.run, worktrial.grading, worktrial.world.embed as e
e.warm_up()
print(int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0]))
"""


def fixed_cost_kb() -> int:
    """What the command holds however many trials run: its imports and the world's sentence-embedding model
    (loaded once per process, a model like a model server's), measured in a fresh process of this run."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "src"), os.environ.get("PYTHONPATH")]))}
    res = subprocess.run([sys.executable, "-c", FIXED_PROBE], cwd=REPO, env=env, capture_output=True, text=True)
    return int(res.stdout.strip()) if res.returncode == 0 else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="suite or family folders (default: the bundled suites)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        one = validate(args.paths, Path(tmp) / "c1", 1)
        two = validate(args.paths, Path(tmp) / "c2", 2)
        cached = validate(args.paths, Path(tmp) / "c2", 2)
    what = " ".join(args.paths) or "the bundled suites"
    print(f"== worktrial validate {what}: {one.anchors} anchors ==")
    for name, v in (("concurrency 1", one), ("concurrency 2", two), ("concurrency 2, cached", cached)):
        failed = ", exit 1: some anchor failed" if v.code else ""
        print(f"{name}: {v.seconds:.1f} s{failed}")
    speedup, cached_speedup = one.seconds / two.seconds, two.seconds / cached.seconds
    print(f"concurrency 2 vs 1: {speedup:.2f}x faster (target >= {SPEEDUP_TARGET}x)")
    print(f"cached vs first validate: {cached_speedup:.2f}x faster (target >= {CACHED_TARGET}x)")
    mem, fixed = two.memory, fixed_cost_kb()
    per_trial = max(0, mem.peak_tree_kb - fixed) / 1024 / 2
    print(
        f"RSS per running trial: {per_trial:.0f} MB (target <= {RSS_TARGET_MB:.0f} MB): peak of the process tree "
        f"{mem.peak_tree_kb / 1024:.0f} MB over 2 running trials, of which the command's own process "
        f"{mem.peak_root_kb / 1024:.0f} MB, less {fixed / 1024:.0f} MB the command holds whatever it runs "
        f"(imports and the sentence-embedding model, measured alone); at most {mem.peak_processes} processes"
    )
    ok = speedup >= SPEEDUP_TARGET and cached_speedup >= CACHED_TARGET and per_trial <= RSS_TARGET_MB
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
