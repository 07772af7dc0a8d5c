"""The bwrap backend against the real bubblewrap: isolation, limits, output, failures."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worktrial.sandbox import BwrapSandbox, ExecSpec, Limits, Mount, SandboxError

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

REPO = Path(__file__).resolve().parents[2]
BASE_ENV = {"PATH": "/workspace/bin:/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"}


@pytest.fixture(scope="module")
def sandbox() -> BwrapSandbox:
    sb = BwrapSandbox()
    sb.check()
    return sb


def py(code: str) -> list[str]:
    return ["python3", "-c", code]


def test_env_is_exactly_the_contract(sandbox: BwrapSandbox, trial: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKTRIAL_TEST_SECRET", "host-secret-5521")
    result = sandbox.run(ExecSpec(["/usr/bin/env"], trial / "workspace", env={"EXTRA": "1"}))
    assert result.ok, result.stderr
    env = dict(line.split("=", 1) for line in result.stdout.splitlines())
    assert env == {**BASE_ENV, "PWD": "/workspace", "EXTRA": "1"}
    assert "host-secret-5521" not in result.stdout


def test_host_paths_outside_workspace_are_invisible(
    sandbox: BwrapSandbox, trial: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    host_file = tmp_path_factory.mktemp("host") / "note.txt"
    host_file.write_text("host-secret-9912")
    probes = [
        "/workspace/../hidden/grader.py",
        str(trial / "hidden" / "grader.py"),
        str(host_file),
        str(REPO / "pyproject.toml"),
        "/etc/shadow",
    ]
    code = (
        "import os, sys\n"
        "for p in sys.argv[1:]:\n"
        "    try:\n"
        "        print(p, 'LEAK', open(p).read()[:40] if os.path.isfile(p) else os.listdir(p))\n"
        "    except OSError as e:\n"
        "        print(p, 'blocked', type(e).__name__)\n"
    )
    result = sandbox.run(ExecSpec(["python3", "-c", code, *probes], trial / "workspace"))
    assert result.ok, result.stderr
    assert "LEAK" not in result.stdout
    assert result.stdout.count("blocked") == len(probes)
    listing = sandbox.run(ExecSpec(py("import os; print(sorted(os.listdir('/')))"), trial / "workspace"))
    top = set(ast.literal_eval(listing.stdout))
    prefix_top = Path(sys.base_prefix).parts[1]
    allowed = {"bin", "sbin", "lib", "lib32", "lib64", "libx32", "usr", "etc", "proc", "dev", "tmp"}
    assert top <= allowed | {"workspace", prefix_top}
    assert "workspace" in top and "hidden" not in top
    # Only the interpreter's installation may appear under the host's home (e.g. a pyenv Python).
    home = sandbox.run(ExecSpec(py(f"import os; print(os.listdir({str(Path.home())!r}))"), trial / "workspace"))
    if home.ok:
        visible = {str(Path.home() / name) for name in ast.literal_eval(home.stdout)}
        assert all(sys.base_prefix.startswith(path) for path in visible), visible


def test_host_loopback_unreachable_and_only_lo(
    sandbox: BwrapSandbox, trial: Path, tcp_server: tuple[int, list[object]]
) -> None:
    port, accepted = tcp_server
    code = (
        "import socket, sys\n"
        "print(sorted(n for _, n in socket.if_nameindex()))\n"
        "s = socket.socket(); s.settimeout(2)\n"
        "try:\n"
        "    s.connect(('127.0.0.1', int(sys.argv[1]))); print('CONNECTED')\n"
        "except OSError as e:\n"
        "    print('refused', type(e).__name__)\n"
    )
    result = sandbox.run(ExecSpec(["python3", "-c", code, str(port)], trial / "workspace"))
    assert result.ok, result.stderr
    assert result.stdout.splitlines()[0] == "['lo']"
    assert "refused" in result.stdout and "CONNECTED" not in result.stdout
    assert accepted == []


def test_unix_socket_mount_is_reachable(sandbox: BwrapSandbox, trial: Path, echo_socket: Path) -> None:
    code = (
        "import os, socket\n"
        "s = socket.socket(socket.AF_UNIX); s.connect(os.environ['WORKTRIAL_WORLD'])\n"
        "s.sendall(b'ping'); print(s.recv(100).decode())\n"
    )
    spec = ExecSpec(
        py(code),
        trial / "workspace",
        env={"WORKTRIAL_WORLD": "/run/worktrial/world.sock"},
        mounts=[Mount(echo_socket, "/run/worktrial")],
    )
    result = sandbox.run(spec)
    assert result.ok, result.stderr
    assert result.stdout.strip() == "echo:ping"


def test_single_file_mount_is_read_only(sandbox: BwrapSandbox, trial: Path) -> None:
    script = trial / "hidden" / "solution.py"
    script.write_text("print('solution ran')\n")
    cmd = "python3 /solution/reference.py; echo tampered > /solution/reference.py || echo write-refused"
    spec = ExecSpec(["sh", "-c", cmd], trial / "workspace", mounts=[Mount(script, "/solution/reference.py")])
    result = sandbox.run(spec)
    assert result.stdout.split() == ["solution", "ran", "write-refused"]
    assert script.read_text() == "print('solution ran')\n"


def test_readonly_subpath_stays_read_only(sandbox: BwrapSandbox, trial: Path) -> None:
    ws = trial / "workspace"
    (ws / "input").mkdir()
    (ws / "input" / "data.csv").write_text("a,b\n")
    cmd = "echo out > /workspace/out.txt; echo x > /workspace/input/new.txt; rm -f /workspace/input/data.csv"
    result = sandbox.run(ExecSpec(["sh", "-c", cmd], ws, readonly=["input"]))
    assert "Read-only file system" in result.stderr
    assert (ws / "out.txt").read_text() == "out\n"
    assert not (ws / "input" / "new.txt").exists()
    assert (ws / "input" / "data.csv").read_text() == "a,b\n"


def test_readonly_symlink_out_of_workspace_is_refused(sandbox: BwrapSandbox, trial: Path) -> None:
    (trial / "workspace" / "input").symlink_to(trial / "hidden")
    with pytest.raises(SandboxError, match="symlink"):
        sandbox.run(ExecSpec(["true"], trial / "workspace", readonly=["input"]))


def test_file_size_limit_stops_a_big_write(sandbox: BwrapSandbox, trial: Path) -> None:
    limits = Limits(file_size_mb=1)
    cmd = ["sh", "-c", "head -c 5000000 /dev/zero > /workspace/big"]
    result = sandbox.run(ExecSpec(cmd, trial / "workspace", limits=limits))
    assert result.exit_code != 0
    assert (trial / "workspace" / "big").stat().st_size <= 1 << 20


def test_memory_limit_stops_a_big_allocation(sandbox: BwrapSandbox, trial: Path) -> None:
    limits = Limits(memory_mb=256)
    small = sandbox.run(ExecSpec(py("b = bytearray(32 << 20); print('ok')"), trial / "workspace", limits=limits))
    assert small.stdout.strip() == "ok", small.stderr
    big = sandbox.run(ExecSpec(py("b = bytearray(1 << 30); print('ok')"), trial / "workspace", limits=limits))
    assert big.exit_code != 0
    assert "MemoryError" in big.stderr


def test_process_limit_stops_a_fork_loop(sandbox: BwrapSandbox, trial: Path) -> None:
    code = (
        "import os, time\n"
        "n = 0\n"
        "try:\n"
        "    for _ in range(500):\n"
        "        if os.fork() == 0:\n"
        "            time.sleep(60); os._exit(0)\n"
        "        n += 1\n"
        "    print('unbounded', n)\n"
        "except OSError as e:\n"
        "    print('blocked', n)\n"
    )
    # Without root the limit is per user and also counts the user's processes outside the sandbox.
    limit = 20 + (0 if os.geteuid() == 0 else _tasks_of(os.getuid()))
    start = time.monotonic()
    result = sandbox.run(ExecSpec(py(code), trial / "workspace", limits=Limits(processes=limit, wall_s=30)))
    assert result.stdout.split()[0] == "blocked", result.stdout + result.stderr
    assert int(result.stdout.split()[1]) < 20
    assert time.monotonic() - start < 10  # the sleeping children died with the sandbox
    assert subprocess.run(["true"], check=False).returncode == 0  # the host can still fork
    assert sandbox.run(ExecSpec(["true"], trial / "workspace", limits=Limits(processes=limit))).ok


def _tasks_of(uid: int) -> int:
    """Threads count against RLIMIT_NPROC too."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        except OSError:
            continue
        if int(fields["Uid"].split()[0]) == uid:
            total += int(fields["Threads"])
    return total


def test_wall_limit_kills_the_command_and_its_children(sandbox: BwrapSandbox, trial: Path) -> None:
    spec = ExecSpec(["sh", "-c", "sleep 100 & sleep 100"], trial / "workspace", limits=Limits(wall_s=1))
    result = sandbox.run(spec)
    assert result.timed_out and not result.ok
    assert result.exit_code == 124
    assert result.wall_s < 5


def test_background_child_does_not_outlive_the_command(sandbox: BwrapSandbox, trial: Path) -> None:
    spec = ExecSpec(["sh", "-c", "(sleep 100; echo late) & echo done"], trial / "workspace")
    result = sandbox.run(spec)
    assert result.ok and result.stdout == "done\n"
    assert result.wall_s < 5


def test_output_is_bounded_to_its_tail(sandbox: BwrapSandbox, trial: Path) -> None:
    cmd = "yes | head -c 50000000; echo END; echo err >&2"
    spec = ExecSpec(["sh", "-c", cmd], trial / "workspace", limits=Limits(output_bytes=1000))
    result = sandbox.run(spec)
    assert result.ok
    marker, kept = result.stdout.split("\n", 1)
    assert "bytes dropped" in marker
    assert len(kept.encode()) <= 1000 and kept.endswith("y\nEND\n")
    assert result.stderr == "err\n"


def test_stdin_larger_than_a_pipe_buffer(sandbox: BwrapSandbox, trial: Path) -> None:
    data = b"0123456789" * 100_000
    result = sandbox.run(ExecSpec(["wc", "-c"], trial / "workspace", stdin=data))
    assert result.stdout.strip() == str(len(data))
    empty = sandbox.run(ExecSpec(["cat"], trial / "workspace", limits=Limits(wall_s=5)))
    assert empty.ok and empty.stdout == ""  # no stdin means /dev/null, not a pipe left open


def test_command_failures_are_results_not_errors(sandbox: BwrapSandbox, trial: Path) -> None:
    ws = trial / "workspace"
    assert sandbox.run(ExecSpec(["sh", "-c", "echo 'bwrap: fake' >&2; exit 1"], ws)).exit_code == 1
    assert sandbox.run(ExecSpec(["no-such-command"], ws)).exit_code == 127
    assert sandbox.run(ExecSpec(["sh", "-c", "kill -9 $$"], ws)).exit_code == 137


def test_bwrap_setup_failures_raise(sandbox: BwrapSandbox, trial: Path) -> None:
    ws = trial / "workspace"
    with pytest.raises(SandboxError, match="does not exist"):
        sandbox.run(ExecSpec(["true"], ws, mounts=[Mount(trial / "missing", "/data")]))
    with pytest.raises(SandboxError, match="bwrap failed"):
        sandbox.run(ExecSpec(["true"], ws, cwd="/no/such/dir"))
    with pytest.raises(SandboxError, match="absolute"):
        sandbox.run(ExecSpec(["true"], ws, mounts=[Mount(trial / "hidden", "relative")]))


def test_writable_mount_and_workspace_files_are_usable_on_the_host(sandbox: BwrapSandbox, trial: Path) -> None:
    out = trial / "out"
    out.mkdir()
    cmd = "echo r > /out/result.txt && echo w > /workspace/w.txt && id -u"
    result = sandbox.run(ExecSpec(["sh", "-c", cmd], trial / "workspace", mounts=[Mount(out, "/out", True)]))
    assert result.ok, result.stderr
    assert (out / "result.txt").read_text() == "r\n"
    assert (trial / "workspace" / "w.txt").read_text() == "w\n"
    assert int(result.stdout) == sandbox.uid


@pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox uid is only chosen when running as root")
def test_root_runs_commands_as_the_configured_uid(trial: Path) -> None:
    sandbox = BwrapSandbox(uid=64321)
    (trial / "workspace" / "pre.txt").write_text("x")
    result = sandbox.run(ExecSpec(["sh", "-c", "id -u; id -G; echo y >> pre.txt"], trial / "workspace"))
    assert result.ok, result.stderr
    assert result.stdout.split() == ["64321", "64321"]
    assert (trial / "workspace" / "pre.txt").stat().st_uid == 64321
    with pytest.raises(ValueError, match="uid"):
        BwrapSandbox(uid=0)


def test_start_overhead_is_small(sandbox: BwrapSandbox, trial: Path) -> None:
    times = sorted(sandbox.run(ExecSpec(["true"], trial / "workspace")).wall_s for _ in range(10))
    assert times[5] < 0.1


def test_tmp_and_shm_are_private_and_writable(sandbox: BwrapSandbox, trial: Path) -> None:
    marker = Path("/tmp") / f"worktrial-host-marker-{os.getpid()}"
    marker.write_text("host")
    try:
        code = (
            "import multiprocessing, os, sys\n"
            "open('/tmp/scratch', 'w').write('ok')\n"
            "multiprocessing.Lock()\n"  # a POSIX semaphore in /dev/shm
            "print(os.path.exists(sys.argv[1]), open('/tmp/scratch').read())\n"
        )
        result = sandbox.run(ExecSpec(["python3", "-c", code, str(marker)], trial / "workspace"))
    finally:
        marker.unlink()
    assert result.ok, result.stderr
    assert result.stdout.split() == ["False", "ok"]


def test_only_standard_fds_reach_the_command(sandbox: BwrapSandbox, trial: Path) -> None:
    code = "import os\nprint([fd for fd in range(3, 256) if os.path.exists(f'/proc/self/fd/{fd}')])"
    result = sandbox.run(ExecSpec(py(code), trial / "workspace", stdin=b"x"))
    assert result.ok, result.stderr
    assert result.stdout.strip() == "[]"


def test_relative_sources_follow_the_callers_cwd(
    sandbox: BwrapSandbox, trial: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(trial)
    (trial / "hidden" / "data.txt").write_text("mounted")
    spec = ExecSpec(["cat", "/data/data.txt"], Path("workspace"), mounts=[Mount(Path("hidden"), "/data")])
    assert sandbox.run(spec).stdout == "mounted"
