"""Safe trees: what a worker leaves in a workspace can neither keep privilege, nor block, nor crash a copy or hash."""

from __future__ import annotations

import os
import socket
import stat
import time
from pathlib import Path

import openpyxl
import pytest

from worktrial.grading import TreeLimits, copy_tree, remove_tree, take_snapshot, tree_hash
from worktrial.grading.safetree import walk

ODD = os.fsdecode(b"caf\xe9-\xff.txt")  # Latin-1 bytes: not UTF-8


def deep_chain(root: Path, depth: int, name: str = "d") -> None:
    """`depth` nested folders, made through descriptors (a path that long could not be opened at once)."""
    fd = os.open(root, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir(name, dir_fd=fd)
        child = os.open(name, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.close(fd)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "system").mkdir(parents=True)
    (ws / "system" / "run.py").write_text("print('ok')\n")
    os.chmod(ws / "system" / "run.py", 0o700)
    return ws


def test_special_files_are_skipped_and_privilege_dropped(workspace: Path, tmp_path: Path) -> None:
    os.mkfifo(workspace / "pipe")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(workspace / "sock"))
    shell = workspace / "sh"
    shell.write_bytes(Path("/bin/sh").read_bytes())
    os.chmod(shell, 0o4755)
    os.mkdir(workspace / "shared")
    os.chmod(workspace / "shared", 0o3777)
    if os.geteuid() == 0:
        os.mknod(workspace / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    started = time.monotonic()
    snap = take_snapshot(workspace, tmp_path / "snap")
    assert time.monotonic() - started < 5  # the FIFO was never opened
    copied = snap.path / "sh"
    assert copied.read_bytes() == Path("/bin/sh").read_bytes()
    assert stat.S_IMODE(copied.stat().st_mode) == 0o755 and not copied.stat().st_mode & stat.S_ISUID
    assert stat.S_IMODE((snap.path / "shared").stat().st_mode) == 0o755
    assert stat.S_IMODE((snap.path / "system" / "run.py").stat().st_mode) == 0o755  # executable, readable by all
    for name in ("pipe", "sock", "null"):
        assert not os.path.lexists(snap.path / name)
    assert "skipped pipe (fifo, never opened)" in snap.left_out
    assert "skipped sock (socket, never opened)" in snap.left_out
    assert "copied without privilege: sh (setuid bit dropped)" in snap.left_out
    assert "copied without privilege: shared (setgid, sticky bit dropped)" in snap.left_out
    if os.geteuid() == 0:
        assert "skipped null (character device, never opened)" in snap.left_out
    server.close()


def test_links_are_kept_as_links_and_never_followed(workspace: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("host secret")
    (workspace / "leak.txt").symlink_to(secret)
    (workspace / "etc").symlink_to("/etc")
    snap = take_snapshot(workspace, tmp_path / "snap")
    assert os.readlink(snap.path / "leak.txt") == str(secret)
    assert os.readlink(snap.path / "etc") == "/etc"
    without = copy_tree(workspace, tmp_path / "plain", keep_links=False)
    assert not os.path.lexists(tmp_path / "plain" / "leak.txt")
    assert f"leak.txt (symlink -> {secret}, not followed)" in without.skipped
    before = tree_hash(snap.path)
    secret.write_text("changed secret")  # the hash covers the link, not what it points to
    assert tree_hash(snap.path) == before


def test_names_that_are_not_utf8_are_copied_and_hashed_as_bytes(workspace: Path, tmp_path: Path) -> None:
    (workspace / ODD).write_text("odd")
    snap = take_snapshot(workspace, tmp_path / "snap")
    assert os.fsencode(ODD) in os.listdir(os.fsencode(snap.path))
    assert (snap.path / ODD).read_text() == "odd"
    assert tree_hash(snap.path) == snap.hash
    (snap.path / ODD).write_text("edited")
    assert tree_hash(snap.path) != snap.hash


def test_a_chain_deeper_than_the_recursion_limit_is_cut_not_a_crash(workspace: Path, tmp_path: Path) -> None:
    deep_chain(workspace, 1500)
    snap = take_snapshot(workspace, tmp_path / "snap", TreeLimits(max_depth=50))
    assert any("deeper than 50 levels: left out with its contents" in line for line in snap.left_out)
    assert len(snap.path.joinpath(*["d"] * 50).parts) > 50 and not snap.path.joinpath(*["d"] * 51).exists()
    assert tree_hash(workspace, TreeLimits(max_depth=50)) == snap.hash
    remove_tree(workspace)  # shutil.rmtree would recurse past the limit
    assert not workspace.exists()


def test_paths_longer_than_the_system_allows_are_left_out(workspace: Path, tmp_path: Path) -> None:
    deep_chain(workspace, 40, name="n" * 200)  # 8,000 characters: more than PATH_MAX
    snap = take_snapshot(workspace, tmp_path / "snap")
    assert any("cannot be copied" in line for line in snap.left_out)
    remove_tree(workspace)
    assert not workspace.exists()


def test_entry_and_byte_bounds_are_reported_not_raised(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for i in range(30):
        (src / f"f{i:02}.bin").write_bytes(b"x" * 1000)
    report = copy_tree(src, tmp_path / "few", TreeLimits(max_entries=10))
    assert len(os.listdir(tmp_path / "few")) == 10
    assert report.skipped == [". (more than 10 entries in the tree: the rest is left out)"]
    report = copy_tree(src, tmp_path / "small", TreeLimits(max_bytes=5000))
    assert report.bytes == 5000 and len(report.skipped) == 25
    assert "f05.bin (over the limit of 5000 bytes for the whole tree)" in report.skipped
    assert [v.node.rel for v in walk(src, TreeLimits(max_entries=3))] == ["f00.bin", "f01.bin", "f02.bin"]


def _workbook(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws["A1"], ws["A2"] = 41, "=A1+1"
    wb.save(path)


def test_office_files_are_hashed_by_content_not_zip_timestamps(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    _workbook(one / "book.xlsx")
    time.sleep(2.1)  # zip timestamps have a resolution of two seconds; core.xml dates one second
    _workbook(two / "book.xlsx")
    assert (one / "book.xlsx").read_bytes() != (two / "book.xlsx").read_bytes()
    assert tree_hash(one) == tree_hash(two)
    wb = openpyxl.load_workbook(two / "book.xlsx")
    wb.active["A1"] = 42  # type: ignore[index]
    wb.save(two / "book.xlsx")
    assert tree_hash(one) != tree_hash(two)
