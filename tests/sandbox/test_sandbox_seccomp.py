"""The bwrap sandbox's system-call filter: the forbidden calls fail with EPERM, ordinary work still runs."""

from __future__ import annotations

import json
import platform
import shutil
import zipfile
from pathlib import Path

import pytest

from worktrial.sandbox import BwrapSandbox, ExecSpec, Limits, SessionSpec
from worktrial.sandbox.seccomp import ARCHES, UnsupportedArch, program

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
ARCH = ARCHES.get(platform.machine())

# Each forbidden call made directly (libc's syscall()), so no wrapper can hide the kernel's answer.
PROBE = """
import ctypes, errno, json, socket, sys
libc = ctypes.CDLL(None, use_errno=True)
def call(nr, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno())) if r == -1 else "ok"
numbers = json.loads(sys.argv[1])
out = {name: call(nr, 0, 0, 0, 0, 0) for name, nr in numbers["denied"].items()}
out["unshare(CLONE_NEWUSER)"] = call(numbers["unshare"], 0x10000000)
out["clone(CLONE_NEWUSER)"] = call(numbers["clone"], 0x10000000 | 17, 0, 0, 0, 0)
out["unshare(CLONE_FILES)"] = call(numbers["unshare"], 0x400)
out["clone3"] = call(numbers["clone3"], 0, 0)
for family in ("AF_VSOCK", "AF_INET", "AF_UNIX"):
    try:
        socket.socket(getattr(socket, family, 40), socket.SOCK_STREAM).close()
        out[family] = "ok"
    except OSError as e:
        out[family] = errno.errorcode[e.errno]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def sandbox() -> BwrapSandbox:
    sb = BwrapSandbox()
    sb.check()
    return sb


def _numbers() -> str:
    assert ARCH is not None
    return json.dumps({"denied": ARCH.denied, "unshare": ARCH.unshare, "clone": ARCH.clone, "clone3": ARCH.clone3})


@pytest.mark.skipif(ARCH is None, reason="no filter for this architecture")
def test_forbidden_calls_fail_with_eperm(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    result = sandbox.run(ExecSpec(["python3", "-c", PROBE, _numbers()], tmp_path))
    assert result.ok, result.stderr
    got = json.loads(result.stdout)
    assert ARCH is not None
    for name in [*ARCH.denied, "unshare(CLONE_NEWUSER)", "clone(CLONE_NEWUSER)", "AF_VSOCK"]:
        assert got[name] == "EPERM", (name, got[name])
    assert got["clone3"] == "ENOSYS"  # so that the C library falls back to clone, whose flags are checked
    assert got["unshare(CLONE_FILES)"] == "ok" and got["AF_INET"] == "ok" and got["AF_UNIX"] == "ok"


def test_no_user_namespace_from_a_session_either(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    session = sandbox.session(SessionSpec(workspace=tmp_path, limits=Limits(wall_s=60)))
    try:
        r = session.exec(["sh", "-c", "unshare -U true; echo rc=$?"], wall_s=20)
        assert "rc=1" in r.stdout and "Operation not permitted" in r.stderr, (r.stdout, r.stderr)
        r = session.exec(["sh", "-c", "python3 -c 'import os; os.fork() or os._exit(0)'; echo rc=$?"], wall_s=20)
        assert "rc=0" in r.stdout, r.stderr
    finally:
        session.close()


def _wheel(dest: Path) -> Path:
    """A minimal pure-Python wheel, so pip can install without an index."""
    path = dest / "wt_probe-1.0-py3-none-any.whl"
    info = "wt_probe-1.0.dist-info"
    files = {
        "wt_probe.py": "VALUE = 41 + 1\n",
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: wt-probe\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_ordinary_work_still_runs(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    _wheel(tmp_path)
    script = (
        "set -e\n"
        "python3 -c 'import threading, multiprocessing as m; t = threading.Thread(target=print); t.start(); t.join();"
        " print(m.Pool(2).map(abs, [-1, -2]))'\n"
        "git init -q repo && cd repo && echo x > f && git add f\n"
        "git -c user.name=w -c user.email=w@x commit -qm one && git log --oneline | wc -l\n"
        "cd .. && python3 -m pip install -q --no-index --target /tmp/site wt_probe-1.0-py3-none-any.whl\n"
        "PYTHONPATH=/tmp/site python3 -c 'import wt_probe; print(wt_probe.VALUE)'\n"
    )
    result = sandbox.run(ExecSpec(["sh", "-c", script], tmp_path, limits=Limits(wall_s=120)))
    assert result.ok, result.stderr
    assert result.stdout.split() == ["[1,", "2]", "1", "42"], result.stdout


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_converts_under_the_filter(tmp_path: Path) -> None:
    from worktrial.grading.render import libreoffice_convert

    from ..grading.builders import write_docx

    src = write_docx(tmp_path / "memo.docx", headings=["Memo"], paragraphs=["Filtered but working."])
    (pdf,) = libreoffice_convert([src], "pdf", tmp_path / "out")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_the_program_is_built_per_architecture() -> None:
    x86, arm = program("x86_64"), program("aarch64")
    assert len(x86) % 8 == 0 and len(arm) % 8 == 0 and x86 != arm
    assert (0xC000003E).to_bytes(4, "little") in x86 and (0xC00000B7).to_bytes(4, "little") in arm
    with pytest.raises(UnsupportedArch, match="riscv64"):
        program("riscv64")
