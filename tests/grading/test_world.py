"""`world_state`: the delivered program replays a fixed trajectory inside the bubblewrap sandbox."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worktrial.grading import sandbox_runner
from worktrial.sandbox import SandboxError, get_sandbox

from .builders import grade, one, spec

LEDGER = """\
import json, os, sys
state = json.load(open("state.json")) if os.path.exists("state.json") else {"balance": 0, "log": []}
step = json.loads(sys.argv[1])
if step["op"] == "deposit":
    state["balance"] += step["amount"]
elif step["op"] == "withdraw" and state["balance"] >= step["amount"]:
    state["balance"] -= step["amount"]
state["log"].append(step["op"])
json.dump(state, open("state.json", "w"))
"""
TRAJECTORY = [
    {"op": "deposit", "amount": 100},
    {"op": "withdraw", "amount": 30},
    {"op": "withdraw", "amount": 500},
    {"op": "deposit", "amount": 5.5},
]
EXPECTED = {"balance": 75.5, "log": ["deposit", "withdraw", "withdraw", "deposit"]}


@pytest.fixture(scope="module")
def runner() -> object:
    sandbox = get_sandbox("bwrap")
    try:
        sandbox.check()
    except SandboxError as e:
        pytest.skip(f"bwrap cannot run here: {e}")
    return sandbox_runner(sandbox)


@pytest.fixture
def reference(ref: Path) -> Path:
    (ref / "trajectory.json").write_text(json.dumps(TRAJECTORY))
    (ref / "state.json").write_text(json.dumps(EXPECTED))
    return ref


def check(**kw: object) -> object:
    fields = {"command": ["python3", "ledger.py"], "trajectory": "trajectory.json", "state_file": "state.json",
              "reference_state": "state.json", **kw}  # fmt: skip
    return spec("world_state", **fields)


def test_replay_per_step_matches_the_reference(out: Path, reference: Path, runner: object) -> None:
    (out / "ledger.py").write_text(LEDGER)
    value, evidence = one(out, reference, check(), runner=runner)
    assert (value, evidence) == (1.0, "5/5 state values equal")
    assert not (out / "state.json").exists()  # the program ran in a copy, never in the graded folder


def test_a_wrong_program_gets_partial_credit_with_the_differences(out: Path, reference: Path, runner: object) -> None:
    (out / "ledger.py").write_text(LEDGER.replace('state["balance"] >= step["amount"]', "True"))
    value, evidence = one(out, reference, check(), runner=runner)
    assert value == 4 / 5 and "balance = -424.5, expected 75.5" in evidence


def test_replay_once_with_an_input_file(out: Path, reference: Path, runner: object) -> None:
    program = (
        "import json, sys\n"
        "steps = json.load(open(sys.argv[1]))\n"
        "balance = 0\n"
        "for s in steps:\n"
        "    if s['op'] == 'deposit': balance += s['amount']\n"
        "    elif balance >= s['amount']: balance -= s['amount']\n"
        "json.dump({'balance': balance, 'log': [s['op'] for s in steps]}, open('state.json', 'w'))\n"
    )
    (out / "batch.py").write_text(program)
    c = check(command=["python3", "batch.py", "{input_file}"], replay="once", input_file="in/steps.json")
    assert one(out, reference, c, runner=runner)[0] == 1.0


def test_a_crash_fails_and_a_linked_state_file_is_not_read(out: Path, reference: Path, runner: object) -> None:
    (out / "ledger.py").write_text(
        "import os, sys\n"
        "os.symlink('/etc/shadow', 'state.json')\n"  # tries to make the grader read a host file
        "sys.exit(3)\n"
    )
    value, evidence = one(out, reference, check(), runner=runner)
    assert value == 0.0
    assert "state.json: symlink (not followed)" in evidence and "run 1 exited 3" in evidence


def test_without_a_runner_the_check_is_an_infrastructure_error(out: Path, reference: Path) -> None:
    (out / "ledger.py").write_text(LEDGER)
    result = grade(out, reference, check(), spec("exists", pattern="ledger.py"))
    state, _ = result.components
    assert state.value is None and "no runner configured" in state.evidence
    assert result.errors == ["world_state: no runner configured for world_state checks"]
    assert result.score == 1.0  # the unevaluated check is left out, never counted as 0 or 1
