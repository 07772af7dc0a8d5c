"""tolerance_stackup: the gap checks take each figure and verdict on its own; the note check needs the item and what
is wrong with it; the hard instance's six staff facts (the line's shim, goods-in's bearing widths, the shaft
drawing's plating note and the gasket's concession, all four hinted nowhere; the cover's new supplier and G2's
operating temperature) are in no input and each changes the score by its own slice, the four hinted nowhere the most.
The gasket's concession is reached only through the Engineering Manager, who names Supplier Quality and the gasket
once shown a G1 figure worked out from the drawings."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/tolerance_stackup"
HARD = FAMILY / "variants/freeze_h"


class _Tree:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, name: str):
        if name not in self.files:
            raise FileNotFoundError(name)
        return name, self.files[name]


def _checks():
    spec = importlib.util.spec_from_file_location("tolerance_stackup_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _inputs_text(root: Path) -> str:
    from pypdf import PdfReader

    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix == ".docx":
            parts.append(document_text(path))
        elif path.suffix == ".pdf":
            parts.append("\n".join(p.extract_text() for p in PdfReader(str(path)).pages))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "shim SH-160-09 of 0.10 mm" in people and "Kilnsey only" in people and "90 °C" in people
    assert "mean 18.9712 mm, s 0.0072 mm, n 60" in people and "0.07 mm ±0.01 mm per side" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "shim",
        "sh-160-09",
        "wi-160-14",
        "90 °c",
        "kilnsey only",
        "took over",
        "chrome",
        "plating",
        "plated",
        "18.97",
        "18.96",
        "goods-in lab",
        "cn-0126",
        "0.37",
        "0.40 mm",
        "dv-0331",
        "+0.050/0",
    ):
        assert word not in text, word
    # the hints that are there: the test specification named without its value, a second supplier's file
    assert "ts-160-3" in text and "kilnsey" in text and "bellwood" in text


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("freeze_h")
    assert not has_world(base) and has_world(hard)
    assert "Gareth Llewellyn" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_a_gap_check_takes_each_figure_and_verdict_on_its_own() -> None:
    checks = _checks()
    want = json.loads((FAMILY / "hidden/reference/stackup_results.json").read_bytes())
    ref = _Tree({"stackup_results.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    got["gaps"]["G3"]["worst_case_min_mm"] += 0.01  # a missed datum shift moves the limits
    got["gaps"]["G3"]["meets_worst_case"] = not want["gaps"]["G3"]["meets_worst_case"]
    got["gaps"]["G1"]["predicted_out_of_limits_pct"] = "NaN"
    out = _Tree({"stackup_results.json": json.dumps(got).encode()})
    assert checks.gap_g2(out, ref, {})[0] == 1.0
    assert checks.gap_g3(out, ref, {})[0] == pytest.approx(7 / 9)
    assert checks.gap_g1(out, ref, {})[0] == pytest.approx(8 / 9)
    # a list of gap objects reads as well as a mapping; a missing gap or file earns nothing
    listed = {"gaps": [dict(v, gap_id=k) for k, v in want["gaps"].items()]}
    assert checks.gap_g1(_Tree({"stackup_results.json": json.dumps(listed).encode()}), ref, {})[0] == 1.0
    assert checks.gap_g2(_Tree({"stackup_results.json": b'{"gaps": {}}'}), ref, {})[0] == 0.0
    assert checks.gap_g2(_Tree({}), ref, {})[0] == 0.0


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _Tree({"issues.json": (FAMILY / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "G3 fails worst case once the datum shift of the cover spigot (datum A at MMB) is counted.",
            "Housing lot T2403 and spacer lot 7730 were rejected and are excluded from the capability data.",
        ]
    )
    value, evidence = checks.note_issues(_Tree({"design_review_note.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    vague = "G3. Datum shift. Lots. Spacer. G1."
    value, _ = checks.note_issues(_Tree({"design_review_note.md": vague.encode()}), ref, {})
    assert value == 0.0


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str) -> Path:
    """Run the reference on a copy of the instance's inputs without the client's world: with `known` as the staff's
    answers, or (None) asking nobody."""
    import os
    import runpy

    root = FAMILY if variant == "base" else FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    init = {"ASK": False} if known is None else {"KNOWN": known}
    try:
        os.chdir(work)
        runpy.run_path(str(FAMILY / "hidden/solutions/reference.py"), init_globals=init, run_name="__main__")
    finally:
        os.chdir(here)
    return work / "output"


def _grade(tmp_path: Path, variant: str, output: Path) -> float:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    instance = load_family(FAMILY).instance(variant)
    grader = instance.config.grader
    hidden = tmp_path / f"hidden-{variant}"
    if not hidden.exists():
        instance.materialise_tree("hidden", hidden)
    result = grade_deliverable(
        output,
        hidden / grader.reference_dir.removeprefix("hidden/"),
        grader.checks,
        limits=limits_of(grader),
        hidden=hidden,
        params=dict(instance.params),
    )
    assert not result.errors, result.errors
    return result.score


def _build_inputs():
    import sys

    name = "tolerance_stackup_build_inputs"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FAMILY / "hidden/build_inputs.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # its dataclasses look their module up
        spec.loader.exec_module(mod)
    return sys.modules[name]


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _build_inputs().staff_facts(True)
    assert set(known) == {
        "shim",
        "cover_supplier",
        "g2_temperature",
        "bearing_widths",
        "plating",
        "gasket",
        "deviation",
    }
    assert _grade(tmp_path, "freeze_h", _deliver(tmp_path, "freeze_h", known, "all")) == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = 1.0 - _grade(tmp_path, "freeze_h", _deliver(tmp_path, "freeze_h", without, f"no-{fact}"))
    assert all(0.05 <= v <= 0.3 for v in lost.values()), lost
    hinted = max(lost["cover_supplier"], lost["g2_temperature"])
    for fact in ("shim", "bearing_widths", "plating", "gasket"):  # each fact hinted nowhere outweighs a hinted one
        assert 0.12 <= lost[fact] <= 0.25 and lost[fact] > hinted, lost
    assert 0.12 <= lost["deviation"] <= 0.25, lost
    # a worker who finds every fact a question to each person's own area reaches (all but the gasket and the spigot
    # bore's deviation, which only a referral earned by showing a G1 or a G3 figure opens) stays well short
    no_referral = {k: v for k, v in known.items() if k not in ("gasket", "deviation")}
    assert _grade(tmp_path, "freeze_h", _deliver(tmp_path, "freeze_h", no_referral, "no-referral")) <= 0.7
    assert _grade(tmp_path, "freeze_h", _deliver(tmp_path, "freeze_h", None, "nobody")) <= 0.5
    # a worker who gets every hinted fact and the shim (asking what is fitted in the stack) but asks no open question
    # of Supplier Quality or Mechanical Design stays well short of the reference
    visible = {k: known[k] for k in ("shim", "cover_supplier", "g2_temperature")}
    assert _grade(tmp_path, "freeze_h", _deliver(tmp_path, "freeze_h", visible, "visible")) <= 0.6
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base")) == 1.0


def _world(tmp_path: Path):
    from worktrial.tasks import load_family
    from worktrial.tasks.loader import load_people
    from worktrial.world.ledger import Ledger
    from worktrial.world.people import World

    instance = load_family(FAMILY).instance("freeze_h")
    hidden = tmp_path / "hidden-world"
    instance.materialise_tree("hidden", hidden)
    people = load_people(hidden / "people.toml", instance.params)
    return people, World(people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"))


def test_what_is_fitted_in_the_stack_is_answered_and_every_refusal_says_what_it_lacks(tmp_path: Path) -> None:
    people, world = _world(tmp_path)
    for person in people.people:
        for topic in person.topics:
            if topic.gate:
                assert len(topic.gate_miss) > 40, (person.id, topic.id)
                assert all(len(cond.missing) > 20 for cond in topic.gate), (person.id, topic.id)
    # the playtest's question: one gasket or two? A manufacturing engineer answers what is in the stack
    reply = world.ask("gareth", "The BOM lists GK-160-05 twice. Is one gasket fitted in the stack or two?")
    assert reply.status == "answered" and "One cover gasket" in reply.text and "SH-160-09" in reply.text
    reply = world.ask("nadia", "Which revision were the spacer lots made to?")
    assert reply.status == "answered" and "rev C" in reply.text
    # the facts hinted nowhere stay closed to questions about a file or a visible anomaly
    for who, question in [
        ("nadia", "What is in the Tarnwick CMM file?"),
        ("nadia", "Who supplies the bearings?"),
        ("ravi", "Should I use SP-160-04 rev B or rev C?"),
        ("ravi", "Is datum A on the cover meant to be at MMB?"),
    ]:
        reply = world.ask(who, question)
        assert "18.97" not in reply.text and "chrome" not in reply.text, (who, question, reply.text)
    # an open question that names nothing of the person's area opens none of the facts hinted nowhere (the general
    # questions of shortcuts/asks_everybody); one that names the area does
    for who in ("gareth", "nadia", "ravi"):
        reply = world.ask(who, "Is there anything I should know before I finalise the stack-up for the review?")
        assert not any(w in reply.text for w in ("SH-160-09", "18.97", "chrome")), (who, reply.text)
    reply = world.ask("ravi", "Before the freeze review, is there anything on the drawings I should know?")
    assert reply.status == "answered" and "chrome" in reply.text, reply.text


def test_the_gasket_concession_needs_a_g1_figure_shown_to_the_manager_first(tmp_path: Path) -> None:
    _, world = _world(tmp_path)
    # asked directly, Supplier Quality says only what the BOM says of the gasket
    reply = world.ask("nadia", "Has anything changed in the supply of the GK-160-05 cover gasket?")
    assert "CN-0126" not in reply.text and "0.37" not in reply.text, reply.text
    # the manager wants a figure, and a wrong one (rev B spacer) does not do
    reply = world.ask("helena", "Does the G1 end float result look right to you?")
    assert reply.status != "answered" and "Nadia" not in reply.text, reply.text
    reply = world.ask("helena", "My G1 stack gives a mean end float of 0.26 mm. Does that square with what you see?")
    assert "Nadia" not in reply.text, reply.text
    reply = world.ask("helena", "My G1 stack gives a mean end float of 0.24 mm. Does that square with what you see?")
    assert reply.status == "answered" and "Nadia Fennell" in reply.text and "gasket" in reply.text, reply.text
    reply = world.ask("nadia", "Helena sent me: did anything change with the GK-160-05 gasket since November?")
    assert reply.status == "answered" and "CN-0126" in reply.text and "0.37 mm" in reply.text, reply.text
    # the spigot bore's deviation the same way: the designer, shown a G3 figure, sends the worker to Supplier Quality
    reply = world.ask("nadia", "Is the housing's spigot bore made under a deviation?")
    assert "DV-0331" not in reply.text, reply.text
    reply = world.ask("ravi", "Is the G3 result what the design intended?")
    assert "Nadia" not in reply.text, reply.text
    reply = world.ask("ravi", "The G3 worst case goes down to -0.0155 mm. Is that what the design should give?")
    assert reply.status == "answered" and "Nadia Fennell" in reply.text and "deviation" in reply.text, reply.text
    reply = world.ask("nadia", "Ravi sent me about the spigot bore deviation. What does it allow?")
    assert reply.status == "answered" and "110.000 +0.050/0 mm" in reply.text, reply.text
