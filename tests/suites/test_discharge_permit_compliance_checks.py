"""discharge_permit_compliance: the checks score the reference fully and specific wrong deliveries low on the specific
check; in the hard instance (eastern_area) five facts held by the client's staff change the decisions, each by its own
slice (two hinted nowhere: the laboratory's suspended accreditation and the storm samples the agency agreed to
disregard); only the hard instance has staff; a malformed delivery scores 0 with evidence, never an error."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import os
import runpy
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/discharge_permit_compliance"
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/eastern_area"
SOLUTIONS = FAMILY / "hidden/solutions"
OUTPUTS = ("sample_register.csv", "conditions_assessment.csv", "compliance_summary.json", "issues.json")


def _module(name: str, path: Path) -> Any:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def _checks() -> Any:
    return _module("discharge_permit_compliance_checks", FAMILY / "hidden/checks.py")


class _Tree:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, name: str) -> tuple[str, bytes]:
        if name not in self.files:
            raise FileNotFoundError(name)
        return name, self.files[name]


def _ref(root: Path, name: str) -> bytes:
    return (root / "hidden/reference" / name).read_bytes()


def _summary(root: Path) -> dict:
    return json.loads(_ref(root, "compliance_summary.json"))


def _conditions(root: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(_ref(root, "conditions_assessment.csv").decode())))


def _row(rows: list[dict], works: str, det: str, cond: str, since: str = "2025-01-01") -> dict:
    return next(
        r
        for r in rows
        if (r["works_id"], r["determinand"], r["condition"], r["valid_from"]) == (works, det, cond, since)
    )


def _inputs_text(root: Path) -> str:
    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix in (".docx", ".pdf"):
            parts.append(document_text(path))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
        elif path.suffix == ".xlsx":
            import openpyxl

            wb = openpyxl.load_workbook(path, read_only=True)
            parts += [
                " ".join(str(c) for c in row if c is not None) for ws in wb for row in ws.iter_rows(values_only=True)
            ]
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_do_not_say() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "suspended our accreditation for ammonia and total phosphorus" in people
    assert "from 1 to 30 September 2025" in people
    assert "disregard two samples as caused by an unusual situation: W25-020901" in people
    assert "agreed FE2 in writing as the compliance sampling point from 1 October 2025" in people
    assert "A25-E-0119 at Dunnock Beck (BOD 71 mg/l) is withdrawn" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "suspended our",
        "corrin",
        "agreed to disregard",
        "1 october",
        "humus tank",
        "was withdrawn",
        "transit temperature",
    ):
        assert word not in text, word
    # the hints that are there: requests awaiting the agency, the other sampling point, a provisional audit result
    assert "awaiting rea decision" in text and ",fe2," in text and "provisional" in text
    assert "bin/ask" not in (FAMILY / "instruction.md").read_text()


def test_the_decisions_hang_on_the_rules_of_the_field() -> None:
    base, hard = _conditions(BASE), _conditions(HARD)
    # the look-up table goes by the samples taken: 8 at a works the calendar samples four times a year
    dum = _row(base, "DUM", "BOD", "lut")
    assert (dum["samples"], dum["failures"], dum["failures_allowed"], dum["compliant"]) == ("8", "2", "2", "yes")
    # an upper tier breach fails although the look-up table is met
    assert _row(base, "HAL", "NH3", "lut")["compliant"] == "yes"
    assert _row(base, "HAL", "NH3", "upper_tier")["compliant"] == "no"
    # a variation from 1 July: each version over its own period
    assert _row(hard, "ELM", "NH3", "upper_tier", "2025-07-01")["compliant"] == "no"
    assert _row(hard, "ELM", "NH3", "upper_tier", "2025-01-01")["compliant"] == "yes"
    assert _row(hard, "ELM", "TP", "annual_average", "2025-07-01")["compliant"] == "yes"
    # fewer valid samples, fewer failures allowed: Ingleby Marsh fails because September's ammonia is void
    ing = _row(hard, "ING", "NH3", "lut")
    assert (ing["samples"], ing["failures"], ing["failures_allowed"]) == ("27", "4", "3")
    s = _summary(HARD)
    assert s["works_compliant"] == 5 and s["failing_works"] == ["BRK", "COT", "ELM", "ING", "KES"]
    assert _summary(BASE)["failing_works"] == ["BAV", "COB", "FAR", "HAL", "THB"]


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("eastern_area")
    assert not has_world(base) and has_world(hard)
    assert "Declan Furness" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists() and not (FAMILY / "workspace").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _Tree({"issues.json": _ref(HARD, "issues.json")})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "The REA withdrew its provisional audit result A25-E-0119, so it is left out.",
            "Fellgate: FE2 was agreed by the REA only from 1 October, so the August and September samples are void.",
        ]
    )
    value, evidence = checks.note_issues(_Tree({"note_to_head_of_compliance.md": good.encode()}), ref, {})
    want = sum(m.get("weight", 1) for m in issues if m["id"] in ("withdrawn_audit", "sampling_point"))
    assert value == pytest.approx(want / sum(m.get("weight", 1) for m in issues)), evidence
    vague = "\n\n".join(["A25-E-0119.", "FE2 at Fellgate.", "Storm.", "Accreditation.", "INV-25-044."])
    assert checks.note_issues(_Tree({"note_to_head_of_compliance.md": vague.encode()}), ref, {})[0] == 0.0


def _tree(root: Path, **override: bytes) -> _Tree:
    files = {n: _ref(root, n) for n in OUTPUTS}
    files.update(override)
    return _Tree(files)


def test_each_check_takes_its_figures_on_their_own() -> None:
    checks = _checks()
    ref = _tree(HARD)
    fns = ("headline", "decisions", "lut_conditions", "upper_tier", "annual_averages", "flow_conditions", "register")
    for fn in fns:
        assert getattr(checks, fn)(ref, ref, {})[0] == 1.0, fn
    got = _summary(HARD)
    got["works"]["AMB"]["SS"] = got["works"]["AMB"]["overall"] = "failing"
    got["determinands"]["SS"] = {"compliant": 8, "failing": 2, "failing_works": ["AMB", "KES"]}
    got["works_compliant"], got["works_failing"] = 4, 6
    got["failing_works"] = sorted([*got["failing_works"], "AMB"])
    out = _Tree({"compliance_summary.json": json.dumps(got).encode()})
    assert checks.headline(out, ref, {})[0] == pytest.approx(1 - 9 / 24)
    assert checks.decisions(out, ref, {})[0] == pytest.approx(1 - 2 / 58)
    rows = _conditions(HARD)
    for r in rows:
        if (r["works_id"], r["determinand"], r["condition"]) == ("ING", "NH3", "lut"):
            r["samples"], r["failures_allowed"], r["compliant"] = "29", "4", "yes"
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
    out = _Tree({"conditions_assessment.csv": buf.getvalue().encode()})
    lut = sum(1 for r in rows if r["condition"] == "lut")
    assert checks.lut_conditions(out, ref, {})[0] == pytest.approx(1 - 1 / lut)
    assert checks.upper_tier(out, ref, {})[0] == 1.0


@pytest.mark.parametrize(
    "junk",
    [
        b"",
        b"\x00\x01\xff garbage",
        b"[1, 2, NaN]",
        b'{"works": [], "determinands": "x", "works_compliant": NaN}',
        b"a;b;c\n1;2;3\n",
        b"works_id,determinand\nNaN,inf\n",
    ],
)
def test_a_malformed_delivery_scores_zero_with_evidence_never_an_error(junk: bytes) -> None:
    checks = _checks()
    ref = _tree(HARD)
    out = _Tree(
        {
            n: junk
            for n in (
                "sample_register.csv",
                "conditions_assessment.csv",
                "compliance_summary.json",
                "note_to_head_of_compliance.md",
            )
        }
    )
    for fn in (
        "headline",
        "decisions",
        "lut_conditions",
        "upper_tier",
        "annual_averages",
        "flow_conditions",
        "register",
        "note_issues",
    ):
        value, evidence = getattr(checks, fn)(out, ref, {})
        assert value == 0.0 and evidence, fn
    missing = _Tree({})
    for fn in ("headline", "lut_conditions", "register"):
        value, evidence = getattr(checks, fn)(missing, ref, {})
        assert value == 0.0 and "cannot read" in evidence, fn


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str, script: str = "reference.py") -> Path:
    """Run a solution on a copy of the instance's inputs without the client's world: with `known` as the staff's
    answers, or (None) asking nobody."""
    root = FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    sys.path.insert(0, str(SOLUTIONS))
    try:
        os.chdir(work)
        for mod in ("dpc_read", "dpc_assess", "dpc_note"):
            sys.modules.pop(mod, None)
        if script == "reference.py":
            init = {"ASK": False} if known is None else {"KNOWN": known}
            runpy.run_path(str(SOLUTIONS / script), init_globals=init, run_name="__main__")
        else:
            runpy.run_path(str(SOLUTIONS / script), run_name="__main__")
    finally:
        os.chdir(here)
        sys.path.remove(str(SOLUTIONS))
        for mod in ("dpc_read", "dpc_assess", "dpc_note"):
            sys.modules.pop(mod, None)
    return work / "output"


def _grade(tmp_path: Path, variant: str, output: Path) -> tuple[float, dict[str, float]]:
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
    return result.score, {c.name: c.value for c in result.components if c.value is not None}


def _staff_facts() -> dict:
    sys.path.insert(0, str(SOLUTIONS))
    try:
        build = _module("discharge_permit_compliance_build_inputs", FAMILY / "hidden/build_inputs.py")
    finally:
        sys.path.remove(str(SOLUTIONS))
    return build.staff_facts(build.model.simulate(build.INSTANCES["eastern_area"]))


FACTS = {"lapse": "lapse", "storm": "storm", "decisions": "decisions", "fe2": "fe2_from", "withdrawn": "withdrawn"}
HINTED = ("decisions", "fe2", "withdrawn")  # hinted by the files: the log, the LIMS sampling point, the schedule
NOWHERE = ("lapse", "storm")  # hinted nowhere: only open questions to the laboratory and to regulation get them

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", known, "all"))[0] == 1.0
    lost = {}
    for fact, key in FACTS.items():
        out = _deliver(tmp_path, "eastern_area", {k: v for k, v in known.items() if k != key}, f"no-{fact}")
        lost[fact] = 1.0 - _grade(tmp_path, "eastern_area", out)[0]
    assert all(0.14 <= v <= 0.32 for v in lost.values()), lost
    assert all(lost[f] >= 0.25 for f in NOWHERE), lost
    hinted = {k: v for k, v in known.items() if k in {FACTS[f] for f in HINTED}}
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", hinted, "hinted"))[0] <= 0.6
    opened = {k: v for k, v in known.items() if k in {FACTS[f] for f in NOWHERE}}
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", opened, "open"))[0] <= 0.65
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", None, "nobody"))[0] <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_wrong_methods_lose_on_their_own_checks(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "rules", "shortcuts/naive_rules.py"))
    assert parts["upper_tier_limits"] < 0.2 and parts["lut_conditions"] < 0.8 and parts["flow_conditions"] < 0.6
    assert parts["headline_figures"] < 0.7 and score <= 0.6, parts
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "face", "shortcuts/face_value.py"))
    assert parts["sample_register"] < 0.8 and parts["annual_averages"] < 0.5 and score <= 0.4, parts
