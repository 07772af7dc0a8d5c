"""The package surface: the backend factory and the availability check."""

from __future__ import annotations

from pathlib import Path

import pytest

from worktrial.sandbox import BwrapSandbox, LocalSandbox, Sandbox, SandboxError, get_sandbox


def test_factory_builds_each_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("worktrial.sandbox.local._warned", False)
    bwrap = get_sandbox(uid=64000)
    assert isinstance(bwrap, BwrapSandbox) and bwrap.name == "bwrap"
    with pytest.warns(RuntimeWarning):
        local = get_sandbox("local")
    assert isinstance(local, LocalSandbox) and local.name == "local"
    assert isinstance(local, Sandbox) and isinstance(bwrap, Sandbox)


def test_factory_rejects_unknown_names_listing_valid_ones() -> None:
    with pytest.raises(ValueError, match=r"'docker'.*bwrap, local"):
        get_sandbox("docker")


def test_missing_bwrap_is_reported_with_a_fix(tmp_path: Path) -> None:
    sandbox = BwrapSandbox(bwrap=str(tmp_path / "bwrap"))
    for _ in range(2):  # the verdict is cached, not forgotten
        with pytest.raises(SandboxError, match="apt-get install bubblewrap"):
            sandbox.check()


def test_toolbox_offers_the_office_libraries_inside(tmp_path: Path) -> None:
    import shutil as _shutil

    from worktrial.sandbox import ExecSpec, default_toolbox, get_sandbox, with_toolbox

    if _shutil.which("bwrap") is None or default_toolbox() is None:
        pytest.skip("needs bubblewrap and a virtual environment")
    box = with_toolbox(get_sandbox("bwrap"))
    code = "import openpyxl, docx, pptx, sys; print(sys.prefix)"
    result = box.run(ExecSpec(argv=["python3", "-c", code], workspace=tmp_path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == str(default_toolbox())
    bare = get_sandbox("bwrap").run(ExecSpec(argv=["python3", "-c", "import openpyxl"], workspace=tmp_path))
    assert bare.exit_code != 0  # without the toolbox the system Python has no office libraries
