"""A plug-in harness as a user would write one outside worktrial, and the files that make it installed.

`FixAgent` does the tiny task's work through the world, like its reference solution: it asks Alice for the
factor, waits a day, gets Bob's sign-off and writes the factor it was told into system/config.json. A score of
about 1 can only come from it having run.
"""

from __future__ import annotations

from pathlib import Path

AGENTS = '''
"""Demo plug-in agents for worktrial."""

from __future__ import annotations

import json
import re

from worktrial.agents import AgentEnv, AgentResult

VERSION = "0.1.0"


class FixAgent:
    def __init__(self, approver: str = "bob", note: str = "") -> None:
        self.name = f"fix:{approver}"
        self.approver = approver
        self.note = note

    async def setup(self, env: AgentEnv) -> None:
        env.trajectory.add("note", plugin="demo", approver=self.approver, note=self.note)

    async def run(self, env: AgentEnv) -> AgentResult:
        reply = (await env.aexec(["bin/ask", "alice", "What factor should the nightly total use?"])).stdout
        found = re.search(r"factor is (\\d+)", reply)
        if found is None:
            return AgentResult("completed", env.actions, f"no factor in {reply!r}")
        await env.aexec(["bin/ask", "--wait", "1d"])
        await env.aexec(["bin/ask", self.approver, "Can you approve changing the pricing factor?"])
        config = json.dumps({"factor": int(found[1])})
        await env.aexec(["sh", "-c", f"echo '{config}' > system/config.json"])
        return AgentResult("completed", env.actions, f"factor {found[1]}")


class Crashing(FixAgent):
    async def run(self, env: AgentEnv) -> AgentResult:
        await env.aexec(["sh", "-c", "echo partial > system/partial.txt"])
        raise RuntimeError("the harness fell over")


class SyncAgent:
    name = "sync"

    def setup(self, env: AgentEnv) -> None:
        return None

    def run(self, env: AgentEnv) -> AgentResult:
        return AgentResult()


def from_spec(spec, instance, staging):
    """Entry point factory: `demo` or `demo:APPROVER`."""
    return FixAgent(spec.partition(":")[2] or "bob")


def make(options, instance, staging):
    """Import-path factory: `package.module:make?approver=bob&note=...`."""
    return FixAgent(**options)


def not_an_agent(options, instance, staging):
    return object()
'''

# Counts its own imports in a file beside it, then fails: a plug-in must be imported once, not per spec.
BROKEN = """
from pathlib import Path

with Path(__file__).with_suffix(".imports").open("a") as f:
    f.write("x")
raise RuntimeError("plug-in import blew up")
"""

NEEDS_DEP = "import wt_no_such_dependency  # noqa: F401\n"


def write_modules(where: Path, package: str | None = None) -> None:
    """The plug-in's modules as top-level modules in `where`, or as `package` (its agents in __init__)."""
    if package is None:
        (where / "wt_demo_agents.py").write_text(AGENTS)
        (where / "wt_demo_broken.py").write_text(BROKEN)
        (where / "wt_demo_needs_dep.py").write_text(NEEDS_DEP)
        return
    pkg = where / package
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(AGENTS)
    (pkg / "broken.py").write_text(BROKEN)


def write_dist_info(site: Path, dist: str, version: str, entry_points: dict[str, str]) -> None:
    """What an installer leaves for a distribution declaring `entry_points` in the group worktrial.agents."""
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    lines = "".join(f"{name} = {value}\n" for name, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[worktrial.agents]\n{lines}")
