"""ghg_inventory's hard instance (full_estate): five facts held by the client's staff change the figures, each by
its own slice, the three hinted nowhere about a fifth each, and the base-year decision turns on Wrexford's
outsourcing; the note and totals checks find what is right and miss what is wrong; only the hard instance has
staff."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/ghg_inventory"
HARD = FAMILY / "variants/full_estate"
NOWHERE = ("tariff_lapsed", "bulk_fuel", "extra_site")  # the staff's facts no input hints at


def _module(name: str, path: Path):
    if name not in sys.modules:
        sys.path.insert(0, str(path.parent))
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # its dataclasses look their module up
        spec.loader.exec_module(mod)
    return sys.modules[name]


def _build_inputs():
    return _module("ghg_inventory_build_inputs", FAMILY / "hidden/build_inputs.py")


def _checks():
    return _module("ghg_inventory_checks", FAMILY / "hidden/checks.py")


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

            wb = openpyxl.load_workbook(path, data_only=True)
            parts += [
                " ".join(str(c) for c in row if c is not None) for ws in wb for row in ws.iter_rows(values_only=True)
            ]
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "green tariff ended on 30 June 2026" in people and "58 kg of R404A" in people
    assert "since 1 March 2026" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "kestrel",
        "logistics services agreement",
        "green tariff",
        "standard tariff",
        "58 kg",
        "coldfront services",
        "renewed",
        "hexley",
        "bulk",
        "generator",
        "yard tank",
        "harrowgate",
        "overflow",
        "dc4",
        "licence",
    ):
        assert word not in text, word
    # the hints that are there: the register's LSA note, the failed leak test referred to Coldfront
    assert "lsa signed feb-26" in text and "referred to coldfront" in text
    # the staff's answers are about this instance's records
    build = _build_inputs()
    w = build.build_world("full_estate")
    assert w.facts["leak"]["gas"] == "R404A"
    assert any(c.supplier == "Meridian Energy Supply" and c.start.month == 7 for c in w.certs)
    # head office is billed by Northwold: no Meridian certificate for it, so no supplier mismatch points at Meridian
    assert not any(c.site == "HO1" for c in w.certs)
    assert "68,400 litres to the yard tank at Kingsmere (DC1)" in people
    assert "Property coded it DC4" in people and "214,600 kWh" in people
    bulk = w.facts["bulk_fuel"]
    assert all(f"{v:,.0f} litres" in people and f"({k})" in people for k, v in bulk.items())


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("full_estate")
    assert not has_world(base) and has_world(hard)
    assert "Tobias Renwick" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


class _Tree:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, name: str):
        if name not in self.files:
            raise FileNotFoundError(name)
        return name, self.files[name]


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _Tree({"issues.json": (FAMILY / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "The sale of Brindle Cross moves the 2023 base year by more than 5%, so it needs recalculating.",
            "The 2025 certificates for Hollins Green cannot count in 2026.",
        ]
    )
    value, evidence = checks.note_issues(_Tree({"note_to_audit_committee.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    # naming the topics without saying what is wrong earns nothing
    vague = "Base year. Certificates. Factors. Fernhill. Brindle Cross."
    value, _ = checks.note_issues(_Tree({"note_to_audit_committee.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_totals_checks_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = json.loads((FAMILY / "hidden/reference/totals.json").read_bytes())
    ref = _Tree({"totals.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    first = next(iter(got["by_site"]))
    got["by_site"][first] *= 1.02
    got["by_source"]["diesel"] = "NaN"
    got["scope2_market_tco2e"] = got["scope2_location_tco2e"]
    out = _Tree({"totals.json": json.dumps(got).encode()})
    site, _ = checks.by_site(out, ref, {})
    source, _ = checks.by_source(out, ref, {})
    scopes, _ = checks.scope_totals(out, ref, {})
    assert site == pytest.approx((len(want["by_site"]) - 1) / len(want["by_site"]))
    assert source == pytest.approx(5 / 6)
    assert scopes == pytest.approx(5 / 6)
    got["base_year_recalculation_required"] = "yes"
    scopes, _ = checks.scope_totals(_Tree({"totals.json": json.dumps(got).encode()}), ref, {})
    assert scopes == pytest.approx(4 / 6)
    bad, _ = checks.scope_totals(_Tree({"totals.json": b"[1, 2]"}), ref, {})
    assert bad == 0.0


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str, script: str = "reference.py") -> Path:
    """Run a solution on a copy of the instance's inputs without the client's world: with `known` as the staff's
    answers, or (None) asking nobody."""
    import os
    import runpy

    root = FAMILY if variant == "base" else FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    init = {"ASK": False} if known is None else {"KNOWN": known}
    solutions = FAMILY / "hidden/solutions"
    sys.path.insert(0, str(solutions))
    try:
        os.chdir(work)
        for mod in ("reference", "ghg_read"):
            sys.modules.pop(mod, None)
        runpy.run_path(str(solutions / script), init_globals=init, run_name="__main__")
    finally:
        os.chdir(here)
        sys.path.remove(str(solutions))
    return work / "output"


def _grade(tmp_path: Path, variant: str, output: Path) -> tuple[float, dict]:
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
    return result.score, {c.name: c.value for c in result.components}


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    build = _build_inputs()
    known = build.staff_facts(build.build_world("full_estate"))
    assert set(known) == {"control_end", "leak", "tariff_lapsed", "bulk_fuel", "extra_site"}
    assert _grade(tmp_path, "full_estate", _deliver(tmp_path, "full_estate", known, "all"))[0] == 1.0
    lost, parts = {}, {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        score, parts[fact] = _grade(tmp_path, "full_estate", _deliver(tmp_path, "full_estate", without, f"no-{fact}"))
        lost[fact] = 1.0 - score
    print("slices", lost)
    assert all(0.08 <= v <= 0.36 for v in lost.values()), lost
    for fact in NOWHERE:  # each fact hinted nowhere is worth about a fifth
        assert 0.15 <= lost[fact] <= 0.25, lost
    # without Wrexford's outsourcing the disposal and the acquisition stay below the 5% threshold: the flag is wrong
    assert parts["control_end"]["scope_totals"] <= 1 / 6 + 1e-9
    assert parts["bulk_fuel"]["scope_totals"] == pytest.approx(3 / 6)  # scope 1 and both totals
    both = {k: v for k, v in known.items() if k not in NOWHERE}
    score, _ = _grade(tmp_path, "full_estate", _deliver(tmp_path, "full_estate", both, "hinted-only"))
    assert score <= 0.6, score  # a worker who finds only the hinted facts
    assert _grade(tmp_path, "full_estate", _deliver(tmp_path, "full_estate", None, "nobody"))[0] <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_last_years_method_loses_on_the_figures_and_the_note_keeps_its_share(tmp_path: Path) -> None:
    out = _deliver(tmp_path, "base", None, "last-year", "shortcuts/last_years_method.py")
    score, parts = _grade(tmp_path, "base", out)
    assert score <= 0.5
    assert parts["scope_totals"] <= 0.2 and parts["inventory_emissions"] <= 0.3
