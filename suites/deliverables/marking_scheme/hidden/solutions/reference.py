"""Reference: mark every submission against the mark scheme's rules; write marks.csv and feedback.docx.

Where the school's staff can be asked (bin/ask), each thing the files cannot settle is put to the person who knows:
second files sent after everyone else had finished to the invigilator, misspelt keywords to the SENCo, whether the
class list is still current to the data office that exported it, and whether the scheme has changed since it was sent
out to the Head of Chemistry who wrote it.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import docx

INPUT = Path("input")
OUTPUT = Path("output")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# "Q3: ...", "Q3 ...", "Question 3 - ...", "3) ...", "3. ..." (a bare number needs its punctuation)
LABEL = re.compile(
    r"^\s*(?:q(?:uestion)?\s*(\d{1,2})\b\s*[:.)\-\u2013]?|(\d{1,2})\s*[:.)\-\u2013](?=\s|$))\s*(.*)$", re.I
)
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
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


def mark_question(answer: str | None, criteria: list[dict], concession: bool = False) -> tuple[int, list[str]]:
    if not answer or not answer.strip():
        return 0, ["no answer"]
    got, notes = 0, []
    value, rest = final_answer(answer)
    for c in criteria:
        if c["kind"] == "value":
            ok = value is not None and any(lo - 1e-9 <= value <= hi + 1e-9 for lo, hi in c["accept"])
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


# ------------------------------------------------------------------------------------------ the staff


def kit_module():
    sys.path.insert(0, "/solution")
    import worktrial_kit

    return worktrial_kit


def staff_available() -> bool:
    return ASK and Path("bin/ask").exists()


def clock(stamp: str) -> str:
    m = re.search(r"(\d{1,2}):(\d{2})", stamp)
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else ""


def ask_staff(students, files_of, misspelt, scheme) -> dict:
    """What only the school's staff know, asked the way the files allow. Returns the sitting's end times, the
    students with a spelling concession, the students who have left the class and re-based grade boundaries (each
    only when an answer gave it)."""
    known: dict = {}
    if not staff_available():
        return known
    kit = kit_module()
    names = {s["student_id"]: f"{s['given_name']} {s['surname']}" for s in students}
    singles = [clock(subs[0]["fields"].get("submitted", "")) for subs in files_of.values() if len(subs) == 1]
    last_single = max(singles) if singles else ""
    late = [
        (names[sid], clock(subs[-1]["fields"].get("submitted", "")))
        for sid, subs in files_of.items()
        if len(subs) > 1 and clock(subs[-1]["fields"].get("submitted", "")) > last_single
    ]
    if late:
        listed = ", ".join(f"{n} at {t}" for n, t in late)
        r = kit.ask(
            "gareth",
            f"In the 10D chemistry quiz folder, {len(late)} students sent a second file after every other paper was "
            f"in (the last single paper at {last_single}): {listed}. When did the test end, including extra time, "
            "and should those later files be marked?",
        )
        end = re.search(r"ended at (\d\d:\d\d)", r.text) if r.answered else None
        extra = re.search(r"extra time[^.]*?until (\d\d:\d\d)", r.text) if r.answered else None
        if end:
            known["sitting"] = {"end": end.group(1), "extra_end": extra.group(1) if extra else end.group(1)}
    if misspelt:
        who = ", ".join(names[sid] for sid in misspelt)
        words = ", ".join(sorted({w for ws in misspelt.values() for w in ws}))
        r = kit.ask(
            "joy",
            f"Some students in 10D misspelt keywords in their chemistry quiz ({words}): {who}. The mark scheme says "
            "spelling must be exact. Do any of them have a spelling concession?",
        )
        if r.answered:
            said = next((x for x in re.split(r"(?<=[.;])\s+", r.text) if "have a spelling concession" in x), "")
            known["concession"] = [sid for sid, n in names.items() if n in said]
    r = kit.ask(
        "colin",
        "Before 10D's chemistry marks go into the data drop: is the class list in my folder up to date - has anyone "
        "joined or left 10D, or moved set, since it was exported?",
    )
    if r.answered:
        said = " ".join(x for x in re.split(r"(?<=[.;])\s+", r.text) if re.search(r"\bmoved\b|\bleft\b", x))
        known["moved"] = [sid for sid, n in names.items() if n in said]
    r = kit.ask(
        "niamh",
        "I am about to finalise the marks for 10D's quantitative chemistry quiz. Has anything in the mark scheme or "
        "its grade boundaries changed since it was sent out?",
    )
    if r.answered:
        bands = [(g, int(m)) for g, m in re.findall(r"\b(\d|U) from (\d+)", r.text)]
        if len(bands) >= len(scheme["bands"]) - 1:
            known["bands"] = bands + ([("U", 0)] if all(g != "U" for g, _ in bands) else [])
    return known


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
    known = KNOWN if KNOWN is not None else ask_staff(students, files_of, misspelt, scheme)
    if known.get("bands"):
        scheme["bands"] = sorted(((g, int(m)) for g, m in known["bands"]), key=lambda b: -b[1])
    concession = set(known.get("concession", []))
    moved = set(known.get("moved", []))
    if moved:  # students who have left the class since the list was exported are out of its files
        students = [s for s in students if s["student_id"] not in moved]
        files_of = {sid: subs for sid, subs in files_of.items() if sid not in moved}

    def counted(sid: str) -> dict:
        """The latest file, or with the sitting's times known, the latest one sent within the student's time."""
        subs = files_of[sid]
        sitting = known.get("sitting")
        if sitting:
            extra = "extra time" in by_id[sid].get("access_arrangements", "").lower()
            end = sitting["extra_end"] if extra else sitting["end"]
            in_time = [sub for sub in subs if clock(sub["fields"].get("submitted", "")) <= end]
            return (in_time or subs)[-1]
        return subs[-1]

    latest = {sid: counted(sid) for sid in files_of}

    results = []
    for s in students:
        sid = s["student_id"]
        sub = latest.get(sid)
        row = {"student_id": sid, "name": f"{s['given_name']} {s['surname']}"}
        notes = {}
        if sub is None:
            row.update({f"q{q}": "" for q in qs})
            row["total"], row["grade"] = 0, "ABS"
        else:
            total = 0
            for q in qs:
                got, why = mark_question(sub["answers"].get(q), scheme["questions"][q], sid in concession)
                row[f"q{q}"] = got
                total += got
                if got < max_marks[q]:
                    notes[q] = (got, why)
            row["total"], row["grade"] = total, grade_for(total, scheme["bands"])
        results.append((row, notes, sub is not None))

    with open(OUTPUT / "marks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["student_id", "name", *[f"q{q}" for q in qs], "total", "grade"])
        w.writeheader()
        for row, _, _ in results:
            w.writerow(row)

    sat = [row for row, _, present in results if present]
    mean = sum(r["total"] for r in sat) / len(sat) if sat else 0.0
    d = docx.Document()
    d.add_heading(f"Feedback — {scheme['title']}", level=0)
    d.add_heading("Class summary", level=1)
    d.add_paragraph(f"Submissions marked: {len(sat)} of {len(students)} students on the class list.")
    d.add_paragraph(f"Mean mark (students who sat the test): {mean:.1f} / {max_total}")
    absent = [r["name"] for r, _, present in results if not present]
    d.add_paragraph("No submission: " + (", ".join(absent) if absent else "none"))
    bands = [g for g, _ in scheme["bands"]]
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    t.rows[0].cells[0].text, t.rows[0].cells[1].text = "Grade", "Students"
    for g in [*bands, "ABS"]:
        n = sum(1 for r, _, _ in results if r["grade"] == g)
        if n:
            cells = t.add_row().cells
            cells[0].text, cells[1].text = g, str(n)
    hardest = min(qs, key=lambda q: sum(r[f"q{q}"] for r in sat) / max(1, len(sat)) / max_marks[q])
    d.add_paragraph(f"Weakest question across the class: Q{hardest}.")

    for row, notes, present in results:
        d.add_heading(f"{row['student_id']} — {row['name']}", level=1)
        if not present:
            d.add_paragraph(f"Total: 0/{max_total} — Grade ABS")
            d.add_paragraph("No submission received.")
            continue
        d.add_paragraph(f"Total: {row['total']}/{max_total} — Grade {row['grade']}")
        if not notes:
            d.add_paragraph("Full marks on every question.")
        for q, (got, why) in notes.items():
            d.add_paragraph(f"Q{q} ({got}/{max_marks[q]}): " + "; ".join(why), style="List Bullet")
    d.save(str(OUTPUT / "feedback.docx"))


if __name__ == "__main__":
    main()
