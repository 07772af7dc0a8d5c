"""Hard rules: presence, counts, real formats, content, placeholders, stack traces, exact equality."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from worktrial.grading.checks.files import Tree, glob_regex

from .builders import one, spec, write_docx, write_html, write_pptx, write_xlsx


def test_exists_and_count(out: Path, ref: Path) -> None:
    (out / "tables").mkdir()
    for name in ("a.csv", "b.csv"):
        (out / "tables" / name).write_text("x,y\n1,2\n")
    assert one(out, ref, spec("exists", pattern="tables/*.csv"))[0] == 1.0
    assert one(out, ref, spec("exists", pattern="**/*.csv"))[0] == 1.0
    value, evidence = one(out, ref, spec("exists", pattern="*.xlsx"))
    assert value == 0.0 and "no regular file matches *.xlsx" in evidence
    assert one(out, ref, spec("count", pattern="**/*.csv", min=2, max=2))[0] == 1.0
    value, evidence = one(out, ref, spec("count", pattern="**/*.csv", min=3))
    assert value == 0.0 and "2 file(s)" in evidence


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


def test_file_type_is_detected_from_content(out: Path, ref: Path, pdf_bytes: bytes) -> None:
    write_xlsx(out / "book.bin", {"A1": 1})  # a real workbook with a misleading name
    write_docx(out / "memo.docx", paragraphs=["hello"])
    write_pptx(out / "deck.pptx", [("Title", "body")])
    write_html(out / "page.html")
    (out / "doc.pdf").write_bytes(pdf_bytes)
    (out / "pic.png").write_bytes(_png())
    (out / "data.json").write_text(json.dumps({"a": [1, 2]}))
    (out / "table.csv").write_text("id,amount\n1,2.5\n2,3\n")
    (out / "notes.txt").write_text("Plain words, nothing else.\nMore words here; and more.\n")
    expected = {
        "book.bin": "xlsx", "memo.docx": "docx", "deck.pptx": "pptx", "page.html": "html", "doc.pdf": "pdf",
        "pic.png": "png", "data.json": "json", "table.csv": "csv", "notes.txt": "text",
    }  # fmt: skip
    for name, kind in expected.items():
        assert one(out, ref, spec("file_type", path=name, type=kind)) == (1.0, f"1 file(s) are {kind}"), name
    assert one(out, ref, spec("file_type", path="table.csv", type="text"))[0] == 1.0  # text accepts csv


def test_csv_named_xlsx_is_not_a_workbook(out: Path, ref: Path) -> None:
    (out / "report.xlsx").write_text("region,revenue\nNorth,120\n")
    value, evidence = one(out, ref, spec("file_type", path="report.xlsx", type="xlsx"))
    assert value == 0.0 and "content is csv, not xlsx" in evidence
    value, evidence = one(out, ref, spec("opens", path="report.xlsx"))
    assert value == 0.0 and "not a xlsx file (its content is csv)" in evidence
    value, evidence = one(out, ref, spec("xlsx_cells", path="report.xlsx", cells=[{"cell": "A1", "value": 1}]))
    assert value == 0.0 and "content is csv" in evidence


def test_opens_with_the_real_libraries(out: Path, ref: Path, pdf_bytes: bytes) -> None:
    write_xlsx(out / "book.xlsx", {"A1": 1})
    write_docx(out / "memo.docx", paragraphs=["hello"], table=[["a", "b"], ["1", "2"]])
    write_pptx(out / "deck.pptx", [("One", "x"), ("Two", "y")])
    (out / "doc.pdf").write_bytes(pdf_bytes)
    (out / "data.json").write_text("[1, 2]")
    value, evidence = one(out, ref, spec("opens", path="*"))
    assert value == 1.0
    for summary in ("sheets ['Data']", "1 tables", "2 slides", "pdf with 1 pages", "json list"):
        assert summary in evidence


@pytest.mark.parametrize(
    ("name", "content", "why"),
    [
        ("data.json", b'{"a": 1,', "does not open as json"),
        ("memo.docx", b"PK\x03\x04 truncated archive", "not a docx file"),
        ("doc.pdf", b"%PDF-1.7\n garbage without objects", "pdf"),
        ("deck.pptx", b"\x00\x01\x02 binary noise", "not a pptx file"),
    ],
)
def test_opens_fails_on_broken_files(out: Path, ref: Path, name: str, content: bytes, why: str) -> None:
    (out / name).write_bytes(content)
    value, evidence = one(out, ref, spec("opens", path=name))
    assert value == 0.0 and why in evidence and name in evidence


def test_opens_fails_on_a_truncated_workbook(out: Path, ref: Path) -> None:
    data = write_xlsx(out / "book.xlsx", {"A1": 1}).read_bytes()
    (out / "book.xlsx").write_bytes(data[: len(data) // 2])
    value, evidence = one(out, ref, spec("opens", path="book.xlsx"))
    assert value == 0.0 and "book.xlsx" in evidence


def test_non_empty(out: Path, ref: Path) -> None:
    (out / "empty.txt").write_bytes(b"")
    (out / "blank.md").write_text("  \n\t\n")
    write_docx(out / "blank.docx")
    write_docx(out / "full.docx", paragraphs=["Findings and recommendations."])
    assert one(out, ref, spec("non_empty", path="full.docx"))[0] == 1.0
    for name, why in [("empty.txt", "0 bytes"), ("blank.md", "0 non-blank"), ("blank.docx", "0 non-blank")]:
        value, evidence = one(out, ref, spec("non_empty", path=name))
        assert value == 0.0 and why in evidence, name


@pytest.mark.parametrize(
    "trace",
    [
        'Traceback (most recent call last):\n  File "/w/run.py", line 3, in <module>\nKeyError: 1\n',
        'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.Main.run(Main.java:12)\n',
        "TypeError: x is undefined\n    at compute (/srv/app/report.js:14:7)\n    at main (/srv/app/index.js:3:1)\n",
    ],
)
def test_no_traceback(out: Path, ref: Path, trace: str) -> None:
    (out / "summary.txt").write_text("Revenue rose 12 %.\n")
    assert one(out, ref, spec("no_traceback"))[0] == 1.0
    (out / "result.csv").write_text("status\n" + trace)
    value, evidence = one(out, ref, spec("no_traceback"))
    assert value == 0.0 and "result.csv: stack trace" in evidence


def test_docx_full_of_placeholders(out: Path, ref: Path) -> None:
    write_docx(
        out / "report.docx",
        headings=["Executive summary", "Findings"],
        paragraphs=[
            "TODO: write this",
            "Lorem ipsum dolor sit amet.",
            "Prepared by [Insert name here] for {{client}}.",
        ],
        table=[["Item", "Cost"], ["TBD", "XXX"]],
    )
    value, evidence = one(out, ref, spec("no_placeholder"))
    assert value == 0.0
    for hit in ("'TODO'", "'Lorem ipsum'", "'[Insert name here]'", "'{{client}}'"):
        assert hit in evidence, hit
    write_docx(out / "report.docx", headings=["Summary"], paragraphs=["Net margin improved to 14.2 %."])
    assert one(out, ref, spec("no_placeholder")) == (1.0, "1 file(s) without placeholder")
    assert one(out, ref, spec("no_placeholder", extra_patterns=["(?i)margin"]))[0] == 0.0


def test_placeholders_in_slides_and_workbooks(out: Path, ref: Path) -> None:
    write_pptx(out / "deck.pptx", [("Results", "All targets met")], notes="TODO rehearse")
    write_xlsx(out / "book.xlsx", {"A1": "Owner", "B1": "TBD"})
    value, evidence = one(out, ref, spec("no_placeholder"))
    assert value == 0.0 and "deck.pptx: placeholder 'TODO'" in evidence and "book.xlsx: placeholder 'TBD'" in evidence


def test_exact_text_and_bytes(out: Path, ref: Path) -> None:
    (ref / "answer.txt").write_text("total: 42\nstatus: ok\n")
    (out / "answer.txt").write_bytes(b"total: 42   \r\nstatus: ok\r\n\r\n")
    assert one(out, ref, spec("exact", path="answer.txt"))[0] == 1.0
    value, evidence = one(out, ref, spec("exact", path="answer.txt", mode="bytes"))
    assert value == 0.0 and "bytes differ from offset 9" in evidence
    (out / "answer.txt").write_text("total: 41\nstatus: ok\n")
    value, evidence = one(out, ref, spec("exact", path="answer.txt"))
    assert value == 0.0 and "line 1 differs: got 'total: 41', expected 'total: 42'" in evidence
    (out / "upper.txt").write_text("TOTAL:   42\nSTATUS: OK")
    loose = spec("exact", path="upper.txt", reference="answer.txt", ignore_case=True, collapse_whitespace=True)
    assert one(out, ref, loose)[0] == 1.0


def test_hash(out: Path, ref: Path) -> None:
    (out / "export.bin").write_bytes(b"\x00\x01payload")
    digest = hashlib.sha256(b"\x00\x01payload").hexdigest()
    assert one(out, ref, spec("hash", path="export.bin", sha256=digest))[0] == 1.0
    value, evidence = one(out, ref, spec("hash", path="export.bin", sha256="0" * 64))
    assert value == 0.0 and digest in evidence


@pytest.mark.parametrize(
    ("pattern", "hits", "misses"),
    [
        ("*.csv", ["a.csv"], ["d/a.csv", "a.csvx"]),
        ("**/*.csv", ["a.csv", "d/a.csv", "d/e/a.csv"], ["a.xlsx"]),
        ("d/**", ["d/a", "d/e/f"], ["a", "dd/a"]),
        ("./d/?.csv", ["d/a.csv"], ["d/ab.csv"]),
        ("[!a]*.csv", ["b.csv"], ["a.csv"]),
        ("report (final).csv", ["report (final).csv"], ["report final.csv"]),
    ],
)
def test_glob_patterns(pattern: str, hits: list[str], misses: list[str]) -> None:
    rx = glob_regex(pattern)
    assert all(rx.match(h) for h in hits) and not any(rx.match(m) for m in misses)


def test_tree_lists_without_following_links(out: Path) -> None:
    (out / "d").mkdir()
    (out / "d" / "a.csv").write_text("x")
    (out / "link").symlink_to(out / "d")
    entries = Tree(out).entries
    assert {k: v.kind for k, v in entries.items()} == {"d": "dir", "d/a.csv": "file", "link": "symlink"}
