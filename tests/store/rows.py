"""Small jobs written straight into a store, for tests of the store itself."""

from __future__ import annotations

from worktrial.store import Store, TrialRow


def add_job(store: Store, job_id: str, trials: int = 3) -> list[str]:
    """A job of `trials` pending trials of one instance and agent; returns their ids."""
    rows = [
        TrialRow(id=f"{job_id}/t{i}", job_id=job_id, instance="fam/base/L3", agent="noop", repeat=i)
        for i in range(trials)
    ]
    store.create_job(job_id, {"note": "test"}, rows)
    return [r.id for r in rows]


def card(score: float, attempt: int) -> dict[str, object]:
    return {"status": "done", "score": score, "solved": False, "uplift": score, "contact_cost": 0.0,
            "incidents": [], "content_hash": "h", "attempt_seen": attempt}  # fmt: skip
