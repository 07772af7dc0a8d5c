"""Where worktrial keeps its store, run directories and caches."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Home:
    """The state folder (default `./.worktrial`, or `$WORKTRIAL_HOME`, or `--home`)::

    <home>/
      worktrial.db                       SQLite store: jobs and trials (SQLAlchemy)
      cache/data/<key>/                  generated production and pilot data, per variant content
      cache/anchors/<variant-hash>.json  baseline and reference KPIs, per variant content
      runs/<job>/<trial>/attempt-<n>/    one attempt of one trial:
        workspace/                         the worker's /workspace while the agent runs
        delivered/                         hashed snapshot of the delivered workspace
        ledger.jsonl                       hash-chained world ledger (asks, waits, inbox, pilots)
        trajectory.jsonl                   agent events
        grader.log                         production run and grader output
        scorecard.json                     the score card (written last)
    """

    root: Path

    @classmethod
    def default(cls, explicit: Path | None = None) -> Home:
        if explicit is not None:
            return cls(explicit.resolve())
        env = os.environ.get("WORKTRIAL_HOME")
        return cls(Path(env).resolve() if env else (Path.cwd() / ".worktrial").resolve())

    @property
    def db_url(self) -> str:
        return f"sqlite:///{self.root / 'worktrial.db'}"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def anchors(self) -> Path:
        return self.cache / "anchors"

    def job_dir(self, job_id: str) -> Path:
        return self.root / "runs" / job_id

    def attempt_dir(self, job_id: str, trial_id: str, attempt: int) -> Path:
        return self.job_dir(job_id) / trial_id / f"attempt-{attempt}"

    def ensure(self) -> Home:
        for p in (self.root, self.cache, self.anchors, self.root / "runs"):
            p.mkdir(parents=True, exist_ok=True)
        return self
