"""Answers on disk, so that grading again costs nothing and gives the same grade.

One JSON file per answer, `<dir>/<key[:2]>/<key>.json`, written atomically (a temporary file renamed), so
concurrent graders never read half a file. The key is the sha256 of the judge's pin, the question and the
hash of the evidence; only answers that were read successfully are stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def evidence_hash(text: str | None, images: Iterable[bytes] = ()) -> str:
    h = hashlib.sha256()
    h.update(b"text\0" + (text or "").encode("utf-8", "surrogatepass") + b"\0")
    for image in images:
        h.update(b"image\0" + hashlib.sha256(image).digest())
    return h.hexdigest()


def cache_key(pin: str, question: str, evidence: str) -> str:
    return hashlib.sha256(json.dumps([pin, question, evidence]).encode()).hexdigest()


@dataclass(frozen=True)
class AnswerCache:
    root: Path

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            value = json.loads(self.path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # absent or damaged: asked again, then rewritten
        return value if isinstance(value, dict) else None

    def put(self, key: str, record: dict[str, Any]) -> None:
        dest = self.path(key)
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=dest.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(record, f, ensure_ascii=False, indent=1)
            os.replace(tmp, dest)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
