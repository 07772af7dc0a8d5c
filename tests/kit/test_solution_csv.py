"""kit.merge_csv: partial rows update cells of a keyed table, new keys are appended, mistakes are KitErrors."""

from __future__ import annotations

from pathlib import Path

import pytest

from worktrial.kit.solution import KitError, merge_csv, read_csv


def _table(tmp_path: Path) -> Path:
    path = tmp_path / "rules.csv"
    path.write_text('rule_id,priority,enabled,condition\nR01,10,1,a == 1\nR02,20,1,"b, c"\n', encoding="utf-8")
    return path


def test_partial_row_updates_only_its_cells_and_new_keys_are_appended(tmp_path: Path) -> None:
    path = _table(tmp_path)
    table = merge_csv(path, "rule_id", [{"rule_id": "R01", "enabled": 0}, {"rule_id": "R09", "priority": 65}])
    fields, rows = read_csv(path)
    assert fields == ["rule_id", "priority", "enabled", "condition"]
    assert rows == table
    assert rows[0] == {"rule_id": "R01", "priority": "10", "enabled": "0", "condition": "a == 1"}
    assert rows[1]["condition"] == "b, c"
    assert rows[2] == {"rule_id": "R09", "priority": "65", "enabled": "", "condition": ""}
    assert path.read_text(encoding="utf-8").endswith("R09,65,,\n")


def test_unknown_columns_are_dropped_and_none_is_blank(tmp_path: Path) -> None:
    path = _table(tmp_path)
    merge_csv(path, "rule_id", [{"rule_id": "R02", "condition": None, "owner": "x"}])
    _fields, rows = read_csv(path)
    assert rows[1] == {"rule_id": "R02", "priority": "20", "enabled": "1", "condition": ""}


def test_missing_key_is_the_scripts_mistake(tmp_path: Path) -> None:
    path = _table(tmp_path)
    with pytest.raises(KitError, match="no 'rule_id'"):
        merge_csv(path, "rule_id", [{"enabled": "0"}])
    with pytest.raises(KitError, match="no column 'id'"):
        merge_csv(path, "id", [{"id": "R01"}])
