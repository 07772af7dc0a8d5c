"""The default backend: bubblewrap namespaces, rlimits via prlimit, and an unprivileged uid."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from worktrial.sandbox import _host, quota, seccomp
from worktrial.sandbox._client import SERVER_PATH, ServerSession, server_source
from worktrial.sandbox._proc import NOT_FOUND_EXIT, run_bounded, sandbox_env
from worktrial.sandbox.base import ExecResult, ExecSpec, Limits, SandboxError
from worktrial.sandbox.session import SessionSpec

DEFAULT_UID = _host.NOBODY
_INSTALL_HINT = "install bubblewrap: apt-get install bubblewrap"
_NS_HINT = (
    "it needs bubblewrap >= 0.5 and, unless run as root, unprivileged user namespaces "
    "(sysctl user.max_user_namespaces > 0; on Ubuntu 24.04 kernel.apparmor_restrict_unprivileged_userns=0); "
    "in a container, a seccomp profile that permits unshare and mount"
)
_SETPRIV = "/usr/bin/setpriv"
_SHM_BYTES = 64 << 20
# Without root, bwrap's monitor and the sandbox's pid 1 run under the command's uid and count for it.
_HELPER_PROCESSES = 2
# In a session the server is one more process of the uid (bwrap's own helpers run as root when we are root).
_SESSION_HELPERS = 1
# As root there is no user namespace: the command runs as the real uid `uid`, for which the kernel enforces
# RLIMIT_NPROC (never for uid 0, not even inside a user namespace), and bwrap resolves mount sources as
# root, so they need not be reachable by `uid`. setpriv needs SETUID/SETGID and --chdir into the uid's
# workspace needs DAC_READ_SEARCH; leaving uid 0 clears them all before the command is exec'd.
_ROOT_NAMESPACES = [
    "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
    "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
    "--cap-add", "CAP_DAC_READ_SEARCH",
]  # fmt: skip


class BwrapSandbox:
    """Runs each command in fresh namespaces; docs/sandbox.md says what the command can see.

    `uid` is the identity commands run as when this process is root. The process limit counts every
    process of that uid, so concurrent slots should each get their own. Without root, commands run as
    the current user and `uid` is ignored.
    """

    name = "bwrap"

    def __init__(self, uid: int = DEFAULT_UID, bwrap: str | None = None) -> None:
        self._root = os.geteuid() == 0
        if self._root and uid == 0:
            raise ValueError("the sandbox uid must not be 0: the kernel exempts root from the process limit")
        self.uid = uid if self._root else os.getuid()
        self.gid = uid if self._root else os.getgid()
        self._bwrap = bwrap or shutil.which("bwrap") or "/usr/bin/bwrap"
        self._prlimit = shutil.which("prlimit") or "/usr/bin/prlimit"
        self._lock = threading.Lock()
        self._probed = False
        self._probe_error: SandboxError | None = None
        self._sized_tmpfs = False
        self._links, self._binds = _host.system_binds()
        self._seccomp: bytes | None = None
        self._seccomp_error = ""
        try:
            self._seccomp = seccomp.program()
        except seccomp.UnsupportedArch as exc:
            self._seccomp_error = str(exc)

    def check(self) -> None:
        with self._lock:
            if not self._probed:
                self._probe_error = self._probe()
                self._probed = True
        if self._probe_error is not None:
            raise self._probe_error

    def _probe(self) -> SandboxError | None:
        tools = [(self._bwrap, _INSTALL_HINT), (self._prlimit, "install util-linux")]
        if self._root:
            tools.append((_SETPRIV, "install util-linux"))
        for tool, hint in tools:
            if not os.access(tool, os.X_OK):
                return SandboxError(f"{tool} not found: {hint}")
        if self._seccomp is None:
            return SandboxError(f"{self._seccomp_error}: the sandbox would run without its system-call filter")
        usage = run_bounded([self._bwrap, "--help"], env={}, cwd="/", stdin=None, wall_s=10, output_bytes=1 << 16)
        self._sized_tmpfs = "--size" in usage.stdout.text()
        with tempfile.TemporaryDirectory(prefix="worktrial-probe-") as ws:
            try:
                result = self._run(ExecSpec(argv=["true"], workspace=Path(ws)))
            except SandboxError as exc:
                return SandboxError(f"bwrap cannot create a sandbox here: {exc}; {_NS_HINT}")
        if not result.ok:
            return SandboxError(f"bwrap cannot run a command here: {result.stderr.strip()}; {_NS_HINT}")
        return None

    def run(self, spec: ExecSpec) -> ExecResult:
        self.check()
        return self._run(spec)

    def _run(self, spec: ExecSpec) -> ExecResult:
        args = _Args()
        status_r, status_w = os.pipe()
        try:
            args.fds.append(status_w)
            self._build(spec, args, sandbox_env(spec.env))
            argv = [
                *_prlimit_args(self._prlimit, spec.limits, 0 if self._root else _HELPER_PROCESSES),
                self._bwrap, "--json-status-fd", str(status_w), *args.argv, "--", *self._drop(), *spec.argv,
            ]  # fmt: skip
            watch = quota.ProcessWatch(spec)
            try:
                raw = run_bounded(
                    argv,
                    env={},
                    cwd="/",
                    stdin=spec.stdin,
                    wall_s=spec.limits.wall_s,
                    output_bytes=spec.limits.output_bytes,
                    pass_fds=args.fds,  # only these reach bwrap, which closes them before the exec
                    on_start=watch.started,
                )
            except OSError as exc:
                raise SandboxError(f"cannot start {self._bwrap}: {exc}") from exc
            finally:
                stopped = watch.finish()
            args.fds.remove(status_w)
            os.close(status_w)
            status = _host.read_status(status_r)
        finally:
            for fd in [status_r, *args.fds]:
                os.close(fd)
        stdout, stderr = raw.stdout.text(), raw.stderr.text()
        if stopped:
            return ExecResult(raw.returncode, stdout, stderr, raw.wall_s, raw.timed_out, stopped=stopped)
        if "exit-code" not in status and not raw.timed_out:
            # bwrap reports an exit code only once the command was exec'd: anything else is its own failure.
            if "bwrap: execvp " in stderr:
                return ExecResult(NOT_FOUND_EXIT, stdout, stderr, raw.wall_s)
            raise SandboxError(f"bwrap failed (exit {raw.returncode}): {stderr.strip()[-2000:]}")
        return ExecResult(raw.returncode, stdout, stderr, raw.wall_s, raw.timed_out)

    def session(self, spec: SessionSpec) -> ServerSession:
        """A long-lived sandbox whose commands are children of a small server inside it (docs/sandbox.md)."""
        self.check()
        args = _Args()
        try:
            self._build(spec, args, sandbox_env({}))
            args.data(SERVER_PATH, server_source())
            helpers = _SESSION_HELPERS + (0 if self._root else _HELPER_PROCESSES)
            argv = [
                *_prlimit_args(self._prlimit, spec.limits, helpers),
                self._bwrap, *args.argv, "--", *self._drop(), _host.server_python(), "-I", "-S", SERVER_PATH,
            ]  # fmt: skip
            try:
                proc = subprocess.Popen(
                    argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={}, cwd="/",
                    start_new_session=True, close_fds=True, pass_fds=args.fds,
                )  # fmt: skip
            except OSError as exc:
                raise SandboxError(f"cannot start {self._bwrap}: {exc}") from exc
        finally:
            for fd in args.fds:
                os.close(fd)
        base_env = sandbox_env(spec.env)

        def prepare(argv: list[str], env: dict[str, str], cwd: str) -> tuple[list[str], dict[str, str], str]:
            return argv, {**env, "PWD": cwd}, cwd

        return ServerSession(proc, spec, base_env, prepare)

    def _drop(self) -> list[str]:
        if not self._root:
            return []
        return [
            _SETPRIV,
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--inh-caps=-all",
            "--no-new-privs",
            "--",
        ]

    def _build(self, spec: ExecSpec | SessionSpec, args: _Args, env: dict[str, str]) -> None:
        workspace = _host.existing(spec.workspace, "the workspace")
        mounts = [(_host.existing(m.source, m.target), _host.mount_target(m.target), m.writable) for m in spec.mounts]
        readonly = [ro for rel in spec.readonly if (ro := _host.readonly_source(workspace, rel))]
        if self._root:
            for path in [workspace] + [source for source, _, writable in mounts if writable]:
                _host.chown_tree(path, self.uid, self.gid)

        args.add(*(_ROOT_NAMESPACES if self._root else ["--unshare-all"]))
        args.add("--die-with-parent", "--new-session", "--hostname", "sandbox")
        if self._seccomp is not None:  # never None once check() passed
            args.pipe("--seccomp", self._seccomp)
        for target, link in self._links:
            args.add("--symlink", target, link)
        for system_path in self._binds:
            args.bind(system_path, system_path, rw=False)
        users, groups = _host.passwd(self.uid, self.gid)
        args.data("/etc/passwd", users)
        args.data("/etc/group", groups)
        args.data("/etc/hosts", _host.HOSTS)
        args.add("--proc", "/proc", "--dev", "/dev", "--perms", "1777")
        if self._sized_tmpfs and spec.limits.memory_mb is not None:
            args.add("--size", str(spec.limits.memory_mb << 20))  # /tmp lives in RAM: cap it as well
        args.add("--tmpfs", "/tmp")
        # POSIX semaphores (multiprocessing) need a writable /dev/shm; capped like Docker's default.
        args.add("--perms", "1777", *(["--size", str(_SHM_BYTES)] if self._sized_tmpfs else []))
        args.add("--tmpfs", "/dev/shm")
        args.bind(str(workspace), "/workspace", rw=True)
        for source, dest in readonly:
            args.bind(str(source), dest, rw=False)
        for source, dest, writable in mounts:
            args.bind(str(source), dest, rw=writable)
        args.add("--clearenv")
        for key, value in env.items():
            args.add("--setenv", key, value)
        args.add("--chdir", spec.cwd)


class _Args:
    """bwrap options being assembled, and the fds they refer to (the caller closes them)."""

    def __init__(self) -> None:
        self.argv: list[str] = []
        self.fds: list[int] = []
        # bwrap would create missing parents of a mount point as root-only directories.
        self._dirs = {"/tmp", "/workspace"}

    def add(self, *options: str) -> None:
        self.argv += options

    def _parents(self, dest: str) -> None:
        path = ""
        for part in dest.strip("/").split("/")[:-1]:
            path += "/" + part
            if path == "/workspace" or path.startswith("/workspace/"):
                return  # inside the bound workspace, where the uid owns everything anyway
            if path not in self._dirs:
                self._dirs.add(path)
                self.add("--perms", "0755", "--dir", path)

    def bind(self, source: str, dest: str, rw: bool) -> None:
        self._parents(dest)
        self.add("--bind" if rw else "--ro-bind", source, dest)

    def data(self, dest: str, content: str) -> None:
        self._parents(dest)
        self.add("--perms", "0644")
        self.pipe("--ro-bind-data", content.encode("utf-8"), dest)

    def pipe(self, option: str, content: bytes, *rest: str) -> None:
        """`option FD *rest`, FD a pipe holding `content`, which must be far below a pipe's buffer (64 KiB)."""
        r, w = os.pipe()
        self.fds.append(r)
        with os.fdopen(w, "wb") as f:
            f.write(content)
        self.add(option, str(r), *rest)


def _prlimit_args(prlimit: str, limits: Limits, helpers: int) -> list[str]:
    args = [prlimit, "--core=0"]
    if limits.memory_mb is not None:
        args.append(f"--as={limits.memory_mb << 20}")
    if limits.file_size_mb is not None:
        args.append(f"--fsize={limits.file_size_mb << 20}")
    if limits.processes is not None:
        args.append(f"--nproc={limits.processes + helpers}")
    return [*args, "--"]
