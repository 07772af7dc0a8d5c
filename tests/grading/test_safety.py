"""Adversarial outputs: links, huge and sparse files, zip bombs, broken files, odd folders."""

from __future__ import annotations

import os
import time
import tracemalloc
import zipfile
from pathlib import Path

from worktrial.grading import FileLimits

from .builders import grade, one, spec, write_docx, write_xlsx

FILE_CHECKS = [
    spec("exists", "exists", pattern="report.csv"),
    spec("file_type", "type", path="report.csv", type="csv"),
    spec("opens", "opens", path="report.csv"),
    spec("non_empty", "non_empty", path="report.csv"),
    spec("exact", "exact", path="report.csv"),
    spec("hash", "hash", path="report.csv", sha256="0" * 64),
    spec("tabular", "tabular", path="report.csv", key=["id"]),
    spec("numeric", "numeric", path="report.csv", csv_cell={"column": "amount", "row": 0}),
    spec("no_placeholder", "no_placeholder"),
    spec("no_traceback", "no_traceback"),
]


def test_symlink_to_the_reference_is_never_followed(out: Path, ref: Path) -> None:
    (ref / "report.csv").write_text("id,amount\n1,10\n")
    (out / "report.csv").symlink_to(ref / "report.csv")
    result = grade(out, ref, *FILE_CHECKS)
    for c in result.components:
        assert c.value == 0.0, c
        assert "symlink report.csv -> " in c.evidence and "(not followed)" in c.evidence, c
    assert result.score == 0.0 and not result.errors


def test_symlink_to_a_host_file_is_never_read(out: Path, ref: Path) -> None:
    (out / "passwd.txt").symlink_to("/etc/passwd")
    (out / "real.txt").write_text("fine")
    checks = [
        spec("opens", "opens", path="*.txt"),
        spec("no_placeholder", "np", patterns=["root:"]),
        spec("exact", "exact", path="passwd.txt", reference="x"),
        spec("count", "count", pattern="*.txt", min=2),
        spec("rubric_probe", "probe", path="passwd.txt", question="Is it a password file?"),
    ]
    from .builders import ScriptedJudge

    judge = ScriptedJudge(answer=True)
    result = grade(out, ref, *checks, judge=judge)
    for c in result.components:
        assert c.value == 0.0 and "symlink passwd.txt -> /etc/passwd (not followed)" in c.evidence, c
        assert "root:x" not in c.evidence
    assert judge.calls == []


def test_symlinked_folder_is_never_entered(out: Path, ref: Path) -> None:
    (out / "data").symlink_to("/etc")
    (out / "sub").mkdir()
    (out / "sub" / "deeper").symlink_to(ref)
    result = grade(
        out,
        ref,
        spec("exists", "passwd", pattern="data/passwd"),
        spec("exists", "any", pattern="**/*"),
        spec("count", "count", pattern="**/*", min=0, max=0),
        spec("opens", "deep", path="sub/deeper/*.csv", format="csv"),
    )
    passwd, anything, count, deep = result.components
    assert passwd.value == 0.0 and "symlink data -> /etc" in passwd.evidence
    assert anything.value == 0.0 and count.value == 0.0
    assert deep.value == 0.0 and "symlink sub/deeper" in deep.evidence


def test_a_two_gigabyte_sparse_file_is_refused_by_size(out: Path, ref: Path) -> None:
    with (out / "report.csv").open("wb") as fh:
        fh.truncate(2 << 30)
    (ref / "report.csv").write_text("id,amount\n1,10\n")
    tracemalloc.start()
    started = time.monotonic()
    result = grade(out, ref, *FILE_CHECKS[1:])
    elapsed = time.monotonic() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert elapsed < 5 and peak < 20 << 20, (elapsed, peak)
    for c in result.components:
        assert c.value == 0.0 and "too large (2.0 GB > limit 50.0 MB)" in c.evidence, c
    assert one(out, ref, spec("exists", pattern="report.csv"))[0] == 1.0  # it exists; it just cannot be read


def test_zip_bombs_are_refused_before_opening(out: Path, ref: Path) -> None:
    path = write_docx(out / "report.docx", paragraphs=["Normal text"])
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("word/media/padding.bin", b"\0" * (40 << 20))  # 40 MB of zeros, a few KB on disk
    assert path.stat().st_size < 1 << 20
    limits = FileLimits(max_unzipped_bytes=16 << 20)
    for check in [spec("opens", path="report.docx"), spec("docx_structure", path="report.docx", phrases=["x"])]:
        value, evidence = one(out, ref, check, limits=limits)
        assert value == 0.0 and "unzips to 40.8 MB (limit 16.0 MB): refused" in evidence


def test_a_lying_zip_directory_cannot_inflate_past_its_declared_size(out: Path, ref: Path) -> None:
    # Declared sizes are what the guard checks: a member that inflates beyond its declared size is cut off
    # by the zip reader and fails its CRC, so the declared total bounds memory.
    path = write_xlsx(out / "book.xlsx", {"A1": 1})
    with zipfile.ZipFile(path) as src:
        members = {i.filename: src.read(i.filename) for i in src.infolist()}
    members["xl/worksheets/sheet1.xml"] += b" " * (8 << 20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in members.items():
            dst.writestr(name, data)
    raw = bytearray(path.read_bytes())
    central = raw.rfind(b"PK\x01\x02", 0, raw.find(b"PK\x05\x06"))
    while central != -1:  # shrink every declared uncompressed size in the central directory to 100 bytes
        raw[central + 24 : central + 28] = (100).to_bytes(4, "little")
        central = raw.rfind(b"PK\x01\x02", 0, central)
    path.write_bytes(bytes(raw))
    value, evidence = one(out, ref, spec("opens", path="book.xlsx"))
    assert value == 0.0 and "book.xlsx: does not open as xlsx (BadZipFile: Bad CRC-32" in evidence


def test_parse_errors_become_failed_checks(out: Path, ref: Path) -> None:
    write_xlsx(ref / "book.xlsx", {"A1": 1})
    path = write_xlsx(out / "book.xlsx", {"A1": 1})
    with zipfile.ZipFile(path) as src:
        members = {i.filename: src.read(i.filename) for i in src.infolist()}
    members["xl/worksheets/sheet1.xml"] = b"<worksheet><sheetData><row r='1'><c r='A1'"  # cut mid-tag
    with zipfile.ZipFile(path, "w") as dst:
        for name, data in members.items():
            dst.writestr(name, data)
    (out / "memo.docx").write_bytes(b"PK\x03\x04" + os.urandom(2000))
    (out / "deck.pptx").write_text("Title: results\n")
    checks = [
        spec("xlsx_cells", "cells", path="book.xlsx", cells=[{"cell": "A1", "value": 1}]),
        spec("tabular", "table", path="book.xlsx"),
        spec("numeric", "number", path="book.xlsx", xlsx_cell="A1", expected=1),
        spec("docx_structure", "docx", path="memo.docx", headings=["x"]),
        spec("pptx_structure", "pptx", path="deck.pptx"),
        spec("no_placeholder", "placeholders"),
        spec("non_empty", "non_empty", path="*"),
    ]
    result = grade(out, ref, *checks)
    for c in result.components:
        assert c.value == 0.0 and c.evidence, c
    assert result.score == 0.0 and not result.errors


def test_fifo_and_missing_output_folder(tmp_path: Path, ref: Path) -> None:
    out = tmp_path / "output"
    value, evidence = one(out, ref, spec("exists", pattern="*"))
    assert value == 0.0 and "folder output/ does not exist" in evidence
    out.mkdir()
    os.mkfifo(out / "pipe.csv")
    started = time.monotonic()
    result = grade(out, ref, spec("opens", "opens", path="pipe.csv"), spec("no_placeholder", "np"))
    assert time.monotonic() - started < 5
    assert [c.value for c in result.components] == [0.0, 0.0]
    assert "pipe.csv: not a regular file" in result.components[0].evidence


def test_output_folder_that_is_a_symlink_is_refused(tmp_path: Path, ref: Path) -> None:
    (ref / "report.csv").write_text("id\n1\n")
    (tmp_path / "output").symlink_to(ref)
    value, evidence = one(tmp_path / "output", ref, spec("exists", pattern="report.csv"))
    assert value == 0.0 and "not a real folder" in evidence
