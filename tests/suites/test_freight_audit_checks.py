"""freight_audit's hard instance (final_batch): five facts held by the client's staff change the figures, each by
its own slice, the three hinted nowhere (held by three different people) a large share each; the register and totals
checks catch a specific wrong delivery; the note check finds matters raised and misses matters left out; only the
hard instance has staff."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap

FAM = Family("freight_audit", ("reference",))
FAMILY = FAM.root
_checks = FAM.checks
_grade = FAM.grade
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/final_batch"


def _build_inputs():
    return load_module("freight_audit_build_inputs", FAMILY / "hidden/build_inputs.py")


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "goes up 4% from 1 September" in people and "move to lane 1 from Monday 3 August 2026" in people
    assert "Kettering store (KTR) was closed for refurbishment from Monday 3 August 2026" in people
    assert "waive the fuel surcharge on every consignment collected from 1 September to 30 September 2026" in people
    assert "lower pallet rates for consignments collected from Monday 10 August 2026: lane 1 GBP 34.20" in people
    text = inputs_text(HARD, xlsx=False).casefold()
    for word in (
        "kettering",
        "refurb",
        "standing instruction",
        "cross-dock",
        "4%",
        "rate review agreed",
        "0902 on",
        "waive",
        "settle",
        "credit note",
        "credit controller",
        "q2",
        "dispute",
        "side letter",
        "renegotiat",
        "34.20",
        "41.85",
        "10 august",
    ):
        assert word not in text, word
    # the hints that are there: the rate card's review clause, the planning lanes
    assert "fixed until 31 august 2026 and are then reviewed" in text and "plan lane" in text
    # the fair instance states what the hard one leaves to the staff
    assert "goes up 4% from 1 september" in inputs_text(BASE, xlsx=False).casefold()


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("final_batch")
    assert not has_world(base) and has_world(hard)
    assert "Ruairi Dunmore" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": (BASE / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "Brackenford's fuel surcharge uses the index of the collection week instead of the week before.",
            "Tern TTL-24-0902 is a duplicate of lines already on TTL-24-0871.",
            "Quillon computes volumetric weight with a divisor of 4000; the rate card says 5000.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_finance_manager.md": good.encode()}), ref, {})
    assert value == pytest.approx(3 / len(issues)), evidence
    # naming the topics without saying what is wrong earns nothing
    vague = "Fuel. Tail-lifts. Lanes. Quillon weights. Remote areas. Tern 0902. Minimum charges. Failed deliveries."
    value, _ = checks.note_issues(Tree({"note_to_finance_manager.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_the_kettering_matter_needs_the_standing_instruction_not_just_the_store() -> None:
    checks = _checks()
    ref = Tree({"issues.json": (HARD / "hidden/reference/issues.json").read_bytes()})
    n = len(json.loads(ref.files["issues.json"]))
    systematic = "Brackenford adds tail-lifts that were not booked, every time for the dock stores such as Kettering."
    value, _ = checks.note_issues(Tree({"note_to_finance_manager.md": systematic.encode()}), ref, {})
    assert value == pytest.approx(1 / n)  # the tail-lift fault, not the Kettering exception
    told = systematic + "\n\nKettering's tail-lifts from 3 August were on a standing instruction and are payable."
    value, _ = checks.note_issues(Tree({"note_to_finance_manager.md": told.encode()}), ref, {})
    assert value == pytest.approx(2 / n)


def test_the_tern_waiver_matter_needs_the_settlement_not_just_the_fuel_surcharge() -> None:
    checks = _checks()
    ref = Tree({"issues.json": (HARD / "hidden/reference/issues.json").read_bytes()})
    n = len(json.loads(ref.files["issues.json"]))
    plain = "Tern's fuel surcharge is charged on the delivery charge at 3.5% plus 0.25% a penny, as the schedule says."
    value, _ = checks.note_issues(Tree({"note_to_finance_manager.md": plain.encode()}), ref, {})
    assert value == 0.0
    told = "Tern waived its fuel surcharge on September collections in the Q2 settlement, so it is claimed in full."
    value, _ = checks.note_issues(Tree({"note_to_finance_manager.md": told.encode()}), ref, {})
    assert value == pytest.approx(1 / n)


def test_questions_to_the_staff_reach_the_topic_they_ask_about() -> None:
    """The playtest's question to the DC about tail-lift flags and the unmatched line gets both answers, not the
    export's general one; an open question about credits and settlements reaches Accounts Payable's settlement, a
    question naming an invoice does not."""
    from worktrial.tasks import load_family
    from worktrial.world.routing import Router

    router = Router(load_family(FAMILY).instance("final_batch").people())

    def topics(person: str, question: str) -> list[str]:
        return [t for t, _ in router.route(person, question)]

    asked = (
        "Are the tail-lift flags in the export reliable? Brackenford bills tail-lifts where the flag is N. Also, "
        "the Quillon line HW-2608-19045 isn't in the export - is it one of ours?"
    )
    assert set(topics("bethan", asked)) == {"tail_lift_flags", "unmatched_ref"}
    assert topics("ade", "Has anything been paid or agreed outside these files?") == ["outside_invoices"]
    assert "outside_invoices" not in topics("ade", "What is TTL-24-0917?")
    assert topics("naomi", "Are there any credit notes or settlements with the carriers?") == ["outside_files"]
    # Brackenford's renegotiated rates answer a question about changes to its rates, not one about its lanes
    changed = "Has anything in Brackenford's agreement changed since it was signed?"
    assert topics("ruairi", changed) == ["brk_rate_review"]
    assert "brk_rate_review" not in topics("ruairi", "Which lane should Doncaster deliveries be in?")
    assert "brk_rate_review" not in topics("ruairi", "Did Quillon's rates change in September?")


def test_totals_checks_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = json.loads((BASE / "hidden/reference/totals.json").read_bytes())
    ref = Tree({"totals.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    got["by_carrier"]["tern"] += 50
    got["by_cause"]["fuel"] = "NaN"
    out = Tree({"totals.json": json.dumps(got).encode()})
    carrier, _ = checks.by_carrier(out, ref, {})
    cause, _ = checks.by_cause(out, ref, {})
    head, _ = checks.headline(out, ref, {})
    assert carrier == pytest.approx(2 / 3)
    assert cause == pytest.approx(5 / 6)
    assert head == 1.0
    bad, _ = checks.headline(Tree({"totals.json": b"[1, 2]"}), ref, {})
    assert bad == 0.0


@needs_bwrap
def test_paying_the_re_sent_invoice_costs_the_register_and_the_duplicate_cause(tmp_path: Path) -> None:
    out = FAM.deliver(tmp_path, "base", None, "base")
    score, parts = _grade(tmp_path, "base", out)
    assert score == 1.0
    path = out / "claim_register.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    kept = [r for r in rows if r["main_cause"] != "duplicate"]
    assert len(kept) < len(rows)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(kept)
    path.write_text(buf.getvalue(), encoding="utf-8")
    totals = json.loads((out / "totals.json").read_text(encoding="utf-8"))
    totals["by_cause"]["duplicate"] = 0.0
    (out / "totals.json").write_text(json.dumps(totals), encoding="utf-8")
    score, parts = _grade(tmp_path, "base", out)
    assert parts["register_amounts"] == pytest.approx(len(kept) / len(rows))
    assert parts["totals_by_cause"] == pytest.approx(5 / 6)
    assert score < 0.97


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    build = _build_inputs()
    known = build.staff_facts(build.INSTANCES["final_batch"])
    assert set(known) == {"q_rise", "reclass", "standing_tail_lift", "fuel_waiver", "brk_rates"}
    assert _grade(tmp_path, "final_batch", FAM.deliver(tmp_path, "final_batch", known, "all"))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = (
            1.0 - _grade(tmp_path, "final_batch", FAM.deliver(tmp_path, "final_batch", without, f"no-{fact}"))[0]
        )
    assert all(0.1 <= v <= 0.35 for v in lost.values()), lost
    assert 0.15 <= lost["standing_tail_lift"] <= 0.3, lost  # the facts hinted nowhere: about a fifth each
    assert 0.15 <= lost["fuel_waiver"] <= 0.25, lost
    assert 0.15 <= lost["brk_rates"] <= 0.35, lost
    assert _grade(tmp_path, "final_batch", FAM.deliver(tmp_path, "final_batch", None, "nobody"))[0] <= 0.5
    print("slices", {k: round(v, 3) for k, v in lost.items()})
