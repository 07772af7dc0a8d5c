"""The anchor cache: per variant content hash, the baseline and reference KPIs and the baseline run's output.

    <cache>/anchors/<variant-hash>/anchors.json   AnchorRecord
    <cache>/anchors/<variant-hash>/baseline_out/  what the shipped system wrote to /out on the production data
    <cache>/anchors/<variant-hash>.lock           held while one process computes the entry

An entry is written whole (made in a private folder, then renamed into place) and checked on every read: the record
must parse, its numbers be finite, its checksum match and `baseline_out/` hash to what was recorded. An entry that
fails is treated as missing and computed again; it is never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ..grading import Anchors, tree_hash
from ..locking import FileLock, atomic_write_text, private_dir, remove_leftovers, replace_dir
from ..tasks import Instance

RECORD = "anchors.json"
BASELINE_OUT = "baseline_out"


class AnchorRecord(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False, extra="forbid")

    version: Literal[1] = 1
    instance: str
    variant_hash: str
    baseline: float
    reference: float
    baseline_out_hash: str
    checksum: str = ""

    def digest(self) -> str:
        body = self.model_dump(mode="json", exclude={"checksum"})
        return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


class AnchorCache:
    """Reads and writes anchor entries under `folder`; computing them is the job's anchor phase (run/anchors.py)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def entry(self, instance: Instance) -> Path:
        return self.folder / instance.variant_hash

    def lock(self, instance: Instance) -> FileLock:
        return FileLock(self.folder / f"{instance.variant_hash}.lock", purpose=f"anchors of {instance.id}")

    def scratch(self, instance: Instance) -> Path:
        """A private work folder on the cache's file system (so results are moved in, not copied). The caller holds
        `lock(instance)`, so folders of this entry that a killed process left behind are removed first."""
        for prefix in (f".work-{instance.variant_hash[:12]}-", f".{instance.variant_hash[:12]}-"):
            remove_leftovers(self.folder, prefix)
        return private_dir(self.folder, f".work-{instance.variant_hash[:12]}-")

    def read(self, instance: Instance) -> Anchors | None:
        """The verified entry, or None when it is missing or fails any check."""
        entry = self.entry(instance)
        try:
            record = AnchorRecord.model_validate_json((entry / RECORD).read_text(encoding="utf-8"))
        except (OSError, ValidationError, ValueError):
            return None
        out = entry / BASELINE_OUT
        if (
            record.variant_hash != instance.variant_hash
            or record.checksum != record.digest()
            or not out.is_dir()
            or out.is_symlink()
            or tree_hash(out) != record.baseline_out_hash
        ):
            return None
        return Anchors(record.baseline, record.reference, out)

    def write(self, instance: Instance, baseline: float, reference: float, baseline_out: Path) -> Anchors:
        """Put a new entry in place, moving `baseline_out` into it. The caller holds `lock(instance)`."""
        ready = private_dir(self.folder, f".{instance.variant_hash[:12]}-")
        ready.chmod(0o755)  # graders confined to an unprivileged uid read baseline_out/
        try:
            dest_out = ready / BASELINE_OUT
            if baseline_out.is_dir():
                os.replace(baseline_out, dest_out)
            else:
                dest_out.mkdir()
            record = AnchorRecord(
                instance=instance.id,
                variant_hash=instance.variant_hash,
                baseline=baseline,
                reference=reference,
                baseline_out_hash=tree_hash(dest_out),
            )
            record.checksum = record.digest()
            atomic_write_text(ready / RECORD, record.model_dump_json(indent=2) + "\n")
            replace_dir(ready, self.entry(instance))
        finally:
            shutil.rmtree(ready, ignore_errors=True)
        return Anchors(baseline, reference, self.entry(instance) / BASELINE_OUT)
