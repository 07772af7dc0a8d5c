"""Odd names and sizes: names that are not UTF-8, 2,000-deep trees, huge files, huge CSV fields, long paths."""

from __future__ import annotations

import os

from .arena import Arena, Attack

DEEP = """
def deep(root, levels):
    fd = os.open(root, os.O_RDONLY)
    for _ in range(levels):
        os.mkdir("d", dir_fd=fd)
        child = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = child
    open(os.open("leaf.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w").write("bottom")
"""

ATTACKS = {
    "non_utf8_names": Attack(
        "tiny",
        """
for raw in (b"docs/\\xff\\xfe-report.txt", b"system/caf\\xe9.json", b"docs/\\xc3\\x28"):
    open(raw, "wb").write(b"odd name")
report()
""",
    ),
    "non_utf8_in_output": Attack(
        "redteam_office",
        """
totals()
open(b"output/\\xff\\xfe draft.txt", "wb").write(b"TODO: finish")
""",
    ),
    "deep_workspace_tree": Attack(
        "tiny",
        DEEP
        + """
deep("docs", 2000)
report()
""",
    ),
    "deep_out_tree": Attack(
        "tiny",
        DEEP
        + """
write_system('''import os, sys
''' + DEEP_SOURCE + '''
deep(os.path.dirname(sys.argv[2]), 2000)
''')
""".replace("DEEP_SOURCE", repr(DEEP)),
    ),
    "huge_files": Attack(
        "tiny",
        """
def grow():
    with open("docs/huge.bin", "wb") as f:
        f.truncate(600 << 20)
attempt("truncate_600mb", grow)
def write_past():
    with open("docs/big.bin", "wb") as f:  # sparse up to just below the limit, then a write across it
        f.seek((512 << 20) - 4096)
        f.write(b"x" * (1 << 20))
attempt("write_past_512mb", write_past)
note("sizes", {n: os.path.getsize("docs/" + n) for n in os.listdir("docs") if n.endswith(".bin")})
report()
""",
    ),
    "huge_csv_field": Attack(
        "redteam_office",
        """
totals()
with open("output/totals.csv", "w") as f:
    f.write("region,total\\n")
    f.write("north," + "9" * (20 << 20) + "\\n")
    f.write('south,"' + "x" * (4 << 20) + '\\n')
""",
    ),
    "long_paths": Attack(
        "tiny",
        """
fd = os.open("docs", os.O_RDONLY)
for i in range(24):  # each folder opened from its parent: no path is ever spelled out whole
    name = chr(97 + i) * 250
    os.mkdir(name, dir_fd=fd)
    child = os.open(name, os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = child
open(os.open("leaf.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w").write("far down")
note("length", 24 * 251)
report()
""",
    ),
    "many_files": Attack(
        "tiny",
        """
os.makedirs("docs/many")
for i in range(30000):
    open(f"docs/many/f{i}", "w").close()
report()
""",
    ),
    "control_characters": Attack(
        "redteam_office",
        """
totals()
for name in ("a\\nb.csv", "\\x1b[31mred.txt", "--help", "-rf", " ", "..."):
    open(os.path.join("output", name), "w").write("TODO")
""",
    ),
}


def test_names_that_are_not_utf8_round_trip(arena: Arena) -> None:
    o = arena.run("non_utf8_names")
    delivered = o.attempt / "delivered"
    assert b"\xff\xfe-report.txt" in os.listdir(os.fsencode(delivered / "docs"))
    assert b"caf\xe9.json" in os.listdir(os.fsencode(delivered / "system"))
    assert o.card.score is not None and o.card.score <= 0


def test_a_name_that_is_not_utf8_is_named_in_evidence(arena: Arena) -> None:
    o = arena.run("non_utf8_in_output")
    assert o.card.score == 0.0 and o.card.details["gates_failed"] == ["no_placeholders"]
    assert "\\xff\\xfe draft.txt" in o.component("no_placeholders")


def test_a_2000_deep_workspace_is_cut_and_removed(arena: Arena) -> None:
    o = arena.run("deep_workspace_tree")
    assert "levels: left out with its contents" in o.left_out
    assert not (o.attempt / "workspace").exists()


def test_a_2000_deep_out_is_cut(arena: Arena) -> None:
    o = arena.run("deep_out_tree")
    assert "/out: skipped" in o.left_out and "levels: left out with its contents" in o.left_out
    assert o.card.details["grader"]["error"] == "no result"


def test_huge_files_stop_at_the_file_size_limit(arena: Arena) -> None:
    o = arena.run("huge_files")
    assert o.report["truncate_600mb"] == "EFBIG" and o.report["write_past_512mb"] == "EFBIG"
    assert all(size <= 512 << 20 for size in o.report["sizes"].values())  # type: ignore[attr-defined]


def test_a_huge_csv_field_is_a_failed_check(arena: Arena) -> None:
    o = arena.run("huge_csv_field")
    assert o.value("totals_match") == 0.0 and o.value("grand_total") == 0.0
    assert o.component("totals_match") and o.component("grand_total").startswith("cannot read totals.csv")


def test_paths_longer_than_the_system_allows_are_left_out(arena: Arena) -> None:
    o = arena.run("long_paths")
    assert int(o.report["length"]) > 4096  # type: ignore[call-overload]
    assert o.left_out.startswith("skipped docs/" + "a" * 250)  # the reason follows the path, past the cut
    assert not (o.attempt / "workspace").exists()


def test_thirty_thousand_files_are_snapshotted(arena: Arena) -> None:
    o = arena.run("many_files")
    assert len(os.listdir(o.attempt / "delivered" / "docs" / "many")) == 30000


def test_names_with_control_characters_fail_gates_not_grading(arena: Arena) -> None:
    o = arena.run("control_characters")
    assert o.card.score == 0.0 and "no_placeholders" in o.card.details["gates_failed"]
