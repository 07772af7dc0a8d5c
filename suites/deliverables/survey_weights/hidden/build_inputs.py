"""Builds every instance's inputs (responses.csv, codebook.docx, population_margins.xlsx) and reference outputs.

Run with the project's Python:  python hidden/build_inputs.py
Deterministic (seeded). The reference outputs come from running hidden/solutions/reference.py on the inputs;
the build then checks that the weighted sample reproduces the population targets.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from docx import Document
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Font

FAMILY = Path(__file__).resolve().parents[1]

SATISFACTION = ["Very satisfied", "Fairly satisfied", "Neither satisfied nor dissatisfied", "Fairly dissatisfied",
                "Very dissatisfied"]
SWITCHING = ["Very likely", "Fairly likely", "Not very likely", "Not at all likely"]
CHANNELS = ["Mobile app", "Phone", "Email", "Webchat", "Letter"]
DK = (9, "Don't know")

SCENARIOS: dict[str, dict] = {
    "base": {
        "seed": 2026_03,
        "wave": "Wave 7 (Spring 2026)",
        "fieldwork": ("2026-03-02", "2026-03-20"),
        "fieldwork_text": "2 to 20 March 2026",
        "first_id": 70001,
        "n_complete": 860,
        # region code -> (codebook label, label used in the margins workbook, response propensity, mood shift)
        "regions": {1: ("North", "North", 1.25, 0.10), 2: ("Midlands", "Midlands", 1.0, 0.0),
                    3: ("London & South East", "London & South East", 0.7, -0.25),
                    4: ("South West & Wales", "South West & Wales", 1.1, 0.15)},
        "bands": [("18–34", 18, 34, 0.55), ("35–54", 35, 54, 0.95), ("55+", 55, 89, 1.55)],
        # thousands of adults with a domestic account: region code -> one value per age band
        "population": {1: [812, 905, 1010], 2: [764, 840, 902], 3: [1420, 1510, 1288], 4: [520, 611, 790]},
        "joint": True,
        "questions": ["Q1", "Q2", "Q3", "Q4", "Q5"],
        "channel_q": "Q5",
    },
    "autumn_raking": {
        "seed": 2026_10,
        "wave": "Wave 8 (Autumn 2026)",
        "fieldwork": ("2026-10-05", "2026-10-23"),
        "fieldwork_text": "5 to 23 October 2026",
        "first_id": 80001,
        "n_complete": 2180,
        "regions": {1: ("Scotland", "Scotland", 1.35, -0.1), 2: ("North", "North", 1.15, 0.1),
                    3: ("Midlands", "Midlands", 0.95, 0.0),
                    4: ("London & South East", "London and South East", 0.65, -0.3),
                    5: ("South West & Wales", "South West and Wales", 1.05, 0.2)},
        "bands": [("18–29", 18, 29, 0.45), ("30–44", 30, 44, 0.8), ("45–64", 45, 64, 1.2),
                  ("65+", 65, 91, 1.7)],
        "population": {1: [620, 780, 1105, 905], 2: [1010, 1230, 1575, 1190], 3: [1090, 1340, 1640, 1220],
                       4: [2150, 2480, 2290, 1330], 5: [810, 990, 1330, 1210]},
        "joint": False,
        "questions": ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"],
        "channel_q": "Q6",
        # the messy export and the facts only the client's and the agency's staff hold (hidden/DESIGN.md)
        "export": {
            "duplicates": 17,             # records the export repeats, identical
            "bad_batch": ("2026-10-17", 46),  # top-up panel interviews the agency's QC rejected after delivery
            "cati_patch": "2026-10-14",   # phone interviews before this date carry the spring region frame
            # the Age band sheet as pasted from the 2024 market model (the 2025 figures are the population's)
            "stale_age": [5910, 6950, 7610, 5010],
            # own-panel members who withdrew their consent after the file was sent (hinted by no input; drawn
            # from a generator of its own after the rows, so the inputs do not depend on it)
            "withdrawn": (2026_10_26, 24),
            # Corvane's boost of Priority Services Register customers for its vulnerability report, interviewed in
            # the same wave and exported in the same file; out of the tracker's scope (hinted by no input: drawn
            # from a generator of its own after the rows, ids continuing the file's, as ordinary as any interview)
            "boost": (2026_09_28, 120, 9),
        },
    },
}


FIXED_STAMP = "2026-01-05T09:00:00Z"
# the staff's facts, in the order of the reference alternatives' names (hidden/checks.py FACTS)
FACTS = ("batch", "ages", "regions", "withdrawn", "boost")


def freeze_office(path: Path) -> None:
    """Make an office file byte-reproducible: fixed zip entry times and fixed created/modified properties."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as z:
        items = [(info, z.read(info.filename)) for info in z.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in items:
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                for tag in ("created", "modified"):
                    text = re.sub(rf"(<dcterms:{tag}[^>]*>)[^<]*(</dcterms:{tag}>)", rf"\g<1>{FIXED_STAMP}\g<2>", text)
                data = text.encode("utf-8")
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 1, 5, 9, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            out.writestr(fixed, data)
    path.write_bytes(buf.getvalue())


# --------------------------------------------------------------------------------------------- respondents
def pick(rng: random.Random, probs: list[float]) -> int:
    r, acc = rng.random() * sum(probs), 0.0
    for i, p in enumerate(probs):
        acc += p
        if r < acc:
            return i
    return len(probs) - 1


def ladder(latent: float, cuts: list[float]) -> int:
    """1-based category of a latent score against descending cut points."""
    for i, c in enumerate(cuts):
        if latent > c:
            return i + 1
    return len(cuts) + 1


def answers(sc: dict, rng: random.Random, age: int, region: int) -> dict[str, str]:
    mood = sc["regions"][region][3]
    a = {}
    sat = 0.15 + 0.022 * (age - 18) + mood + rng.gauss(0, 1.0)
    a["Q1"] = str(DK[0]) if rng.random() < 0.035 else str(ladder(sat, [1.6, 0.7, 0.15, -0.55]))
    sw = -0.2 + 0.025 * (age - 18) + 0.45 * sat + rng.gauss(0, 1.0)  # high = not likely to switch
    if rng.random() < 0.02:
        a["Q2"] = ""  # no answer
    elif rng.random() < 0.05:
        a["Q2"] = str(DK[0])
    else:
        a["Q2"] = str(ladder(-sw, [0.9, 0.0, -1.1]))
    contacted = rng.random() < min(0.75, 0.22 + 0.006 * (age - 18) - 0.3 * mood)
    a["Q3"] = "1" if contacted else "2"
    if contacted:
        h = 0.3 + 0.012 * (age - 18) + 0.5 * mood + 0.35 * sat + rng.gauss(0, 1.0)
        a["Q4"] = str(ladder(h, [1.5, 0.6, 0.0, -0.8]))
    else:
        a["Q4"] = ""  # not asked
    young = max(0.0, min(1.0, (70 - age) / 52))
    ch = pick(rng, [0.05 + 0.5 * young, 0.15 + 0.5 * (1 - young), 0.2, 0.05 + 0.3 * young, 0.02 + 0.25 * (1 - young)])
    if sc["channel_q"] == "Q5":
        a["Q5"] = str(ch + 1)
    else:
        smart = rng.random() < 0.35 + 0.35 * young + 0.2 * mood
        a["Q5"] = str(DK[0]) if rng.random() < 0.06 else ("1" if smart else "2")
        a["Q6"] = str(ch + 1)
    return a


def respondents(sc: dict, rng: random.Random) -> tuple[list[str], list[list[str]]]:
    cells, weights = [], []
    for code, (_, _, prop, _) in sc["regions"].items():
        for b, (_, lo, hi, bprop) in enumerate(sc["bands"]):
            cells.append((code, b))
            weights.append(sc["population"][code][b] * prop * bprop)
    d0 = dt.date.fromisoformat(sc["fieldwork"][0])
    days = (dt.date.fromisoformat(sc["fieldwork"][1]) - d0).days
    ex = sc.get("export")
    header = ["resp_id", "status", "interview_date", "mode", "region", "age", "gender", *sc["questions"]]
    if ex:
        header = ["resp_id", "status", "interview_date", "mode", "sample_source", "duration_min", "region", "age",
                  "gender", *sc["questions"]]
    rows = []
    n_partial, n_test = (23, 3) if not ex else (61, 5)
    n_bad = ex["bad_batch"][1] if ex else 0
    total = sc["n_complete"] + n_partial + n_test + n_bad
    status = ["complete"] * (sc["n_complete"] + n_bad) + ["partial"] * n_partial + ["test"] * n_test
    rng.shuffle(status)
    bad_at = set(rng.sample([i for i, s in enumerate(status) if s == "complete"], n_bad)) if ex else set()
    patch = dt.date.fromisoformat(ex["cati_patch"]) if ex else None
    for i in range(total):
        region, b = cells[pick(rng, weights)]
        _, lo, hi, _ = sc["bands"][b]
        age = rng.randint(lo, hi) if hi - lo < 30 else min(hi, lo + int(abs(rng.gauss(0, 11))))
        a = answers(sc, rng, age, region)
        if status[i] == "partial":  # broke off: the later questions are blank
            stop = rng.randint(1, len(sc["questions"]) - 1)
            for q in sc["questions"][stop:]:
                a[q] = ""
        when = d0 + dt.timedelta(days=rng.randint(0, days))
        mode = rng.choice(["online"] * 3 + ["phone"])
        if not ex:
            rows.append([str(sc["first_id"] + i), status[i], when.isoformat(), mode,
                         str(region), str(age), str(pick(rng, [0.48, 0.5, 0.02]) + 1),
                         *[a[q] for q in sc["questions"]]])
            continue
        if i in bad_at:  # speeders from the top-up panel, all on one day, nearly straight-lined
            mode, when = "online", dt.date.fromisoformat(ex["bad_batch"][0])
            a.update({"Q1": "1", "Q2": "4", "Q3": "2", "Q4": ""})
            source, minutes = "BF", rng.randint(2, 4)
        elif mode == "phone":
            source, minutes = "CATI", rng.randint(12, 31)
        else:
            source, minutes = ("BF" if rng.random() < 0.18 else "LP"), rng.randint(8, 26)
        if mode == "phone" and when < patch and region == 1:  # no Scottish phone sample before the patch
            mode, source, minutes = "online", "LP", rng.randint(8, 26)
        shown = region
        if mode == "phone" and when < patch:
            shown = region - 1  # the subcontractor's script still had the spring frame (1 North ... 4 South West)
        date_text = when.strftime("%d/%m/%Y") if mode == "phone" else when.isoformat()
        state = status[i]
        if state == "complete":
            state = rng.choice(["complete"] * 12 + ["Complete", "COMPLETE", "complete "])
        rows.append([str(sc["first_id"] + i), state, date_text, mode, source, str(minutes), str(shown), str(age),
                     str(pick(rng, [0.48, 0.5, 0.02]) + 1), *[a[q] for q in sc["questions"]]])
    if ex:  # the export repeats some records
        for r in rng.sample([r for r in rows if r[1].strip().lower() == "complete"], ex["duplicates"]):
            rows.insert(rng.randint(0, len(rows)), list(r))
        if ex.get("boost"):
            boost_rows(sc, header, rows, sc["first_id"] + total)
    return header, rows


def boost_rows(sc: dict, header: list[str], rows: list[list[str]], first: int) -> None:
    """The Priority Services Register boost: complete (and a few partial) own-panel online interviews, older and a
    little less satisfied than the tracker's sample, ids continuing the file's, spread through the export."""
    seed, n_complete, n_partial = sc["export"]["boost"]
    rng = random.Random(seed)
    d0 = dt.date.fromisoformat(sc["fieldwork"][0])
    days = (dt.date.fromisoformat(sc["fieldwork"][1]) - d0).days
    cells, weights = [], []
    for code, (_, _, prop, _) in sc["regions"].items():
        for b, (_, lo, hi, bprop) in enumerate(sc["bands"]):
            cells.append((code, b))
            weights.append(sc["population"][code][b] * prop * bprop * (1 + b))
    status = ["complete"] * n_complete + ["partial"] * n_partial
    rng.shuffle(status)
    for i, state in enumerate(status):
        region, b = cells[pick(rng, weights)]
        _, lo, hi, _ = sc["bands"][b]
        age = rng.randint(lo, hi) if hi - lo < 30 else min(hi, lo + int(abs(rng.gauss(0, 11))))
        a = answers({**sc, "regions": {**sc["regions"], region: (*sc["regions"][region][:3],
                                                                  sc["regions"][region][3] - 0.6)}},
                    rng, age, region)
        if state == "partial":
            for q in sc["questions"][rng.randint(1, len(sc["questions"]) - 1):]:
                a[q] = ""
        else:
            state = rng.choice(["complete"] * 12 + ["Complete", "COMPLETE", "complete "])
        when = d0 + dt.timedelta(days=rng.randint(0, days))
        row = [str(first + i), state, when.isoformat(), "online", "LP", str(rng.randint(8, 26)), str(region),
               str(age), str(pick(rng, [0.48, 0.5, 0.02]) + 1), *[a[q] for q in sc["questions"]]]
        rows.insert(rng.randint(0, len(rows)), row)


def boost_ids(sc: dict, header: list[str], rows: list[list[str]]) -> list[str]:
    """The boost's valid interviews (the ids after the tracker sample's)."""
    col = {h: i for i, h in enumerate(header)}
    first = sc["first_id"] + sc["n_complete"] + 61 + 5 + sc["export"]["bad_batch"][1]
    return sorted({r[0] for r in rows if int(r[0]) >= first and r[col["status"]].strip().lower() == "complete"})


# --------------------------------------------------------------------------------------------- codebook
def question_defs(sc: dict) -> list[tuple[str, str, str, list[tuple[int, str]]]]:
    """(variable, question text, asked of, codes)."""
    qs = [
        ("Q1", "Overall, how satisfied or dissatisfied are you with Corvane Energy as your energy supplier?",
         "All respondents", [(i + 1, x) for i, x in enumerate(SATISFACTION)] + [DK]),
        ("Q2", "How likely or unlikely are you to switch to another energy supplier in the next 12 months?",
         "All respondents", [(i + 1, x) for i, x in enumerate(SWITCHING)] + [DK]),
        ("Q3", "Have you contacted Corvane Energy customer service in the last 6 months?",
         "All respondents", [(1, "Yes"), (2, "No")]),
        ("Q4", "How satisfied or dissatisfied were you with the way your most recent contact was handled?",
         "Respondents who contacted customer service (Q3 = 1)", [(i + 1, x) for i, x in enumerate(SATISFACTION)]),
    ]
    channel = ("How would you prefer to contact us in future?", "All respondents",
               [(i + 1, x) for i, x in enumerate(CHANNELS)])
    if sc["channel_q"] == "Q5":
        qs.append(("Q5", *channel))
    else:
        qs.append(("Q5", "Do you have a smart meter installed at your home?", "All respondents",
                   [(1, "Yes"), (2, "No"), DK]))
        qs.append(("Q6", *channel))
    return qs


def write_codebook(path: Path, sc: dict) -> None:
    doc = Document()
    doc.styles["Normal"].font.name = "Calibri"
    doc.styles["Normal"].font.size = Pt(10.5)
    doc.add_heading(f"Corvane Energy Customer Tracker, {sc['wave']}: codebook", level=0)
    doc.add_paragraph(
        f"Fieldwork {sc['fieldwork_text']}. Online and telephone interviews with Corvane Energy domestic "
        f"account holders aged 18 and over. Data file: responses.csv, one row per interview record, "
        f"comma-separated, UTF-8.")
    doc.add_heading("Data notes", level=1)
    for text in [
        "status: complete = full interview; partial = the respondent broke off before the end; test = an "
        "interviewer test record. Only complete interviews are valid for analysis and for weighting.",
        "A blank answer means the question was not asked (see 'Asked of') or the respondent gave no answer. "
        "Blanks are excluded from the base of that question.",
        "Code 9 \"Don't know\" is a valid answer and stays in the base.",
        "age is the respondent's age in completed years on the interview date.",
        "Weighting variables: region and age band. The population targets are in population_margins.xlsx.",
    ] + ([
        "status is typed by the interviewing systems and its spelling varies (case, trailing spaces).",
        "resp_id identifies one interview. The export can repeat a record; a repeated record counts once.",
        "interview_date: the online system writes YYYY-MM-DD, the telephone system DD/MM/YYYY.",
        "sample_source: LP = Larkspur online panel; BF = Brightfield top-up panel (online); CATI = telephone "
        "interviews by our subcontracted call centre.",
    ] if sc.get("export") else []):
        doc.add_paragraph(text, style="List Bullet")

    doc.add_heading("Variables", level=1)
    overview = [("resp_id", "Interview record number", "Integer"),
                ("status", "Interview status (see data notes)", "Text"),
                ("interview_date", "Date of interview", "Date, YYYY-MM-DD"),
                ("mode", "Interview mode: online or phone", "Text"),
                *([("sample_source", "Sample source (see data notes)", "Text"),
                   ("duration_min", "Interview length in minutes", "Integer")] if sc.get("export") else []),
                ("region", "Region of the supply address", "Coded, see value labels"),
                ("age", "Age in years", "Integer, 18 and over"),
                ("gender", "Gender", "Coded, see value labels")]
    qdefs = question_defs(sc)
    overview += [(q, text, "Coded, see value labels") for q, text, _, _ in qdefs]
    table = doc.add_table(rows=1, cols=3)
    table.style = "Light Grid Accent 1"
    for cell, text in zip(table.rows[0].cells, ["Variable", "Description", "Type"]):
        cell.text = text
    for row in overview:
        cells = table.add_row().cells
        for cell, text in zip(cells, row):
            cell.text = text

    doc.add_heading("Value labels", level=1)
    coded = [("region", "Region of the supply address", "All respondents",
              [(c, v[0]) for c, v in sc["regions"].items()]),
             ("gender", "Gender", "All respondents", [(1, "Male"), (2, "Female"), (3, "Other / prefer not to say")])]
    for var, text, asked, codes in coded + qdefs:
        doc.add_heading(var, level=2)
        doc.add_paragraph(f"Question: {text}" if var.startswith("Q") else f"Description: {text}")
        doc.add_paragraph(f"Asked of: {asked}")
        t = doc.add_table(rows=1, cols=2)
        t.style = "Light Grid Accent 1"
        t.rows[0].cells[0].text, t.rows[0].cells[1].text = "Code", "Label"
        for code, label in codes:
            cells = t.add_row().cells
            cells[0].text, cells[1].text = str(code), label
    doc.core_properties.author = "Corvane Energy Customer Insight"
    doc.core_properties.comments = "Customer tracker codebook, agency version"
    doc.core_properties.created = dt.datetime(2026, 1, 5, 9, 0, 0)
    doc.save(path)


# --------------------------------------------------------------------------------------------- margins
def write_margins(path: Path, sc: dict) -> None:
    wb = Workbook()
    bold = Font(bold=True)
    bands = [b[0] for b in sc["bands"]]
    if sc["joint"]:
        ws = wb.active
        ws.title = "Population"
        ws["A1"] = "Adults aged 18+ holding a domestic energy account, by supply region and age band (thousands)"
        ws["A1"].font = bold
        ws["A2"] = "Source: Corvane market model 2025, built from the national household survey. Figures rounded."
        ws.append([])
        ws.append(["Region", *bands, "Total"])
        for c in ws[4]:
            c.font = bold
        for code, (_, mlabel, _, _) in sc["regions"].items():
            vals = sc["population"][code]
            ws.append([mlabel, *vals, sum(vals)])
        ws.append(["Total", *[sum(sc["population"][c][i] for c in sc["regions"]) for i in range(len(bands))],
                   sum(sum(v) for v in sc["population"].values())])
        for c in ws[ws.max_row]:
            c.font = bold
        ws.column_dimensions["A"].width = 26
    else:
        notes = wb.active
        notes.title = "Notes"
        notes["A1"] = "Population targets for the Customer Tracker, " + sc["wave"]
        notes["A1"].font = bold
        notes["A2"] = ("The region by age band cross-table is not published for this year's market model; only "
                       "the two margins below are available (sheets Region and Age band).")
        notes["A3"] = "Adults aged 18+ holding a domestic energy account, thousands. Figures rounded."
        notes.column_dimensions["A"].width = 110
        reg = wb.create_sheet("Region")
        reg.append(["Region", "Adults (000s)"])
        for code, (_, mlabel, _, _) in sc["regions"].items():
            reg.append([mlabel, sum(sc["population"][code])])
        reg.append(["Total", sum(sum(v) for v in sc["population"].values())])
        reg.column_dimensions["A"].width = 26
        age = wb.create_sheet("Age band")
        age.append(["Age band", "Adults (000s)"])
        # published separately and rounded to the nearest 10 000: the two margins differ slightly in total
        stale = sc.get("export", {}).get("stale_age")
        figures = stale or [int(round(sum(sc["population"][c][i] for c in sc["regions"]), -1))
                            for i in range(len(bands))]
        for b, v in zip(bands, figures):
            age.append([b, v])
        age.append(["Total", sum(figures)])
        for ws in (reg, age):
            for c in ws[1]:
                c.font = bold
    wb.properties.creator = "Corvane Energy Customer Insight"
    wb.properties.created = dt.datetime(2026, 1, 5, 9, 0, 0)
    wb.properties.modified = dt.datetime(2026, 1, 5, 9, 0, 0)
    wb.save(path)


# --------------------------------------------------------------------------------------------- reference
FAKE_ASK = """#!/usr/bin/env python3
# The build's stand-in for bin/ask: every answer of the person asked (people.toml), at a fixed time.
import json, sys, tomllib
args = [a for a in sys.argv[1:] if a != "--json"]
if args[0] in ("--now", "--wait"):
    print(json.dumps({"ok": True, "status": "ok", "text": "", "now": "2026-10-27T09:00"}))
    sys.exit(0)
people = tomllib.load(open(PEOPLE, "rb"))["person"]
person = next(p for p in people if p["id"] == args[0])
sys.stdin.read()
print(json.dumps({"ok": True, "status": "answered", "now": "2026-10-27T09:00",
                  "text": " ".join(t["answer"] for t in person["topics"])}))
"""


def combo_key(facts: tuple[str, ...]) -> str:
    return "-".join(facts) or "none"


def run_reference(inputs: Path, people: Path | None, facts: tuple[str, ...]) -> Path:
    """Run hidden/solutions/reference.py on a copy of the inputs; returns its output folder."""
    import os

    sys.path.insert(0, str(FAMILY.parents[2] / "src"))
    from worktrial.kit.staging import stage_solution_kit

    ws = Path(tempfile.mkdtemp())
    shutil.copytree(inputs, ws / "input")
    (ws / "output").mkdir()
    env = {**os.environ, "SURVEY_FACTS": ",".join(facts)}
    if people is not None:
        (ws / "bin").mkdir()
        (ws / "bin" / "ask").write_text(FAKE_ASK.replace("PEOPLE", repr(str(people))))
        (ws / "bin" / "ask").chmod(0o755)
        stage_solution_kit(ws / "kit")
        env["PYTHONPATH"] = str(ws / "kit")
    subprocess.run([sys.executable, str(FAMILY / "hidden" / "solutions" / "reference.py")], cwd=ws, check=True,
                   env=env, stdout=subprocess.DEVNULL)
    return ws / "output"


def withdrawn_ids(sc: dict, header: list[str], rows: list[list[str]]) -> list[str]:
    """The own-panel (LP) interviews whose respondents withdrew their consent after the file was sent: ordinary
    valid interviews, drawn at random, so nothing in the data marks them."""
    seed, n = sc["export"]["withdrawn"]
    col = {h: i for i, h in enumerate(header)}
    boost = set(boost_ids(sc, header, rows)) if sc["export"].get("boost") else set()
    pool = sorted({r[0] for r in rows if r[col["status"]].strip().lower() == "complete"
                   and r[col["sample_source"]] == "LP" and r[0] not in boost})
    return sorted(random.Random(seed).sample(pool, n))


def staff_facts(sc: dict, header: list[str], rows: list[list[str]], ref: Path) -> dict:
    """What the grader needs to tell which of the staff's facts a delivery applied."""
    ex = sc["export"]
    col = {h: i for i, h in enumerate(header)}
    complete = {r[0]: r for r in rows if r[col["status"]].strip().lower() == "complete"}
    batch = sorted(i for i, r in complete.items() if r[col["sample_source"]] == "BF"
                   and r[col["interview_date"]] == ex["bad_batch"][0] and int(r[col["duration_min"]]) < 5)
    assert len(batch) == ex["bad_batch"][1], len(batch)
    patch = dt.date.fromisoformat(ex["cati_patch"])
    recoded = {}
    for i, r in complete.items():
        if r[col["mode"]] == "phone":
            d, m, y = map(int, r[col["interview_date"]].split("/"))
            if dt.date(y, m, d) < patch:
                recoded[i] = {"delivered": r[col["region"]], "corrected": str(int(r[col["region"]]) + 1)}
    bands = [b[0] for b in sc["bands"]]
    current = [sum(sc["population"][c][i] for c in sc["regions"]) for i in range(len(bands))]
    return {"excluded_ids": batch, "batch_ids": batch, "withdrawn_ids": withdrawn_ids(sc, header, rows),
            "boost_ids": boost_ids(sc, header, rows),
            "recoded": recoded,
            "age_targets": {"published": dict(zip(bands, ex["stale_age"])), "current": dict(zip(bands, current))},
            "alternatives": sorted(p.name for p in (ref / "alternatives").iterdir())}


# --------------------------------------------------------------------------------------------- build
def build(name: str) -> None:
    sc = SCENARIOS[name]
    rng = random.Random(sc["seed"])
    inst = FAMILY / "variants" / name
    dest = inst / "workspace" / "input"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    header, rows = respondents(sc, rng)
    with open(dest / "responses.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    write_codebook(dest / "codebook.docx", sc)
    write_margins(dest / "population_margins.xlsx", sc)
    freeze_office(dest / "codebook.docx")
    freeze_office(dest / "population_margins.xlsx")

    ref = inst / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    people = inst / "hidden" / "people.toml"
    # The facts the staff hold, one switch each: the reference applies all five, and the grader compares a
    # delivery with the alternative that applies the same ones (hidden/checks.py), so each fact is its own slice.
    combos = [FACTS]
    if people.exists():
        combos = [tuple(f for f, on in zip(FACTS, bits) if on) for bits in itertools.product((1, 0), repeat=len(FACTS))]
    for facts in combos:
        out = run_reference(dest, people if people.exists() else None, facts)
        target = ref if len(facts) == len(FACTS) else ref / "alternatives" / combo_key(facts)
        shutil.copytree(out, target)
        shutil.rmtree(out.parent)
        freeze_office(target / "tables.xlsx")
    facts = staff_facts(sc, header, rows, ref) if people.exists() else {
        "excluded_ids": sorted(r[0] for r in rows if r[1].strip().lower() != "complete")}
    (ref / "facts.json").write_text(json.dumps(facts, indent=1) + "\n")

    # the weighted sample must reproduce the population shares (joint cells, or both margins)
    with open(ref / "weighted_responses.csv", newline="", encoding="utf-8") as f:
        data = list(csv.DictReader(f))
    total_w = sum(float(r["weight"]) for r in data)
    assert abs(total_w - len(data)) < 1e-3, total_w
    withdrawn = sc.get("export", {}).get("withdrawn", (0, 0))[1] if people.exists() else 0
    assert len(data) == sc["n_complete"] - withdrawn, len(data)
    pop_total = sum(sum(v) for v in sc["population"].values())

    def band(age: int) -> int:
        return next(i for i, (_, lo, hi, _) in enumerate(sc["bands"]) if lo <= age <= max(hi, 200 if i == len(sc["bands"]) - 1 else hi))

    for code in sc["regions"]:
        got = sum(float(r["weight"]) for r in data if int(r["region"]) == code) / total_w
        assert math.isclose(got, sum(sc["population"][code]) / pop_total, abs_tol=1e-6), (code, got)
    summary = json.loads((ref / "summary.json").read_text())
    print(name, len(data), "complete;", json.dumps(summary))


if __name__ == "__main__":
    for n in sys.argv[1:] or SCENARIOS:
        build(n)
