"""The store's operations behave alike on SQLite and PostgreSQL: jobs, trial claims, results, job ownership."""

from __future__ import annotations

import os

import pytest

from worktrial.run import JobBusy, claim_job, job_owner
from worktrial.store import Store

from .rows import add_job, card


def test_jobs_and_trials_round_trip(store_url: str) -> None:
    store = Store(store_url)
    ids = add_job(store, "j1")
    [job] = store.jobs()
    assert job.id == "j1" and job.config == {"note": "test"} and job.status == "running"
    assert [t.id for t in store.trials("j1")] == ids and {t.status for t in store.trials("j1")} == {"pending"}
    attempt = store.start_trial(ids[0], "/runs/x")
    assert attempt == 1
    full = {**card(0.5, 1), "details": {"agent": {"usage": {"tokens": 12}}}, "kpi": 0.125}
    assert store.finish_trial(ids[0], 1, full, "/runs/x/attempt-1")
    row = store.trial(ids[0])
    assert (row.status, row.score, row.attempt, row.run_dir) == ("done", 0.5, 1, "/runs/x/attempt-1")
    assert row.scorecard == full and row.incidents == [] and row.started is not None and row.finished is not None
    store.finish_job("j1")
    assert store.job("j1").status == "finished"  # type: ignore[union-attr]
    ov = store.job_overview()["j1"]
    assert ov.counts == {"done": 1, "pending": 2} and ov.agents == {"noop"} and ov.instances == {"fam/base/L3"}
    assert Store(store_url).trial(ids[0]).scorecard == full  # a second opening reads the same, migrating nothing


def test_a_trial_claim_is_counted_once(store_url: str) -> None:
    store = Store(store_url)
    [tid] = add_job(store, "j", trials=1)
    first = store.start_trial(tid, "")
    second = store.start_trial(tid, "")  # e.g. a resume after the first attempt was cut off
    assert (first, second) == (1, 2)
    assert not store.finish_trial(tid, 1, card(0.9, 1), "a1")  # the superseded attempt records nothing
    assert store.trial(tid).status == "running"
    assert store.finish_trial(tid, 2, card(0.3, 2), "a2")
    assert not store.finish_trial(tid, 2, card(0.7, 2), "a2")  # nor is a result recorded twice
    assert store.start_trial(tid, "") is None  # a done trial is never started again
    row = store.trial(tid)
    assert (row.score, row.attempt, row.run_dir) == (0.3, 2, "a2")


def test_an_error_result_keeps_no_score_and_can_be_retried(store_url: str) -> None:
    store = Store(store_url)
    [tid] = add_job(store, "j", trials=1)
    store.start_trial(tid, "")
    error = {"status": "error", "error": "sandbox broke", "error_kind": "infrastructure", "content_hash": "h"}
    assert store.finish_trial(tid, 1, error, "a1")
    row = store.trial(tid)
    assert (row.status, row.score, row.error) == ("error", None, "sandbox broke")
    assert store.start_trial(tid, "") == 2


def test_one_owner_per_job(store_url: str) -> None:
    store, other = Store(store_url), Store(store_url)  # two openings, as two processes (or machines) have
    add_job(store, "j", trials=1)
    assert job_owner(other, "j") is None
    claim = claim_job(store, "j")
    claim.verify()
    owner = job_owner(other, "j")
    assert owner is not None and owner.pid == os.getpid() and owner.host == os.uname().nodename
    with pytest.raises(JobBusy, match=f"job j is being run by pid {os.getpid()} on host"):
        claim_job(other, "j")
    claim_job(other, "k").release()  # another job is free
    claim.release()
    assert job_owner(other, "j") is None
    claim_job(other, "j").release()
