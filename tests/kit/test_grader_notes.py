"""The kit's note and figure helpers that deliverable checks share."""

from __future__ import annotations

from worktrial.kit.grader import figure_block, matters_raised, names, note_blocks


def test_a_matter_is_raised_only_where_one_block_names_all_of_it() -> None:
    note = "Payroll stops the night premium at midnight.\n\nE3116 was re-graded; the arrears are owed."
    matters = [
        {"what": "night", "all_of": ["night", ["midnight", "00:00"]], "any_of": ["stops", "cut"]},
        {"what": "regrade", "all_of": ["e3116"], "any_of": ["arrears"], "weight": 3},
        {"what": "split across blocks", "all_of": ["midnight", "e3116"], "any_of": ["owed"]},
    ]
    score, evidence = matters_raised(note_blocks(note), matters)
    assert score == 4 / 5
    assert evidence == "2/3 matters raised; not raised: split across blocks"


def test_words_may_be_alternatives_nested_in_lists() -> None:
    assert names("fee waived by the bank", [["waiver", "waived"], "rebate"])
    assert not names("fee charged", [["waiver", "waived"], "rebate"])


def test_a_figure_block_counts_wrong_missing_and_unexpected_keys() -> None:
    def close(got: object, want: float) -> bool:
        return isinstance(got, int | float) and abs(got - want) <= 1

    score, evidence = figure_block(
        {" North ": 100.4, "east": 7, "WEST": 1}, {"north": 100, "south": 5}, "by_site", close
    )
    assert score == 1 / 4  # north right; south missing; east and west not expected
    assert "1/2 by_site figures right" in evidence and "south" in evidence and "east, west" in evidence
    assert figure_block([1], {"north": 1}, "by_site", close) == (0.0, "by_site is not an object")
