"""Sentence embeddings from the static model bundled in the `tokenlearn-static-model` package.

The model takes about a second to load, so it is loaded on first use, once per process; after that a
sentence costs about a tenth of a millisecond. Calls are serialised by one lock because the native extension
does not promise to be re-entrant, and at that speed the lock is never the bottleneck.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

DIM = 64
_lock = threading.Lock()
_model: Any = None


def _load() -> Any:
    global _model
    if _model is None:
        import static_model

        static_model.get_embeddings(["warm up"])  # forces the weights into memory now, under the lock
        _model = static_model
    return _model


def embed(texts: Sequence[str]) -> npt.NDArray[np.float64]:
    """Unit vectors, one row per text; a text with no known word gets a zero row (similarity 0)."""
    if not texts:
        return np.zeros((0, DIM))
    with _lock:
        rows = _load().get_embeddings([str(t) for t in texts])
    arr = np.asarray(rows, dtype=np.float64).reshape(len(texts), -1)
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    unit: npt.NDArray[np.float64] = np.divide(arr, norms, out=np.zeros_like(arr), where=norms > 0)
    return unit


def warm_up() -> None:
    """Load the model now (e.g. when a service starts) instead of on the first question."""
    with _lock:
        _load()
