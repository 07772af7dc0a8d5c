"""The local development backend: loud warning, /workspace emulation, clean env, same limits."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from worktrial.sandbox import ExecSpec, Limits, LocalSandbox, Mount, SandboxError
from worktrial.sandbox import local as local_module


@pytest.fixture
def sandbox() -> LocalSandbox:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return LocalSandbox()


def test_warns_loudly_once_per_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(local_module, "_warned", False)
    with pytest.warns(RuntimeWarning, match="isolates nothing"):
        LocalSandbox()
    assert "\033[1;31m" in capsys.readouterr().err
    with warnings.catch_warnings(record=True) as again:
        warnings.simplefilter("always")
        LocalSandbox()
    assert again == []
    assert capsys.readouterr().err == ""


def test_workspace_and_mounts_map_to_host_paths(sandbox: LocalSandbox, trial: Path) -> None:
    ws = trial / "workspace"
    (ws / "in.txt").write_text("input-data")
    (ws / "bin").mkdir()
    (ws / "bin" / "hello").write_text("#!/bin/sh\necho hello-from-bin\n")
    (ws / "bin" / "hello").chmod(0o755)
    script = trial / "hidden" / "solution.py"
    script.write_text("import os; print('solution', os.environ['WORKTRIAL_WORLD'])\n")
    cmd = "pwd; cat /workspace/in.txt; echo; hello; python3 /solution/reference.py"
    spec = ExecSpec(
        ["sh", "-c", cmd],
        ws,
        env={"WORKTRIAL_WORLD": "/run/worktrial/world.sock"},
        mounts=[Mount(script, "/solution/reference.py"), Mount(trial / "hidden", "/run/worktrial")],
    )
    result = sandbox.run(spec)
    assert result.ok, result.stderr
    assert result.stdout.splitlines() == [
        str(ws.resolve()),
        "input-data",
        "hello-from-bin",
        f"solution {(trial / 'hidden').resolve()}/world.sock",
    ]
    assert sandbox.run(ExecSpec(["cat", "/workspace/in.txt"], ws)).stdout == "input-data"


def test_env_is_scrubbed(sandbox: LocalSandbox, trial: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKTRIAL_TEST_SECRET", "host-secret-4410")
    result = sandbox.run(ExecSpec(["/usr/bin/env"], trial / "workspace", env={"EXTRA": "1"}))
    env = dict(line.split("=", 1) for line in result.stdout.splitlines())
    ws = str((trial / "workspace").resolve())
    path = f"{ws}/bin:/usr/local/bin:/usr/bin:/bin"
    assert env == {"PATH": path, "HOME": "/tmp", "LANG": "C.UTF-8", "PWD": ws, "EXTRA": "1"}
    assert "host-secret-4410" not in result.stdout


def test_limits_timeout_and_output_bounds(sandbox: LocalSandbox, trial: Path) -> None:
    ws = trial / "workspace"
    big = sandbox.run(ExecSpec(["sh", "-c", "head -c 5000000 /dev/zero > big"], ws, limits=Limits(file_size_mb=1)))
    assert big.exit_code != 0 and (ws / "big").stat().st_size <= 1 << 20
    slow = sandbox.run(ExecSpec(["sh", "-c", "sleep 100 & sleep 100"], ws, limits=Limits(wall_s=1)))
    assert slow.timed_out and slow.exit_code == 124 and slow.wall_s < 5
    straggler = sandbox.run(ExecSpec(["sh", "-c", "sleep 100 & echo done"], ws))
    assert straggler.stdout == "done\n" and straggler.wall_s < 5
    loud = sandbox.run(ExecSpec(["sh", "-c", "yes | head -c 5000000"], ws, limits=Limits(output_bytes=100)))
    assert "bytes dropped" in loud.stdout and len(loud.stdout) < 200


def test_missing_command_and_sources(sandbox: LocalSandbox, trial: Path) -> None:
    assert sandbox.run(ExecSpec(["no-such-command"], trial / "workspace")).exit_code == 127
    with pytest.raises(SandboxError):
        sandbox.run(ExecSpec(["true"], trial / "workspace", mounts=[Mount(trial / "missing", "/data")]))
