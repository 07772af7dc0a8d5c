"""Catalog administration in the web app: an administrator uploads a family (`.tar.gz`), the server lints and
validates it with the real commands, and only a validated family can be published into the served suites; bad
archives are refused before anything is unpacked outside the upload's folder; families move between the public and
the private pool, and the leaderboard says which rotation it ranks. Nobody but an administrator reaches any of it.
"""

from __future__ import annotations

import io
import re
import shutil
import tarfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from worktrial.store import Home, Store
from worktrial.store.accounts import Accounts
from worktrial.store.catalog import CatalogRecords
from worktrial.web import Settings, create_app, security

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "deliverables" / "sales_totals"
PASSWORD = "a long enough password"

pytestmark = pytest.mark.slow


@pytest.fixture
def site(tmp_path: Path) -> dict[str, Path | str]:
    home = Home(tmp_path / "home").ensure()
    suite = tmp_path / "suite"
    shutil.copytree(FIXTURE, suite / "sales_totals")
    accounts = Accounts(Store(home.db_url))
    accounts.add_user("root", security.hash_password(PASSWORD), "admin")
    accounts.add_user("bea", security.hash_password(PASSWORD), "user")
    return {"home": home.root, "suite": suite, "url": home.db_url, "root": tmp_path}


def client(site: dict[str, Path | str]) -> TestClient:
    settings = Settings(store_url=str(site["url"]), suites=[Path(site["suite"])], home=Path(site["home"]))
    return TestClient(create_app(settings))


def login(c: TestClient, name: str) -> str:
    page = c.get("/login")
    token = re.search(r'name="form_token" value="([^"]+)"', page.text)
    assert token
    r = c.post(
        "/login", data={"name": name, "password": PASSWORD, "form_token": token.group(1)}, follow_redirects=False
    )
    assert r.status_code == 303, r.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/catalog").text)
    assert csrf
    return csrf.group(1)


def archive(add: Callable[[tarfile.TarFile], None]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        add(tar)
    return buf.getvalue()


def family_archive(src: Path, name: str, edit: Callable[[Path], None] | None = None) -> bytes:
    work = src.parent / f"pack-{name}"
    shutil.copytree(FIXTURE, work / name)
    toml = work / name / "task.toml"
    toml.write_text(toml.read_text().replace('id = "sales_totals"', f'id = "{name}"', 1))
    if edit:
        edit(work / name)
    return archive(lambda tar: tar.add(work / name, arcname=name))


def upload(c: TestClient, csrf: str, data: bytes, filename: str = "family.tar.gz") -> tuple[int, str]:
    r = c.post(
        "/admin/uploads",
        data={"csrf": csrf},
        files={"archive": (filename, data, "application/gzip")},
        follow_redirects=False,
    )
    return r.status_code, r.headers.get("location", "") or r.text


def wait_state(c: TestClient, location: str, timeout: float = 900) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = re.search(r'class="state">([a-z]+)<', c.get(location).text)
        assert found
        if found.group(1) not in ("linting", "validating"):
            return found.group(1)
        time.sleep(1)
    raise AssertionError(f"{location} still checking after {timeout} s")


def test_an_uploaded_family_is_linted_validated_and_only_then_published(site: dict[str, Path | str]) -> None:
    c = client(site)
    csrf = login(c, "root")
    code, location = upload(c, csrf, family_archive(Path(site["root"]), "shop_totals"))
    assert code == 303 and location.startswith("/admin/uploads/"), location
    early = c.post(f"{location}/publish", data={"csrf": csrf}, follow_redirects=False)
    assert early.status_code in (303, 409)  # refused while checking, unless the check is already done
    assert wait_state(c, location) == "validated", c.get(location).text
    page = c.get(location).text
    assert "worktrial lint shop_totals" in page and "worktrial validate shop_totals" in page and "reference" in page
    assert c.get("/families/shop_totals").status_code == 404  # not served before it is published
    published = c.post(f"{location}/publish", data={"csrf": csrf}, follow_redirects=False)
    assert published.status_code == 303 and published.headers["location"] == "/families/shop_totals"
    assert (Path(site["home"]) / "suites" / "uploaded" / "shop_totals" / "task.toml").is_file()
    family = c.get("/families/shop_totals").text
    assert "shop_totals/base" in family and "uploaded" in family
    user = client(site)
    login(user, "bea")
    assert "shop_totals" in user.get("/catalog").text
    assert "shop_totals/base" in user.get("/workspaces").text  # a person can start it like any family


def test_a_family_that_fails_lint_is_reported_and_cannot_be_published(site: dict[str, Path | str]) -> None:
    c = client(site)
    csrf = login(c, "root")

    def break_it(folder: Path) -> None:
        toml = folder / "task.toml"
        toml.write_text(toml.read_text().replace('kind = "deliverable"', 'kind = "deliverabel"', 1))

    code, location = upload(c, csrf, family_archive(Path(site["root"]), "broken_totals", break_it))
    assert code == 303, location
    assert wait_state(c, location, timeout=120) == "failed"
    page = c.get(location).text
    assert "lint failed" in page and "kind" in page
    refused = c.post(f"{location}/publish", data={"csrf": csrf}, follow_redirects=False)
    assert refused.status_code == 409 and "only a validated family" in refused.text
    assert not (Path(site["home"]) / "suites" / "uploaded" / "broken_totals").exists()


def _file(tar: tarfile.TarFile, name: str, text: bytes = b"x") -> None:
    info = tarfile.TarInfo(name)
    info.size = len(text)
    tar.addfile(info, io.BytesIO(text))


def _link(tar: tarfile.TarFile, name: str, target: str, kind: bytes = tarfile.SYMTYPE) -> None:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    tar.addfile(info)


BAD = {
    "escape": (lambda t: (_file(t, "fam/task.toml"), _file(t, "fam/../../outside.txt")), "leaves its folder"),
    "absolute": (lambda t: (_file(t, "fam/task.toml"), _file(t, "/etc/owned")), "leaves its folder"),
    "symlink": (lambda t: (_file(t, "fam/task.toml"), _link(t, "fam/hidden", "/etc")), "link or special file"),
    "hardlink": (lambda t: (_file(t, "fam/task.toml"), _link(t, "fam/x", "/etc/passwd", tarfile.LNKTYPE)), "link"),
    "two_tops": (lambda t: (_file(t, "fam/task.toml"), _file(t, "other/task.toml")), "exactly one top-level folder"),
    "no_task": (lambda t: _file(t, "fam/readme.md"), "no fam/task.toml"),
    "bad_id": (lambda t: _file(t, "Fam Ily/task.toml"), "not a family id"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_archives_are_refused_with_the_reason_and_leave_nothing(site: dict[str, Path | str], case: str) -> None:
    c = client(site)
    csrf = login(c, "root")
    build, reason = BAD[case]
    code, text = upload(c, csrf, archive(build))
    assert code == 400 and reason in text, text
    assert not (Path(site["root"]) / "outside.txt").exists() and not (Path(site["home"]) / "outside.txt").exists()
    assert CatalogRecords(Store(str(site["url"]))).uploads() == []
    uploads = Path(site["home"]) / "uploads"
    assert not uploads.exists() or not any(uploads.iterdir())


def test_not_an_archive_and_a_taken_id_are_refused(site: dict[str, Path | str]) -> None:
    c = client(site)
    csrf = login(c, "root")
    code, text = upload(c, csrf, b"this is no gzip file")
    assert code == 400 and "not a readable .tar.gz" in text
    code, text = upload(c, csrf, family_archive(Path(site["root"]), "sales_totals"))
    assert code == 400 and "is a family of suite suite" in text, text


def test_only_administrators_reach_administration_and_forms_need_the_token(site: dict[str, Path | str]) -> None:
    user = client(site)
    csrf = login(user, "bea")
    assert user.get("/admin").status_code == 404
    assert upload(user, csrf, b"x")[0] == 404
    assert (
        user.post("/admin/pools", data={"csrf": csrf, "family": "sales_totals", "pool": "private"}).status_code == 404
    )
    assert client(site).get("/admin", follow_redirects=False).status_code == 303  # logged out: to the login page
    admin = client(site)
    login(admin, "root")
    no_token = admin.post("/admin/pools", data={"family": "sales_totals", "pool": "private"})
    assert no_token.status_code == 403
    assert upload(admin, "wrong", b"x")[0] == 403
    assert CatalogRecords(Store(str(site["url"]))).revision() == 0


def test_moving_a_family_between_pools_hides_it_and_the_board_names_the_rotation(
    site: dict[str, Path | str],
) -> None:
    admin = client(site)
    csrf = login(admin, "root")
    user = client(site)
    login(user, "bea")
    assert user.get("/families/sales_totals").status_code == 200
    board = admin.get("/leaderboard?pool=public").text
    assert "public pool of 1 families" in board and "pool rotation 0" in board
    version = re.search(r"version ([0-9a-f]{12})", board)
    assert version

    moved = admin.post("/admin/pools", data={"csrf": csrf, "family": "sales_totals", "pool": "private"})
    assert moved.status_code == 200 and "Pool rotation 1:" in moved.text
    assert user.get("/families/sales_totals").status_code == 404
    assert "sales_totals" not in user.get("/catalog").text
    assert "sales_totals/base" not in user.get("/workspaces").text
    board = admin.get("/leaderboard?pool=public").text
    assert "public pool of 0 families" in board and "pool rotation 1" in board and version.group(1) not in board
    assert "private pool of 1 families" in admin.get("/leaderboard?pool=private").text

    assert (
        admin.post("/admin/pools", data={"csrf": csrf, "family": "sales_totals", "pool": "public"}).status_code == 200
    )
    assert user.get("/families/sales_totals").status_code == 200
    assert "pool rotation 2" in admin.get("/leaderboard").text
    bad = admin.post("/admin/pools", data={"csrf": csrf, "family": "sales_totals", "pool": "secret"})
    assert bad.status_code == 400
    assert admin.post("/admin/pools", data={"csrf": csrf, "family": "nope", "pool": "public"}).status_code == 404
