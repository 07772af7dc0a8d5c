"""Calibration agents: `noop`, and solution scripts from the task's hidden/solutions run like an agent."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..kit import stage_solution_kit
from ..sandbox import Mount
from ..tasks import Instance
from .base import AgentEnv, AgentResult

SOLUTION_MOUNT = "/solution"
SIBLING_MOUNT = "/sibling"


class NoopAgent:
    """Delivers the workspace untouched and asks nobody: the baseline every task must score ≈ 0 on."""

    name = "noop"

    async def setup(self, env: AgentEnv) -> None:
        return None

    async def run(self, env: AgentEnv) -> AgentResult:
        env.trajectory.add("agent", note="noop: no action")
        return AgentResult("completed", 0)


@dataclass
class ScriptAgent:
    """Runs `hidden/solutions/<script>` inside the trial's sandbox, exactly where an agent would work.

    The solutions folder (after the variant overlay) is copied outside the workspace and mounted read-only at
    /solution, so solutions can share helpers but never see the grader, data or people files. The solution kit
    is staged there too, as the package `worktrial_kit` (docs/authoring.md).
    """

    name: str
    instance: Instance
    script: str
    staging: Path

    async def setup(self, env: AgentEnv) -> None:
        dest = self.staging / "solutions"
        if dest.exists():
            shutil.rmtree(dest)
        for rel, src in self.instance.hidden_files.items():
            if rel.startswith("solutions/"):
                target = dest / rel.removeprefix("solutions/")
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target)
        stage_solution_kit(dest)
        if not (dest / self.script).is_file():
            raise FileNotFoundError(
                f"{self.instance.family.root}/hidden/solutions/{self.script} is missing "
                f"(variant {self.instance.variant})"
            )
        env.mounts.append(Mount(dest, SOLUTION_MOUNT))

    async def run(self, env: AgentEnv) -> AgentResult:
        result = await env.aexec(["python3", f"{SOLUTION_MOUNT}/{self.script}"], timeout_s=env.budgets.max_minutes * 60)
        if result.timed_out and env.seconds_left <= 0:
            return AgentResult("max_minutes", env.actions, "solution script ran out of time")
        return AgentResult("completed", env.actions, f"exit {result.exit_code}")


@dataclass
class SiblingAgent:
    """Delivers another instance's reference outputs as its own: plausible, well-formed and wrong.

    The probe for deliverables that answers are checked against this instance's inputs, not just their shape.
    """

    name: str
    sibling: Instance
    staging: Path

    async def setup(self, env: AgentEnv) -> None:
        grader = self.sibling.config.grader
        prefix = grader.reference_dir.removeprefix("hidden/").rstrip("/") + "/"
        dest = self.staging / "sibling"
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        for rel, src in self.sibling.hidden_files.items():
            if rel.startswith(prefix):
                target = dest / rel.removeprefix(prefix)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target)
        env.mounts.append(Mount(dest, SIBLING_MOUNT))

    async def run(self, env: AgentEnv) -> AgentResult:
        out = self.sibling.config.grader.output_dir
        await env.aexec(["cp", "-r", f"{SIBLING_MOUNT}/.", f"{out}/"])
        return AgentResult("completed", env.actions)
