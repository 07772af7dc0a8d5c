"""survey_weights' hard instance: three facts only the staff hold, each graded by its own slice, and gates that
need evidence."""

from __future__ import annotations

import importlib.util
import json
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/survey_weights"
HARD = FAMILY / "variants/autumn_raking"
REF = HARD / "hidden/reference"


def _checks():
    spec = importlib.util.spec_from_file_location("survey_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """The one method the checks use of a delivered or reference tree."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def read_one(self, path: str) -> tuple[str, bytes]:
        f = self.root / path
        if not f.is_file():
            raise FileNotFoundError(path)
        return path, f.read_bytes()


def _score(delivered: Path) -> float:
    """The weighted score of the python checks (the family's other weighted check, the summary's shape, passes)."""
    checks = _checks()
    config = tomllib.loads((FAMILY / "task.toml").read_text())
    params = {**config["params"], **tomllib.loads((HARD / "variant.toml").read_text())["params"]}
    got = total = 0.0
    for check in config["grader"]["checks"]:
        weight = check.get("weight", 0)
        if not weight:
            continue
        total += weight
        if check["kind"] != "python":
            got += weight
            continue
        value, _ = getattr(checks, check["function"].split(":")[1])(Tree(delivered), Tree(REF), params)
        got += weight * value
    return got / total


def test_each_fact_costs_its_own_slice() -> None:
    facts = json.loads((REF / "facts.json").read_text())
    assert len(facts["alternatives"]) == 7
    assert _score(REF) == 1.0
    none = _score(REF / "alternatives/none")
    assert none <= 0.6
    for missed in ("batch", "ages", "regions"):
        applied = "-".join(f for f in ("batch", "ages", "regions") if f != missed)
        cost = 1.0 - _score(REF / "alternatives" / applied)
        assert 0.1 <= cost <= 0.2, (missed, cost)


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text()
    facts = json.loads((REF / "facts.json").read_text())
    assert f"all {len(facts['batch_ids'])} of them" in people
    for band, value in facts["age_targets"]["current"].items():
        assert f"{band.replace(chr(0x2013), '-')}: {value:,}" in people
    assert f"{sum(facts['age_targets']['current'].values()):,}" in people
    published = sum(facts["age_targets"]["published"].values())
    assert published != sum(facts["age_targets"]["current"].values())
    assert all(int(v["corrected"]) == int(v["delivered"]) + 1 for v in facts["recoded"].values())
    # the hints are in the data, the facts are not
    text = (HARD / "workspace/input/responses.csv").read_text()
    assert "rejected" not in text.lower() and "2026-10-17" in text


def test_the_fair_instance_has_no_staff_and_the_hard_one_names_them() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("autumn_raking")
    assert not has_world(base) and has_world(hard)
    assert "Ravi Okonjo" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "variants/base/hidden/people.toml").exists()


def test_the_hard_workspace_says_how_to_reach_the_staff(tmp_path: Path) -> None:
    from worktrial.run.workspace import materialise
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    materialise(fam.instance("autumn_raking"), tmp_path / "hard")
    materialise(fam.instance("base"), tmp_path / "base")
    assert "bin/ask --who" in (tmp_path / "hard/TASK.md").read_text() and (tmp_path / "hard/bin/ask").is_file()
    assert "bin/ask" not in (tmp_path / "base/TASK.md").read_text() and not (tmp_path / "base/bin").exists()
