"""Plug-in agents in this process: entry points read from real distribution metadata on sys.path, import
paths, the checks a job's plan makes, and a plug-in that crashes inside a real trial."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from worktrial.agents import GuardedAgent, NoopAgent, UnknownAgent, check_agent_spec, make_agent, plugin_names
from worktrial.agents.plugins import refresh
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store
from worktrial.tasks import Instance, load_family

from .plugin_source import write_dist_info, write_modules

MODULES = ("wt_demo_agents", "wt_demo_broken", "wt_demo_needs_dep")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path holding the plug-in's modules and one installed distribution declaring them."""
    where = tmp_path / "site"
    where.mkdir()
    write_modules(where)
    entry_points = {"demo": "wt_demo_agents:from_spec", "broken": "wt_demo_broken:factory",
                    "noop": "wt_demo_agents:from_spec"}  # fmt: skip
    write_dist_info(where, "wt-demo", "1.2.3", entry_points)
    monkeypatch.syspath_prepend(str(where))
    refresh()
    yield where
    for name in MODULES:
        sys.modules.pop(name, None)
    monkeypatch.undo()
    refresh()


@pytest.fixture
def instance(tiny_suite: Path) -> Instance:
    return load_family(tiny_suite / "tiny").instance("base", "L3")


def test_an_entry_point_builds_with_its_factory_only_when_named(site: Path, instance: Instance, tmp_path: Path) -> None:
    assert plugin_names() == ["broken", "demo", "noop"]
    assert "wt_demo_agents" not in sys.modules  # listing imports nothing
    agent = make_agent("demo:carol", instance, tmp_path)
    assert isinstance(agent, GuardedAgent) and "wt_demo_agents" in sys.modules
    assert type(agent.inner).__name__ == "FixAgent" and agent.inner.approver == "carol"  # type: ignore[attr-defined]
    assert agent.name == "fix:carol"
    assert "entry point demo = wt_demo_agents:from_spec" in agent.origin and "wt-demo 1.2.3" in agent.origin
    plain = make_agent("demo", instance, tmp_path)
    assert isinstance(plain, GuardedAgent) and plain.inner.approver == "bob"  # type: ignore[attr-defined]


def test_a_broken_plugin_is_loaded_once_and_named_in_the_error(site: Path, instance: Instance, tmp_path: Path) -> None:
    for _ in range(2):
        with pytest.raises(UnknownAgent) as failed:
            make_agent("broken", instance, tmp_path)
        message = str(failed.value)
        assert "plug-in agent 'broken' failed to load" in message
        assert "entry point broken = wt_demo_broken:factory" in message and "distribution wt-demo 1.2.3" in message
        assert "RuntimeError: plug-in import blew up" in message
    assert (site / "wt_demo_broken.imports").read_text() == "x"


def test_built_in_names_win_over_plugins_and_say_so_once(site: Path, instance: Instance, tmp_path: Path) -> None:
    with pytest.warns(RuntimeWarning, match=r"plug-in agent 'noop' is ignored: 'noop' is a built-in agent") as seen:
        assert isinstance(make_agent("noop", instance, tmp_path), NoopAgent)
    assert "wt-demo 1.2.3" in str(seen[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert isinstance(make_agent("noop", instance, tmp_path), NoopAgent)


def test_with_a_model_a_bare_plugin_name_is_crossed_but_a_built_in_is_not(site: Path) -> None:
    from worktrial.cli.run import agent_specs

    specs = agent_specs(["demo", "noop", "demo:carol"], ["openai/gpt-4o"], {"max_usd": 1})
    assert specs == ["demo:openai/gpt-4o", "noop", "demo:carol"]  # budget flags are for harness specs only


def test_one_name_in_two_distributions_is_refused(site: Path, instance: Instance, tmp_path: Path) -> None:
    write_dist_info(site, "other-demo", "0.9", {"demo": "wt_demo_agents:make"})
    refresh()
    with pytest.raises(UnknownAgent, match=r"declared by 2 plug-ins: .*wt-demo 1\.2\.3.*other-demo 0\.9"):
        make_agent("demo", instance, tmp_path)


def test_import_paths_call_a_factory_or_a_class_with_the_options(
    site: Path, instance: Instance, tmp_path: Path
) -> None:
    made = make_agent("wt_demo_agents:make?approver=dave&note=a%20b%26c", instance, tmp_path)
    assert isinstance(made, GuardedAgent) and made.origin == "import path wt_demo_agents:make"
    assert (made.inner.approver, made.inner.note) == ("dave", "a b&c")  # type: ignore[attr-defined]
    built = make_agent("wt_demo_agents:FixAgent?approver=erin", instance, tmp_path)
    assert isinstance(built, GuardedAgent) and built.inner.approver == "erin"  # type: ignore[attr-defined]
    default = make_agent("wt_demo_agents:FixAgent", instance, tmp_path)
    assert isinstance(default, GuardedAgent) and default.name == "fix:bob"


NO_MODULE = "unknown agent 'wt_nowhere.agents:make': 'wt_nowhere.agents' is no built-in agent or plug-in .*; as an"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("wt_nowhere.agents:make", [NO_MODULE, r"no module named 'wt_nowhere'", "sys.path", "PYTHONPATH"]),
        ("wt_demo_agents:missing", [r"wt_demo_agents \(.*wt_demo_agents\.py\) has no attribute 'missing'"]),
        ("wt_demo_agents:FixAgent.nope", [r"wt_demo_agents\.FixAgent .* has no attribute 'nope'"]),
        ("wt_demo_needs_dep:make", [r"importing wt_demo_needs_dep failed: ModuleNotFoundError: .*no_such_dep"]),
        ("wt_demo_broken:factory", [r"importing wt_demo_broken failed: RuntimeError: plug-in import blew up"]),
        ("wt_demo_agents:VERSION", [r"wt_demo_agents:VERSION is a str, not a factory"]),
        ("wt_demo_agents:FixAgent?colour=red", [r"raised TypeError: .*colour"]),
        ("wt_demo_agents:not_an_agent", [r"returned object, which is not an Agent: it has no `name`"]),
        ("wt_demo_agents:SyncAgent", [r"`setup` is not an `async def setup", r"`run` is not an `async def run"]),
        ("wt_demo_agents:make?a=1&a=2", [r"option 'a' is given twice"]),
        ("wt_demo_agents:make?a", [r"bad options 'a'"]),
    ],
)
def test_a_bad_import_path_says_what_was_looked_up(
    spec: str, expected: list[str], site: Path, instance: Instance
) -> None:
    with pytest.raises(UnknownAgent) as failed:
        check_agent_spec(spec, instance)
    for pattern in expected:
        assert re.search(pattern, str(failed.value)), (pattern, str(failed.value))


def test_an_unknown_name_lists_the_plugins_looked_at(site: Path, instance: Instance) -> None:
    with pytest.raises(UnknownAgent) as failed:
        check_agent_spec("wizard", instance)
    message = str(failed.value)
    assert message.startswith("unknown agent 'wizard': 'wizard' is no built-in agent or plug-in")
    assert "entry points in group worktrial.agents: broken, demo, noop" in message and "not an import path" in message
    assert "cmd:..." in message and "react:..." in message


def test_the_plan_checks_calibration_specs_against_the_task(instance: Instance) -> None:
    check_agent_spec("shortcut:guess", instance)
    check_agent_spec("reference@double", instance)
    with pytest.raises(UnknownAgent, match=r"no hidden/solutions/shortcuts/psychic\.py .* shortcuts: ask_vendor"):
        check_agent_spec("shortcut:psychic", instance)
    with pytest.raises(UnknownAgent, match=r"tiny has no variant 'triple'"):
        check_agent_spec("reference@triple", instance)


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_a_plugin_that_crashes_is_graded_as_it_left_the_workspace(site: Path, tiny_suite: Path, tmp_path: Path) -> None:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(tiny_suite)], agents=["wt_demo_agents:Crashing"], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    assert row.status == "done" and row.score == 0.0  # its own failure: a score, not a void
    card = row.scorecard or {}
    agent = card["details"]["agent"]
    assert agent["termination"] == "crashed" and "RuntimeError: the harness fell over" in agent["detail"]
    run_dir = Path(str(row.run_dir))
    events = [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    [plugin] = [e for e in events if e["type"] == "plugin"]
    assert plugin["origin"] == "import path wt_demo_agents:Crashing (called as Crashing(**options))"
    [error] = [e for e in events if e["type"] == "agent_error"]
    assert error["phase"] == "run" and 'raise RuntimeError("the harness fell over")' in error["traceback"]
    assert (run_dir / "delivered" / "system" / "partial.txt").read_text() == "partial\n"
