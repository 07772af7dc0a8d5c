"""royalty_statements: the checks score the reference fully and each specific wrong delivery low on its own check; in
the hard instance (full_list) seven facts held by the client's staff change the figures, each by its own slice (five
hinted nowhere: the Managing Director's decision to hold no more reserves, the Brazilian advances entered in the
register after it was sent, the Publisher's side letter on Pym & Hale clients' ebooks, Lanyard's returns credited
after the December report, the remainder sale of surplus hardbacks); a worker who finds only some of them stays at
the hard target; only the hard instance has staff; garbage deliveries score 0 without voiding the trial."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, load_module, needs_bwrap

FAM = Family("royalty_statements", ())
FAMILY = FAM.root
_checks = FAM.checks
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/full_list"
SOLUTIONS = FAMILY / "hidden/solutions"


def _inputs_text(root: Path) -> str:
    import openpyxl

    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix in (".docx", ".pdf"):
            parts.append(document_text(path))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
        elif path.suffix == ".xlsx":
            for ws in openpyxl.load_workbook(path, data_only=True).worksheets:
                parts += [" ".join(str(c) for c in row if c is not None) for row in ws.iter_rows(values_only=True)]
    return "\n".join(parts)


def _reference(root: Path, name: str) -> bytes:
    return (root / "hidden/reference" / name).read_bytes()


# ------------------------------------------------------------------------------------------------ the hard instance


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "Fenwick took the Summer Reads stock on consignment" in people
    assert "SS-26-046: 1,655 copies" in people
    assert "deducted Korean withholding tax of 10%" in people and "SR-26-021: £3,819.96" in people
    assert "Pym & Hale's clients' ebook royalty goes up to 30% of net receipts" in people
    assert "credit note PCN-26-1207" in people and "(9781915623225): 212 copies, credit £1,912.29" in people
    assert "we no longer withhold a reserve against returns on any edition" in people
    assert "Editora Brisa's Brazilian Portuguese translation advances reached our account on 18 December" in people
    assert "SR-26-029 (Small Hours, KL-2022-014): £4,258.98" in people
    assert "remainder dealer" in people and "(9781915623430): 860 copies at £1.50 a copy" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "consignment",
        "sale or return",
        "withholding",
        "side letter",
        "30%",
        "pcn-26-1207",
        "administration",
        "sell-through",
        "brisa",
        "brazil",
        "sr-26-026",
        "remainder",
        "marlowe",
        "klr-26-007",
        "clearance",
        "no longer",
        "12 january",
    ):
        assert word not in text, word
    # the hints that are there: the Fenwick orders noted for the Sales Director, the receipts awaiting certificates
    assert text.count("summer reads promotion - see jw") == 5
    assert text.count("tax certificate awaited") == 4


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("full_list")
    assert not has_world(base) and has_world(hard)
    assert "Beatrice Oduya" in hard.brief() and "bin/ask" not in base.brief()
    assert "the Republic of Ireland is part of the home market" in base.brief()
    assert "home market" not in hard.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


# ------------------------------------------------------------------------------------------------ the checks alone


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": _reference(BASE, "issues.json")})
    issues = json.loads(ref.files["issues.json"])
    weights = sum(float(i.get("weight", 1)) for i in issues)
    good = "\n\n".join(
        [
            "Pellham's September report is in the folder twice; each line was counted once.",
            "Irish accounts are home sales under the agreements, though Pellham codes them export.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_managing_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / weights), evidence
    vague = "\n\n".join(["September.", "Ireland.", "Special sales.", "Counting Rooks.", "Reserves."])
    value, _ = checks.note_issues(Tree({"note_to_managing_director.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_the_author_checks_take_each_author_on_its_own() -> None:
    checks = _checks()
    want = json.loads(_reference(BASE, "statement_totals.json"))
    ref = Tree({"statement_totals.json": json.dumps(want).encode()})
    n = len(want["authors"])
    assert checks.author_balances(ref, ref, {})[0] == 1.0
    got = json.loads(json.dumps(want))
    got["authors"]["A0107"]["payable_gbp"] += 50
    got["authors"]["A0112"]["reserve_held_gbp"] = "NaN"
    got["authors"]["A9999"] = dict(want["authors"]["A0107"])
    out = Tree({"statement_totals.json": json.dumps(got).encode()})
    assert checks.author_balances(out, ref, {})[0] == pytest.approx((n - 1) / (n + 1))
    assert checks.author_reserves(out, ref, {})[0] == pytest.approx((n - 1) / (n + 1))
    assert checks.author_earnings(out, ref, {})[0] == pytest.approx(n / (n + 1))
    for bad in (b"[1, 2]", b"{}", b'{"authors": [1]}', b"not json"):
        value, _ = checks.author_earnings(Tree({"statement_totals.json": bad}), ref, {})
        assert value == 0.0


# ------------------------------------------------------------------------------------------------ deliveries


def _deliver(tmp_path: Path, root: Path, name: str, init: dict, patch: dict | None = None) -> Path:
    """Run the reference on a copy of the instance's inputs without the client's world: `init` are the script's
    globals (KNOWN, ASK, the method's switches), `patch` replaces functions of the reader module."""
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    sys.path.insert(0, str(SOLUTIONS))
    for mod in ("_royalty_read", "_royalty_note"):
        sys.modules.pop(mod, None)
    try:
        os.chdir(work)
        if patch:
            import _royalty_read

            for fn, value in patch.items():
                setattr(_royalty_read, fn, value)
        runpy.run_path(str(SOLUTIONS / "reference.py"), init_globals=init, run_name="__main__")
    finally:
        os.chdir(here)
        sys.path.remove(str(SOLUTIONS))
        for mod in ("_royalty_read", "_royalty_note"):
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
    return result.score, {c.name: c.value for c in result.components if c.value is not None and not c.gate}


def _staff_facts() -> dict:
    build = load_module("royalty_statements_build_inputs", FAMILY / "hidden/build_inputs.py")
    from _royalty_statements_catalogue import INSTANCES
    from _royalty_statements_model import simulate

    return build.staff_facts(simulate("full_list", INSTANCES["full_list"]))


HINTED = ("consignment", "withholding")  # the Fenwick orders noted "see JW", the receipts awaiting tax certificates
NOWHERE = ("side_letter", "returns_credit", "late_receipts", "remainders", "reserve_policy")  # hinted nowhere
PLAYTEST = ("consignment", "withholding", "returns_credit")  # what a blind worker found before the last three


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, "full_list", _deliver(tmp_path, HARD, "all", {"KNOWN": known}))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        score, parts = _grade(tmp_path, "full_list", _deliver(tmp_path, HARD, f"no-{fact}", {"KNOWN": without}))
        lost[fact] = 1.0 - score
        assert parts["author_balances"] < 0.9 and parts["total_payable"] == 0.0, (fact, parts)
    assert all(0.15 <= v <= 0.28 for v in lost.values()), lost
    # the facts fall on different authors, so a worker who finds only some of them stays at the hard target: the two
    # hinted ones alone, the three a blind worker found, or the four the instance had before the last three
    for name, facts, most in (
        ("hinted", HINTED, 0.5),
        ("playtest", PLAYTEST, 0.55),
        ("old", (*HINTED, *NOWHERE[:2]), 0.62),
    ):
        found = {k: v for k, v in known.items() if k in facts}
        assert _grade(tmp_path, "full_list", _deliver(tmp_path, HARD, name, {"KNOWN": found}))[0] <= most, name
    assert _grade(tmp_path, "full_list", _deliver(tmp_path, HARD, "nobody", {"ASK": False}))[0] <= 0.5


@needs_bwrap
def test_each_trap_costs_its_own_check(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, BASE, "right", {"ASK": False}))
    assert score == 1.0, parts
    # escalators started from nought each half-year: the home lines past a threshold, the authors' earnings
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, BASE, "period", {"ASK": False, "CUMULATIVE": False}))
    assert parts["line_royalties"] < 0.95 and parts["author_earnings"] < 0.8 and parts["line_units"] == 1.0, parts
    # every agreement of an author netted into one account: the advances and payables, not the lines
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, BASE, "netted", {"ASK": False, "JOINT_ONLY": False}))
    assert parts["line_royalties"] == 1.0 and parts["author_balances"] < 0.95 and parts["total_payable"] == 0.0, parts
    # the agent's commission deducted: the payables of agented authors
    score, parts = _grade(
        tmp_path, "base", _deliver(tmp_path, BASE, "commission", {"ASK": False, "COMMISSION_DEDUCTED": True})
    )
    assert parts["line_royalties"] == 1.0 and parts["author_balances"] < 0.6 and score <= 0.8, parts
    # Irish sales taken as export, as Pellham codes them
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, BASE, "irish", {"ASK": False, "HOME": ("GB",)}))
    assert parts["line_royalties"] < 0.6 and parts["line_units"] < 0.6 and score <= 0.6, parts

    # the re-issued September report counted as well
    def every_line(folder: Path) -> list[dict]:
        import _royalty_read

        return [x for p in sorted(folder.glob("*.csv")) for x in _royalty_read.read_pellham_file(p)]

    score, parts = _grade(
        tmp_path, "base", _deliver(tmp_path, BASE, "twice", {"ASK": False}, {"read_pellham": every_line})
    )
    assert parts["line_units"] < 0.7 and parts["author_earnings"] < 0.5, parts


@needs_bwrap
def test_garbage_deliveries_score_nothing_without_voiding(tmp_path: Path) -> None:
    cases = {
        "empty": {"statement_lines.csv": "", "statement_totals.json": "", "note_to_managing_director.md": ""},
        "wrong_shapes": {
            "statement_lines.csv": "a,b\n1,2\n",
            "statement_totals.json": "[1, 2, 3]",
            "note_to_managing_director.md": "Nothing to report.",
        },
        "nan": {
            "statement_lines.csv": "contract,isbn,channel,units,royalty_gbp\nKL-9999-999,,translation,NaN,NaN\n",
            "statement_totals.json": json.dumps(
                {"authors": {"A0107": {"payable_gbp": "NaN"}}, "total_payable_gbp": "Infinity"}
            ),
            "note_to_managing_director.md": "All fine.",
        },
    }
    for name, files in cases.items():
        out = tmp_path / name
        out.mkdir()
        for fname, text in files.items():
            (out / fname).write_text(text, encoding="utf-8")
        score, parts = _grade(tmp_path, "base", out)
        assert score == 0.0, (name, parts)
