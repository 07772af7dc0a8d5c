"""The anchor phase and the caches it shares with other processes: computed once, checked on every read, a damaged
entry computed again, never trusted; grading reads anchors and never computes one; the baseline's output reaches
the grader."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from worktrial.grading import generated_data, task_code
from worktrial.run import (
    AnchorCache,
    JobConfig,
    JobRunner,
    TrialContext,
    TrialSpec,
    compute_anchors,
    ensure_anchors,
    run_trial,
)
from worktrial.sandbox import get_sandbox
from worktrial.store import Home, Store
from worktrial.tasks import Instance, load_family

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


def _instance(suite: Path, variant: str = "base") -> Instance:
    return load_family(suite / "tiny").instance(variant, "L3")


def _ctx(home: Home) -> TrialContext:
    return TrialContext(get_sandbox("bwrap"), home.cache, AnchorCache(home.anchors))


def test_anchors_are_computed_once_and_a_damaged_entry_is_computed_again(tiny_suite: Path, tmp_path: Path) -> None:
    home = Home(tmp_path / "home").ensure()
    inst = _instance(tiny_suite)
    ctx = _ctx(home)
    slots: asyncio.Queue[TrialContext] = asyncio.Queue()
    for _ in range(2):
        slots.put_nowait(_ctx(home))
    # The same variant asked for twice at once, as two instances of it (two levels) would: one entry, no scratch left.
    assert asyncio.run(compute_anchors([inst, _instance(tiny_suite)], slots)) == {}
    cache = ctx.anchors
    good = cache.read(inst)
    assert good is not None and good.baseline == -174.0 and good.reference == 0.0
    assert good.baseline_out is not None and json.loads((good.baseline_out / "result.json").read_text()) == {
        "total": 87.0  # the shipped factor 1 on the production orders; the truth is 3 × 87
    }
    assert sorted(p.name for p in home.anchors.iterdir()) == [inst.variant_hash, f"{inst.variant_hash}.lock"]

    record = cache.entry(inst) / "anchors.json"
    original = record.read_text()
    damages = {
        "a number edited": original.replace('"baseline": -174.0', '"baseline": 0.0'),
        "cut short": original[: len(original) // 2],
        "not finite": original.replace('"baseline": -174.0', '"baseline": NaN'),
        "another variant's": original.replace(inst.variant_hash, "0" * 64),
    }
    for what, text in damages.items():
        record.write_text(text)
        assert cache.read(inst) is None, what
        again = asyncio.run(ensure_anchors(inst, ctx))
        assert (again.baseline, again.reference) == (good.baseline, good.reference), what
        assert cache.read(inst) is not None
    (cache.entry(inst) / "baseline_out" / "result.json").write_text('{"total": 0}')
    assert cache.read(inst) is None  # the baseline's output is checked too
    (home.anchors / f".work-{inst.variant_hash[:12]}-killed" / "original").mkdir(parents=True)  # a killed computer's
    asyncio.run(ensure_anchors(inst, ctx))
    assert sorted(p.name for p in home.anchors.iterdir()) == [inst.variant_hash, f"{inst.variant_hash}.lock"]
    restored = cache.read(inst)
    assert restored is not None and restored.baseline_out is not None
    assert json.loads((restored.baseline_out / "result.json").read_text()) == {"total": 87.0}


def test_generated_data_that_no_longer_matches_its_seal_is_generated_again(tiny_suite: Path, tmp_path: Path) -> None:
    inst = _instance(tiny_suite)
    code = task_code(inst, get_sandbox("bwrap"), tmp_path / "scratch")
    data = generated_data(inst, "production", tmp_path / "cache", code)
    orders = (data / "orders.csv").read_text()
    (data / "orders.csv").write_text("1\n")
    (data.parent / f".{data.name}.killed").mkdir()  # what a generator killed mid-way leaves
    again = generated_data(inst, "production", tmp_path / "cache", code)
    assert again == data and (again / "orders.csv").read_text() == orders
    (tmp_path / "cache" / "data" / f"{data.name}.json").write_text("{")  # a damaged seal
    assert (generated_data(inst, "production", tmp_path / "cache", code) / "orders.csv").read_text() == orders
    leftovers = [p.name for p in (tmp_path / "cache" / "data").iterdir() if p.name.startswith(".")]
    assert leftovers == []


def test_grading_never_computes_anchors(tiny_suite: Path, tmp_path: Path) -> None:
    home = Home(tmp_path / "home").ensure()
    inst = _instance(tiny_suite)
    card = asyncio.run(run_trial(TrialSpec("t", "j", inst, "noop"), _ctx(home), tmp_path / "attempt"))
    assert card.status == "error" and card.error_kind == "infrastructure" and card.score is None
    assert "no verified anchors" in (card.error or "")
    assert not AnchorCache(home.anchors).entry(inst).exists()


def test_the_grader_gets_the_baseline_output_of_the_same_production_data(tiny_suite: Path, tmp_path: Path) -> None:
    grader = tiny_suite / "tiny/hidden/grader.py"
    grader.write_text(
        grader.read_text().replace(
            '    return {"kpi": -abs(got - truth), "incidents": incidents, "details": {"got": got, "truth": truth}}',
            "    base = ctx.baseline_out and json.loads((ctx.baseline_out / 'result.json').read_text())['total']\n"
            '    return {"kpi": -abs(got - truth), "incidents": incidents,'
            ' "details": {"got": got, "truth": truth, "baseline_total": base}}',
        )
    )
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(tiny_suite)], agents=["reference"], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    assert row.status == "done" and row.scorecard is not None
    assert row.scorecard["details"]["grader"] == {"got": 261.0, "truth": 261.0, "baseline_total": 87.0}


def test_unusable_anchors_void_that_variant_only_as_the_task_s_error(tiny_suite: Path, tmp_path: Path) -> None:
    # A reference that changes nothing scores like the baseline: the task cannot be scored, on this variant only.
    (tiny_suite / "tiny/variants/double/hidden/solutions/reference.py").write_text("print('nothing to do')\n")
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(tiny_suite)], agents=["noop", "reference"], levels=["L3"])
    rows = asyncio.run(runner.run(runner.create(config), config))
    by = {(r.instance, r.agent): r for r in rows}
    assert {by[("tiny/base/L3", a)].status for a in ("noop", "reference")} == {"done"}
    for agent in ("noop", "reference"):
        row = by[("tiny/double/L3", agent)]
        assert row.status == "error" and row.score is None
        assert row.scorecard is not None and row.scorecard["error_kind"] == "task"
        assert "anchors of tiny/double/L3" in (row.error or "") and "equals baseline" in (row.error or "")
