"""stability_shelf_life: the checks score the reference fully and specific wrong deliveries low on the specific
check; in the hard instance (stability_review) four facts held by the client's staff change the figures, each by its
own slice (two hinted nowhere: Oderberg's relative response factor and the total impurities limit committed to the
authority); only the hard instance has staff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap, ref_bytes

FAM = Family("stability_shelf_life", ("stab_read", "stab_eval", "stab_stats", "stab_note"))
FAMILY = FAM.root
_checks, _deliver, _grade = FAM.checks, FAM.deliver, FAM.grade
HARD = FAMILY / "variants/stability_review"


def _decision(root: Path) -> dict:
    return json.loads(ref_bytes(root, "shelf_life_decision.json"))


def test_the_people_know_what_the_inputs_do_not_say() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "relative response factor of 1.00 instead of the validated 0.80" in people
    assert "total impurities shelf-life limit of not more than 0.8 %" in people
    assert "C10-2309's 24-month assay is invalidated too, and its retest gave 96.5 %" in people
    assert "O20-2314 is not representative of the commercial pack" in people
    text = inputs_text(HARD, xlsx=False).casefold()
    for word in ("response factor", "rrf", "0.8 %", "pre-submission", "commit", "pvc", "collapsed", "96.5"):
        assert word not in text, word
    # the hints that are there: the open investigation, the other pack component on the register
    assert "oos-25-031" in text and "phase i has not found a cause" in text
    assert "pk-2240" in text


def test_the_decisions_hang_on_the_rules_of_the_standard() -> None:
    base, hard = _decision(FAMILY), _decision(HARD)
    for d in (base, hard):
        assert d["accelerated_significant_change"] and not d["intermediate_significant_change"]
        assert d["max_shelf_life_months"] == 30 and d["storage_temperature_max_c"] == 30
    assert base["proposed_shelf_life_months"] == 28 and hard["proposed_shelf_life_months"] == 27
    models = {a["model"] for d in (base, hard) for s in d["strengths"].values() for a in s["attributes"].values()}
    assert models == {"pooled", "common_slope", "separate"}
    assert hard["excluded_batches"] == ["O20-2314"] and hard["acceptance_criteria"]["total_impurities"] == 0.8
    # a pooling test at 0.05 would combine batches that the 0.25 level keeps apart
    p = base["strengths"]["20mg"]["attributes"]["impurity_b"]
    assert p["model"] == "separate" and 0.05 < p["p_slopes"] < 0.25


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("stability_review")
    assert not has_world(base) and has_world(hard)
    assert "Pavel Dvorak" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": ref_bytes(FAMILY, "issues.json")})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "OOS-25-014 was closed as a laboratory error, so the retest is used.",
            "Do not store above 30 °C: the storage statement follows the accelerated data.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_qp.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    vague = "\n\n".join(["OOS.", "Storage.", "Specification.", "Ages.", "Deviations."])
    assert checks.note_issues(Tree({"note_to_qp.md": vague.encode()}), ref, {})[0] == 0.0


def test_each_decision_check_takes_its_figures_on_their_own() -> None:
    checks = _checks()
    want = _decision(FAMILY)
    ref = Tree(
        {
            "shelf_life_decision.json": json.dumps(want).encode(),
            "regression_by_batch.csv": ref_bytes(FAMILY, "regression_by_batch.csv"),
        }
    )
    for fn in (
        "poolability",
        "crossing",
        "extrapolation",
        "shelf_life",
        "storage",
        "regression_slopes",
        "regression_intercepts",
    ):
        assert getattr(checks, fn)(ref, ref, {})[0] == 1.0, fn
    got = json.loads(json.dumps(want))
    got["strengths"]["20mg"]["attributes"]["impurity_b"]["model"] = "pooled"
    got["strengths"]["20mg"]["attributes"]["impurity_b"]["crossing_months"] += 1.0
    got["proposed_shelf_life_months"] = 29
    got["storage_temperature_max_c"] = None
    out = Tree({"shelf_life_decision.json": json.dumps(got).encode()})
    assert checks.poolability(out, ref, {})[0] == pytest.approx(7 / 8)
    assert checks.crossing(out, ref, {})[0] == pytest.approx(7 / 8)
    assert checks.shelf_life(out, ref, {})[0] == pytest.approx(2 / 4)
    assert checks.storage(out, ref, {})[0] == 0.0
    nan = json.loads(json.dumps(want))
    nan["strengths"]["10mg"]["attributes"]["assay"]["crossing_months"] = "NaN"
    assert checks.crossing(Tree({"shelf_life_decision.json": json.dumps(nan).encode()}), ref, {})[0] < 1.0
    assert checks.shelf_life(Tree({"shelf_life_decision.json": b"[1, 2]"}), ref, {})[0] == 0.0
    garbage = Tree({"regression_by_batch.csv": b"\x00\x01 nothing here"})
    assert checks.regression_slopes(garbage, ref, {})[0] == 0.0


def _staff_facts() -> dict:
    build = load_module("stability_shelf_life_build_inputs", FAMILY / "hidden/build_inputs.py")
    inst = build.INSTANCES["stability_review"]
    _, _, story = build.model.simulate(inst)
    return build.staff_facts(inst, story)


FACTS = {"oos": ("closed", "invalid"), "old_pack": ("excluded",), "rrf": ("rrf",), "commitment": ("total_limit",)}
HINTED = ("oos", "old_pack")  # hinted by the files: the open investigation, the register's other pack component
NOWHERE = ("rrf", "commitment")  # hinted nowhere


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert _grade(tmp_path, "stability_review", _deliver(tmp_path, "stability_review", known, "all"))[0] == 1.0
    lost = {}
    for fact, keys in FACTS.items():
        without = {k: v for k, v in known.items() if k not in keys}
        out = _deliver(tmp_path, "stability_review", without, f"no-{fact}")
        lost[fact] = 1.0 - _grade(tmp_path, "stability_review", out)[0]
    assert all(0.2 <= v <= 0.36 for v in lost.values()), lost
    hinted = {k: v for k, v in known.items() if any(k in FACTS[f] for f in HINTED)}
    assert _grade(tmp_path, "stability_review", _deliver(tmp_path, "stability_review", hinted, "hinted"))[0] <= 0.62
    assert _grade(tmp_path, "stability_review", _deliver(tmp_path, "stability_review", None, "nobody"))[0] <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_wrong_methods_lose_on_their_own_checks(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "txt", "shortcuts/textbook_statistics.py"))
    assert parts["shelf_life"] < 1 and parts["extrapolation"] < 1 and parts["storage_statement"] == 0, parts
    assert parts["poolability"] < 1 and parts["crossing_times"] < 0.8 and score <= 0.8, parts
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "naive", "shortcuts/naive_reading.py"))
    assert parts["regression_slopes"] < 0.7 and parts["shelf_life"] < 1 and score <= 0.7, parts
