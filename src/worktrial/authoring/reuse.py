"""Reusing anchor results: a calibration trial is a pure function of the family's files, the agent, the sandbox and
worktrial's own code, so `validate` runs again only the pairs whose inputs changed.

A pair's key hashes all four. The family's whole folder is hashed (not only the instance's files) because a probe
such as `sibling@v` or `reference@v` reads another variant's solution. The key is stored with the job that ran the
pair (`JobConfig.pair_keys`); a later validate takes a trial whose job recorded the same key and whose status is
`done`. A void trial is never reused, and a changed file, another sandbox or another worktrial build never matches.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from ..store import Store, TrialRow
from ..tasks import Instance
from ..tasks.files import hash_files, walk_files

PACKAGE = Path(__file__).resolve().parents[1]


def pair_name(instance: str, agent: str) -> str:
    return f"{instance} {agent}"


@cache
def code_hash() -> str:
    """sha256 over worktrial's own files (code, templates, bundled data): what grades a trial besides the task."""
    h = hashlib.sha256()
    hash_files(h, "worktrial/", dict(walk_files(PACKAGE)))
    return h.hexdigest()


@cache
def _folder_hash(root: Path) -> str:
    h = hashlib.sha256()
    hash_files(h, "", dict(walk_files(root)))
    return h.hexdigest()


def pair_key(instance: Instance, agent: str, sandbox: str) -> str:
    parts = [code_hash(), _folder_hash(instance.family.root), instance.content_hash, agent, sandbox]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def pair_keys(instances: dict[str, Instance], pairs: Iterable[tuple[str, str]], sandbox: str) -> dict[str, str]:
    return {pair_name(i, a): pair_key(instances[i], a, sandbox) for i, a in pairs}


def reusable(store: Store, keys: dict[str, str]) -> dict[str, TrialRow]:
    """Per pair name, the newest done trial of an earlier job that recorded the same key for that pair."""
    wanted = {key: name for name, key in keys.items()}
    found: dict[str, TrialRow] = {}
    for job in reversed(store.jobs()):  # newest first
        recorded = (job.config or {}).get("pair_keys") or {}
        matches = {name for name, key in recorded.items() if wanted.get(key) == name and name not in found}
        if not matches:
            continue
        for row in store.trials(job.id):
            name = pair_name(row.instance, row.agent)
            if name in matches and row.status == "done" and row.score is not None:
                found[name] = row
        if len(found) == len(keys):
            break
    return found
