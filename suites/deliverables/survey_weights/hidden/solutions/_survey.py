"""Shared by the shortcut scripts: read the codebook and responses, write the three deliverables."""

import csv
import json
import re
from pathlib import Path

from docx import Document
from docx.table import Table
from docx.text.paragraph import Paragraph
from openpyxl import Workbook

IN, OUT = Path("input"), Path("output")


def codebook():
    doc = Document(IN / "codebook.docx")
    codes, current = {}, None
    for child in doc.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            p = Paragraph(child, doc)
            if p.style is not None and p.style.name == "Heading 2":
                current = p.text.split()[0]
        elif tag == "tbl" and current:
            rows = [[c.text.strip() for c in r.cells] for r in Table(child, doc).rows]
            codes[current] = [(r[0], r[1]) for r in rows[1:]]
            current = None
    return codes


def responses(only_complete=True):
    with open(IN / "responses.csv", newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if not only_complete or r["status"] == "complete"]
        return list(reader.fieldnames), rows


def deliver(header, rows, weights, codes, method):
    """Weighted file, long table and summary from the given weights."""
    with open(OUT / "weighted_responses.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header + ["weight"])
        for r, wt in zip(rows, weights):
            w.writerow([r[h] for h in header] + [f"{wt:.6f}"])
    wb = Workbook()
    ws = wb.active
    ws.title = "Tables"
    ws.append(["question", "answer", "region", "weighted_pct", "base_n"])
    topline = {}
    for q in [v for v in codes if re.fullmatch(r"Q\d+", v)]:
        for code, label in codes["region"] + [(None, "Total")]:
            base = [(r[q], wt) for r, wt in zip(rows, weights) if (code is None or r["region"] == code) and r[q]]
            bw = sum(wt for _, wt in base)
            for a, alabel in codes[q]:
                pct = 100 * sum(wt for x, wt in base if x == a) / bw if bw else 0
                ws.append([q, alabel, label, round(pct, 2), len(base)])
                if q == "Q1" and code is None:
                    topline[alabel] = round(pct, 2)
    wb.save(OUT / "tables.xlsx")
    vals = list(topline.values())
    ess = sum(weights) ** 2 / sum(w * w for w in weights)
    summary = {"key_question": "Q1", "method": method, "n_complete": len(rows),
               "effective_sample_size": round(ess, 2), "design_effect": round(len(rows) / ess, 4),
               "topline": topline, "net_satisfaction": round(vals[0] + vals[1] - vals[3] - vals[4], 2)}
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2))
