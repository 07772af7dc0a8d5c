"""The browser workspace through the app, on a real daemon, sandbox and store: start, files, editor, commands, the
terminal's websocket, limits, who may enter, and hand-in to the same score card the command line stores."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from worktrial.store import Home, Store
from worktrial.store.accounts import Accounts
from worktrial.web import Settings, create_app, security

REPO = Path(__file__).resolve().parents[2]
PASSWORD = "a long enough password"
TASK = "sales_totals/base"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    root = tmp_path_factory.mktemp("webws")
    suite = root / "suite"
    shutil.copytree(REPO / "tests/fixtures/deliverables/sales_totals", suite / "sales_totals")
    toml = suite / "sales_totals" / "task.toml"
    toml.write_text(re.sub(r"^max_minutes = \d+$", "max_minutes = 30", toml.read_text(), flags=re.M))
    home = root / "home"
    url = Home(home).ensure().db_url
    accounts = Accounts(Store(url))
    for name in ("ada", "bo"):
        accounts.add_user(name, security.hash_password(PASSWORD))
    settings = Settings(store_url=url, suites=[suite], home=home, max_open_workspaces=1)
    yield {"settings": settings, "accounts": accounts, "url": url, "home": home}


def login(site: dict[str, object], name: str) -> tuple[TestClient, str]:
    settings = site["settings"]
    assert isinstance(settings, Settings)
    c = TestClient(create_app(settings))
    token = re.search(r'name="form_token" value="([^"]+)"', c.get("/login").text)
    assert token
    c.post("/login", data={"name": name, "password": PASSWORD, "form_token": token.group(1)})
    csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/workspaces").text)
    assert csrf
    return c, csrf.group(1)


def last_output(page: str) -> str:
    found = re.search(r'<pre id="last-out">(.*?)</pre>', page, re.S)
    assert found, page[:2000]
    return found.group(1)


def test_a_person_works_and_hands_in_in_the_browser(site: dict[str, object]) -> None:
    c, csrf = login(site, "ada")
    started = c.post("/workspaces", data={"instance": TASK, "csrf": csrf}, follow_redirects=False)
    assert started.status_code == 303, started.text
    url = started.headers["location"]
    ws_id = url.rsplit("/", 1)[1]
    page = c.get(url)
    assert (
        page.status_code == 200
        and "TASK.md" in page.text
        and "script-src 'self'" in page.headers["content-security-policy"]
    )
    assert str(site["home"]) not in page.text  # no host path reaches the browser
    # a second open workspace is over this server's limit of one
    assert c.post("/workspaces", data={"instance": TASK, "csrf": csrf}).status_code == 429
    # the editor writes a file inside the session; the command line reads it back
    assert (
        c.post(
            f"{url}/edit", data={"path": "output/notes.md", "content": "# Notes\n<b>x</b>\n", "csrf": csrf}
        ).status_code
        == 200
    )
    edited = c.get(f"{url}/edit", params={"path": "output/notes.md"})
    assert "&lt;b&gt;x&lt;/b&gt;" in edited.text
    ran = c.post(f"{url}/run", data={"command": "cat output/notes.md; id -u", "csrf": csrf})
    out = last_output(ran.text)
    assert "# Notes" in out and out.strip().splitlines()[-1] != "0"  # the sandbox's user, not root
    # paths that would leave the workspace are refused before anything runs
    for bad in ("../../etc/passwd", "/etc/passwd", "output/../../x"):
        assert c.get(f"{url}/edit", params={"path": bad}).status_code == 400
        assert c.post(f"{url}/edit", data={"path": bad, "content": "x", "csrf": csrf}).status_code == 400
    assert c.post(f"{url}/run", data={"command": "true"}).status_code == 403  # no CSRF token
    # the terminal: a real shell in the same session
    with c.websocket_connect(f"{url}/terminal", headers={"origin": "http://testserver"}) as term:
        term.send_text(json.dumps({"data": "echo from-the-terminal-$((6*7)) > output/t.txt; cat output/t.txt\r"}))
        seen = ""
        while "from-the-terminal-42\r\n" not in seen and "from-the-terminal-42\n" not in seen:
            seen += term.receive_text()
    assert "from-the-terminal-42" in last_output(
        c.post(f"{url}/run", data={"command": "cat output/t.txt", "csrf": csrf}).text
    )
    # another user cannot enter, nor reach its terminal
    other, other_csrf = login(site, "bo")
    assert other.get(url).status_code == 404
    assert other.post(f"{url}/run", data={"command": "true", "csrf": other_csrf}).status_code == 404
    with (
        pytest.raises(WebSocketDisconnect),
        other.websocket_connect(f"{url}/terminal", headers={"origin": "http://testserver"}) as t,
    ):
        t.receive_text()
    # nor can a page of another site open the owner's terminal (the cookie would travel with it)
    with (
        pytest.raises(WebSocketDisconnect),
        c.websocket_connect(f"{url}/terminal", headers={"origin": "http://evil.example"}) as t,
    ):
        t.receive_text()
    # hand in: graded by the same path, the viewer shows the stored card
    handed = c.post(f"{url}/submit", data={"csrf": csrf}, follow_redirects=False)
    assert handed.status_code == 303, handed.text
    viewer = c.get(handed.headers["location"])
    assert viewer.status_code == 200
    (row,) = Store(str(site["url"])).trials(ws_id)
    assert row.status == "done" and row.agent == "human:ada" and row.scorecard is not None
    assert f"{row.score:.3f}" in viewer.text
    assert c.get(url).status_code == 200  # the finished workspace still shows, now without its session
    listed = c.get("/workspaces").text
    assert ws_id in listed and "submitted" in listed
