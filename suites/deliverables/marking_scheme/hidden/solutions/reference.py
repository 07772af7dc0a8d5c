"""Reference: mark every submission against the mark scheme's rules; write marks.csv and feedback.docx.

Where the school's staff can be asked (bin/ask), each thing the files cannot settle is put to the person who knows
(staff_questions.py): second files sent after everyone else had finished to the invigilator, misspelt keywords to the
SENCo, whether the class list is still current to the data office that exported it, whether the scheme has changed
since it was sent out to the Head of Chemistry who wrote it, whether the paper as issued was right to the exams
officer, and how the sample will be moderated to the moderator.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import docx

sys.path.insert(0, str(Path(__file__).resolve().parent))  # staff_questions.py, next to this script
from staff_questions import ask_staff, clock

INPUT = Path("input")
OUTPUT = Path("output")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# "Q3: ...", "Q3 ...", "Question 3 - ...", "3) ...", "3. ..." (a bare number needs its punctuation)
LABEL = re.compile(
    r"^\s*(?:q(?:uestion)?\s*(\d{1,2})\b\s*[:.)\-\u2013]?|(\d{1,2})\s*[:.)\-\u2013](?=\s|$))\s*(.*)$", re.I
)
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
OPEN_ONLY = globals().get("OPEN_ONLY", False)  # shortcuts/asks_everybody.py: the same open questions to everybody
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
HEADER = re.compile(r"^\s*(name|student number|class|submitted|date)\s*:\s*(.*)$", re.I)


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", str(s or "")).strip()


# ------------------------------------------------------------------------------------------ mark scheme


def parse_value_accept(text: str) -> list[tuple[float, float]]:
    out = []
    for part in text.split(";"):
        nums = [float(x) for x in NUMBER.findall(part)]
        if len(nums) >= 2 and " to " in part:
            out.append((min(nums[0], nums[1]), max(nums[0], nums[1])))
        elif nums:
            out.append((nums[0], nums[0]))
    return out


def parse_units(text: str) -> dict[str, list[str]]:
    symbols, words = [], []
    m = re.search(r"symbols?\s*:\s*(.*?)(?:words?\s*:|$)", text, re.I | re.S)
    if m:
        symbols = [s.strip() for s in m.group(1).strip().rstrip(".").split(",") if s.strip()]
    m = re.search(r"words?\s*:\s*(.*)$", text, re.I | re.S)
    if m:
        words = [s.strip() for s in m.group(1).strip().rstrip(".").split(",") if s.strip()]
    return {"symbols": symbols, "words": words}


def read_scheme(path: Path) -> dict:
    d = docx.Document(str(path))
    scheme: dict = {"questions": {}, "bands": [], "title": ""}
    for p in d.paragraphs:
        if p.style is not None and p.style.name.lower() in ("title", "heading 1") and not scheme["title"]:
            scheme["title"] = norm(p.text)
    for t in d.tables:
        rows = [[norm(c.text) for c in r.cells] for r in t.rows]
        head = [h.lower() for h in rows[0]]
        if "mark point" in head:
            iq, ip, ia, im = (head.index(k) for k in ("question", "mark point", "accept", "marks"))
            for r in rows[1:]:
                q = int(NUMBER.search(r[iq]).group())
                point = r[ip].lower()
                if "unit" in point:
                    kind, accept = "unit", parse_units(r[ia])
                elif "keyword" in point:
                    kind = "keyword"
                    listed = re.sub(r"^any of\s*:\s*", "", r[ia], flags=re.I)
                    accept = [k.strip() for k in listed.split(";") if k.strip()]
                elif "choice" in point:
                    kind, accept = "choice", r[ia].strip().upper()[:1]
                else:
                    kind, accept = "value", parse_value_accept(r[ia])
                scheme["questions"].setdefault(q, []).append(
                    {"kind": kind, "accept": accept, "marks": int(r[im]), "point": r[ip], "accept_text": r[ia]}
                )
        elif head and head[0] == "grade":
            for r in rows[1:]:
                scheme["bands"].append((r[0], int(NUMBER.search(r[1]).group())))
    scheme["bands"].sort(key=lambda b: -b[1])
    return scheme


# ----------------------------------------------------------------------------------------- submissions


def read_lines(path: Path) -> list[str]:
    if path.suffix.lower() == ".docx":
        return [p.text for p in docx.Document(str(path)).paragraphs]
    return path.read_text(encoding="utf-8-sig").splitlines()


def read_submission(path: Path, questions: set[int]) -> dict:
    sub: dict = {"file": path.name, "fields": {}, "answers": {}}
    current = None
    for line in read_lines(path):
        h = HEADER.match(line)
        if h and current is None:
            sub["fields"][h.group(1).lower()] = norm(h.group(2))
            continue
        m = LABEL.match(line)
        n = int(m.group(1) or m.group(2)) if m else None
        if n is not None and n in questions and n not in sub["answers"]:
            current = n
            sub["answers"][current] = m.group(3).strip()
        elif current is not None and line.strip():
            sub["answers"][current] += "\n" + line.strip()
    return sub


# --------------------------------------------------------------------------------------------- marking


def final_answer(text: str) -> tuple[float | None, str]:
    """The first number after the last '=' (or the first number when there is none), and what follows it."""
    start = text.rfind("=") + 1
    m = NUMBER.search(text, start)
    if m is None:
        return None, ""
    rest = text[m.end() :].split("\n")[0]
    return float(m.group()), rest


def unit_ok(rest: str, accept: dict) -> bool:
    """The text straight after the final answer is an accepted unit with nothing joined on to it."""
    rest = rest.lstrip()
    end = r"(?=$|\s|[.,;:)])"
    if any(re.match(re.escape(s) + end, rest) for s in accept["symbols"]):
        return True
    return any(re.match(re.escape(w) + end, rest, re.I) for w in accept["words"])


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s).lower()


def distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def near_miss(keyword: str, answer: str) -> bool:
    """A recognisable misspelling of a keyword of six letters or more: the same number of words, at most two
    letters wrong."""
    k = squash(keyword)
    if len(k) < 6:
        return False
    words = re.findall(r"[a-z0-9]+", answer.lower())
    n = len(keyword.split())
    return any(distance(k, "".join(words[i : i + n])) <= 2 for i in range(len(words) - n + 1))


def choice_of(text: str) -> str | None:
    m = re.match(r"^\s*(?:option\s*)?\(?([A-D])\)?(?![A-Za-z])", text, re.I)
    return m.group(1).upper() if m else None


def two_figures(x: float) -> float:
    return float(f"{x:.2g}")


def mark_question(
    answer: str | None, criteria: list[dict], concession: bool = False, carried: float | None = None
) -> tuple[int, list[str]]:
    """Marks and what was missing. `carried` is the value carried forward from an earlier wrong answer, where
    moderation allows it: a final answer equal to it at two significant figures earns the value marks."""
    if not answer or not answer.strip():
        return 0, ["no answer"]
    got, notes = 0, []
    value, rest = final_answer(answer)
    for c in criteria:
        if c["kind"] == "value":
            ok = value is not None and any(lo - 1e-9 <= value <= hi + 1e-9 for lo, hi in c["accept"])
            if not ok and value is not None and carried is not None and value != 0:
                ok = two_figures(value) == two_figures(carried)
            if not ok:
                shown = "no final answer" if value is None else f"final answer {value:g}"
                notes.append(f"{shown}; accepted {c['accept_text']}")
        elif c["kind"] == "unit":
            ok = value is not None and unit_ok(rest, c["accept"])
            if not ok:
                notes.append("unit missing or wrong after the final answer")
        elif c["kind"] == "keyword":
            ok = any(squash(k) in squash(answer) for k in c["accept"])
            if not ok and concession:
                ok = any(near_miss(k, answer) for k in c["accept"])
            if not ok:
                notes.append(f"needed to mention: {c['point'].split(':')[-1].strip() or c['accept_text']}")
        else:
            ok = choice_of(answer) == c["accept"]
            if not ok:
                notes.append(f"the answer is {c['accept']}")
        got += c["marks"] if ok else 0
    return got, notes


def grade_for(total: int, bands: list[tuple[str, int]]) -> str:
    for grade, minimum in bands:
        if total >= minimum:
            return grade
    return bands[-1][0]


def misspellings(sub: dict, scheme: dict) -> list[str]:
    """Keywords a submission misses exactly but has a near miss of."""
    words = []
    for q, crits in scheme["questions"].items():
        answer = sub["answers"].get(q) or ""
        for c in crits:
            if c["kind"] == "keyword" and answer and not any(squash(k) in squash(answer) for k in c["accept"]):
                words += [k for k in c["accept"] if near_miss(k, answer)][:1]
    return words


def main() -> None:
    OUTPUT.mkdir(exist_ok=True)
    scheme = read_scheme(INPUT / "marking_scheme.docx")
    qs = sorted(scheme["questions"])
    max_marks = {q: sum(c["marks"] for c in scheme["questions"][q]) for q in qs}
    max_total = sum(max_marks.values())

    with open(INPUT / "class_list.csv", newline="", encoding="utf-8-sig") as f:
        students = [{k.strip().lower(): (v or "").strip() for k, v in row.items()} for row in csv.DictReader(f)]
    by_id = {s["student_id"]: s for s in students}
    by_name = {}
    for s in students:
        by_name[f"{s['given_name']} {s['surname']}".lower()] = s["student_id"]

    def identify(fields: dict) -> str | None:
        sid = fields.get("student number", "").replace(" ", "")
        if sid in by_id:
            return sid
        name = fields.get("name", "")
        if "," in name:
            surname, given = (x.strip() for x in name.split(",", 1))
            name = f"{given} {surname}"
        return by_name.get(norm(name).lower())

    files_of: dict[str, list[dict]] = {}
    sub_dir = INPUT / "submissions"
    for path in sorted(sub_dir.iterdir()):
        if path.suffix.lower() not in (".txt", ".docx"):
            continue
        sub = read_submission(path, set(qs))
        sid = identify(sub["fields"])
        if sid is None:
            continue
        files_of.setdefault(sid, []).append(sub)
    for subs in files_of.values():
        subs.sort(key=lambda sub: sub["fields"].get("submitted", ""))
    misspelt = {sid: w for sid, subs in files_of.items() if (w := misspellings(subs[-1], scheme))}

    def counted_file(sid: str, known: dict) -> dict:
        """The latest file, or with the sitting's times known, the latest one sent within the student's time."""
        subs = files_of[sid]
        sitting = known.get("sitting")
        if sitting:
            extra = "extra time" in by_id[sid].get("access_arrangements", "").lower()
            end = sitting["extra_end"] if extra else sitting["end"]
            in_time = [sub for sub in subs if clock(sub["fields"].get("submitted", "")) <= end]
            return (in_time or subs)[-1]
        return subs[-1]

    def results_for(known: dict) -> tuple[list, list[dict], dict]:
        """Each student's row, the notes on the questions they dropped marks on, and whether they sat; with what
        `known` settles (staff answers) applied."""
        bands = sorted(((g, int(m)) for g, m in known.get("bands") or scheme["bands"]), key=lambda b: -b[1])
        concession = set(known.get("concession", []))
        moved = set(known.get("moved", []))  # students who left the class since the list was exported: left out
        kept = [s for s in students if s["student_id"] not in moved]
        latest = {sid: counted_file(sid, known) for sid in files_of if sid not in moved}
        # a question withdrawn from the paper the students sat from: blank for them, the grade read from the total
        # scaled to the full paper; students who sat from a correct printed copy are marked on it as usual
        void = known.get("void")
        printed = set(known.get("printed", []))
        withdrawn = void["question"] if void else None
        ecf = known.get("ecf")

        def counts_for(sid: str) -> list[int]:
            return [q for q in qs if q != withdrawn or sid in printed]

        def carried(sub: dict, q: int) -> float | None:
            """The value carried forward into question q from a wrong answer to the question it uses, if allowed."""
            if not ecf or q != ecf["question"]:
                return None
            source, _ = final_answer(sub["answers"].get(ecf["from"]) or "")
            right = any(lo - 1e-9 <= (source or 0) <= hi + 1e-9 for c in scheme["questions"][ecf["from"]]
                        if c["kind"] == "value" for lo, hi in c["accept"])  # fmt: skip
            return None if not source or right else ecf["numerator"] / source * ecf["times"]

        results = []
        for s in kept:
            sid = s["student_id"]
            sub = latest.get(sid)
            row = {"student_id": sid, "name": f"{s['given_name']} {s['surname']}"}
            notes = {}
            out_of = sum(max_marks[q] for q in counts_for(sid))
            if sub is None:
                row.update({f"q{q}": "" for q in qs})
                row["total"], row["grade"] = 0, "ABS"
            else:
                total = 0
                row.update({f"q{q}": "" for q in qs if q not in counts_for(sid)})
                for q in counts_for(sid):
                    answer = sub["answers"].get(q)
                    got, why = mark_question(answer, scheme["questions"][q], sid in concession, carried(sub, q))
                    row[f"q{q}"] = got
                    total += got
                    if got < max_marks[q]:
                        notes[q] = (got, why)
                scaled = int(total * void["full"] / out_of + 0.5) if out_of != max_total else total
                row["total"], row["grade"] = total, grade_for(scaled, bands)
            results.append((row, notes, sub is not None, out_of))
        return results, kept, {"bands": bands, "withdrawn": withdrawn, "void": void}

    def class_mean(known: dict) -> float:
        sat = [row["total"] for row, _, present, _ in results_for(known)[0] if present]
        return sum(sat) / len(sat) if sat else 0.0

    if KNOWN is not None:
        known = KNOWN
    elif ASK:
        known = ask_staff(
            students,
            files_of,
            misspelt,
            len(scheme["bands"]),
            lambda sid, kn, q: counted_file(sid, kn)["answers"].get(q) or "",
            class_mean,
            open_only=OPEN_ONLY,
        )
    else:
        known = {}
    results, students, settled = results_for(known)
    withdrawn, void = settled["withdrawn"], settled["void"]

    with open(OUTPUT / "marks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["student_id", "name", *[f"q{q}" for q in qs], "total", "grade"])
        w.writeheader()
        for row, *_ in results:
            w.writerow(row)

    sat = [row for row, _, present, _ in results if present]
    mean = sum(r["total"] for r in sat) / len(sat) if sat else 0.0
    d = docx.Document()
    d.add_heading(f"Feedback — {scheme['title']}", level=0)
    d.add_heading("Class summary", level=1)
    d.add_paragraph(f"Submissions marked: {len(sat)} of {len(students)} students on the class list.")
    d.add_paragraph(f"Mean mark (students who sat the test): {mean:.1f} / {max_total}")
    if void:
        d.add_paragraph(
            f"Question {withdrawn} was withdrawn for the students who sat from the misprinted portal copy: their "
            f"totals are out of {max_total - max_marks[withdrawn]} and their grades are read from the total scaled "
            f"to {void['full']}; students who sat from a printed copy are marked on it as usual."
        )
    absent = [r["name"] for r, _, present, _ in results if not present]
    d.add_paragraph("No submission: " + (", ".join(absent) if absent else "none"))
    bands = [g for g, _ in settled["bands"]]
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    t.rows[0].cells[0].text, t.rows[0].cells[1].text = "Grade", "Students"
    for g in [*bands, "ABS"]:
        n = sum(1 for r, *_ in results if r["grade"] == g)
        if n:
            cells = t.add_row().cells
            cells[0].text, cells[1].text = g, str(n)
    scored = [q for q in qs if q != withdrawn]
    hardest = min(scored, key=lambda q: sum(r[f"q{q}"] for r in sat) / max(1, len(sat)) / max_marks[q])
    d.add_paragraph(f"Weakest question across the class: Q{hardest}.")

    for row, notes, present, out_of in results:
        d.add_heading(f"{row['student_id']} — {row['name']}", level=1)
        if not present:
            d.add_paragraph(f"Total: 0/{out_of} — Grade ABS")
            d.add_paragraph("No submission received.")
            continue
        d.add_paragraph(f"Total: {row['total']}/{out_of} — Grade {row['grade']}")
        if not notes:
            d.add_paragraph("Full marks on every question.")
        for q, (got, why) in notes.items():
            d.add_paragraph(f"Q{q} ({got}/{max_marks[q]}): " + "; ".join(why), style="List Bullet")
    d.save(str(OUTPUT / "feedback.docx"))


if __name__ == "__main__":
    main()
