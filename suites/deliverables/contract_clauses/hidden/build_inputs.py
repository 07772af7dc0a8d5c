"""Builds every instance of contract_clauses: the contracts and playbook in workspace/input/, the answers in
hidden/reference/. Deterministic: run it again and the files come out byte for byte the same.

    python hidden/build_inputs.py            (from the family folder or anywhere; needs python-docx, openpyxl,
                                              pypdf and LibreOffice's soffice on PATH)
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import openpyxl
from _contract_clauses_docs import FIXED, _fixed_zip, contract_doc, docx_to_pdf, playbook_doc, save_docx
from _contract_clauses_instances import BASE, BASE_PLAYBOOK, SPRING, SPRING_COPIES, SPRING_PLAYBOOK
from _contract_clauses_model import Contract, Playbook, cap_value, key_terms, notice_days, risks, tfc_value

FAMILY = Path(__file__).resolve().parent.parent
HEADERS = [
    "contract_id",
    "counterparty",
    "governing_law",
    "term_months",
    "renewal",
    "notice_days",
    "liability_cap",
    "termination_for_convenience",
]


def write_reference(contracts: list[Contract], pb: Playbook, ref: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "Halvergate Foods Legal"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Clauses"
    ws.append(HEADERS)
    for c in sorted(contracts, key=lambda c: c.reg_id):
        t = c.effective
        ws.append(
            [
                c.reg_id,
                c.party,
                c.governing,
                t.term_months,
                t.renewal,
                notice_days(t),
                cap_value(c, pb.eur_rate),
                tfc_value(t),
            ]
        )
    buf = io.BytesIO()
    wb.save(buf)
    (ref / "clauses.xlsx").write_bytes(_fixed_zip(buf.getvalue()))
    with open(ref / "risks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["contract_id", "rule_id", "finding"])
        for c in sorted(contracts, key=lambda c: c.reg_id):
            w.writerows(risks(c, pb))
    (ref / "key_terms.json").write_text(json.dumps(key_terms(contracts), indent=2) + "\n", encoding="utf-8")


def build(instance: str, contracts: list[Contract], pb: Playbook, copies: dict[str, str] | None = None) -> None:
    """`copies`: file name -> the file of a contract that procurement sent twice (the same bytes)."""
    root = FAMILY / "variants" / instance
    inp = root / "workspace" / "input"
    ref = root / "hidden" / "reference"
    for folder in (inp, ref):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    (inp / "contracts").mkdir()
    save_docx(playbook_doc(pb), inp / "playbook.docx")
    for c in contracts:
        d = contract_doc(c)
        if c.pdf:
            docx_to_pdf(d, inp / "contracts" / c.file)
        else:
            save_docx(d, inp / "contracts" / c.file)
    for name, original in (copies or {}).items():
        (inp / "contracts" / name).write_bytes((inp / "contracts" / original).read_bytes())
    write_reference(contracts, pb, ref)


def main() -> None:
    build("base", BASE, BASE_PLAYBOOK)
    build("spring", SPRING, SPRING_PLAYBOOK, SPRING_COPIES)
    for instance in ("base", "spring"):
        ref = FAMILY / "variants" / instance / "hidden" / "reference"
        print(instance, (ref / "risks.csv").read_text().count("\n") - 1, "risks")


if __name__ == "__main__":
    main()
