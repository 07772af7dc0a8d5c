"""Change detection against the shipped system's output, metrics and the traffic generator toolkit."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from worktrial.kit.grader import (
    Confusion,
    Money,
    Output,
    Traffic,
    as_details,
    baseline_dir,
    by_segment,
    changed_decisions,
    changed_rows,
    tally,
)


def _table(tmp_path: Path, name: str, text: str) -> Output:
    root = tmp_path / name
    root.mkdir()
    (root / "decisions.csv").write_text(text)
    return Output(root)


def test_changed_rows_between_delivered_and_shipped_outputs(tmp_path: Path) -> None:
    shipped = _table(tmp_path, "baseline", "claim_id,decision,amount\nC1,approve,10\nC2,deny,20\nC3,deny,5\n")
    delivered = _table(tmp_path, "out", "Claim_ID,Decision,Amount\nC1, APPROVE ,10.0\nC2,approve,20\nC4,deny,1\n")
    cols = ["claim_id", "decision", "amount"]
    changes = changed_rows(delivered.table("*.csv", cols), shipped.table("*.csv", cols), "claim_id", cols[1:])
    assert changes.changed == {"C2": {"decision": ("deny", "approve")}}  # case, blanks and '10' == '10.0' agree
    assert changes.added == ["C4"] and changes.removed == ["C3"] and changes.compared == 2
    assert changes.keys == {"C2", "C3", "C4"} and bool(changes) and len(changes) == 3
    assert changes.summary()["examples"] == [{"key": "C2", "decision": ["deny", "approve"]}]
    same = changed_rows(shipped.table("*.csv", cols), shipped.table("*.csv", cols), "claim_id", cols[1:])
    assert not same and same.compared == 3


def test_changed_rows_with_tolerance_composite_keys_and_own_normalisers() -> None:
    old = [{"rig": "BR-11", "day": "03-01", "hours": "4.00", "party": "MFL"}]
    new = [{"rig": "BR-11", "day": "03-01", "hours": "4.004", "party": "Mirefield"}]
    assert not changed_rows(new, old, ("rig", "day"), ["hours"], tolerance=0.01)
    assert changed_rows(new, old, ("rig", "day"), ["hours"]).changed == {
        ("BR-11", "03-01"): {"hours": ("4.00", "4.004")}
    }
    alias = {"mirefield": "MFL", "mfl": "MFL"}
    by_party = changed_rows(new, old, ("rig", "day"), ["party"], normalise={"party": lambda v: alias[v.lower()]})
    assert not by_party


def test_changed_decisions_over_the_production_cases() -> None:
    shipped = {"P1": "HOLD", "P2": "RELEASE"}
    delivered = {"P1": "HOLD", "P3": "HOLD"}
    got = changed_decisions(delivered, shipped, universe=["P1", "P2", "P3", "P4"], default="RELEASE")
    assert got == {"P3": ("RELEASE", "HOLD")}  # P2 absent from the delivery reads as released, as shipped


def test_baseline_dir_is_optional_on_the_context(tmp_path: Path) -> None:
    assert baseline_dir(SimpleNamespace(out_dir=tmp_path)) is None
    assert baseline_dir(SimpleNamespace(baseline_out=None)) is None
    assert baseline_dir(SimpleNamespace(baseline_out=str(tmp_path))) == tmp_path


def test_confusion_and_money() -> None:
    c = Confusion.of(["a", "b", "c", "d", "e"], predicted={"a", "b", "x"}, actual={"a", "c"})
    assert (c.tp, c.fp, c.fn, c.tn) == (1, 1, 1, 2)
    assert c.precision == 0.5 and c.recall == 0.5 and c.f1 == 0.5 and c.accuracy == 0.6
    assert Confusion.pairs([(True, True), (True, False), (False, True), (False, False)]) == Confusion(1, 1, 1, 1)
    assert Confusion().precision == 0.0 and (c + c).tp == 2
    m = tally([("scam", 500.0), ("genuine", -36.0), ("genuine", -36.0)], value=lambda r: r[1])
    assert (m.recovered, m.lost, m.net, m.count) == (500.0, 72.0, 428.0, 3)
    assert (m + Money.of([-8.0])).net == 420.0
    parts = by_segment(
        [("scam", 500.0), ("genuine", -36.0), ("genuine", -36.0)],
        lambda r: r[0],
        lambda rows: Money.of(r[1] for r in rows),
    )
    assert as_details(parts) == {
        "scam": {"recovered": 500.0, "lost": 0.0, "net": 500.0, "count": 1},
        "genuine": {"recovered": 0.0, "lost": 72.0, "net": -72.0, "count": 2},
    }


def test_traffic_is_a_pure_function_of_its_seed() -> None:
    def draw(t: Traffic) -> list[object]:
        return [t.amount(250, 0.8, 10, 5000), t.pick({"a": 1, "b": 3}), t.count(4.2), t.typo("refund request", 0.3)]

    assert draw(Traffic("fam", "production", 7)) == draw(Traffic("fam", "production", 7))
    assert draw(Traffic("fam", "production", 7)) != draw(Traffic("fam", "production", 8))
    # A child stream does not depend on how much the parent drew.
    parent = Traffic("fam", 1)
    first = parent.child("claims").amount(100, 1, 1, 1000)
    parent.amount(1, 1, 0, 2)
    assert parent.child("claims").amount(100, 1, 1, 1000) == first


def test_traffic_shapes_production_unlike_history() -> None:
    t = Traffic("kit-test", 3)
    mix = t.drift({"goods": 0.6, "bills": 0.4}, {"goods": 0.5, "crypto": 0.2})
    assert mix["goods"] == pytest.approx(0.3 / 0.9) and mix["crypto"] == pytest.approx(0.2 / 0.9)
    assert sum(mix.values()) == pytest.approx(1.0)
    history = {"E10", "E21", "X01"}
    codes = {t.new_code(history, prefix="E", width=2, alphabet="0123456789") for _ in range(20)}
    assert codes and not codes & history and all(c.startswith("E") and len(c) == 3 for c in codes)
    assert t.reword("Mud pump failure; mud pump swapped", {"mud pump": ["fluid end"]}) == (
        "Fluid end failure; fluid end swapped"
    )
    noisy = [t.typo("hydraulic fluid leak", 0.5) for _ in range(20)]
    assert any(n != "hydraulic fluid leak" for n in noisy) and t.typo("hydraulic", 0.0) == "hydraulic"
    assert {t.around(1000, step=1) for _ in range(200)} == {999, 1000, 1001}
    assert abs(t.volume(1000, shift=0.25) - 1250) == 0
    counts = [t.count(3.0) for _ in range(2000)]
    assert 2.8 < sum(counts) / len(counts) < 3.2
    start, end = datetime(2026, 3, 1), datetime(2026, 4, 1)
    night = [0.0] * 24
    night[2] = 1.0
    moments = [t.moment(start, end, night) for _ in range(50)]
    assert all(start <= m < end and m.hour == 2 for m in moments)
    assert t.blank("x", 1.0, "") == "" and t.blank("x", 0.0, "") == "x"
    with pytest.raises(ValueError):
        t.pick({"a": 0})
