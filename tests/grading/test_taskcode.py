"""Task-author code in its own bounded process: every way it can misbehave is the task's error, named; it sees
nothing of the host beyond its inputs, no network, and runs unprivileged."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from worktrial.grading import Budget, Call, GraderError, KpiContext, TaskCode, Writable
from worktrial.grading.production import _parse_kpi
from worktrial.sandbox import get_sandbox

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

GRADER = """
import json, os, socket, sys
from pathlib import Path

def kpi(ctx):
    mode = ctx.params["mode"]
    if mode == "count":
        details = {"facts": sorted(ctx.facts), "kind": type(ctx).__name__}
        return {"kpi": len(os.listdir(ctx.out_dir)), "details": details}
    if mode == "nan":
        return {"kpi": float("nan")}
    if mode == "inf":
        return {"kpi": float("inf")}
    if mode == "text":
        return {"kpi": "0.9"}
    if mode == "exit":
        sys.exit(0)
    if mode == "_exit":
        os._exit(7)
    if mode == "loop":
        while True:
            pass
    if mode == "memory":
        hog = bytearray(6 << 30)
    if mode == "raise":
        return {"kpi": 1 / 0}
    if mode == "object":
        return {"kpi": 1, "details": {"handle": object()}}

def probe(what, port):
    if what == "uid":
        return os.getuid()
    if what == "host_file":  # `port` is the host path of a file that was not given as an input
        return Path("/etc/shadow").exists() or Path(port).exists()
    if what == "network":
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            return "connected"
        except OSError as e:
            return type(e).__name__
    if what == "write_hidden":
        try:
            Path(__file__).write_text("changed")
            return "written"
        except OSError as e:
            return type(e).__name__
    if what == "worktrial":
        import worktrial.grading.checks.files as files
        return files.__name__

def generate(dest, params, seed, split):
    (dest / "data.txt").write_text(f"{seed}-{split}")

def wider(ctx):
    return {"kpi": float(len(os.listdir(ctx.baseline_out))), "details": {"split": ctx.split}}
"""


@pytest.fixture
def code(tmp_path: Path) -> TaskCode:
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "grader.py").write_text(GRADER)
    return TaskCode(get_sandbox("bwrap"), hidden, Budget(seconds=20, memory_mb=1024), tmp_path / "exchange")


def context(tmp_path: Path, mode: str) -> KpiContext:
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    (out / "a.csv").write_text("x\n")
    (out / "b.csv").write_text("y\n")
    return KpiContext(out, out, tmp_path, {"mode": mode}, frozenset({"b", "a"}), 0, False, "", "", "production")


def kpi_of(code: TaskCode, tmp_path: Path, mode: str) -> float:
    call = Call("grader.py", "kpi", (context(tmp_path, mode),))
    return _parse_kpi(code.call(call).value, {}, call.label).kpi


def test_a_context_crosses_field_by_field_and_paths_become_mounts(code: TaskCode, tmp_path: Path) -> None:
    returned = code.call(Call("grader.py", "kpi", (context(tmp_path, "count"),)))
    assert returned.value == {"kpi": 2, "details": {"facts": ["a", "b"], "kind": "KpiContext"}}


def test_a_context_with_a_new_field_is_serialised_generically(code: TaskCode, tmp_path: Path) -> None:
    @dataclasses.dataclass(frozen=True)
    class WiderContext:
        baseline_out: Path | None
        split: str

    base = tmp_path / "baseline"
    base.mkdir()
    for name in ("one", "two", "three"):
        (base / name).write_text(name)
    returned = code.call(Call("grader.py", "wider", (WiderContext(base, "pilot"),)))
    assert returned.value == {"kpi": 3.0, "details": {"split": "pilot"}}


def test_a_grader_imports_its_sibling_modules(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden"
    (hidden / "checks").mkdir(parents=True)
    (hidden / "_world.py").write_text("FACTOR = 7\n")
    (hidden / "grader.py").write_text("import _world\n\ndef kpi(ctx):\n    return {'kpi': _world.FACTOR}\n")
    (hidden / "checks" / "_rules.py").write_text("LIMIT = 3\n")
    (hidden / "checks" / "notes.py").write_text("from _rules import LIMIT\n\ndef limit():\n    return LIMIT\n")
    code = TaskCode(get_sandbox("bwrap"), hidden, Budget(seconds=20, memory_mb=1024), tmp_path / "exchange")
    results = code.run([Call("grader.py", "kpi", (context(tmp_path, "any"),)), Call("checks/notes.py", "limit")])
    assert [r.value for r in results] == [{"kpi": 7}, 3]


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("nan", "hidden/grader.py:kpi() returned kpi=nan"),
        ("inf", "hidden/grader.py:kpi() returned kpi=inf"),
        ("text", "hidden/grader.py:kpi() returned kpi='0.9', not a number"),
        ("exit", "hidden/grader.py:kpi() called sys.exit(0)"),
        ("_exit", "hidden/grader.py:kpi() ended the process (exit 7) without returning"),
        ("memory", "hidden/grader.py:kpi() raised MemoryError"),
        ("raise", 'hidden/grader.py:kpi() raised ZeroDivisionError: division by zero (File "hidden/grader.py"'),
        ("object", "hidden/grader.py:kpi() returned a value that is not JSON data"),
    ],
)
def test_every_misbehaviour_is_the_tasks_error_naming_file_and_function(
    code: TaskCode, tmp_path: Path, mode: str, message: str
) -> None:
    with pytest.raises(GraderError) as caught:
        kpi_of(code, tmp_path, mode)
    assert message in str(caught.value)


def test_an_endless_loop_ends_at_the_budget_which_all_calls_share(tmp_path: Path, code: TaskCode) -> None:
    code.budget = Budget(seconds=3, memory_mb=1024)
    started = time.monotonic()
    with pytest.raises(GraderError, match=r"kpi\(\) did not finish within the task's grading budget \(3 s"):
        kpi_of(code, tmp_path, "loop")
    assert time.monotonic() - started < 10
    with pytest.raises(GraderError, match="budget of 3 s was used up"):
        kpi_of(code, tmp_path, "count")  # nothing is left for a second call


def test_it_runs_unprivileged_without_network_or_host_files(code: TaskCode, tmp_path: Path) -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    accepted: list[object] = []

    def serve() -> None:
        listener.settimeout(8)
        with contextlib.suppress(OSError):
            accepted.append(listener.accept())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        secret = tmp_path / "secret.txt"
        secret.write_text("not an input")
        args = [("uid", port), ("host_file", str(secret)), ("network", port), ("write_hidden", 0), ("worktrial", 0)]
        results = code.run([Call("grader.py", "probe", a) for a in args])
    finally:
        thread.join(10)
        listener.close()
    uid, host_file, network, write_hidden, imported = (r.value for r in results)
    assert uid != 0 and (os.geteuid() != 0 or uid != os.getuid())
    assert host_file is False
    assert network in ("ConnectionRefusedError", "OSError") and accepted == []
    assert write_hidden in ("OSError", "PermissionError") and (code.hidden / "grader.py").read_text() == GRADER
    assert imported == "worktrial.grading.checks.files"


def test_generate_writes_only_into_its_writable_folder(code: TaskCode, tmp_path: Path) -> None:
    dest = tmp_path / "data"
    dest.mkdir()
    code.call(Call("grader.py", "generate", (Writable(dest), {}, 3, "pilot")))
    assert (dest / "data.txt").read_text() == "3-pilot"


def test_a_missing_optional_function_is_reported_as_missing(code: TaskCode) -> None:
    assert code.call(Call("grader.py", "pilot_feedback", (), optional=True)).missing
    with pytest.raises(GraderError, match=r"hidden/grader.py:absent\(\) no such function"):
        code.call(Call("grader.py", "absent"))
