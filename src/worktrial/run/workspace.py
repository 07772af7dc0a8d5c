"""Materialise an instance into the worker's /workspace: its files, TASK.md and the world clients."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..tasks import Instance
from ..world import clients_dir

ENGAGEMENT_RULES = """
---
## How this engagement works
- Your workspace is `/workspace`; the production system is under `system/`. What `system/` contains when you
  finish is deployed unchanged and run on production data you have not seen.
- Talk to the client's staff with `bin/ask` (`bin/ask --who`, `bin/ask PERSON "question"`, `bin/ask --wait 2d`,
  `bin/ask --inbox`, `bin/ask --now`). People's time costs money; ask one specific question at a time.
- `bin/pilot` runs your current system on a pilot day and tells you what staff noticed (it costs too).
"""

DELIVERABLE_RULES = """
---
## How this task works
- Your inputs are in `/workspace/input/` (read-only). Write every deliverable into `/workspace/output/`.
- Only what is in `output/` when you finish is graded, against references you cannot see.
"""


# A deliverable task with staff (hidden/people.toml) says how to reach them, and nothing about what they know.
DELIVERABLE_WORLD_RULES = """- The client's staff answer questions through `bin/ask` (`bin/ask --who`,
  `bin/ask PERSON "question"`, `bin/ask --wait 1d`, `bin/ask --inbox`, `bin/ask --now`). People's time costs
  money; ask one specific question at a time.
"""


def has_world(instance: Instance) -> bool:
    """Engagements always have staff; a deliverable task has them only if it ships hidden/people.toml."""
    return instance.config.kind == "engagement" or "people.toml" in instance.hidden_files


def readonly_paths(instance: Instance) -> list[str]:
    return ["input"] if instance.config.kind == "deliverable" else []


def materialise(instance: Instance, workspace: Path) -> None:
    workspace.mkdir(parents=True)
    instance.materialise_tree("workspace", workspace)
    rules = ENGAGEMENT_RULES if instance.config.kind == "engagement" else DELIVERABLE_RULES
    if instance.config.kind == "deliverable" and has_world(instance):
        rules += DELIVERABLE_WORLD_RULES
    (workspace / "TASK.md").write_text(instance.brief().rstrip() + "\n" + rules, encoding="utf-8")
    if instance.config.kind == "deliverable":
        (workspace / "input").mkdir(exist_ok=True)
        (workspace / instance.config.grader.output_dir).mkdir(parents=True, exist_ok=True)
    if has_world(instance):
        bin_dir = workspace / "bin"
        bin_dir.mkdir(exist_ok=True)
        for client in clients_dir().iterdir():
            if client.is_file() and not client.name.startswith(("_", ".")):
                shutil.copy2(client, bin_dir / client.name)
                (bin_dir / client.name).chmod(0o755)
