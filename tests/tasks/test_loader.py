from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.tasks import TaskFormatError, lint_path, load_family, load_suite, select


def test_instances_params_and_overlay(tiny_suite: Path) -> None:
    fam = load_family(tiny_suite / "tiny")
    assert sorted(fam.variants) == ["base", "double"]
    ids = [i.id for i in fam.instances()]
    assert "tiny/double/L3" in ids and len(ids) == 8
    double = fam.instance("double", "L0")
    assert double.params["true_factor"] == 6
    assert "6" in double.brief()
    assert "factor is 6" in double.people().person("alice").topics[0].answer  # type: ignore[union-attr]
    ref = double.hidden_files["solutions/reference.py"].read_text()
    assert "--json" in ref  # the overlay replaced the base reference
    assert (
        fam.instance("base", "L0").hidden_files["solutions/reference.py"]
        != double.hidden_files["solutions/reference.py"]
    )


def test_a_variant_may_start_its_own_clock(tiny_suite: Path) -> None:
    vt = tiny_suite / "tiny/variants/double/variant.toml"
    vt.write_text('world_start = "2026-09-01T08:30"\n' + vt.read_text())
    fam = load_family(tiny_suite / "tiny")
    base, double = fam.instance("base", "L3"), fam.instance("double", "L3")
    assert double.world.start == double.grading_clock == "2026-09-01T08:30"
    assert base.world.start == base.grading_clock == fam.config.world.start != "2026-09-01T08:30"
    assert double.world.ask_minutes == fam.config.world.ask_minutes  # only the start is the variant's
    vt.write_text(vt.read_text().replace("2026-09-01T08:30", "2026-09-31T08:30"))
    with pytest.raises(TaskFormatError, match="world_start"):
        load_family(tiny_suite / "tiny")


def test_content_hash_changes_with_any_file(tiny_suite: Path) -> None:
    before = load_family(tiny_suite / "tiny").instance("base", "L3")
    h1, v1 = before.content_hash, before.variant_hash
    assert h1 != load_family(tiny_suite / "tiny").instance("base", "L2").content_hash
    assert v1 == load_family(tiny_suite / "tiny").instance("base", "L2").variant_hash
    (tiny_suite / "tiny/hidden/grader.py").write_text((tiny_suite / "tiny/hidden/grader.py").read_text() + "\n#")
    after = load_family(tiny_suite / "tiny").instance("base", "L3")
    assert after.content_hash != h1 and after.variant_hash != v1


def test_select_filters(tiny_suite: Path) -> None:
    fams = load_suite(tiny_suite)
    assert [i.id for i in select(fams, ["tiny/double"], None, ["L3"])] == ["tiny/double/L3"]
    assert len(select(fams, None, ["base"], None)) == 4


def _problems(tmp_suite: Path) -> list[str]:
    return [str(p) for p in lint_path(tmp_suite)]


def test_bad_task_toml_reports_file_field_reason_fix(tiny_suite: Path) -> None:
    toml = tiny_suite / "tiny/task.toml"
    text = (
        toml.read_text()
        .replace("tier = 1", 'tier = "high"\ncolour = "red"')
        .replace("max_minutes = 2", "max_minutes = -1")
    )
    toml.write_text(text)
    problems = _problems(tiny_suite)
    assert any(p.startswith(f"{toml}:tier: ") and "(write a whole number)" in p for p in problems), problems
    assert any(p.startswith(f"{toml}:colour: ") and "remove it" in p for p in problems), problems
    assert any(p.startswith(f"{toml}:budgets.max_minutes: ") for p in problems), problems


def test_invalid_toml_syntax(tiny_suite: Path) -> None:
    (tiny_suite / "tiny/task.toml").write_text("id = \n")
    [p] = _problems(tiny_suite)
    assert "not valid TOML" in p and "task.toml" in p


def test_bad_people_toml(tiny_suite: Path) -> None:
    people = tiny_suite / "tiny/hidden/people.toml"
    text = people.read_text().replace("cost = 0.01\nаway", "").replace('away = ["mon"]', 'away = ["someday"]')
    text = text.replace('requires_facts = ["factor_confirmed"]', 'requires_facts = ["nobody_gives_this"]')
    people.write_text(text + '\n[[person]]\nid = "Bad Id"\nname = "x"\nrole = "y"\n')
    problems = _problems(tiny_suite)
    assert any("person[bob].away" in p and "someday" in p for p in problems), problems
    assert any("person[Bad Id].id" in p for p in problems), problems


def test_people_fact_references_checked(tiny_suite: Path) -> None:
    people = tiny_suite / "tiny/hidden/people.toml"
    people.write_text(
        people.read_text().replace('requires_facts = ["factor_confirmed"]', 'requires_facts = ["nobody_gives_this"]')
    )
    problems = _problems(tiny_suite)
    assert any("person[bob].topics[approve].requires_facts" in p and "nobody_gives_this" in p for p in problems)


def test_overlay_unknown_param_and_missing_placeholder(tiny_suite: Path) -> None:
    (tiny_suite / "tiny/variants/double/variant.toml").write_text("[params]\nunknown = 1\n")
    (tiny_suite / "tiny/brief/L1.md").write_text("Hello {{nope}}\n")
    problems = _problems(tiny_suite)
    assert any("variant.toml:params.unknown" in p and "declare it" in p for p in problems), problems
    assert any("L1.md" in p and "{{nope}}" in p for p in problems), problems


def test_missing_grader_function_and_entrypoint(tiny_suite: Path) -> None:
    (tiny_suite / "tiny/hidden/grader.py").write_text("def generate(dest, params, seed, split):\n    pass\n")
    (tiny_suite / "tiny/workspace/system/run.py").unlink()
    problems = _problems(tiny_suite)
    assert any("grader.py:kpi: function is missing" in p for p in problems), problems
    assert any("system.entrypoints[0]" in p for p in problems), problems


def test_load_suite_raises_with_all_problems(tiny_suite: Path) -> None:
    (tiny_suite / "tiny/task.toml").write_text(
        'id = "other"\nkind = "engagement"\ntitle = "t"\nindustry = "x"\n'
        '[system]\nentrypoints = ["system/run.py"]\nproduction = "true"\n'
    )
    with pytest.raises(TaskFormatError) as e:
        load_suite(tiny_suite)
    assert "differs from folder" in str(e.value)


def test_lint_cli_exit_codes(tiny_suite: Path) -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "lint", str(tiny_suite)], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stderr
    (tiny_suite / "tiny/task.toml").write_text("bogus = 1\n" + (tiny_suite / "tiny/task.toml").read_text())
    bad = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "lint", str(tiny_suite)], capture_output=True, text=True
    )
    assert bad.returncode == 1
    assert "task.toml:bogus: " in bad.stderr and "Traceback" not in bad.stderr
