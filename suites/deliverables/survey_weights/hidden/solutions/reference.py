"""Reference solution: weight the complete interviews to the population by region and age band, tabulate
every question by region, and summarise the key question.

Post-stratification (cell weighting) when the margins workbook has the full region x age band table,
raking (iterative proportional fitting) to the two margins when it has only those. Weights are scaled to a
mean of 1. Records the export repeats count once. Where the client's staff can be asked (bin/ask), the anomalies
in the data are put to whoever holds the answer: a one-day cluster of very short top-up panel interviews, margins
whose totals disagree, and telephone interviews whose regions never include the last code; and before finalising,
the agency is asked whether anything has changed since it sent the file, and the client whether every interview in
the file is in the tracker's scope. Runs with cwd /workspace; standard
library, python-docx, openpyxl and the solution kit only.

SURVEY_FACTS (build only) limits which of the staff's facts are applied ("batch,ages,regions,withdrawn,boost" by default;
the build uses it to make the graded alternatives), and SURVEY_ASK=0 asks nobody.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

from docx import Document
from docx.table import Table
from docx.text.paragraph import Paragraph
from openpyxl import Workbook, load_workbook

IN, OUT = Path("input"), Path("output")
OUT.mkdir(exist_ok=True)
KEY_QUESTION = "Q1"
APPLY = set(os.environ.get("SURVEY_FACTS", "batch,ages,regions,withdrawn,boost").split(","))
ASK = os.environ.get("SURVEY_ASK", "1") != "0" and Path("bin/ask").exists()
if ASK:
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit


def ask(person: str, question: str, away: tuple[str, ...] = ()) -> str:
    reply = kit.ask_when_in(person, question, list(away))
    return reply.text if reply.answered else ""


def norm(label) -> str:
    text = str(label or "").replace("&", " and ").replace("\u2019", "'").casefold()
    return " ".join(text.split())


# ------------------------------------------------------------------------------------------------ codebook
doc = Document(IN / "codebook.docx")
codes: dict[str, list[tuple[str, str]]] = {}
current = None
for child in doc.element.body.iterchildren():
    tag = child.tag.rsplit("}", 1)[-1]
    if tag == "p":
        p = Paragraph(child, doc)
        if p.style is not None and p.style.name.casefold() == "heading 2" and p.text.strip():
            current = p.text.split()[0]
    elif tag == "tbl" and current is not None:
        rows = [[c.text.strip() for c in r.cells] for r in Table(child, doc).rows]
        codes[current] = [(r[0], r[1]) for r in rows[1:] if r and r[0]]
        current = None
regions = codes["region"]                                   # [(code, label)] in codebook order
questions = [v for v in codes if re.fullmatch(r"Q\d+", v)]

# ------------------------------------------------------------------------------------------------ responses
with open(IN / "responses.csv", newline="", encoding="utf-8-sig") as f:
    reader = csv.DictReader(f)
    header = list(reader.fieldnames or [])
    rows, seen = [], set()
    for r in reader:
        if r["status"].strip().lower() == "complete" and r["resp_id"].strip() not in seen:
            seen.add(r["resp_id"].strip())
            rows.append(r)


def day_of(text: str) -> dt.date:
    text = text.strip()
    if re.fullmatch(r"\d{1,2}/\d{1,2}/\d{4}", text):
        d, m, y = map(int, text.split("/"))
        return dt.date(y, m, d)
    return dt.date.fromisoformat(text)


# A one-day cluster of very short top-up panel interviews: ask the agency whether they passed its checks.
if ASK and "sample_source" in header and "duration_min" in header:
    short = [r for r in rows if int(r["duration_min"]) < 5]
    days = defaultdict(list)
    for r in short:
        days[(r["sample_source"], day_of(r["interview_date"]))].append(r)
    if days:
        (source, day), batch = max(days.items(), key=lambda kv: len(kv[1]))
        if len(batch) >= 20:
            text = ask("odile", f"{len(batch)} complete interviews from sample source {source} (Brightfield "
                       f"top-up panel) on {day:%d %B %Y} took under five minutes, with near-identical answers. "
                       "Did they pass your quality checks, or should they be left out?", ("fri",))
            if "batch" in APPLY and re.search(r"rejected|not valid|leave them out", text):
                gone = {id(r) for r in batch}
                rows = [r for r in rows if id(r) not in gone]

# Nothing in the files says what has happened since the agency sent them: ask before finalising.
if ASK and "sample_source" in header:
    text = ask("odile", "Before I finalise the weighting: has anything changed since the file was sent - anything I "
               "should know about the interviews in it?", ("fri",))
    listed = re.search(r"record numbers \(resp_id\):([^.]*)", text)
    if "withdrawn" in APPLY and listed and re.search(r"withdr[ae]w|consent", text):
        withdrawn = set(re.findall(r"\d+", listed.group(1)))
        rows = [r for r in rows if r["resp_id"].strip() not in withdrawn]

# Nothing in the files says the file holds only the tracker's sample: ask the client who commissioned the wave.
if ASK and "sample_source" in header:
    text = ask("priya", "Is every valid interview in the file in scope for the tracker, or does the file also hold "
               "interviews from a boost or another study that should not go into these results?")
    span = re.search(r"resp_id (\d+) to (\d+)", text)
    if "boost" in APPLY and span and re.search(r"boost", text):
        lo, hi = int(span.group(1)), int(span.group(2))
        rows = [r for r in rows if not lo <= int(r["resp_id"]) <= hi]


# ------------------------------------------------------------------------------------------------ targets
def band_range(label: str) -> tuple[int, float]:
    nums = [int(x) for x in re.findall(r"\d+", str(label))]
    if len(nums) >= 2:
        return nums[0], nums[1]
    return nums[0], float("inf")


def is_band(label) -> bool:
    return label is not None and bool(re.match(r"^\s*\d+\s*(\+|[-\u2013\u2014to ]+\s*\d+|and over|or over)", str(label)))


wb = load_workbook(IN / "population_margins.xlsx", data_only=True)
joint: dict[tuple[str, str], float] = {}
region_margin: dict[str, float] = {}
age_margin: dict[str, float] = {}
for ws in wb.worksheets:
    grid = [list(r) for r in ws.iter_rows(values_only=True)]
    for i, row in enumerate(grid):
        first = norm(row[0]) if row and row[0] is not None else ""
        if first not in ("region", "age band", "age"):
            continue
        head = row[1:]
        band_cols = [(j + 1, str(h)) for j, h in enumerate(head) if is_band(h)]
        for body in grid[i + 1:]:
            if not body or body[0] is None or norm(body[0]) in ("", "total"):
                if body and body[0] is None:
                    break
                continue
            if first == "region" and band_cols:
                for j, b in band_cols:
                    joint[(norm(body[0]), b)] = float(body[j])
            elif first == "region":
                region_margin[norm(body[0])] = float(body[1])
            else:
                age_margin[str(body[0])] = float(body[1])
        break

# Margins whose totals disagree by more than their rounding: ask who built the workbook.
if ASK and region_margin and age_margin:
    gap = sum(region_margin.values()) - sum(age_margin.values())
    if abs(gap) > 0.01 * sum(region_margin.values()):
        text = ask("ravi", f"In the population targets workbook the Age band sheet adds up to "
                   f"{sum(age_margin.values()):,.0f} thousand but the Region sheet to "
                   f"{sum(region_margin.values()):,.0f} thousand. Is the Age band sheet from the same market "
                   "model, and which age-band figures should I weight to?", ("mon",))
        found = re.findall(r"(\d+[-\u2013]\d+|\d+\+): ([\d,]+)", text)
        if "ages" in APPLY and len(found) == len(age_margin):
            by_lo = {band_range(b)[0]: b for b in age_margin}
            for band, value in found:
                age_margin[by_lo[band_range(band)[0]]] = float(value.replace(",", ""))

bands = sorted({b for _, b in joint} or set(age_margin), key=lambda b: band_range(b)[0])
label_of = {code: label for code, label in regions}


def band_of(age: int) -> str:
    for b in bands:
        lo, hi = band_range(b)
        if lo <= age <= hi:
            return b
    raise ValueError(f"age {age} is in no band of {bands}")


# Telephone interviews whose regions never include the frame's last code: ask the agency's data processing.
if ASK and "mode" in header and len(regions) >= 3:
    last = regions[-1][0]
    phone = sorted((r for r in rows if r["mode"].strip().lower() == "phone"), key=lambda r: day_of(r["interview_date"]))
    first_last = next((day_of(r["interview_date"]) for r in phone if r["region"].strip() == last), None)
    early = [r for r in phone if first_last and day_of(r["interview_date"]) < first_last]
    if len(early) >= 30:
        text = ask("tomasz", f"None of the {len(early)} telephone interviews before {first_last:%d %B} has region "
                   f"code {last} ({label_of[last]}), and they have more code {regions[0][0]} than the online "
                   "interviews. Did the call centre's script use a different region code frame?")
        m = re.search(r"before (\d{1,2} \w+)", text)
        pairs = re.findall(r"\b(\d) to (\d)\b", text)
        if "regions" in APPLY and m and pairs:
            patch = dt.datetime.strptime(f"{m.group(1)} {first_last.year}", "%d %B %Y").date()
            recode = dict(pairs)
            for r in phone:
                if day_of(r["interview_date"]) < patch:
                    r["region"] = recode.get(r["region"].strip(), r["region"])

cell_of = [(norm(label_of[r["region"].strip()]), band_of(int(r["age"]))) for r in rows]
n = len(rows)

if joint:
    method = "post-stratification"
    pop_total = sum(joint.values())
    count = defaultdict(int)
    for c in cell_of:
        count[c] += 1
    weights = [(joint[c] / pop_total) / (count[c] / n) for c in cell_of]
else:
    method = "raking"
    reg_share = {k: v / sum(region_margin.values()) for k, v in region_margin.items()}
    age_share = {k: v / sum(age_margin.values()) for k, v in age_margin.items()}
    weights = [1.0] * n
    for _ in range(1000):
        for dim, share in ((0, reg_share), (1, age_share)):
            tot = defaultdict(float)
            for c, w in zip(cell_of, weights):
                tot[c[dim]] += w
            s = sum(weights)
            weights = [w * share[c[dim]] * s / tot[c[dim]] for c, w in zip(cell_of, weights)]
        s = sum(weights)
        off = 0.0
        for dim, share in ((0, reg_share), (1, age_share)):
            tot = defaultdict(float)
            for c, w in zip(cell_of, weights):
                tot[c[dim]] += w
            off = max(off, max(abs(tot[k] / s - v) for k, v in share.items()))
        if off < 1e-12:
            break
scale = n / sum(weights)
weights = [w * scale for w in weights]
ess = sum(weights) ** 2 / sum(w * w for w in weights)

# ------------------------------------------------------------------------------------------------ outputs
with open(OUT / "weighted_responses.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(header + ["weight"])
    for r, wt in zip(rows, weights):
        w.writerow([r[h] for h in header] + [f"{wt:.6f}"])

table_rows = []
topline = {}
for q in questions:
    for code, label in regions + [(None, "Total")]:
        members = [(r, wt) for r, wt in zip(rows, weights) if code is None or r["region"].strip() == code]
        base = [(r[q].strip(), wt) for r, wt in members if r[q].strip() != ""]
        base_w = sum(wt for _, wt in base)
        for acode, alabel in codes[q]:
            pct = 100 * sum(wt for a, wt in base if a == acode) / base_w if base_w else 0.0
            table_rows.append([q, alabel, label, round(pct, 4), len(base)])
            if q == KEY_QUESTION and code is None:
                topline[alabel] = round(pct, 4)

out = Workbook()
ws = out.active
ws.title = "Tables"
ws.append(["question", "answer", "region", "weighted_pct", "base_n"])
for r in table_rows:
    ws.append(r)
out.save(OUT / "tables.xlsx")

labels = [label for _, label in codes[KEY_QUESTION]]
satisfied = sum(topline[x] for x in labels if norm(x).endswith(" satisfied") and "dis" not in norm(x))
dissatisfied = sum(topline[x] for x in labels if norm(x).endswith("dissatisfied") and not norm(x).startswith("neither"))
summary = {
    "key_question": KEY_QUESTION,
    "method": method,
    "n_complete": n,
    "effective_sample_size": round(ess, 2),
    "design_effect": round(n / ess, 4),
    "topline": topline,
    "net_satisfaction": round(satisfied - dissatisfied, 4),
}
(OUT / "summary.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
print(json.dumps(summary, ensure_ascii=False))
