"""`worktrial run --executor ray`: the same score cards as the local executor, and a SIGKILLed Ray job finished
by `--resume` with every trial recorded exactly once."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from worktrial.store import Home, Store

from ..conftest import FIXTURES
from .wtcli import popen, skip_without, wt

ray = pytest.importorskip("ray", reason="Ray is not installed (the `ray` extra)")

pytestmark = [skip_without("bwrap"), pytest.mark.slow]

AGENTS = ["--agent", "reference", "--agent", "noop", "--agent", "shortcut:guess", "--agent", "literal"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray cluster of 2 CPUs, started by this process (its workers inherit this environment, so they
    import this worktrial); the address `--ray-address` joins. `ray.init` sets RAY_AUTH_MODE in this process's
    environment when it turns token authentication on, so the commands run from here can join it."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def _job(home: Path, suite: Path, *extra: str) -> list[str]:
    return ["run", "--suite", str(suite), "--home", str(home), "--level", "L3", "--concurrency", "2", *AGENTS, *extra]


def _cards(home: Path) -> dict[tuple[str, str, int], Any]:
    store = Store(Home(home).db_url)
    [job] = store.jobs()
    return {(t.instance, t.agent, t.repeat): (t.status, t.score, t.scorecard) for t in store.trials(job.id)}


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the tiny suite for every run of this module: the same plan at the same paths."""
    dest = tmp_path_factory.mktemp("ray") / "suite"
    shutil.copytree(FIXTURES / "suite", dest)
    return dest


@pytest.fixture(scope="module")
def local_cards(suite: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, int], Any]:
    """The cards of the job run by the local executor, the reference for every Ray run."""
    home = tmp_path_factory.mktemp("local") / "home"
    res = wt(*_job(home, suite))
    assert res.returncode == 0, res.stderr
    cards = _cards(home)
    assert len(cards) == 2 * 4 and all(status == "done" for status, _, _ in cards.values())
    return cards


def test_ray_gives_the_local_score_cards(
    cluster: str, suite: Path, local_cards: dict[tuple[str, str, int], Any], tmp_path: Path
) -> None:
    res = wt(*_job(tmp_path / "home", suite, "--executor", "ray", "--ray-address", cluster, "--json"))
    assert res.returncode == 0, res.stderr
    assert len(res.stdout.splitlines()) == len(local_cards)  # JSON Lines only: Ray says nothing on stdout
    cards = _cards(tmp_path / "home")
    assert cards.keys() == local_cards.keys()
    for key, (status, score, card) in cards.items():
        local_status, local_score, local_card = local_cards[key]
        assert (status, score) == (local_status, local_score), key
        assert card["components"] == local_card["components"], key
        assert card == local_card, key


def _wait_until_running(home: Path, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if (home / "worktrial.db").exists():
            store = Store(Home(home).db_url)
            jobs = store.jobs()
            if jobs and any(t.status == "running" for t in store.trials(jobs[0].id)):
                return
        time.sleep(0.05)


def test_sigkill_during_a_ray_job_then_resume(
    cluster: str, suite: Path, local_cards: dict[tuple[str, str, int], Any], tmp_path: Path
) -> None:
    home = tmp_path / "home"
    # Its own local cluster (no --ray-address): the kill takes the driver and that cluster down together.
    proc = popen(*_job(home, suite, "--executor", "ray"))
    _wait_until_running(home, proc)
    assert proc.poll() is None, proc.communicate()
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    store = Store(Home(home).db_url)
    [job] = store.jobs()
    before = {t.id: (t.status, t.attempt) for t in store.trials(job.id)}
    assert any(status != "done" for status, _ in before.values()), "the job finished before it could be killed"

    resumed = wt("run", "--home", str(home), "--resume", job.id, "--executor", "ray", "--ray-address", cluster)
    assert resumed.returncode == 0, resumed.stderr
    after = {t.id: t for t in store.trials(job.id)}
    assert after.keys() == before.keys() and len(after) == len(local_cards)
    for trial_id, row in after.items():
        status, attempt = before[trial_id]
        assert row.status == "done", (trial_id, row.error)
        if status == "done":  # recorded before the kill: never run again
            assert row.attempt == attempt
        else:
            assert row.attempt > attempt
        assert row.run_dir.endswith(f"attempt-{row.attempt}")
        assert (Path(row.run_dir) / "scorecard.json").is_file()
    cards = _cards(home)
    assert {k: (s, sc) for k, (s, sc, _) in cards.items()} == {k: (s, sc) for k, (s, sc, _) in local_cards.items()}


def test_missing_ray_names_the_extra(tiny_suite: Path, tmp_path: Path) -> None:
    # A `ray` module that cannot be imported, put first on the path: the refusal names the extra; nothing recorded.
    fake = tmp_path / "fake"
    (fake / "ray").mkdir(parents=True)
    (fake / "ray" / "__init__.py").write_text("raise ImportError('no ray here')\n")
    path = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])
    res = wt(*_job(tmp_path / "home", tiny_suite, "--executor", "ray"), env={"PYTHONPATH": path})
    assert res.returncode == 2, res.stderr
    assert "pip install 'worktrial[ray]'" in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "home" / "worktrial.db").exists() or not Store(Home(tmp_path / "home").db_url).jobs()


def test_unreachable_cluster_is_refused_quickly(tiny_suite: Path, tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:  # a port nothing listens on once it is closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    res = wt(*_job(tmp_path / "home", tiny_suite, "--executor", "ray", "--ray-address", f"127.0.0.1:{port}"))
    assert res.returncode == 2, res.stderr
    assert "cannot connect to the Ray cluster" in res.stderr and "ray start --head" in res.stderr
    assert time.monotonic() - started < 120
    assert not Store(Home(tmp_path / "home").db_url).jobs()


def test_a_node_with_other_task_files_voids_the_work(cluster: str, tiny_suite: Path, tmp_path: Path) -> None:
    """Task files changed between planning and a task's start look, to the task, like a node that mounts other
    suites: it refuses to run them, and the trial is void with the reason, for a rerun once the nodes agree."""
    import asyncio

    from worktrial.run import JobConfig, JobRunner

    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home, executor="ray")  # joins the module's cluster, already connected
    config = JobConfig(suites=[str(tiny_suite)], agents=[], pairs=[("tiny/base/L3", "noop")])
    job_id = runner.create(config)
    (tiny_suite / "tiny" / "workspace" / "NOTE.md").write_text("changed after planning\n")
    [row] = asyncio.run(runner.run(job_id, config))
    assert row.status == "error" and row.scorecard is not None
    assert "differ from the job's" in (row.error or "") and row.scorecard["error_kind"] == "infrastructure"


def _trial_workers() -> list[int]:
    """Ray worker processes running a trial now (Ray names them after their task)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(b"ray::trial_task"):
                pids.append(int(entry.name))

        except OSError:
            continue
    return pids


def test_a_worker_killed_mid_trial_voids_it_for_resume(cluster: str, tiny_suite: Path, tmp_path: Path) -> None:
    """A Ray worker lost mid-trial: that trial is void (infrastructure, resumable), the others run on."""
    home = tmp_path / "home"
    # The command's own cluster, whose trial workers carry their task's name (found by it, killed by pid).
    args = ["--variant", "base", "--executor", "ray", "--concurrency", "1"]
    proc = popen(*_job(home, tiny_suite, *args))
    deadline = time.monotonic() + 120
    while not (workers := _trial_workers()) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert workers, proc.communicate()
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 3, stderr
    assert "[infrastructure]" in stderr and "ray: WorkerCrashedError" in stderr and "--resume" in stderr
    store = Store(Home(home).db_url)
    [job] = store.jobs()
    assert [t.status for t in store.trials(job.id)].count("error") == 1
    resumed = wt("run", "--home", str(home), "--resume", job.id, "--executor", "ray", "--ray-address", cluster)
    assert resumed.returncode == 0, resumed.stderr
    assert all(t.status == "done" for t in store.trials(job.id))
