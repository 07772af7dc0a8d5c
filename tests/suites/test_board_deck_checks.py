"""board_deck's hard instance: the client's staff hold the facts the KPI pack only hints at, their gates meet the
standard, and only the hard instance has staff."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/board_deck"
DIVEST = FAMILY / "variants/divest"


def _build_inputs():
    spec = importlib.util.spec_from_file_location("board_deck_build", FAMILY / "hidden/build_inputs.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _reference():
    sys.path.insert(0, str(FAMILY / "hidden/solutions"))
    try:
        spec = importlib.util.spec_from_file_location("board_deck_reference", FAMILY / "hidden/solutions/reference.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(FAMILY / "hidden/solutions"))


def test_the_people_give_the_figures_the_generator_hid() -> None:
    """Each staff answer carries the amount the generator put into (or took out of) the divest pack."""
    b = _build_inputs()
    people = (DIVEST / "hidden/people.toml").read_text()
    r = b.REORG
    assert f"revenue of EUR {r['revenue']}k and gross profit of EUR {r['gross_profit']}k" in people
    assert f"{r['opening']} customer accounts at 1 October 2025 of which {r['lost']} were lost" in people
    assert f"{r['moved_accounts']} customer accounts" in people
    assert f"{b.TRANSFERRED[1]} of them" in people
    assert f"EUR {b.HELD_CASH[1]}k of Field Service" in people
    assert f"EUR {b.RECHARGE[2]}k of Retail Diagnostics' warehouse" in people
    assert f"EUR {b.DEFERRED[2]}k of them as March revenue" in people
    assert f"service credits of EUR {b.LATE_CREDIT[2]}k" in people and f"take EUR {b.LATE_CREDIT[2]}k off" in people


def test_the_late_credit_is_hinted_nowhere_in_the_pack() -> None:
    """The late service credits leave no trace in the inputs: Field Service's March revenue and gross profit in the
    divest pack are the figures before the credits, and no input names a credit, the hospital group or a close
    adjusted after the export."""
    import zipfile

    import openpyxl

    b = _build_inputs()
    unit, month, _ = b.LATE_CREDIT
    master = b.build_master()[unit][month]
    wb = openpyxl.load_workbook(DIVEST / "workspace/input/kpis.xlsx", data_only=True)
    for sheet, field in (("Revenue", "revenue"), ("Gross profit", "gross_profit")):
        rows = list(wb[sheet].iter_rows(values_only=True))
        head = next(r for r in rows if r and r[0] == "Business unit")
        col = next(j for j, v in enumerate(head) if hasattr(v, "year") and (v.year, v.month) == month)
        shown = next(r[col] for r in rows if r and r[0] == unit)
        assert shown == master[field]
    for name in ("kpis.xlsx", "brief.docx"):
        with zipfile.ZipFile(DIVEST / "workspace/input" / name) as z:
            text = " ".join(z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith(".xml")).lower()
        assert "brenholt" not in text and "credit" not in text and "adjusted close" not in text


def test_the_reference_reads_the_answers_it_asks_for(monkeypatch, tmp_path: Path) -> None:
    """The reference, asking people whose replies are people.toml's answers, reaches the stored reference."""
    import shutil
    import tomllib

    ref = _reference()
    topics = {
        p["id"]: {t["id"]: t["answer"] for t in p["topics"]}
        for p in tomllib.loads((DIVEST / "hidden/people.toml").read_text())["person"]
    }

    def henrik(q: str) -> str:
        if "since the KPI pack was exported" in q:
            return topics["henrik"]["since_the_export"]
        return topics["henrik"]["march_billing" if "revenue of Software is" in q else "unit_structure"]

    route = {
        "henrik": henrik,
        "lukas": lambda q: topics["lukas"]["january_losses"],
        "sanne": lambda q: topics["sanne"]["march_cash"],
        "oskar": lambda q: topics["oskar"]["march_recharge"],
    }
    asked: list[str] = []

    def ask(person: str, question: str) -> str:
        asked.append(person)
        return route[person](question)

    monkeypatch.setattr(ref, "_ask", ask)
    monkeypatch.setattr(ref, "_staff", lambda: True)
    shutil.copytree(DIVEST / "workspace/input", tmp_path / "input")
    monkeypatch.chdir(tmp_path)
    ref.main()
    got = json.loads((tmp_path / "output/figures.json").read_text())
    want = json.loads((DIVEST / "hidden/reference/figures.json").read_text())
    assert got == want
    assert sorted(asked) == ["henrik", "henrik", "henrik", "lukas", "oskar", "sanne"]


def test_without_the_staff_every_fact_is_missed(monkeypatch, tmp_path: Path) -> None:
    ref = _reference()
    import shutil

    shutil.copytree(DIVEST / "workspace/input", tmp_path / "input")
    monkeypatch.chdir(tmp_path)
    ref.main(ask=False)
    got = json.loads((tmp_path / "output/figures.json").read_text())
    want = json.loads((DIVEST / "hidden/reference/figures.json").read_text())
    units = {u["name"]: u for u in got["business_units"]}
    right = {u["name"]: u for u in want["business_units"]}
    assert abs(units["Instruments"]["revenue_prior_eur_m"] - right["Instruments"]["revenue_prior_eur_m"]) > 0.5
    assert abs(units["Consumables"]["churn_pct"] - right["Consumables"]["churn_pct"]) > 2
    assert abs(units["Field Service"]["closing_cash_eur_m"] - right["Field Service"]["closing_cash_eur_m"]) > 0.4
    assert abs(units["Instruments"]["gross_margin_pct"] - right["Instruments"]["gross_margin_pct"]) > 1.5
    assert abs(units["Software"]["revenue_eur_m"] - right["Software"]["revenue_eur_m"]) > 0.5
    assert abs(units["Field Service"]["revenue_eur_m"] - right["Field Service"]["revenue_eur_m"]) > 0.1
    flags = {(r["business_unit"], r["metric"]) for r in got["risks"]}
    assert ("Field Service", "cash") not in flags and ("Instruments", "revenue") in flags
    assert ("Field Service", "revenue") not in flags and ("Field Service", "gross_margin") not in flags


def test_the_late_credit_alone_is_worth_a_fifth_of_the_score(tmp_path: Path) -> None:
    """Every anomaly asked about but not whether anything changed after the export: about 0.2 lost; nothing
    asked at all: the hard target holds."""
    import shutil

    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    b = _build_inputs()
    instance = load_family(FAMILY).instance("divest")
    grader = instance.config.grader
    hidden = tmp_path / "hidden"
    instance.materialise_tree("hidden", hidden)
    ref = _reference()

    def score(known: dict, name: str) -> float:
        work = tmp_path / name
        shutil.copytree(DIVEST / "workspace/input", work / "input")
        here = Path.cwd()
        try:
            import os

            os.chdir(work)
            ref.main(known=known)
        finally:
            os.chdir(here)
        result = grade_deliverable(
            work / "output",
            hidden / grader.reference_dir.removeprefix("hidden/"),
            grader.checks,
            limits=limits_of(grader),
            hidden=hidden,
            params=dict(instance.params),
        )
        assert not result.errors, result.errors
        return result.score

    assert score(b.KNOWN, "all") == 1.0
    without = score({k: v for k, v in b.KNOWN.items() if k != "credits"}, "no_credit")
    assert 0.15 <= 1 - without <= 0.25
    assert score({}, "nobody") <= 0.6


def test_the_fair_and_q4_packs_raise_no_question(monkeypatch, tmp_path: Path) -> None:
    ref = _reference()
    import shutil

    monkeypatch.setattr(ref, "_ask", lambda person, q: (_ for _ in ()).throw(AssertionError(f"asked {person}: {q}")))
    for name, root in (("base", FAMILY), ("q4", FAMILY / "variants/q4")):
        shutil.copytree(root / "workspace/input", tmp_path / name / "input")
        monkeypatch.chdir(tmp_path / name)
        ref.main()


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    assert has_world(fam.instance("divest"))
    assert not has_world(fam.instance("base")) and not has_world(fam.instance("q4"))
    assert "Henrik Dalgaard" in fam.instance("divest").brief() and "bin/ask" not in fam.instance("base").brief()
