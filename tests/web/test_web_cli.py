"""`worktrial users` and `worktrial serve` as an administrator runs them."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from worktrial.store import Home, Store
from worktrial.store.accounts import Accounts
from worktrial.web import security

REPO = Path(__file__).resolve().parents[2]


def wt(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "worktrial.cli", *args], input=stdin, capture_output=True, timeout=120)


def test_users_add_hashes_the_password_and_refuses_what_it_cannot_take(tmp_path: Path) -> None:
    home = tmp_path / "home"
    added = wt("users", "add", "root", "--role", "admin", "--home", str(home), stdin=b"a long enough password\n")
    assert added.returncode == 0, added.stderr.decode()
    user = Accounts(Store(Home(home).db_url)).user_by_name("root")
    assert user is not None and user.role == "admin"
    assert "a long enough password" not in user.password_hash
    assert security.password_matches(user.password_hash, "a long enough password")
    for args, stdin, said in (
        (["root"], b"another long password\n", "taken"),
        (["Bad Name"], b"another long password\n", "lower-case"),
        (["ok"], b"short\n", "at least"),
        (["ok2", "--role", "owner"], b"another long password\n", "unknown role"),
    ):
        res = wt("users", "add", *args, "--home", str(home), stdin=stdin)
        assert res.returncode == 2 and said in res.stderr.decode() and b"Traceback" not in res.stderr, res.stderr
    invite = wt("users", "invite", "--role", "author", "--home", str(home))
    code = invite.stdout.decode().strip()
    assert invite.returncode == 0 and len(code) >= 12
    found = Accounts(Store(Home(home).db_url)).open_invite(code)
    assert found is not None and found.role == "author"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_serve_answers_on_the_bundled_suites(tmp_path: Path) -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "worktrial.cli", "serve", "--port", str(port), "--home", str(tmp_path / "home")],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/catalog", timeout=5) as r:
                    page, headers = r.read().decode(), r.headers
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.5)
        assert "oil_npt" in page and "payroll_audit" in page
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/signup", timeout=5)  # closed by default
        assert refused.value.code == 404
        assert re.search(r"Log in", page)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
