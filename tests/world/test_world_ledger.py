from __future__ import annotations

import json
from pathlib import Path

import pytest

from worktrial.world import GENESIS, Ledger, LedgerError, summarise, verify_ledger
from worktrial.world.ledger import entry_hash


def _filled(tmp_path: Path, n: int = 5) -> Ledger:
    ledger = Ledger(tmp_path / "ledger.jsonl")
    for i in range(n):
        ledger.append("ask", to="alice", question=f"q{i}", cost=0.01, facts=[f"f{i}"], now="2026-03-02T09:00")
    return ledger


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def test_chain_verifies_and_links(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    check = verify_ledger(ledger.path, ledger.head)
    assert check.ok, check.problems
    assert [e["seq"] for e in check.entries] == [0, 1, 2, 3, 4]
    assert check.entries[0]["prev"] == GENESIS
    assert all(b["prev"] == a["hash"] for a, b in zip(check.entries, check.entries[1:], strict=False))
    assert check.head == ledger.head == check.entries[-1]["hash"]


def test_reserved_fields_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="seq"):
        Ledger(tmp_path / "l.jsonl").append("ask", seq=3)


def test_edited_line_is_caught(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    lines = _lines(ledger.path)
    lines[2] = lines[2].replace('"cost":0.01', '"cost":0.0')
    ledger.path.write_text("".join(lines))
    check = verify_ledger(ledger.path, ledger.head)
    assert not check.ok
    assert any("line 3" in p and "edited" in p for p in check.problems)


def test_removed_line_is_caught(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    lines = _lines(ledger.path)
    del lines[1]
    ledger.path.write_text("".join(lines))
    check = verify_ledger(ledger.path)
    assert not check.ok
    assert any("line 2" in p and "seq" in p for p in check.problems)


def test_reordered_lines_are_caught(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    lines = _lines(ledger.path)
    lines[1], lines[2] = lines[2], lines[1]
    ledger.path.write_text("".join(lines))
    assert not verify_ledger(ledger.path).ok


def test_inserted_line_is_caught(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    lines = _lines(ledger.path)
    before = json.loads(lines[1])
    forged = {"seq": 2, "kind": "ask", "to": "alice", "cost": 0.0, "prev": before["hash"]}
    forged["hash"] = entry_hash(before["hash"], forged)
    lines.insert(2, json.dumps(forged) + "\n")
    ledger.path.write_text("".join(lines))
    check = verify_ledger(ledger.path)
    assert not check.ok
    assert any("line 4" in p for p in check.problems)


def test_truncated_tail_needs_the_expected_head(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    ledger.path.write_text("".join(_lines(ledger.path)[:-2]))
    assert verify_ledger(ledger.path).ok  # a clean prefix is a valid chain on its own ...
    check = verify_ledger(ledger.path, ledger.head)  # ... but not the chain the host recorded
    assert not check.ok
    assert any("expected head" in p for p in check.problems)


def test_forged_rechain_is_caught_by_the_expected_head(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    entries = [json.loads(line) for line in _lines(ledger.path)]
    entries[1]["cost"] = 0.0
    prev = GENESIS
    out = []
    for e in entries:
        e["prev"] = prev
        e["hash"] = prev = entry_hash(prev, e)
        out.append(json.dumps(e) + "\n")
    ledger.path.write_text("".join(out))
    assert verify_ledger(ledger.path).ok
    assert not verify_ledger(ledger.path, ledger.head).ok


def test_appended_after_the_end_is_reported(tmp_path: Path) -> None:
    ledger = _filled(tmp_path)
    head = ledger.head
    ledger.append("wait", now="2026-03-03T09:00", cost=0.01)
    check = verify_ledger(ledger.path, head)
    assert not check.ok
    assert any("after seq 4" in p for p in check.problems)


def test_torn_last_line_is_dropped_on_reopen(tmp_path: Path) -> None:
    ledger = _filled(tmp_path, 3)
    with ledger.path.open("ab") as fh:
        fh.write(b'{"seq":3,"kind":"ask","cost":0.0')  # a crash in the middle of a write
    check = verify_ledger(ledger.path)
    assert not check.ok and "incomplete" in check.problems[0]
    reopened = Ledger(ledger.path)
    assert len(reopened) == 3 and reopened.head == ledger.head
    reopened.append("wait", now="2026-03-03T09:00", cost=0.0)
    assert verify_ledger(ledger.path, reopened.head).ok


def test_reopening_a_tampered_ledger_refuses(tmp_path: Path) -> None:
    ledger = _filled(tmp_path, 3)
    ledger.path.write_text(ledger.path.read_text().replace("q1", "qX"))
    with pytest.raises(LedgerError, match="edited"):
        Ledger(ledger.path)


def test_missing_ledger(tmp_path: Path) -> None:
    check = verify_ledger(tmp_path / "nope.jsonl")
    assert not check.ok and check.head == GENESIS


def test_summarise_totals_costs_facts_and_contacts() -> None:
    entries = [
        {"kind": "ask", "to": "alice", "cost": 0.1, "facts": ["a"], "answered": True, "off_limits": False},
        {"kind": "ask", "to": "carol", "cost": 0.5, "facts": [], "answered": False, "off_limits": True},
        {"kind": "ask", "to": "carol", "cost": 0.5, "facts": [], "answered": False, "off_limits": True},
        {"kind": "wait", "cost": 0.02, "facts": []},
        {"kind": "inbox", "cost": 0.0, "facts": ["b", "a"]},
        {"kind": "pilot", "cost": 0.03, "facts": ["c"]},
    ]
    s = summarise(entries)
    assert s.contact_cost == pytest.approx(1.15)
    assert s.facts == ["a", "b", "c"]
    assert s.questions_asked == 3
    assert s.off_limits_contacts == ["carol"]
    assert s.asked_by_person == {"alice": 1, "carol": 2}
    assert s.answered_by_person == {"alice": 1}
    assert s.pilot_runs == 1
    assert s.cost_by_kind["ask"] == pytest.approx(1.1)
