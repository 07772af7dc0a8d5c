"""Custom checks for marking_scheme: per-question marks, one feedback section per student, class summary.

Every function is called as f(output, reference, params) with read-only trees and returns (value, evidence).
Expected values come from the instance's hidden/reference/marks.csv.
"""

from __future__ import annotations

import csv
import io
import re

from worktrial.grading.checks.files import FileProblem
from worktrial.grading.checks.formats import word as open_word

MARKS = "marks.csv"
FEEDBACK = "feedback.docx"
QCOL = re.compile(r"^q\d+$")
BLANK = {"", "-", "\u2013", "abs", "n/a", "absent"}


def norm(text: str) -> str:
    return " ".join(str(text).replace("\u2019", "'").split()).casefold()


def read_csv(tree, path: str) -> list[dict[str, str]]:
    _, data = tree.read_one(path)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text else ",", delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return []
    header = [norm(h) for h in rows[0]]
    return [{h: (r[i].strip() if i < len(r) else "") for i, h in enumerate(header)} for r in rows[1:]]


def as_number(text: str) -> float | None:
    try:
        return float(str(text).strip())
    except ValueError:
        return None


def _guard(fn):
    def wrapped(output, reference, params):
        try:
            return fn(output, reference, params)
        except FileProblem as e:
            return 0.0, str(e)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, UnicodeError) as e:
            return 0.0, f"cannot read the deliverable: {type(e).__name__}: {e}"

    wrapped.__name__ = fn.__name__
    return wrapped


def _outsiders(params) -> list[str]:
    return [n.strip() for n in str(params.get("not_on_list", "")).split(",") if n.strip()]


# -------------------------------------------------------------------------------------------- marks.csv


@_guard
def question_marks(output, reference, params):
    ref = read_csv(reference, MARKS)
    qcols = [c for c in ref[0] if QCOL.match(c)]
    got_rows = read_csv(output, MARKS)
    if got_rows and "student_id" not in got_rows[0]:
        return 0.0, "marks.csv has no student_id column"
    missing_cols = [c for c in qcols if got_rows and c not in got_rows[0]]
    got = {}
    for r in got_rows:
        got.setdefault(r.get("student_id", "").strip(), r)
    expected_ids = {r["student_id"] for r in ref}
    extra = [sid for sid in got if sid not in expected_ids]
    ok, wrong = 0, []
    for r in ref:
        row = got.get(r["student_id"])
        for c in qcols:
            want = r[c]
            have = row.get(c) if row is not None else None  # a missing column is wrong, not blank
            if have is None:
                good = False
            elif want == "":
                good = norm(have) in BLANK
            else:
                n = as_number(have)
                good = n is not None and abs(n - float(want)) < 1e-9
            ok += good
            if not good:
                wrong.append(f"{r['student_id']} {c}: {'-' if have is None else repr(have)} vs {want or 'blank'}")
    total = (len(ref) + len(extra)) * len(qcols)
    notes = []
    if missing_cols:
        notes.append("columns missing: " + ", ".join(missing_cols))
    if extra:
        notes.append("rows for students not on the class list: " + ", ".join(extra))
    notes.extend(wrong[:8])
    value = ok / total if total else 0.0
    return value, (f"{ok}/{total} question marks right; " + "; ".join(notes)) if notes else "all question marks right"


# ---------------------------------------------------------------------------------------- feedback.docx


def sections(output) -> list[tuple[str, str]]:
    """(heading, text under it) for every Heading/Title paragraph of feedback.docx, in order.

    A section runs to the next heading of the same or a higher level, so sub-headings stay inside it.
    """
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    entry, data = output.read_one(FEEDBACK)
    doc = open_word(data, entry.rel, output.limits)
    items: list[tuple[int | None, str]] = []  # (heading level or None, text)
    for child in doc.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            p = Paragraph(child, doc)
            style = (p.style.name or "").casefold() if p.style is not None else ""
            if style == "title":
                items.append((0, p.text))
            elif style.startswith("heading"):
                level = re.search(r"\d+", style)
                items.append((int(level.group()) if level else 1, p.text))
            else:
                items.append((None, p.text))
        elif tag == "tbl":
            for row in Table(child, doc).rows:
                items.append((None, " | ".join(c.text for c in row.cells)))
    out = []
    for i, (level, text) in enumerate(items):
        if level is None:
            continue
        body = []
        for lv, t in items[i + 1 :]:
            if lv is not None and lv <= level:
                break
            body.append(t)
        out.append((text, "\n".join(body)))
    return out


TOTAL = re.compile(r"(\d+(?:\.\d+)?)\s*(?:/|out of)\s*(\d+)", re.I)
GRADE = re.compile(r"grade\W{0,3}([0-9]|u|abs)\b", re.I)


@_guard
def feedback_sections(output, reference, params):
    ref = read_csv(reference, MARKS)
    secs = sections(output)
    score, problems = 0.0, []
    for r in ref:
        sid, name = r["student_id"], norm(r["name"])
        hit = next((text for head, text in secs if sid in head or (name and name in norm(head))), None)
        if hit is None:
            problems.append(f"no heading for {sid} {r['name']}")
            continue
        part = 1 / 3
        labelled = re.findall(r"total\W{0,3}(\d+(?:\.\d+)?)", hit, re.I)
        totals = [float(x) for x in labelled] or [float(m.group(1)) for m in TOTAL.finditer(hit)]
        if any(abs(t - float(r["total"])) < 1e-9 for t in totals[:1]):
            part += 1 / 3
        else:
            problems.append(f"{sid}: total {totals[:1] or 'missing'} vs {r['total']}")
        grades = [g.group(1).upper() for g in GRADE.finditer(hit)]
        if grades[:1] == [r["grade"].upper()]:
            part += 1 / 3
        else:
            problems.append(f"{sid}: grade {grades[:1] or 'missing'} vs {r['grade']}")
        score += part
    outsiders = [n for n in _outsiders(params) if any(norm(n) in norm(head) for head, _ in secs)]
    if outsiders:
        problems.append("sections for students not on the class list: " + ", ".join(outsiders))
    denominator = len(ref) + len(outsiders)
    value = score / denominator if denominator else 0.0
    return value, ("; ".join(problems[:10])) if problems else f"all {len(ref)} student sections right"


@_guard
def class_summary(output, reference, params):
    ref = read_csv(reference, MARKS)
    sat = [float(r["total"]) for r in ref if norm(r["grade"]) != "abs"]
    mean = sum(sat) / len(sat)
    hit = next((text for head, text in sections(output) if "class summary" in norm(head)), None)
    if hit is None:
        return 0.0, "no 'Class summary' heading"
    found = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", hit)]
    ok = any(abs(x - mean) <= 0.051 for x in found)
    shown = "shown" if ok else "not found in the class summary"
    return (1.0 if ok else 0.0), f"mean of students who sat the test {mean:.1f} {shown}"
