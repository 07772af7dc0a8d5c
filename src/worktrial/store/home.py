"""Where worktrial keeps its store, run directories and caches."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import StoreError

FIX_HOME = "pass a writable folder with --home or $WORKTRIAL_HOME"


@dataclass(frozen=True)
class Home:
    """The state folder (default `./.worktrial`, or `$WORKTRIAL_HOME`, or `--home`)::

    <home>/
      worktrial.db                       SQLite store: jobs and trials (SQLAlchemy)
      cache/data/<key>/                  generated production and pilot data, per variant content
      cache/data/<key>.json              its seal (the digest of its files), .lock while it is made
      cache/anchors/<variant-hash>/      anchors.json (baseline and reference KPIs) and baseline_out/ (the
                                         shipped system's output on the production data); .lock beside it
      locks/jobs/<job>.lock              held by the job's process (SQLite store; PostgreSQL: in the store)
      uploads/<upload>/<family>/         a family uploaded through the web app, as unpacked, linted and validated
      suites/uploaded/<family>/          the published uploads: a suite the web app serves beside its own
      workspaces/<job>/                  a person's trial (docs/workspace.md), private (0700): state.json,
                                         request.json, daemon.sock, daemon.log
      skills/<experiment>/               a skill-transfer experiment (docs/skills.md): matrix.json, matrix.html,
                                         <consumer>__<creator>/<name>/SKILL.md
      skills/creator-cache/              model creators' answers by feedback digest, replayed on a re-run
      runs/<job>/<trial>/attempt-<n>/    one attempt of one trial:
        workspace/                         the worker's /workspace while the agent runs
        handed_out.json, handed_out/       what the worker was handed: every file's size and sha256, copies of
                                           the small ones (the viewer's diff)
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

    @property
    def locks(self) -> Path:
        return self.root / "locks"

    @property
    def workspaces(self) -> Path:
        return self.root / "workspaces"

    @property
    def uploads(self) -> Path:
        return self.root / "uploads"

    @property
    def uploaded_suite(self) -> Path:
        return self.root / "suites" / "uploaded"

    def job_dir(self, job_id: str) -> Path:
        return self.root / "runs" / job_id

    def attempt_dir(self, job_id: str, trial_id: str, attempt: int) -> Path:
        return self.job_dir(job_id) / trial_id / f"attempt-{attempt}"

    def ensure(self) -> Home:
        """Create the folder (private to its owner, 0700, when new) and check that it can be written."""
        where = str(self.root)
        if self.root.exists() and not self.root.is_dir():
            raise StoreError(where, "the state folder is not a folder", FIX_HOME)
        try:
            if not self.root.exists():
                self.root.mkdir(parents=True, mode=0o700)
                self.root.chmod(0o700)  # the mode given to mkdir is narrowed by the umask, never widened
            for p in (self.cache, self.anchors, self.root / "runs", self.locks):
                p.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".write-check-", dir=self.root)
            os.close(fd)
            os.unlink(probe)
        except (FileExistsError, NotADirectoryError):
            raise StoreError(where, "a part of the path is a file, not a folder", FIX_HOME) from None
        except OSError as e:
            raise StoreError(where, f"the state folder cannot be written ({e.strerror or e})", FIX_HOME) from None
        return self
