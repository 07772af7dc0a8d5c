"""Where the external harnesses are installed (`scripts/install_harnesses.sh`): `$WORKTRIAL_HARNESSES`, else
`.harnesses/` at the repository root or in the current folder. The folder is mounted read-only into the
sandbox at `/opt/worktrial/harnesses`."""

from __future__ import annotations

import json
import os
from pathlib import Path

SANDBOX_ROOT = "/opt/worktrial/harnesses"
INSTALL_HINT = "install it with scripts/install_harnesses.sh (or set WORKTRIAL_HARNESSES to the install folder)"


def harness_root() -> Path | None:
    """The install folder (the one holding node_modules/), or None when there is none."""
    env = os.environ.get("WORKTRIAL_HARNESSES")
    candidates = [Path(env)] if env else [Path(__file__).resolve().parents[4] / ".harnesses", Path.cwd() / ".harnesses"]
    return next((c for c in candidates if (c / "node_modules").is_dir()), None)


def package_version(root: Path, package: str) -> str | None:
    """The installed version of an npm package under `root`, or None when it is not installed."""
    try:
        data = json.loads((root / "node_modules" / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = data.get("version") if isinstance(data, dict) else None
    return version if isinstance(version, str) else None


def sandbox_path(root: Path, host_path: Path) -> str:
    """Where a file under the install folder appears inside the sandbox."""
    return f"{SANDBOX_ROOT}/{host_path.relative_to(root).as_posix()}"
