"""What the school's staff are asked, and what their answers give the marking (the reference's questions).

Each thing the files cannot settle is put to the person whose area it is: second files sent after everyone else had
finished to the invigilator, misspelt keywords to the SENCo, whether the class list is still current to the data
office, whether the scheme has changed to the Head of Chemistry, whether the paper as issued was right to the exams
officer (who then needs a count from the scripts), and how the sample will be moderated to the moderator.

`ask_staff` returns what was learnt: the sitting's end times, the students with a spelling concession, the students
who have left the class, re-based grade boundaries, a withdrawn question and an error carried forward (each only when
an answer gave it). With `open_only` it asks everybody the same two open questions and reads whatever comes back.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

OPEN_QUESTIONS = [
    "I am finalising the marks for 10D's quantitative chemistry quiz for tomorrow's data drop. Is there anything I "
    "should know before I do?",
    "Has anything changed since the folder for 10D's chemistry quiz was put together?",
]


def kit_module():
    sys.path.insert(0, "/solution")
    import worktrial_kit

    return worktrial_kit


def clock(stamp: str) -> str:
    m = re.search(r"(\d{1,2}):(\d{2})", stamp)
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else ""


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;])\s+", text)


def read_answer(text: str, names: dict[str, str], known: dict, n_bands: int) -> None:
    """Everything an answer gives, into `known`."""
    end = re.search(r"ended at (\d\d:\d\d)", text)
    extra = re.search(r"extra time[^.]*?until (\d\d:\d\d)", text)
    if end:
        known["sitting"] = {"end": end.group(1), "extra_end": extra.group(1) if extra else end.group(1)}
    said = next((x for x in sentences(text) if "have a spelling concession" in x), "")
    if said:
        known["concession"] = [sid for sid, n in names.items() if n in said]
    said = " ".join(x for x in sentences(text) if re.search(r"\bmoved\b|\bleft\b", x))
    if said and "set" in said:
        known["moved"] = [sid for sid, n in names.items() if n in said]
    bands = [(g, int(m)) for g, m in re.findall(r"\b(\d|U) from (\d+)", text)]
    if len(bands) >= n_bands - 1:
        known["bands"] = bands + ([("U", 0)] if all(g != "U" for g, _ in bands) else [])
    void = re.search(r"question (\d+) is withdrawn", text)
    full = re.search(r"x (\d+) / \d+", text)
    if void and full:
        known["void"] = {"question": int(void.group(1)), "full": int(full.group(1))}
    ecf = re.search(r"error carried forward in question (\d+)", text)
    source = re.search(r"Mr[^.]*? wrong in question (\d+)", text)
    formula = re.search(r"(\d+(?:\.\d+)?) divided by their Mr, times (\d+(?:\.\d+)?)", text)
    said = next((x for x in sentences(text) if "sat it in the learning support base" in x), "")
    if said:
        known["printed"] = [sid for sid, n in names.items() if n in said]
    if ecf and source and formula:
        known["ecf"] = {
            "question": int(ecf.group(1)),
            "from": int(source.group(1)),
            "numerator": float(formula.group(1)),
            "times": float(formula.group(2)),
        }


def ask_staff(
    students: list[dict],
    files_of: dict[str, list[dict]],
    misspelt: dict[str, list[str]],
    n_bands: int,
    working: Callable[[str, dict, int], str],
    class_mean: Callable[[dict], float],
    open_only: bool = False,
) -> dict:
    """Ask the staff what only they know. `working(sid, known, q)` is the answer to question q a student's counted
    paper gives, once `known` settles which paper counts; `class_mean(known)` the mean total of the students who sat,
    marked with what `known` settles."""
    known: dict = {}
    if not Path("bin/ask").exists():
        return known
    kit = kit_module()
    names = {s["student_id"]: f"{s['given_name']} {s['surname']}" for s in students}
    if open_only:
        for person in kit.who():
            for question in OPEN_QUESTIONS:
                r = kit.ask(person["id"], question)
                if r.answered:
                    read_answer(r.text, names, known, n_bands)
        return known

    def ask(person: str, question: str) -> str:
        r = kit.ask(person, question)
        if r.answered:
            read_answer(r.text, names, known, n_bands)
        return r.text if r.answered else ""

    singles = [clock(subs[0]["fields"].get("submitted", "")) for subs in files_of.values() if len(subs) == 1]
    last_single = max(singles) if singles else ""
    late = [
        (names[sid], clock(subs[-1]["fields"].get("submitted", "")))
        for sid, subs in files_of.items()
        if len(subs) > 1 and clock(subs[-1]["fields"].get("submitted", "")) > last_single
    ]
    if late:
        listed = ", ".join(f"{n} at {t}" for n, t in late)
        ask(
            "gareth",
            f"In the 10D chemistry quiz folder, {len(late)} students sent a second file after every other paper was "
            f"in (the last single paper at {last_single}): {listed}. When did the test end, including extra time, "
            "and should those later files be marked?",
        )
    if misspelt:
        who = ", ".join(names[sid] for sid in misspelt)
        words = ", ".join(sorted({w for ws in misspelt.values() for w in ws}))
        ask(
            "joy",
            f"Some students in 10D misspelt keywords in their chemistry quiz ({words}): {who}. The mark scheme says "
            "spelling must be exact. Do any of them have a spelling concession?",
        )
    ask(
        "colin",
        "Before 10D's chemistry marks go into the data drop: is the class list in my folder up to date - has anyone "
        "joined or left 10D, or moved set, since it was exported?",
    )
    reply = ask(
        "yvonne",
        "I am marking 10D's quantitative chemistry quiz for tomorrow's data drop. Was the paper 10D sat exactly the "
        "one the mark scheme was written for, or was anything wrong with the paper as it was issued?",
    )
    misprint = re.search(r"question (\d+)[^.]*?read '(\d+(?:\.\d+)?) dm3", reply)
    if misprint:
        q, printed = int(misprint.group(1)), misprint.group(2)
        sat = [sid for sid in files_of if sid in names and sid not in known.get("moved", [])]
        divide = re.compile(rf"/\s*{re.escape(printed)}(?![\d.])")
        followed = [sid for sid in sat if divide.search(working(sid, known, q))]
        ask(
            "yvonne",
            f"{len(followed)} of the {len(sat)} students who sat worked question {q} from {printed} dm3 (4.0 / "
            f"{printed} = 0.016): {', '.join(names[sid] for sid in followed)}.",
        )
        if "portal copy" in " ".join(sentences(reply)):
            ask(
                "joy",
                f"The exams office says question {q} of 10D's chemistry quiz was misprinted on the portal copy. Did "
                "any 10D students sit it from a printed copy instead, for example the students with access "
                "arrangements?",
            )
    ask(
        "sanjay",
        "I am marking 10D's quantitative chemistry quiz for tomorrow's data drop. How will you moderate 10D's sample, "
        "and was anything agreed at moderation of the other classes that I should apply?",
    )
    reply = ask(
        "niamh",
        "I am about to finalise the marks for 10D's quantitative chemistry quiz. Has anything in the mark scheme or "
        "its grade boundaries changed since it was sent out?",
    )
    if re.search(r"\bmean\b", reply):
        ask("niamh", f"10D's mean mark, over the students who sat the quiz, is {class_mean(known):.1f}.")
    return known
