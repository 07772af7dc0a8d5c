"""Writes every instance's inputs (the agreements and an amendment, the royalty ledger, the distributor's monthly
reports, the special sales record, the ebook and audio reports, the ebook receipts, the sub-rights register, the
e-mails) and its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The model (`_royalty_statements_model.py`) decides every sale, return and receipt of the half-year and works out the
statements from those events; the files are written the way the client's systems produce them, repeats and layouts
included. The script then runs hidden/solutions/reference.py on the written files (for the hard instance handing it
the staff's answers directly, `KNOWN`) and asserts that the reference, reading only the files, reaches the model's
statements line by line and author by author, and that people.toml gives the figures the model decided.
"""

from __future__ import annotations

import csv
import json
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _royalty_statements_docs as docs  # noqa: E402
import _royalty_statements_files as files  # noqa: E402
from _royalty_statements_catalogue import INSTANCES  # noqa: E402
from _royalty_statements_model import PERIOD_END, World, money, simulate  # noqa: E402
from _royalty_statements_prior import prior  # noqa: E402
from _royalty_statements_texts import issues_for, mails_for  # noqa: E402
from _royalty_statements_truth import statements  # noqa: E402

FAMILY = HERE.parent


def write_inputs(w: World, led: dict, inp: Path) -> None:
    if inp.exists():
        shutil.rmtree(inp)
    (inp / "sales").mkdir(parents=True)
    docs.write_contracts(w, inp / "contracts")
    files.write_ledger(w, led, inp / "royalty_ledger.xlsx")
    files.write_pellham(w, inp / "sales/pellham")
    files.write_special(w, inp / "sales/special_sales_H2_2026.xlsx")
    files.write_inkstream(w, inp / "sales/inkstream_ebook_sales_H2_2026.csv")
    docs.write_pdf(inp / "sales/inkstream_receipts_H2_2026.pdf", files.receipts_lines(w), "Inkstream receipts H2 2026")
    files.write_sonorant(w, inp / "sales/sonorant_audio_H2_2026.csv")
    files.write_register(w, inp / "subrights_income_2026.xlsx")
    (inp / "emails").mkdir()
    for name, frm, to, when, subject, body in mails_for(w.inst):
        docs.write_eml(inp / "emails" / name, frm, to, when, subject, body)


def staff_facts(w: World) -> dict:
    """The staff's answers as the reference reads them (in a trial it asks for them)."""
    facts = w.inst["facts"]
    if not facts:
        return {}
    deals = {g[0]: g for g in w.inst["deals"]}
    wht = facts["withholding"]
    return {
        "consignment": dict(facts["consignment"]["sold"]),
        "withholding": {ref: money(deals[ref][10] * (1 - wht["rate"] / 100)) for ref in wht["refs"]},
        "side_letter": {"agency": "Pym & Hale Associates", "ebook": facts["side_letter"]["ebook"]},
        "returns_credit": {"copies": {s.isbn: (-s.qty, -s.value) for s in w.credit}, "disc": 52.5},
        "late_receipts": {
            g[0]: {"cid": g[1], "right": g[2], "licensee": g[3], "territory": g[4], "gbp": g[10], "received": g[11]}
            for g in facts["late_receipts"]["deals"]
        },
        "remainders": {s.isbn: (s.qty, money(s.value / s.qty)) for s in w.remainder},
        "reserve_policy": {"hold": facts["reserve_policy"]["hold"]},
    }


def run_reference(inp: Path, known: dict) -> dict[str, bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        here = Path.cwd()
        sys.path.insert(0, str(HERE / "solutions"))
        try:
            import os

            os.chdir(ws)
            runpy.run_path(str(HERE / "solutions/reference.py"), init_globals={"KNOWN": known}, run_name="__main__")
        finally:
            os.chdir(here)
            sys.path.remove(str(HERE / "solutions"))
            for mod in ("_royalty_read", "_royalty_note"):
                sys.modules.pop(mod, None)
        return {p.name: p.read_bytes() for p in (ws / "output").iterdir()}


def check(name: str, w: World, truth: dict, out: dict[str, bytes], root: Path) -> None:
    bad = []
    got = {
        (r["contract"], r["isbn"], r["channel"]): (int(r["units"]), float(r["royalty_gbp"]))
        for r in csv.DictReader(out["statement_lines.csv"].decode("utf-8").splitlines())
    }
    for key, (units, roy) in truth["lines"].items():
        g = got.get(key)
        if g is None:
            bad.append(f"{key} missing")
        elif g[0] != units or abs(g[1] - roy) > 0.011:
            bad.append(f"{key}: model {units} {roy}, reference {g}")
    bad += [f"{k} not in the model" for k in got if k not in truth["lines"]]
    totals = json.loads(out["statement_totals.json"])
    for aid, figs in truth["authors"].items():
        for k, v in figs.items():
            g = totals["authors"][aid][k]
            if abs(g - v) > 0.02:
                bad.append(f"{aid} {k}: model {v}, reference {g}")
    if abs(totals["total_payable_gbp"] - truth["total_payable_gbp"]) > 0.05:
        bad.append(f"total payable: model {truth['total_payable_gbp']}, reference {totals['total_payable_gbp']}")
    if (
        w.inst["hard"] and (root / "hidden/people.toml").exists()
    ):  # the staff's answers give the figures the model decided
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        for ref, n in w.inst["facts"]["consignment"]["sold"].items():
            if f"{ref}: {n:,} copies" not in people:
                bad.append(f"people.toml does not give {ref}: {n:,} copies")
        for ref, gbp in staff_facts(w)["withholding"].items():
            if f"{ref}: £{gbp:,.2f}" not in people:
                bad.append(f"people.toml does not give {ref}: £{gbp:,.2f}")
        for s in w.credit:
            if f"({s.isbn}): {-s.qty:,} copies, credit £{-s.value:,.2f}" not in people:
                bad.append(f"people.toml does not give the credit for {s.isbn}: {-s.qty} copies £{-s.value:,.2f}")
        for ref, g in staff_facts(w)["late_receipts"].items():
            if f"{ref} ({w.contracts[g['cid']]['title']}, {g['cid']}): £{g['gbp']:,.2f}" not in people:
                bad.append(f"people.toml does not give {ref}: £{g['gbp']:,.2f}")
        for s in w.remainder:
            if f"({s.isbn}): {s.qty:,} copies at £{s.value / s.qty:,.2f}" not in people:
                bad.append(f"people.toml does not give the remainder of {s.isbn}: {s.qty} copies")
        if "no longer withhold a reserve against returns" not in people:
            bad.append("people.toml does not give the reserve decision")
    assert not bad, f"{name}: model and reference disagree:\n" + "\n".join(bad[:40])


def build(name: str, inst: dict) -> None:
    root = FAMILY / "variants" / name
    w = simulate(name, inst)
    led = prior(w)
    write_inputs(w, led, root / "workspace/input")
    truth = statements(w, led, set(inst["facts"]))
    out = run_reference(root / "workspace/input", staff_facts(w))
    check(name, w, truth, out, root)
    ref = root / "hidden/reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    for fname, data in out.items():
        (ref / fname).write_bytes(data)
    (ref / "issues.json").write_text(
        json.dumps(issues_for(inst), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    n_sales = sum(1 for s in w.sales if s.when <= PERIOD_END and s.source == "pellham")
    print(
        f"{name}: {len(w.contracts)} agreements, {len(w.authors)} authors, {n_sales} Pellham lines, "
        f"{len(truth['lines'])} statement lines, payable £{truth['total_payable_gbp']:,.2f}"
    )


def main() -> None:
    for name, inst in INSTANCES.items():
        build(name, inst)


if __name__ == "__main__":
    main()
