"""Development backend: runs commands directly on the host. It isolates NOTHING (docs/sandbox.md)."""

from __future__ import annotations

import contextlib
import re
import resource
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

from worktrial.sandbox import _host
from worktrial.sandbox._client import ServerSession
from worktrial.sandbox._proc import NOT_FOUND_EXIT, run_bounded, sandbox_env
from worktrial.sandbox.base import ExecResult, ExecSpec, Limits, SandboxError
from worktrial.sandbox.quota import ProcessWatch
from worktrial.sandbox.session import SessionSpec

WARNING = (
    "worktrial: the 'local' sandbox isolates nothing: commands can read and change every file, reach the "
    "network and see the host. Use it for development only; use 'bwrap' for real trials."
)
_warned = False


def _warn_once() -> None:
    global _warned
    if _warned:
        return
    _warned = True
    warnings.warn(WARNING, RuntimeWarning, stacklevel=3)
    sys.stderr.write(f"\033[1;31m{WARNING}\033[0m\n")


class LocalSandbox:
    """Emulates the sandbox layout by rewriting /workspace and mount targets to host paths.

    /workspace and mount targets are rewritten wherever they occur as paths in argv elements (shell
    scripts included), env values and the cwd. Limits are applied with setrlimit; `readonly` is not enforced.
    """

    name = "local"

    def __init__(self) -> None:
        _warn_once()

    def check(self) -> None:
        """Always usable."""

    def run(self, spec: ExecSpec) -> ExecResult:
        host = _host_paths(spec)
        env = {key: host(value) for key, value in sandbox_env(spec.env).items()}
        argv, cwd = [host(arg) for arg in spec.argv], host(spec.cwd)
        if not Path(cwd).is_dir():
            raise SandboxError(f"working directory does not exist: {spec.cwd}")
        env["PWD"] = cwd  # as bwrap does
        watch = ProcessWatch(spec)
        try:
            raw = run_bounded(
                argv,
                env=env,
                cwd=cwd,
                stdin=spec.stdin,
                wall_s=spec.limits.wall_s,
                output_bytes=spec.limits.output_bytes,
                preexec_fn=_rlimits(spec.limits),
                on_start=watch.started,
            )
        except FileNotFoundError as exc:
            return ExecResult(NOT_FOUND_EXIT, "", f"worktrial: {exc}\n", 0.0)
        except OSError as exc:
            raise SandboxError(f"cannot start {argv[0]!r}: {exc}") from exc
        finally:
            stopped = watch.finish()
        return ExecResult(raw.returncode, raw.stdout.text(), raw.stderr.text(), raw.wall_s, raw.timed_out, stopped)

    def session(self, spec: SessionSpec) -> ServerSession:
        """The session server runs on the host like any command here; background processes that leave their
        process group survive `close()` (nothing is isolated)."""
        host = _host_paths(spec)
        cwd = host(spec.cwd)
        if not Path(cwd).is_dir():
            raise SandboxError(f"working directory does not exist: {spec.cwd}")
        server = Path(__file__).with_name("_server.py")
        try:
            proc = subprocess.Popen(
                [_host.server_python(), "-I", "-S", str(server)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, env=sandbox_env({}), cwd=cwd, start_new_session=True, close_fds=True,
                preexec_fn=_rlimits(spec.limits),
            )  # fmt: skip
        except OSError as exc:
            raise SandboxError(f"cannot start the session server: {exc}") from exc

        def prepare(argv: list[str], env: dict[str, str], where: str) -> tuple[list[str], dict[str, str], str]:
            mapped = {key: host(value) for key, value in env.items()}
            return [host(arg) for arg in argv], {**mapped, "PWD": host(where)}, host(where)

        return ServerSession(proc, spec, sandbox_env(spec.env), prepare)


def _host_paths(spec: ExecSpec | SessionSpec) -> Callable[[str], str]:
    for path in [spec.workspace] + [m.source for m in spec.mounts]:
        if not path.exists():
            raise SandboxError(f"mount source does not exist: {path}")
    return _path_mapper({"/workspace": spec.workspace, **{m.target: m.source for m in spec.mounts}})


def _path_mapper(table: dict[str, Path]) -> Callable[[str], str]:
    """Rewrites every sandbox path in a string (a whole argument, a shell script, a PATH list)."""
    targets = sorted((t.rstrip("/") for t in table), key=len, reverse=True)  # the most specific wins
    sources = {t.rstrip("/"): str(s.resolve()) for t, s in table.items()}
    # A target counts only as a whole path component: /workspace2 or /x/workspace are left alone.
    pattern = re.compile(r"(?<![\w./-])(" + "|".join(map(re.escape, targets)) + r")(?![\w.-])")
    return lambda value: pattern.sub(lambda m: sources[m.group(1)], value)


def _rlimits(limits: Limits) -> Callable[[], None]:
    wanted = [(resource.RLIMIT_CORE, 0)]
    if limits.memory_mb is not None:
        wanted.append((resource.RLIMIT_AS, limits.memory_mb << 20))
    if limits.file_size_mb is not None:
        wanted.append((resource.RLIMIT_FSIZE, limits.file_size_mb << 20))
    if limits.processes is not None:
        wanted.append((resource.RLIMIT_NPROC, limits.processes))

    def apply() -> None:  # runs in the child between fork and exec
        for which, value in wanted:
            hard = resource.getrlimit(which)[1]
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            # Some platforms refuse some limits; this backend promises nothing anyway.
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(which, (value, value))

    return apply
