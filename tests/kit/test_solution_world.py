"""The solution kit against a real world service, through the real bin/ask and bin/pilot clients.

Scripts run under the system's python3 with only the staged `worktrial_kit` on their path, as in the sandbox.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from worktrial.kit import stage_solution_kit
from worktrial.kit.solution.world import _reply
from worktrial.tasks.models import PeopleConfig, PilotConfig, WorldConfig
from worktrial.world import Ledger, PilotOutcome, Router, World, WorldService, clients_dir
from worktrial.world import service as world_service

from ..world.builders import cast

PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else shutil.which("python3") or "python3"


@pytest.fixture(scope="module")
def people() -> PeopleConfig:
    return cast()


@pytest.fixture(scope="module")
def router(people: PeopleConfig) -> Router:
    return Router(people)


@pytest.fixture
def world(tmp_path: Path, people: PeopleConfig, router: Router) -> World:
    def pilot(run: int) -> PilotOutcome:
        return PilotOutcome(feedback=f"pilot {run}: two refunds were paid twice", facts=[f"pilot_{run}"])

    config = WorldConfig(start="2026-03-02T09:00", ask_minutes=30, pilot=PilotConfig(max_runs=1, costs=[0.02]))
    return World(people, config, Ledger(tmp_path / "ledger.jsonl"), router, pilot)


@pytest.fixture
def service(world: World, tmp_path: Path) -> Iterator[WorldService]:
    with WorldService(world, tmp_path / "run" / "world.sock") as svc:
        yield svc


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    (ws / "bin").mkdir(parents=True)
    for name in ("ask", "pilot"):
        shutil.copy2(clients_dir() / name, ws / "bin" / name)
    stage_solution_kit(tmp_path / "solution")
    return ws


Runner = Callable[..., Any]


@pytest.fixture
def run_script(workspace: Path, tmp_path: Path) -> Runner:
    """run_script(code, sock=...) runs `code` as a solution would and returns what it printed as JSON."""

    def run(code: str, sock: Path) -> Any:
        script = tmp_path / "solution" / "script.py"
        script.write_text(textwrap.dedent(code))
        env = {"PATH": "/usr/bin:/bin", "WORKTRIAL_WORLD": str(sock), "HOME": str(tmp_path)}
        proc = subprocess.run(
            [PYTHON, str(script)], cwd=workspace, env=env, capture_output=True, text=True, timeout=120
        )
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout.strip().splitlines()[-1])

    return run


def _sock(service: WorldService) -> Path:
    return Path(service.socket_path)


def test_staged_kit_stands_alone_and_talks_to_the_world(
    service: WorldService, world: World, run_script: Runner
) -> None:
    out = run_script(
        """
        import importlib.util, json
        import worktrial_kit as kit
        assert importlib.util.find_spec("worktrial") is None  # the rest of worktrial is not there
        people = [p["id"] for p in kit.who()]
        q = "-- What is the deadline for Zoë's café, 5 €?\\nAnd how much budget do we have?"
        r = kit.ask("alice", q)
        bad = kit.ask("nobody", "hello")
        t0 = kit.now().isoformat()
        kit.wait("1d")
        after_wait = kit.now().isoformat()
        box = kit.inbox()
        p = kit.pilot()
        print(json.dumps({"people": people, "status": r.status, "ok": r.ok, "text": r.text, "now": r.now,
                          "bad": [bad.status, bad.ok, bad.text], "t0": t0, "after_wait": after_wait,
                          "inbox": box.text, "pilot": [p.status, p.text], "today": kit.today().isoformat()}))
        """,
        _sock(service),
    )
    assert out["people"] == ["alice", "bob", "carol"]
    assert out["status"] == "answered" and out["ok"] is True
    assert "answer:deadline" in out["text"] and "answer:budget" in out["text"]
    assert out["bad"][:2] == ["refused", False] and "nobody" in out["bad"][2]
    assert out["t0"] == "2026-03-02T09:30:00" and out["now"] == "2026-03-02T09:30"
    assert out["after_wait"] == "2026-03-03T09:30:00" and out["today"] == "2026-03-04"
    assert "Welcome." in out["inbox"]
    assert out["pilot"][0] == "answered" and "paid twice" in out["pilot"][1]
    asks = [e for e in world.ledger.entries if e["kind"] == "ask"]
    # The question reaches the person verbatim (dashes, line breaks, non-ASCII in a C locale), once.
    assert [e["question"] for e in asks] == [
        "-- What is the deadline for Zoë's café, 5 €?\nAnd how much budget do we have?"
    ]
    assert {"f_deadline", "f_budget", "f_hello", "pilot_1"} <= world.facts


def test_waiting_for_a_person_to_be_in(service: WorldService, world: World, run_script: Runner) -> None:
    # Bob is away on Fridays and on 2026-03-03; the clock starts Monday 2026-03-02 09:00.
    out = run_script(
        """
        import json
        import worktrial_kit as kit
        kit.wait_until("2026-03-06T15:10")           # Friday afternoon, exact minutes
        at_friday = kit.now().isoformat()
        kit.wait_until_in(["fri", "sat", "sun"], hour=9)
        monday = kit.now().isoformat()
        kit.wait_until("2026-03-10")                 # whole days, keeping the time of day
        tuesday = kit.now().isoformat()
        nothing = kit.wait_until_in(["fri"])          # Tuesday: no wait
        r = kit.ask_when_in("bob", "What columns does the export have?", ["fri"])
        print(json.dumps({"friday": at_friday, "monday": monday, "tuesday": tuesday,
                          "nothing": nothing is None, "status": r.status, "text": r.text}))
        """,
        _sock(service),
    )
    assert out["friday"] == "2026-03-06T15:10:00"
    assert out["monday"] == "2026-03-09T09:00:00"
    assert out["tuesday"] == "2026-03-10T09:00:00" and out["nothing"] is True
    assert out["status"] == "answered" and "answer:export" in out["text"]
    waits = [e["minutes"] for e in world.ledger.entries if e["kind"] == "wait"]
    assert waits == [4 * 1440 + 370, 2 * 1440 + 17 * 60 + 50, 1440]


@pytest.fixture
def service_with_status(monkeypatch: pytest.MonkeyPatch) -> None:
    """The service as docs/world.md describes it once replies carry `status` (taken from the ledger entry)."""
    plain = world_service.handle_request

    def with_status(world: World, raw: bytes) -> dict[str, Any]:
        before = len(world.ledger.entries)
        response = plain(world, raw)
        if json.loads(raw).get("op") == "ask":
            grew = len(world.ledger.entries) > before
            response["status"] = world.ledger.entries[-1]["status"] if grew else "refused"
        return response

    monkeypatch.setattr(world_service, "handle_request", with_status)


def test_ask_when_in_retries_after_an_away_reply(
    service_with_status: None, service: WorldService, world: World, run_script: Runner
) -> None:
    # The script knows Bob's Fridays but not his day off on 2026-03-03: the away reply makes it try again.
    out = run_script(
        """
        import json
        import worktrial_kit as kit
        kit.wait("1d")
        r = kit.ask_when_in("bob", "What columns does the export have?", ["fri"])
        print(json.dumps({"status": r.status, "away": r.away, "now": r.now}))
        """,
        _sock(service),
    )
    assert out == {"status": "answered", "away": False, "now": "2026-03-04T10:00"}
    asks = [e["status"] for e in world.ledger.entries if e["kind"] == "ask"]
    assert asks == ["away", "answered"]


def test_unreachable_world_is_a_clear_error(tmp_path: Path, run_script: Runner) -> None:
    out = run_script(
        """
        import json
        import worktrial_kit as kit
        try:
            kit.ask("alice", "hello?")
        except kit.WorldUnavailable as e:
            print(json.dumps({"error": str(e)}))
        """,
        tmp_path / "no-such.sock",
    )
    assert "cannot reach the world service" in out["error"]


def test_bad_use_of_the_kit_is_the_script_error(service: WorldService, run_script: Runner) -> None:
    out = run_script(
        """
        import json
        import worktrial_kit as kit
        errors = []
        for call in (lambda: kit.wait(""), lambda: kit.wait_until("next week"),
                     lambda: kit.wait_until_in(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
                     lambda: kit.ask_when_in("bob", "Export columns?", {4}),
                     lambda: kit.ask_when_in("bob", "Export columns?", "2026-03-04")):
            try:
                call()
            except kit.KitError as e:
                errors.append(str(e))
        refused = kit.wait("30d")   # longer than max_wait_days: the world refuses, free
        print(json.dumps({"errors": errors, "refused": [refused.status, refused.ok, refused.text]}))
        """,
        _sock(service),
    )
    assert len(out["errors"]) == 5 and "never in" in out["errors"][2] and "not 4" in out["errors"][3]
    assert "not the string '2026-03-04'" in out["errors"][4]
    assert out["refused"][:2] == ["refused", False] and "14" in out["refused"][2]


def test_status_from_the_service_wins_over_inference() -> None:
    sent = _reply({"ok": True, "text": "I'm not sure.", "now": "2026-03-02T09:30", "status": "fallback"}, "answered")
    assert (sent.status, sent.answered, sent.time is not None) == ("fallback", False, True)
    inferred = _reply({"ok": True, "text": "Approved.", "now": "2026-03-02T09:30"}, "answered")
    assert inferred.status == "answered" and inferred.answered
    refused = _reply({"ok": False, "error": "There is nobody called 'x'."}, "answered")
    assert (refused.status, refused.text, refused.now) == ("refused", "There is nobody called 'x'.", "")
    assert _reply({"ok": True, "text": "It is Monday."}, "ok").status == "ok"


# Imported only when a script asks for what needs them (a PDF's text needs pypdf, which deliverable sandboxes have).
OPTIONAL_IMPORTS = {"documents.py": ("pypdf",)}


def test_kit_imports_only_the_standard_library() -> None:
    import ast
    import sys

    from worktrial.kit import solution_kit_dir

    for path in solution_kit_dir().glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                top = node.module.split(".")[0]
            elif isinstance(node, ast.Import):
                top = node.names[0].name.split(".")[0]
            else:
                continue
            optional = top in OPTIONAL_IMPORTS.get(path.name, ()) and node.col_offset > 0  # inside a function
            assert top in sys.stdlib_module_names or top == "__future__" or optional, (path.name, top)
