"""Writes every instance's inputs (mark scheme, class list, submissions) and reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx:

    python hidden/build_inputs.py

Each student's answers are generated from a decided outcome per mark point (right or wrong value, unit,
keyword, letter). After writing the files, hidden/solutions/reference.py marks them from the text alone, and
the generator checks that it awards exactly the marks that were decided, so the inputs and the rules in the
mark scheme agree.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import docx
from _marking_scheme_instances import INSTANCES, MISSPELT
from _marking_scheme_questions import Question
from docx.shared import Inches, Pt

FAMILY = Path(__file__).resolve().parent.parent
FIXED_TIME = (2026, 3, 2, 9, 0, 0)
FIXED_ISO = "2026-03-02T09:00:00Z"
SCHOOL = "Fernhill Academy"

RULES = [
    "Mark only what the student wrote for that question. A question left blank scores 0.",
    "Final answer (value) marks: the final answer is the first number after the last '=' sign in the "
    "student's answer; where the answer has no '=' sign, it is the first number in the answer. Award all the "
    "value marks when it lies in an accepted range (inclusive) or equals an accepted value, otherwise none. "
    "Ignore how many decimal places are given, as long as the value is accepted.",
    "Unit mark: award it when what is written straight after the final answer is one of the accepted units, "
    "exactly, and nothing more is joined on to it (so 'N' or 'N.' but not 'N/kg' or 'Nm'). Unit symbols must "
    "match capitals included (W is a watt, w is not); unit words may be written in any capitals. No final "
    "answer, no unit mark. The unit mark does not depend on the value being right.",
    "Keyword marks: award the mark when the answer contains any of the accepted words or phrases anywhere, "
    "ignoring capitals and spaces (so 'P=E/t' and 'p = E / t' both count). Spelling must be exact.",
    "Multiple choice: the letter given (A to D), with or without brackets or the word 'Option'.",
    "There are no half marks and no marks for crossed-out work.",
]


# --------------------------------------------------------------------------------------------- answers


def outcomes_for(rng: random.Random, questions: list[Question], ability: float) -> dict[int, list[bool] | None]:
    out: dict[int, list[bool] | None] = {}
    for q in questions:
        if rng.random() < 0.06:
            out[q.n] = None  # left blank
            continue
        out[q.n] = [rng.random() < ability for _ in q.criteria]
    return out


def sig2(x: float) -> str:
    """A value to two significant figures, as a student writes it."""
    return f"{float(f'{x:.2g}'):g}"


def answer_text(rng: random.Random, q: Question, outcome: list[bool], misspelt: frozenset = frozenset(),
                twist: dict | None = None) -> list[str]:  # fmt: skip
    """Lines of the student's answer that earn exactly the decided criteria.

    `misspelt` holds the criteria (index, which misspelling) written as a misspelling of a right phrase: under the
    exact rule that earns nothing, under a spelling concession it earns the mark. `twist` carries what the hard
    instance's staff facts need across the questions of one paper: the Mr given in question 1 (`mr`), whether a
    right question-5 value is the one carried forward from it (`ecf`), and the misprint answer, written by its
    followers only (`misprint`, `follows`).
    """
    twist = twist if twist is not None else {}
    if q.choices[0]:
        letter = q.choices[0] if outcome[0] else rng.choice(q.choices[1])
        text = rng.choice(["{}", "{}", "({})", "Option {}", "{})"]).format(letter)
        return [text.lower() if rng.random() < 0.15 else text]
    if q.phrases:
        bits = [rng.choice(r if ok else w) for (r, w), ok in zip(q.phrases, outcome, strict=True)]
        for i, k in sorted(misspelt):
            bits[i] = MISSPELT[(q.n, i)][k % len(MISSPELT[(q.n, i)])]
        if rng.random() < 0.5:
            bits = bits[::-1]
        sentence = ", ".join(bits)
        return [sentence[0].upper() + sentence[1:] + "."]
    crit = dict(zip([c.kind for c in q.criteria], outcome, strict=True))
    working, value = rng.choice(q.right if crit["value"] else q.wrong)
    misprint = twist.get("misprint")
    if misprint and q.n == misprint["question"] and not crit["value"]:
        others = [w for w in q.wrong if w != misprint["answer"]]
        if twist.get("follows"):
            working, value = misprint["answer"]
        elif (working, value) == misprint["answer"]:
            working, value = others[0]
    ecf = twist.get("ecf")
    if q.n == 1:
        twist["mr"] = value
    if ecf and q.n == ecf["question"] and crit["value"]:
        mr = twist["mr"]
        moles = ecf["numerator"] / float(mr)
        working = f"moles CaCO3 = {ecf['numerator']:g} / {mr} = {moles:.3g}, mass CO2 = {moles:.3g} x {ecf['times']}"
        value = sig2(moles * ecf["times"])
    method = ""
    if "keyword" in crit:
        method = rng.choice(q.method_right) if crit["keyword"] else rng.choice(q.method_wrong)
    unit = ""
    if "unit" in crit:
        unit = rng.choice(q.units_right if crit["unit"] else q.units_wrong)
    tail = value + ("" if unit in ("", "%") or unit.startswith(" ") else " ") + unit
    if not working and not method:
        return [tail]
    if rng.random() < 0.45:
        return [" = ".join(p for p in (method, working) if p) + " = " + tail]
    lines = [method] if method else []
    lines.append(("= " if method else "") + working)
    lines.append("= " + tail)
    return lines


def earned(q: Question, outcome: list[bool] | None) -> int:
    if outcome is None:
        return 0
    return sum(c.marks for c, ok in zip(q.criteria, outcome, strict=True) if ok)


# ----------------------------------------------------------------------------------------------- files


def normalise_zip(path: Path) -> None:
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


def write_scheme(path: Path, inst: dict) -> None:
    d = docx.Document()
    d.styles["Normal"].font.name = "Calibri"
    d.styles["Normal"].font.size = Pt(11)
    d.add_paragraph(f"{SCHOOL} — Science Department")
    d.add_heading(inst["title"], level=1)
    d.add_paragraph(f"Mark scheme. Class {inst['class']}, sat on {inst['date']}. Teacher: {inst['teacher']}.")
    d.add_heading("General marking rules", level=2)
    for i, rule in enumerate(RULES, start=1):
        d.add_paragraph(f"{i}. {rule}")
    d.add_heading("Mark points", level=2)
    t = d.add_table(rows=1, cols=5)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Question", "Question asked", "Mark point", "Accept", "Marks"], strict=True):
        c.text = h
        c.paragraphs[0].runs[0].bold = True
    for q in inst["questions"]:
        for i, c in enumerate(q.criteria):
            cells = t.add_row().cells
            cells[0].text = str(q.n)
            cells[1].text = q.prompt if i == 0 else ""
            cells[2].text = c.point
            cells[3].text = c.accept
            cells[4].text = str(c.marks)
    t.autofit = False
    for col, width in zip(t.columns, (0.7, 2.6, 1.4, 1.6, 0.6), strict=True):
        col.width = Inches(width)
    for row in t.rows:
        for cell, width in zip(row.cells, (0.7, 2.6, 1.4, 1.6, 0.6), strict=True):
            cell.width = Inches(width)
    total = sum(c.marks for q in inst["questions"] for c in q.criteria)
    d.add_paragraph(f"Total: {total} marks.")
    d.add_heading("Grade boundaries", level=2)
    d.add_paragraph("Use the student's total mark. Students who did not sit the test get ABS, not a grade.")
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Grade", "Minimum total"], strict=True):
        c.text = h
        c.paragraphs[0].runs[0].bold = True
    for g, m in inst["bands"]:
        cells = t.add_row().cells
        cells[0].text, cells[1].text = g, str(m)
    d.core_properties.author = inst["teacher"]
    d.save(path)
    normalise_zip(path)


LABELS = ["Q{}: ", "Q{}. ", "{}) ", "Question {} - ", "{}. ", "Q{} "]


def submission_lines(rng, name_field, number, klass, stamp, inst, outcomes, title, misspelt=None,
                     twist=None) -> list[str]:  # fmt: skip
    lines = [f"{SCHOOL} — {title}", f"Name: {name_field}", f"Class: {klass}"]
    if number:
        lines.append(f"Student number: {number}")
    lines.append(f"Submitted: {stamp}")
    lines.append("")
    label = rng.choice(LABELS)
    for q in inst["questions"]:
        outcome = outcomes[q.n]
        if outcome is None:
            if rng.random() < 0.5:
                lines.append(label.format(q.n).rstrip())
            continue
        body = answer_text(rng, q, outcome, (misspelt or {}).get(q.n, frozenset()), twist)
        lines.append(label.format(q.n) + body[0])
        lines.extend(body[1:])
        if rng.random() < 0.25:
            lines.append("")
    return lines


def write_submission(path: Path, lines: list[str]) -> None:
    if path.suffix == ".docx":
        d = docx.Document()
        for line in lines:
            d.add_paragraph(line)
        d.save(path)
        normalise_zip(path)
    else:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def slug(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


def build_instance(name: str, inst: dict, root: Path) -> tuple[dict[str, dict], dict]:
    rng = random.Random(inst["seed"])
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    (inp / "submissions").mkdir(parents=True)
    write_scheme(inp / "marking_scheme.docx", inst)

    ids = {}
    used = set()
    for s in inst["students"]:
        while True:
            sid = str(rng.randint(2210100, 2219999))
            if sid not in used:
                used.add(sid)
                ids[s] = sid
                break
    with open(inp / "class_list.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["student_id", "surname", "given_name", "class", "access_arrangements"])
        arrangements = {}
        for s in inst["students"]:
            given, surname = s.split(" ", 1)
            arrangements[s] = rng.choice(["", "", "", "25% extra time", "reader"])
            w.writerow([ids[s], surname, given, inst["class"], arrangements[s]])

    expected: dict[str, dict] = {}
    questions = inst["questions"]
    max_total = sum(c.marks for q in questions for c in q.criteria)
    abilities = {s: rng.uniform(0.3, 0.95) for s in inst["students"]}
    people = [(s, inst["class"]) for s in inst["students"] if s not in inst["absent"]] + inst["outsiders"]
    for person, klass in people:
        ability = abilities.get(person, rng.uniform(0.4, 0.8))
        while True:
            outcomes = outcomes_for(rng, questions, ability)
            total = sum(earned(q, outcomes[q.n]) for q in questions)
            if 2 <= total < max_total:
                break
        misspelt: dict[int, frozenset] = {}
        if person in inst.get("concession", []) + inst.get("misspellers", []):
            # a concession student writes "oxygen" (and a second keyword) misspelt, which earns the mark for them;
            # a student without one misspells "oxygen" and earns nothing for it
            conceded = person in inst.get("concession", [])
            keys = [(6, 0), (8, 1)] if conceded else [(6, 0)]
            for qn, i in keys:
                if outcomes[qn] is None:
                    outcomes[qn] = [rng.random() < ability for _ in questions[qn - 1].criteria]
                outcomes[qn][i] = conceded
                misspelt[qn] = misspelt.get(qn, frozenset()) | {(i, sum(map(ord, person)))}
        ecf = inst.get("ecf")
        if ecf and person in ecf["students"]:
            # question 1 answered wrong, question 5's value right from that Mr (its unit as decided)
            outcomes[ecf["from"]] = [False]
            q5 = questions[ecf["question"] - 1]
            if outcomes[q5.n] is None:
                outcomes[q5.n] = [rng.random() < ability for _ in q5.criteria]
            outcomes[q5.n][[c.kind for c in q5.criteria].index("value")] = True
        misprint = inst.get("misprint")
        if misprint and person in misprint["followers"]:
            q3 = questions[misprint["question"] - 1]
            if outcomes[q3.n] is None:
                outcomes[q3.n] = [rng.random() < ability for _ in q3.criteria]
            outcomes[q3.n][[c.kind for c in q3.criteria].index("value")] = False
        given, surname = person.split(" ", 1)
        name_field = f"{surname.upper()}, {given}" if person in inst.get("surname_first", []) else person
        number = "" if person in inst["no_number"] or person not in ids else ids[person]
        minute = rng.randint(0, 50)
        stamp = f"{inst['date']} {9 + minute // 60:02d}:{10 + minute % 50:02d}"
        ext = ".docx" if person in inst["docx"] else ".txt"
        files = []
        resubmit = inst.get("resubmit", {})
        if person in resubmit:
            # the counted file is the later one only when it was sent within the student's time
            (first, first_at), (second, second_at) = resubmit[person]
            sitting = inst["sitting"]
            end = sitting["extra_end"] if arrangements.get(person) == "25% extra time" else sitting["end"]
            in_time = second_at <= end
            other = outcomes_for(rng, questions, ability * 0.7 if in_time else min(0.97, ability + 0.3))
            files.append((f"{klass}_{slug(person)}{first}{ext}", f"{inst['date']} {first_at}",
                          other if in_time else outcomes))  # fmt: skip
            files.append((f"{klass}_{slug(person)}{second}{ext}", f"{inst['date']} {second_at}",
                          outcomes if in_time else other))  # fmt: skip
        elif person in inst["duplicates"]:
            draft = outcomes_for(rng, questions, ability * 0.7)
            early = f"{inst['date']} 08:{rng.randint(40, 58):02d}"
            files.append((f"{inst['class']}_{slug(person)}_draft{ext}", early, draft))
            files.append((f"{inst['class']}_{slug(person)}{'_final' if rng.random() < 0.5 else ''}{ext}", stamp,
                          outcomes))  # fmt: skip
        else:
            files.append((f"{klass}_{slug(person)}{ext}", stamp, outcomes))
        for fname, when, outc in files:
            counted = outc is outcomes
            twist = {"misprint": misprint, "follows": counted and person in (misprint or {}).get("followers", []),
                     "ecf": ecf if counted and person in (ecf or {}).get("students", []) else None}  # fmt: skip
            lines = submission_lines(rng, name_field, number, klass, when, inst, outc, inst["title"].split(" — ")[0],
                                     misspelt if counted else None, twist)  # fmt: skip
            write_submission(inp / "submissions" / fname, lines)
        if person in ids:
            # question 3 is withdrawn for the students who sat from the portal copy, not for those on printed copies
            void = None if arrangements.get(person) else inst.get("void", {}).get("question")
            expected[ids[person]] = {f"q{q.n}": "" if q.n == void else earned(q, outcomes[q.n]) for q in questions}
    return expected, staff_facts(inst, ids, arrangements)


def staff_facts(inst: dict, ids: dict[str, str], arrangements: dict[str, str]) -> dict:
    """What the staff of the instance tell a worker who asks them (people.toml), as the reference uses it."""
    known: dict = {}
    if "sitting" in inst:
        known["sitting"] = inst["sitting"]
    if inst.get("concession"):
        known["concession"] = [ids[s] for s in inst["concession"]]
    if inst.get("rebased_bands"):
        known["bands"] = inst["rebased_bands"]
    if inst.get("moved"):
        known["moved"] = [ids[s] for s in inst["moved"]]
    if inst.get("void"):
        known["void"] = dict(inst["void"])
        known["printed"] = [ids[s] for s in inst["students"] if arrangements.get(s)]
    if inst.get("ecf"):
        known["ecf"] = {k: v for k, v in inst["ecf"].items() if k != "students"}
    return known


RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, \
run_name='__main__')"


def run_reference(input_dir: Path, reference_dir: Path, known: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(input_dir, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(known)], cwd=ws, check=True)
        if reference_dir.exists():
            shutil.rmtree(reference_dir)
        reference_dir.mkdir(parents=True)
        for f in sorted((ws / "output").iterdir()):
            shutil.copy(f, reference_dir / f.name)
            if f.suffix == ".docx":
                normalise_zip(reference_dir / f.name)


def main() -> None:
    for name, inst in INSTANCES.items():
        root = FAMILY if name == "base" else FAMILY / "variants" / name
        expected, known = build_instance(name, inst, root)
        run_reference(root / "workspace" / "input", root / "hidden" / "reference", known)
        with open(root / "hidden/reference/marks.csv", newline="", encoding="utf-8") as f:
            rows = {r["student_id"]: r for r in csv.DictReader(f)}
        moved = set(known.get("moved", []))
        assert not moved & set(rows), f"{name}: students who moved set are in the reference"
        bad = []
        for sid, marks in expected.items():
            if sid in moved:
                continue
            for col, want in marks.items():
                if str(want) != rows[sid][col]:
                    bad.append(f"{sid} {col}: decided {want}, reference gave {rows[sid][col]}")
        assert not bad, f"{name}: generator and reference disagree:\n" + "\n".join(bad)
        for sid, r in rows.items():
            if sid not in expected:
                assert r["grade"] == "ABS" and all(r[f"q{q.n}"] == "" for q in inst["questions"]), sid
        marked = len(set(expected) - moved)
        print(f"{name}: {len(rows)} students, {marked} marked, reference agrees with the decided marks")


if __name__ == "__main__":
    main()
