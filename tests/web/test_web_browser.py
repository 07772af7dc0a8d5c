"""The web app in Debian's Chromium, as a person uses it: sign up, start oil_npt/base/L3, ask a stakeholder, edit a
file, type a command into the terminal, hand in, read the score card; the same work through `worktrial workspace`
scores the same; the viewer shows the steps of a react agent's trial on the same instance (its model a scripted
server on this machine), and the leaderboard lists the agent and the person. Screenshots of each page go to
$WORKTRIAL_SCREENSHOTS when set (docs/web.md's images)."""

from __future__ import annotations

import json
import os
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

from ..agents.model_server import ModelServer, Reply, openai_reply

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
TASK = "oil_npt/base/L3"
QUESTION = "Hello - how do the contractors' NPT claims get checked each month, and who signs them off?"
PLAN = "# Plan\n\nRead the claim rules first.\n"
AGENT_STEPS = [
    ("read_file", {"path": "TASK.md"}),
    ("run_command", {"command": "ls docs && echo listed-by-the-agent"}),
    ("submit", {"summary": "looked around, changed nothing"}),
]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


def wt(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *args], input=stdin, capture_output=True, timeout=900, cwd=REPO
    )


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _shots() -> Path | None:
    where = os.environ.get("WORKTRIAL_SCREENSHOTS")
    if not where:
        return None
    Path(where).mkdir(parents=True, exist_ok=True)
    return Path(where)


def _agent_trial(home: Path, tmp_path: Path) -> str:
    """A react agent's trial of TASK by `worktrial run`; its job id."""

    def reply(n: int, body: dict[str, object]) -> Reply:
        return openai_reply(calls=[AGENT_STEPS[min(n, len(AGENT_STEPS) - 1)]], n=n)

    with ModelServer(reply) as model:
        env = {
            **os.environ,
            "OPENAI_API_KEY": "sk-test-only",
            "OPENAI_BASE_URL": f"{model.url}/v1",
            "XDG_CONFIG_HOME": str(tmp_path / "no-config"),
        }
        argv = ["run", "--task", TASK, "--agent", "react:openai/gpt-4o", "--home", str(home)]
        res = subprocess.run(
            [sys.executable, "-m", "worktrial.cli", *argv], capture_output=True, timeout=900, cwd=REPO, env=env
        )
    assert res.returncode == 0, res.stdout.decode() + res.stderr.decode()
    (job,) = Store(Home(home).db_url).jobs()
    return job.id


def test_a_person_works_an_engagement_in_chromium(tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    home = tmp_path / "home"
    agent_job = _agent_trial(home, tmp_path)
    (agent_trial,) = Store(Home(home).db_url).trials(agent_job)
    assert agent_trial.status == "done", agent_trial.error
    port = _port()
    server = subprocess.Popen(
        [sys.executable, "-m", "worktrial.cli", "serve", "--port", str(port), "--signup", "open", "--home", str(home)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    shots = _shots()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/login", timeout=5).close()
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None and time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.5)
        requests: list[str] = []
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.on("request", lambda r: requests.append(r.url))
                page.goto(f"{base}/signup")
                page.fill("input[name=name]", "ada")
                page.fill("input[name=password]", "a long enough password")
                with page.expect_navigation():
                    page.click("text=Create the account")
                page.wait_for_url(f"{base}/catalog")
                if shots:
                    page.screenshot(path=str(shots / "catalog.png"), full_page=False)
                page.goto(f"{base}/workspaces")
                page.select_option("select[name=instance]", TASK)
                with page.expect_navigation(timeout=600_000):
                    page.click("text=Start")
                ws_id = page.url.rsplit("/", 1)[1]
                assert page.locator("h1").inner_text() == f"Workspace {ws_id}"
                # ask the first stakeholder listed
                person = page.locator("select[name=person] option").first.get_attribute("value")
                assert person
                page.fill("textarea[name=question]", QUESTION)
                with page.expect_navigation():
                    page.click("#send")
                reply = page.locator("#reply").inner_text()
                assert reply.strip() and "status" in page.locator("h2:has-text('Reply') + p").inner_text()
                if shots:
                    page.screenshot(path=str(shots / "workspace.png"), full_page=False)
                # the editor
                page.fill("input[name=path]", "notes/plan.md")
                with page.expect_navigation():
                    page.click("#open-file")
                page.fill("textarea[name=content]", PLAN)
                with page.expect_navigation():
                    page.click("#save")
                assert page.locator("#last-code").inner_text() == "0"
                # the terminal: keystrokes into a real shell
                page.click("#terminal button.connect")
                page.wait_for_selector("#terminal[data-state=open]")
                page.click("#terminal pre.screen")
                page.focus("#terminal")
                page.keyboard.type("echo typed-$((40+2)) > notes/term.txt && echo done-$((1+1))")
                page.keyboard.press("Enter")
                page.wait_for_selector("#terminal pre.screen:has-text('done-2')", timeout=30_000)
                page.fill("input[name=command]", "cat notes/term.txt notes/plan.md")
                with page.expect_navigation():
                    page.click("#run")
                out = page.locator("#last-out").inner_text()
                assert "typed-42" in out and "Read the claim rules first." in out
                # hand in
                with page.expect_navigation(timeout=900_000):
                    page.click("#hand-in")
                assert "/trials/" in page.url
                viewer = page.content()
                if shots:
                    page.screenshot(path=str(shots / "viewer.png"), full_page=False)
                # an administrator publishes both runs; the person then sees the agent's trial and the board
                accounts = Accounts(Store(Home(home).db_url))
                for job in (agent_job, ws_id):
                    accounts.publish(job)
                page.goto(f"{base}/trials/{agent_trial.id}")
                agent_view = page.content()
                assert "run_command" in agent_view and "listed-by-the-agent" in agent_view, agent_view
                page.goto(f"{base}/leaderboard?suite=engagements")
                board = page.locator("table").first.inner_text()
                assert "react:openai/gpt-4o" in board and "human:ada" in board, board
                if shots:
                    page.screenshot(path=str(shots / "leaderboard.png"), full_page=False)
            finally:
                browser.close()
        assert all(u.startswith(base) for u in requests), [u for u in requests if not u.startswith(base)]
    finally:
        server.terminate()
        server.wait(timeout=60)
    (web_row,) = Store(Home(home).db_url).trials(ws_id)
    assert web_row.status == "done" and web_row.score is not None
    assert f"{web_row.score:.3f}" in viewer
    # the same work through the command line's workspace scores the same
    started = wt("workspace", "start", TASK, "--name", "cli", "--home", str(home), "--json")
    assert started.returncode == 0, started.stderr.decode()
    cli_id = json.loads(started.stdout)["id"]

    def run(*argv: str, stdin: bytes | None = None) -> None:
        res = wt("workspace", "exec", "--home", str(home), cli_id, "--", *argv, stdin=stdin)
        assert res.returncode == 0, res.stderr.decode()

    run("bin/ask", person, "-", stdin=QUESTION.encode())
    run("sh", "-c", "mkdir -p notes && cat > notes/plan.md", stdin=PLAN.encode())
    run("sh", "-c", "echo typed-42 > notes/term.txt && echo done-2")
    assert wt("workspace", "submit", "--home", str(home), cli_id).returncode == 0
    (cli_row,) = Store(Home(home).db_url).trials(cli_id)
    assert cli_row.status == "done"
    assert (cli_row.score, cli_row.uplift, cli_row.contact_cost) == (
        web_row.score,
        web_row.uplift,
        web_row.contact_cost,
    )
