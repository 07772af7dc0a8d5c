"""Bounded readers of a delivered /out: bad content becomes evidence, never an exception or a followed link."""

from __future__ import annotations

import os
from pathlib import Path

from worktrial.kit.grader import Output, ReadLimits, number


def _out(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    (out / "decisions").mkdir(parents=True)
    return out


def test_table_reads_aliases_case_and_blanks_across_files(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "decisions" / "d_2026-03.csv").write_text(
        "\ufeffPayment ID , Decision,notes\nP1, hold ,x\n\n P2 ,RELEASE,\n,HOLD,blank key\n", encoding="utf-8"
    )
    (out / "decisions" / "d_2026-04.csv").write_text("payment-id,action\nP3,hold\nP1,release\n")
    (out / "decisions" / "readme.txt").write_text("not a table")
    o = Output(out)
    t = o.table("decisions/d_*.csv", {"payment_id": (), "decision": ("decision", "action")}, optional=["notes"])
    assert t.files == ["decisions/d_2026-03.csv", "decisions/d_2026-04.csv"]
    assert t.rows[0] == {"payment_id": "P1", "decision": "hold", "notes": "x"}
    assert t.rows[3] == {"payment_id": "P3", "decision": "hold", "notes": ""}
    assert (
        t.present == {"notes"} and o.table("decisions/d_*04.csv", ["payment_id"], optional=["notes"]).present == set()
    )
    first, repeats = t.index("payment_id")
    assert first["P1"]["decision"] == "hold" and repeats == 1 and "" not in first
    last, _ = t.index("payment_id", keep="last")
    assert last["P1"]["decision"] == "release"
    assert o.problems == []


def test_missing_column_skips_the_file_with_evidence(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "decisions" / "a.csv").write_text("id,decision\nP1,HOLD\n")
    o = Output(out)
    assert len(o.table("decisions/*.csv", ["payment_id", "decision"])) == 0
    assert o.problems == ["decisions/a.csv: no column payment_id; file skipped"]


def test_links_and_special_files_are_never_followed(tmp_path: Path) -> None:
    secret = tmp_path / "truth.csv"
    secret.write_text("payment_id,decision\nP9,HOLD\n")
    out = _out(tmp_path)
    (out / "decisions" / "linked.csv").symlink_to(secret)
    (out / "elsewhere").symlink_to(tmp_path, target_is_directory=True)
    os.mkfifo(out / "decisions" / "pipe.csv")  # opening it for reading would block a naive grader
    o = Output(out)
    t = o.table("**/*.csv", ["payment_id", "decision"])
    assert len(t) == 0 and t.files == []
    assert sorted(o.problems) == [
        "decisions/linked.csv: a link, not followed",
        "decisions/pipe.csv: not a regular file, skipped",
        "elsewhere: a link, not followed",
    ]
    assert o.read_bytes("decisions/linked.csv") is None and o.json("elsewhere/truth.csv") is None


def test_size_limits_per_file_and_in_all(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "big.json").write_text("[" + "1," * 600 + "1]")
    (out / "a.json").write_text("[1, 2]")
    (out / "b.json").write_text("[3, 4]")
    o = Output(out, ReadLimits(max_file_bytes=1000, max_total_bytes=10))
    assert o.json("big.json") is None
    assert o.json("a.json") == [1, 2] and o.json("b.json") is None
    assert o.problems[0].startswith("big.json: 1203 bytes, over the 1000-byte limit")
    assert "reading it would pass 10 bytes in all" in o.problems[1]


def test_huge_fields_and_too_many_rows_end_the_read_with_evidence(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "wide.csv").write_text("k,v\nA,1\nB," + "x" * 200 + "\nC,3\n")
    (out / "giant.csv").write_text("k,v\nD," + "y" * 140_000 + "\nE,5\n")  # past csv's own field limit
    (out / "long.csv").write_text("k,v\n" + "".join(f"R{i},1\n" for i in range(10)))
    o = Output(out, ReadLimits(max_field_chars=100, max_rows=5))
    assert [r["k"] for r in o.table("wide.csv", ["k", "v"]).rows] == ["A"]
    assert o.table("giant.csv", ["k", "v"]).rows == []
    assert len(o.table("long.csv", ["k", "v"])) == 5
    assert o.problems[0] == "wide.csv: line 3: a field of 200 characters (limit 100); the rest of the file was not read"
    assert o.problems[1].startswith("giant.csv: line 2: field larger than field limit")
    assert o.problems[2] == "long.csv: more than 5 rows in all; the rest was not read"


def test_bad_encoding_is_rejected_or_replaced_on_request(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "latin.csv").write_bytes(b"k,v\nA,caf\xe9\n")
    o = Output(out)
    assert len(o.table("latin.csv", ["k", "v"])) == 0
    lenient = o.table("latin.csv", ["k", "v"], errors="replace")
    assert lenient.rows == [{"k": "A", "v": "caf\ufffd"}]
    assert o.problems == [
        "latin.csv: not UTF-8 (byte 0xe9 at offset 9); not read",
        "latin.csv: not UTF-8 (byte 0xe9 at offset 9); bad bytes replaced",
    ]


def test_json_rejects_non_finite_numbers_and_deep_nesting(tmp_path: Path) -> None:
    out = _out(tmp_path)
    (out / "nan.json").write_text('{"kpi": NaN}')
    (out / "inf.json").write_text('{"kpi": 1e999}')
    (out / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (out / "ok.json").write_text('{"kpi": 1.5, "rows": [1, 2]}')
    (out / "log.jsonl").write_text('{"a": 1}\nnot json\n\n{"a": Infinity}\n{"a": 2}\n')
    o = Output(out)
    assert o.json("nan.json") is None and o.json("inf.json") is None and o.json("deep.json") is None
    assert o.json("ok.json") == {"kpi": 1.5, "rows": [1, 2]}
    assert o.jsonl("*.jsonl") == [{"a": 1}, {"a": 2}]
    assert [p.split(":")[0] for p in o.problems] == ["nan.json", "inf.json", "deep.json", "log.jsonl", "log.jsonl"]
    assert "nested too deeply" in o.problems[2] and "line 2" in o.problems[3] and "line 4" in o.problems[4]


def test_listing_is_bounded_and_a_missing_folder_is_empty(tmp_path: Path) -> None:
    out = _out(tmp_path)
    for i in range(30):
        (out / f"f{i:02d}.txt").write_text("x")
    deep = out
    for i in range(5):
        deep = deep / f"d{i}"
    deep.mkdir(parents=True)
    (deep / "bottom.txt").write_text("x")
    o = Output(out, ReadLimits(max_entries=12, max_depth=3))
    assert len(o.listing()) <= 12 and o.problems[-1] == "more than 12 entries: the rest was not read"
    assert Output(out, ReadLimits(max_depth=3)).files("**/bottom.txt") == []
    none = Output(tmp_path / "never-written")
    assert none.listing() == {} and none.problems == []
    assert Output(None).table("*.csv", ["k"]).rows == []


def test_many_problems_keep_an_exact_count(tmp_path: Path) -> None:
    out = _out(tmp_path)
    for i in range(8):
        (out / f"bad{i}.json").write_text("{")
    o = Output(out, ReadLimits(max_problems=3))
    assert all(o.json(f"bad{i}.json") is None for i in range(8))
    assert o.evidence()["problem_count"] == 8 and len(o.evidence()["problems"]) == 3


def test_number_accepts_plain_and_grouped_numbers_only() -> None:
    assert [number(v) for v in ("12", " -3.5 ", "1,234.50", "+7", ".5", "2e3")] == [12, -3.5, 1234.5, 7, 0.5, 2000]
    assert [number(v) for v in ("nan", "inf", "-Infinity", "1e999", "12,34", "€5", "", "1.2.3", None, True)] == [
        None
    ] * 10
    assert number(float("nan")) is None and number(3) == 3.0
