"""The web app on a real store with real trials: accounts, CSRF, who sees what, the viewer and the leaderboard.

The trials are made the way users make them: a job run by `worktrial run` (reference and noop) and a person's
workspace whose command printed a `<script>` tag.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from worktrial.store import Home, Store
from worktrial.store.accounts import Accounts
from worktrial.web import Settings, create_app, security

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "deliverables"
TASK = "sales_totals/base"
PASSWORD = "a long enough password"
SCRIPT = "<script>alert('x')</script>"

pytestmark = pytest.mark.slow


def wt(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "worktrial.cli", *args], input=stdin, capture_output=True, timeout=600)


def ok(res: subprocess.CompletedProcess[bytes]) -> str:
    assert res.returncode == 0, res.stdout.decode() + res.stderr.decode()
    return res.stdout.decode()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A state folder with a `worktrial run` job and a workspace job, and suites with a public and a private
    family."""
    root = tmp_path_factory.mktemp("web")
    home = root / "home"
    suite = root / "suite"
    shutil.copytree(FIXTURES / "sales_totals", suite / "sales_totals")
    shutil.copytree(FIXTURES / "sales_totals", suite / "held_out")
    toml = suite / "held_out" / "task.toml"
    text = toml.read_text().replace('id = "sales_totals"', 'id = "held_out"', 1)
    toml.write_text(re.sub(r"^tier = (\d+)$", 'tier = \\1\nvisibility = "private"', text, count=1, flags=re.M))
    assert 'visibility = "private"' in toml.read_text()
    ok(wt("run", "--suite", str(suite), "--task", TASK, "--agent", "reference", "--agent", "noop", "--home", str(home)))
    state = json.loads(
        ok(wt("workspace", "start", TASK, "--suite", str(suite), "--name", "ada", "--home", str(home), "--json"))
    )
    ok(wt("workspace", "exec", "--home", str(home), state["id"], "--", "echo", SCRIPT))
    edits = f"printf 'region,total\\nnorth,{SCRIPT}\\n' > output/totals.csv && echo 'my own note' >> TASK.md"
    ok(wt("workspace", "exec", "--home", str(home), state["id"], "--", "sh", "-c", edits))
    ok(wt("workspace", "submit", "--home", str(home), state["id"]))
    store = Store(Home(home).db_url)
    jobs = [j.id for j in store.jobs()]
    assert state["id"] in jobs and len(jobs) == 2
    (run_job,) = [j for j in jobs if j != state["id"]]
    accounts = Accounts(store)
    accounts.add_user("root", security.hash_password(PASSWORD), "admin")
    accounts.add_user("bea", security.hash_password(PASSWORD), "user")
    return {
        "home": home,
        "suite": suite,
        "url": Home(home).db_url,
        "run_job": run_job,
        "ws_job": state["id"],
        "accounts": accounts,
        "store": store,
    }


def client(world: dict[str, object], signup: str = "closed") -> TestClient:
    settings = Settings(store_url=str(world["url"]), suites=[Path(str(world["suite"]))], signup=signup)  # type: ignore[arg-type]
    return TestClient(create_app(settings))


def form_token(c: TestClient, path: str) -> str:
    page = c.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'name="form_token" value="([^"]+)"', page.text)
    assert found
    return found.group(1)


def login(c: TestClient, name: str, password: str = PASSWORD) -> str:
    """Log in; the session's CSRF token (from the logout form)."""
    r = c.post(
        "/login",
        data={"name": name, "password": password, "form_token": form_token(c, "/login")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    found = re.search(r'name="csrf" value="([^"]+)"', c.get("/catalog").text)
    assert found
    return found.group(1)


@pytest.fixture
def admin(world: dict[str, object]) -> Iterator[tuple[TestClient, str]]:
    c = client(world)
    yield c, login(c, "root")


@pytest.fixture
def user(world: dict[str, object]) -> Iterator[tuple[TestClient, str]]:
    c = client(world)
    yield c, login(c, "bea")


def trial_ids(world: dict[str, object], job: str) -> list[str]:
    store = world["store"]
    assert isinstance(store, Store)
    return [t.id for t in store.trials(job)]


# ---------------------------------------------------------------------------------------------- accounts


def test_login_takes_the_right_password_only_and_throttles_guessing(world: dict[str, object]) -> None:
    c = client(world)
    bad = c.post("/login", data={"name": "bea", "password": "wrong password!", "form_token": form_token(c, "/login")})
    assert bad.status_code == 401 and "wrong password" in bad.text
    assert "wt_session" not in c.cookies
    for _ in range(5):
        c.post("/login", data={"name": "nobody", "password": "x" * 12, "form_token": form_token(c, "/login")})
    blocked = c.post("/login", data={"name": "nobody", "password": "x" * 12, "form_token": form_token(c, "/login")})
    assert blocked.status_code == 429
    login(c, "bea")  # another name is not held up


def test_signup_follows_the_servers_mode(world: dict[str, object]) -> None:
    closed = client(world, "closed")
    assert closed.get("/signup").status_code == 404
    opened = client(world, "open")
    r = opened.post(
        "/signup",
        data={"name": "cy", "password": PASSWORD, "form_token": form_token(opened, "/signup")},
        follow_redirects=False,
    )
    assert r.status_code == 303 and "wt_session" in opened.cookies
    taken = client(world, "open")
    again = taken.post("/signup", data={"name": "cy", "password": PASSWORD, "form_token": form_token(taken, "/signup")})
    assert again.status_code == 400 and "taken" in again.text
    short = taken.post("/signup", data={"name": "dee", "password": "short", "form_token": form_token(taken, "/signup")})
    assert short.status_code == 400 and "at least" in short.text


def test_an_invitation_opens_one_account_with_its_role(world: dict[str, object]) -> None:
    accounts = world["accounts"]
    assert isinstance(accounts, Accounts)
    code = accounts.new_invite("author")
    c = client(world, "invite")
    none = c.post(
        "/signup", data={"name": "eve", "password": PASSWORD, "invite": "guess", "form_token": form_token(c, "/signup")}
    )
    assert none.status_code == 400 and accounts.user_by_name("eve") is None
    r = c.post(
        "/signup",
        data={"name": "eve", "password": PASSWORD, "invite": code, "form_token": form_token(c, "/signup")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    eve = accounts.user_by_name("eve")
    assert eve is not None and eve.role == "author"
    d = client(world, "invite")
    reused = d.post(
        "/signup", data={"name": "fay", "password": PASSWORD, "invite": code, "form_token": form_token(d, "/signup")}
    )
    assert reused.status_code == 400 and accounts.user_by_name("fay") is None


def test_forms_without_their_token_are_refused(world: dict[str, object], admin: tuple[TestClient, str]) -> None:
    fresh = client(world)
    assert fresh.post("/login", data={"name": "root", "password": PASSWORD}).status_code == 403
    c, csrf = admin
    assert c.post("/logout", data={}).status_code == 403
    assert c.post(f"/jobs/{world['run_job']}/publish", data={"csrf": "forged"}).status_code == 403
    assert c.get("/runs").status_code == 200  # still logged in
    assert c.post("/logout", data={"csrf": csrf}, follow_redirects=False).status_code == 303
    assert c.get("/runs", follow_redirects=False).headers["location"] == "/login"


# ---------------------------------------------------------------------------------------------- who sees what


def test_logged_out_visitors_reach_no_run(world: dict[str, object]) -> None:
    c = client(world)
    for job in (world["run_job"], world["ws_job"]):
        assert c.get(f"/jobs/{job}", follow_redirects=False).status_code == 303
        for trial in trial_ids(world, str(job)):
            assert c.get(f"/trials/{trial}", follow_redirects=False).headers["location"] == "/login"


def test_a_user_sees_a_job_only_once_it_is_published(
    world: dict[str, object], admin: tuple[TestClient, str], user: tuple[TestClient, str]
) -> None:
    a, csrf = admin
    u, _ = user
    job = str(world["run_job"])
    trials = trial_ids(world, job)
    assert u.get(f"/jobs/{job}").status_code == 404 and u.get(f"/trials/{trials[0]}").status_code == 404
    assert u.get("/jobs/no-such-job").status_code == 404  # the same answer as for a job that exists
    assert job not in u.get("/runs").text
    assert a.get(f"/jobs/{job}").status_code == 200
    assert u.post(f"/jobs/{job}/publish", data={"csrf": "x"}).status_code == 403
    r = a.post(f"/jobs/{job}/publish", data={"csrf": csrf, "published": "1"}, follow_redirects=False)
    assert r.status_code == 303
    try:
        assert u.get(f"/jobs/{job}").status_code == 200 and job in u.get("/runs").text
        view = u.get(f"/trials/{trials[0]}")
        assert view.status_code == 200 and "worker view" in view.text
    finally:
        a.post(f"/jobs/{job}/publish", data={"csrf": csrf, "published": "0"})
    assert u.get(f"/jobs/{job}").status_code == 404


def test_a_users_own_job_is_theirs_alone(world: dict[str, object], user: tuple[TestClient, str]) -> None:
    accounts = world["accounts"]
    assert isinstance(accounts, Accounts)
    bea = accounts.user_by_name("bea")
    assert bea is not None
    job = str(world["ws_job"])
    accounts.own_job(job, bea.id)
    try:
        u, _ = user
        assert u.get(f"/jobs/{job}").status_code == 200
        other = client(world)
        accounts.add_user("gus", security.hash_password(PASSWORD)) if accounts.user_by_name("gus") is None else None
        login(other, "gus")
        assert other.get(f"/jobs/{job}").status_code == 404
    finally:
        accounts.own_job(job, None)


def test_trial_ids_cannot_walk_out_of_the_store(admin: tuple[TestClient, str]) -> None:
    c, _ = admin
    for probe in ("../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "x/../../worktrial.db"):
        r = c.get(f"/trials/{probe}")
        assert r.status_code == 404 and "root:" not in r.text


# ---------------------------------------------------------------------------------------------- pages


def test_the_viewer_shows_what_the_worker_did_as_text(world: dict[str, object], admin: tuple[TestClient, str]) -> None:
    c, _ = admin
    (trial,) = trial_ids(world, str(world["ws_job"]))
    page = c.get(f"/trials/{trial}")
    assert page.status_code == 200
    assert SCRIPT not in page.text and "&lt;script&gt;alert(" in page.text
    assert "author view" in page.text and "Ledger: verified" in page.text
    assert "<script" not in page.text.lower()
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'none': no script runs


def test_the_viewer_shows_what_the_worker_changed(world: dict[str, object], admin: tuple[TestClient, str]) -> None:
    c, _ = admin
    (trial,) = trial_ids(world, str(world["ws_job"]))
    page = c.get(f"/trials/{trial}").text
    changes = page[page.index('<table id="changes">') : page.index("<h2>Delivered files</h2>")]
    rows = re.findall(r"<tr><td><code>([^<]+)</code></td><td>(\w+)</td>", changes)
    assert rows == [("TASK.md", "changed"), ("output/totals.csv", "added")], rows
    assert "+my own note" in changes and "+++ delivered/TASK.md" in changes
    assert "+region,total" in changes and "&lt;script&gt;" in changes and SCRIPT not in changes
    assert "<code>input/" not in changes  # what was not touched is not listed


def test_the_catalog_hides_the_private_pool_from_all_but_administrators(
    admin: tuple[TestClient, str], user: tuple[TestClient, str]
) -> None:
    a, _ = admin
    u, _ = user
    assert "held_out" in a.get("/catalog").text and "held_out" not in u.get("/catalog").text
    assert u.get("/families/held_out").status_code == 404 and a.get("/families/held_out").status_code == 200
    assert "sales_totals/base" in u.get("/families/sales_totals").text
    assert u.get("/leaderboard?pool=private").status_code == 404
    filtered = u.get("/catalog?kind=engagement")
    assert "/families/sales_totals" not in filtered.text


def test_the_leaderboard_ranks_published_runs_only(world: dict[str, object], admin: tuple[TestClient, str]) -> None:
    a, csrf = admin
    job = str(world["run_job"])
    assert "no published runs" in a.get("/leaderboard").text
    a.post(f"/jobs/{job}/publish", data={"csrf": csrf, "published": "1"})
    try:
        board = a.get("/leaderboard").text
        rows = re.findall(r"<tr><td>([^<]+)</td><td>([^<]+)</td>", board)
        ranked = {agent: float(score) for agent, score in rows}
        assert ranked.keys() == {"reference", "noop"}
        assert ranked["reference"] > 0.95 and ranked["noop"] == 0.0
        assert board.index(">reference<") < board.index(">noop<")
        assert "<svg" in board and "<circle" in board
    finally:
        a.post(f"/jobs/{job}/publish", data={"csrf": csrf, "published": "0"})
