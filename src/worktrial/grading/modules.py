"""Importing trusted task code (graders, custom checks) from a family's hidden/ folder, once per content."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import threading
from pathlib import Path
from types import ModuleType

_modules: dict[str, ModuleType] = {}
_lock = threading.Lock()


def load_task_module(path: Path, prefix: str) -> ModuleType:
    """Import `path` under a name keyed by its content hash, so an edited file is imported afresh.

    Errors of the file itself (SyntaxError, an exception at import) propagate unchanged; the caller decides
    whether they void a trial.
    """
    key = f"{prefix}_{hashlib.sha256(path.read_bytes()).hexdigest()[:16]}"
    with _lock:
        if key not in _modules:
            spec = importlib.util.spec_from_file_location(key, path)
            if spec is None or spec.loader is None:
                raise ImportError(f"{path}: cannot be imported")
            module = importlib.util.module_from_spec(spec)
            sys.modules[key] = module  # dataclasses in the module look themselves up here
            spec.loader.exec_module(module)
            _modules[key] = module
        return _modules[key]
