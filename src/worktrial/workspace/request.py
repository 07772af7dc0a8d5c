"""The job request of a new workspace: one instance, one person, checked before a daemon is started.

Used by `worktrial workspace start` and by the web app, so both start exactly the same trial.
"""

from __future__ import annotations

from pathlib import Path


def workspace_request(
    suites: list[Path], task: str, name: str, sandbox: str = "bwrap", judge: str | None = None
) -> str:
    """The job configuration (JSON) of a workspace of the one instance `task` for agent `human:NAME`.

    Raises TaskFormatError (a bad name, an id naming no instance or several) or SandboxError (no working sandbox).
    """
    from ..agents import human_spec
    from ..run.plan import JobConfig, load_instances
    from ..run.slots import check_sandbox_works
    from ..tasks import Problem, TaskFormatError

    try:
        agent = human_spec(name)
    except ValueError as e:
        raise TaskFormatError([Problem("--name", name, str(e), "pass --name WHO")]) from None
    config = JobConfig(
        suites=[str(s.resolve()) for s in suites],
        tasks=[task],
        agents=[agent],
        concurrency=1,
        sandbox=sandbox,
        judge=judge,
    )
    found = load_instances(config)
    if len(found) != 1:
        names = ", ".join(i.id for i in found[:8]) + (" …" if len(found) > 8 else "")
        raise TaskFormatError([Problem(task, "", f"names {len(found)} instances ({names})", "give one id")])
    instance = found[0]
    config.tasks, config.pairs = [instance.id], [(instance.id, agent)]
    check_sandbox_works(config.sandbox)
    return config.model_dump_json()


__all__ = ["workspace_request"]
