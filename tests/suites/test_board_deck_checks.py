"""board_deck's hard instance: the client's staff hold the facts the KPI pack only hints at or does not show at all,
their gates meet the standard, each fact hinted nowhere costs score when it is missed, and only the hard instance has
staff."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/board_deck"
DIVEST = FAMILY / "variants/divest"


def _load(name: str, path: Path, folder: Path):
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(folder))


def _data():
    """The master data set and what the divest pack's staff know (hidden/_board_deck_data.py)."""
    return _load("board_deck_data", FAMILY / "hidden/_board_deck_data.py", FAMILY / "hidden")


def _reference():
    """The reference solution and its staff module (the one the reference asks through)."""
    ref = _load("board_deck_reference", FAMILY / "hidden/solutions/reference.py", FAMILY / "hidden/solutions")
    return ref, ref.staff


def _people() -> dict:
    return tomllib.loads((DIVEST / "hidden/people.toml").read_text())


def _answers() -> dict[str, dict[str, str]]:
    return {p["id"]: {t["id"]: t["answer"] for t in p["topics"]} for p in _people()["person"]}


def _run_reference(ref, work: Path, **kwargs) -> dict:
    shutil.copytree(DIVEST / "workspace/input", work / "input")
    here = Path.cwd()
    try:
        os.chdir(work)
        ref.main(**kwargs)
    finally:
        os.chdir(here)
    return json.loads((work / "output/figures.json").read_text())


def test_the_people_give_the_figures_the_generator_hid() -> None:
    """Each staff answer carries the amount the generator put into (or took out of) the divest pack, or that the
    reference takes out of the pack for a fact the pack does not show."""
    d = _data()
    people = (DIVEST / "hidden/people.toml").read_text()
    r = d.REORG
    assert f"revenue of EUR {r['revenue']}k and gross profit of EUR {r['gross_profit']}k" in people
    assert f"{r['opening']} customer accounts at 1 October 2025 of which {r['lost']} were lost" in people
    assert f"{r['moved_accounts']} customer accounts" in people
    assert f"{d.TRANSFERRED[1]} of them" in people
    assert f"EUR {d.HELD_CASH[1]}k of Field Service" in people
    assert f"EUR {d.RECHARGE[2]}k of Retail Diagnostics' warehouse" in people
    assert f"EUR {d.DEFERRED[2]}k of them as March revenue" in people
    assert f"service credits of EUR {d.LATE_CREDIT[2]}k" in people and f"take EUR {d.LATE_CREDIT[2]}k off" in people
    unit, _, revenue, cost = d.HELD_FOR_CUSTOMER
    assert f"Take EUR {revenue}k off {unit}' March revenue and EUR {cost}k off its cost of sales" in people
    unit, amounts = d.OVERDRAFT
    assert f"{unit}'s US dollar account" in people
    assert f"at 31 March it was overdrawn by EUR {amounts[(2026, 3)]:,}k" in people
    assert f"at 31 December by EUR {amounts[(2025, 12)]:,}k" in people
    unit, ended = d.UNCLOSED
    assert f"{ended[(2026, 3)]} {unit} accounts of the Velmark laboratory group" in people
    unit, late = d.CLOSED_LATE
    assert f"{late[(2025, 12)]} of the {unit} accounts the CRM closed in January" in people


def test_the_facts_hinted_nowhere_leave_no_trace_in_the_pack() -> None:
    """The pack shows the figures before each fact hinted nowhere, and no input names what the staff know."""
    import openpyxl

    d = _data()
    master = d.build_master()
    wb = openpyxl.load_workbook(DIVEST / "workspace/input/kpis.xlsx", data_only=True)

    def shown(sheet: str, unit: str, month: tuple[int, int]):
        rows = list(wb[sheet].iter_rows(values_only=True))
        head = next(r for r in rows if r and r[0] == "Business unit")
        col = next(j for j, v in enumerate(head) if hasattr(v, "year") and (v.year, v.month) == month)
        return next(r[col] for r in rows if r and r[0] == unit)

    for unit, month in (d.LATE_CREDIT[:2], d.HELD_FOR_CUSTOMER[:2]):
        misbooked = d.RECHARGE[2] if (unit, month) == d.RECHARGE[:2] else 0  # an anomaly the pack does show
        assert shown("Revenue", unit, month) == master[unit][month]["revenue"]
        assert shown("Gross profit", unit, month) == master[unit][month]["gross_profit"] - misbooked
    unit, amounts = d.OVERDRAFT
    for month in amounts:
        assert shown("Cash", unit, month) == master[unit][month]["cash"]
    for name in ("kpis.xlsx", "brief.docx"):
        with zipfile.ZipFile(DIVEST / "workspace/input" / name) as z:
            text = " ".join(z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith(".xml")).lower()
        for word in (
            "brenholt",
            "credit",
            "adjusted close",
            "solvik",
            "bill-and-hold",
            "held for",
            "velmark",
            "cancell",
            "terminat",
            "harbourline",
            "overdra",
            "dollar",
            "cash pool",
        ):
            assert word not in text, (name, word)


def test_sales_operations_asks_for_the_count_the_pack_gives() -> None:
    """The evidence gate on the CRM's completeness wants the worker's own count of Q1's lost accounts over the units
    in scope: the one the pack gives read record by record (one per unit and month, flash rows out), with or without
    the accounts that went to the buyer."""
    import openpyxl

    ref, _ = _reference()
    d = _data()
    wb = openpyxl.load_workbook(DIVEST / "workspace/input/kpis.xlsx", data_only=True)
    cust = ref.customers_sheet(wb["Customers"])
    units = [u for u in d.UNITS if u != d.SOLD_UNIT]
    lost = sum(cust[ref.unit_key(u)][(2026, m)]["lost"] for u in units for m in (1, 2, 3))
    fact = next(f for f in _people()["fact"] if f["id"] == "q1_lost_count")
    accepted = sorted((f["min"], f["max"]) for f in fact["evidence"]["figures"])
    assert accepted == [(lost - d.TRANSFERRED[1],) * 2, (lost,) * 2]
    topic = next(t for p in _people()["person"] if p["id"] == "lukas" for t in p["topics"] if t["id"] == "crm_cutoff")
    assert any(c.get("fact") == "q1_lost_count" for c in topic["gate"])


def test_the_reference_reads_the_answers_it_asks_for(monkeypatch, tmp_path: Path) -> None:
    """The reference, asking people whose replies are people.toml's answers, reaches the stored reference; it gives
    Sales Operations the count its gate wants."""
    ref, staff = _reference()
    topics = _answers()

    def henrik(q: str) -> str:
        if "since the KPI pack was exported" in q:
            return topics["henrik"]["since_the_export"]
        return topics["henrik"]["march_billing" if "revenue of Software is" in q else "unit_structure"]

    route = {
        "henrik": henrik,
        "lukas": lambda q: topics["lukas"]["january_losses" if "in a usual month" in q else "crm_cutoff"],
        "sanne": lambda q: topics["sanne"]["march_cash" if "balance the unit's own" in q else "outside_the_pool"],
        "oskar": lambda q: topics["oskar"]["march_recharge"],
        "annika": lambda q: topics["annika"]["quarter_end_deals"],
    }
    asked: list[tuple[str, str]] = []

    def ask(person: str, question: str) -> str:
        asked.append((person, question))
        return route[person](question)

    monkeypatch.setattr(staff, "_ask", ask)
    monkeypatch.setattr(staff, "_staff", lambda: True)
    got = _run_reference(ref, tmp_path)
    want = json.loads((DIVEST / "hidden/reference/figures.json").read_text())
    assert got == want
    people = sorted(p for p, _ in asked)
    assert people == ["annika", "henrik", "henrik", "henrik", "lukas", "lukas", "oskar", "sanne", "sanne"]
    assert any(p == "lukas" and "lost 177 customer accounts" in q for p, q in asked)


def test_without_the_staff_every_fact_is_missed(tmp_path: Path) -> None:
    ref, _ = _reference()
    got = _run_reference(ref, tmp_path, ask=False)
    want = json.loads((DIVEST / "hidden/reference/figures.json").read_text())
    units = {u["name"]: u for u in got["business_units"]}
    right = {u["name"]: u for u in want["business_units"]}

    def off(unit: str, field: str) -> float:
        return abs(units[unit][field] - right[unit][field])

    assert off("Instruments", "revenue_prior_eur_m") > 0.5
    assert off("Consumables", "churn_pct") > 2
    assert off("Field Service", "closing_cash_eur_m") > 0.4
    assert off("Instruments", "gross_margin_pct") > 1.5
    assert off("Software", "revenue_eur_m") > 0.5
    assert off("Field Service", "revenue_eur_m") > 0.1
    assert off("Instruments", "revenue_eur_m") > 0.5  # analysers held for the customer
    assert off("Software", "churn_pct") > 2 and off("Software", "churn_prior_pct") > 0.5  # closed late in the CRM
    assert off("Software", "closing_cash_eur_m") > 1 and off("Software", "closing_cash_prior_eur_m") > 0.2
    flags = {(r["business_unit"], r["metric"]) for r in got["risks"]}
    assert ("Field Service", "cash") not in flags and ("Instruments", "revenue") in flags
    assert ("Field Service", "revenue") not in flags and ("Field Service", "gross_margin") not in flags
    assert ("Software", "churn") not in flags and ("Software", "cash") not in flags


@pytest.fixture(scope="module")
def scorer(tmp_path_factory):
    """The divest checks' score of the reference run with some of the staff's answers (no contact costs)."""
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    tmp = tmp_path_factory.mktemp("board_deck")
    instance = load_family(FAMILY).instance("divest")
    grader = instance.config.grader
    hidden = tmp / "hidden"
    instance.materialise_tree("hidden", hidden)
    ref, _ = _reference()
    runs = iter(range(1000))

    def score(known: dict) -> float:
        work = tmp / f"run{next(runs)}"
        _run_reference(ref, work, known=known)
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

    return score


def test_everything_known_scores_full(scorer) -> None:
    assert scorer(_data().KNOWN) == 1.0


@pytest.mark.parametrize("fact", ["credits", "held_back", "unclosed", "overdraft"])
def test_missing_a_fact_hinted_nowhere_costs_score(scorer, fact: str) -> None:
    """Every anomaly asked about, every other open question asked, only this one not: each costs a slice."""
    d = _data()
    assert fact in d.HINTED_NOWHERE
    without = scorer({k: v for k, v in d.KNOWN.items() if k != fact})
    assert 1 - without >= (0.15 if fact in ("credits", "held_back") else 0.07), (fact, without)


def test_the_facts_hinted_nowhere_decide_the_hard_target(scorer) -> None:
    """A worker who handles every file trap and asks about every anomaly, but asks no open question, lands near the
    hard target (before the cost of its questions); one who asks nobody anything lands below it."""
    d = _data()
    anomalies_only = scorer({k: v for k, v in d.KNOWN.items() if k not in d.HINTED_NOWHERE})
    assert 0.55 <= anomalies_only <= 0.62, anomalies_only
    assert scorer({}) <= 0.5


def test_the_fair_and_q4_packs_raise_no_question(monkeypatch, tmp_path: Path) -> None:
    ref, staff = _reference()
    monkeypatch.setattr(staff, "_ask", lambda person, q: (_ for _ in ()).throw(AssertionError(f"asked {person}: {q}")))
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
    brief = fam.instance("divest").brief()
    assert "Henrik Dalgaard" in brief and "Annika Holmgren" in brief and "bin/ask" not in fam.instance("base").brief()
