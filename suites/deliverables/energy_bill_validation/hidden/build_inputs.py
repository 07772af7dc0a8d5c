"""Writes every instance's inputs (the site list, the contract and its price schedules, the DNO's charging statement
extract, the half-hourly data of both collectors, Brightwater's bill data file and PDF invoices, e-mails) and its
reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The world (`_energy_bill_validation_model.py`, `_energy_bill_validation_billing.py`) decides every half hour's
consumption, what each invoice line should be and what Brightwater billed, and from both the validation register as
it really is. After writing the files this script runs hidden/solutions/reference.py on them (handing it the staff's
answers directly, `KNOWN`, for the hard instance; in a trial it asks for them) and asserts that the reference,
reading only the files, reaches the world's register and totals; and that, asking nobody, it reaches the register
the world gives without the staff's facts.
"""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import tempfile
from decimal import Decimal as D
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _energy_bill_validation_billing as bl
import _energy_bill_validation_files as fl
import _energy_bill_validation_sites as st
import _energy_bill_validation_texts as tx
from _energy_bill_validation_issues import issues_for

FAMILY = Path(__file__).resolve().parent.parent
RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals=json.loads(sys.argv[2]), run_name='__main__')"
OUTPUTS = ("validation_register.csv", "totals.json", "note_to_finance_director.md")


def staff_facts(w: bl.World) -> dict:
    f = w.inst.facts
    if not f:
        return {}
    cr = bl.credited_line(w)
    return {
        "capacity_reduced": {
            "from": f["capacity_reduced"]["from"].isoformat(),
            "sites": dict(f["capacity_reduced"]["sites"]),
        },
        "bakery_cca": {
            "site": f["bakery_cca"]["site"],
            "from": f["bakery_cca"]["from"].isoformat(),
            "share": float(f["bakery_cca"]["share"]),
        },
        "invoice_credited": {"invoice": cr[0].number, "charge": f["invoice_credited"]["charge"]},
        "v2_concession": {"from": f["v2_concession"]["from"].isoformat(), "sites": list(f["v2_concession"]["sites"])},
        "thornbury_cca": {
            "site": f["thornbury_cca"]["site"],
            "from": f["thornbury_cca"]["from"].isoformat(),
            "share": float(f["thornbury_cca"]["share"]),
        },
        "flats_let": {"site": f["flats_let"]["site"], "from": f["flats_let"]["from"].isoformat()},
        "llfc_reallocated": {
            "site": f["llfc_reallocated"]["site"],
            "from": f["llfc_reallocated"]["from"].isoformat(),
            "llfc": f["llfc_reallocated"]["llfc"],
        },
    }


def write_inputs(inp: Path, w: bl.World) -> None:
    inst = w.inst
    q = "2026Q4" if inst.hard else "2026Q1"
    tx.write_site_list(inp / "site_list.xlsx", w)
    (inp / "contract").mkdir()
    tx.write_contract(inp / "contract" / "Electricity_Supply_Agreement_BWE-HFL-2025-014.docx", inst)
    tx.write_schedules(inp / "contract", inst)
    (inp / "dno").mkdir()
    tx.write_statement(inp / "dno" / f"VWD_charging_statement_{inst.year}_extract.xlsx", inst)
    hh = inp / "hh_data"
    hh.mkdir()
    wide = [c for c in inst.sites if st.site(inst, c).fmt == "wide"]
    long_ = [c for c in inst.sites if st.site(inst, c).fmt == "long"]
    until, since = {}, {}
    if inst.switch:
        code, start, end = inst.switch
        until[code], since[code] = end, start
        long_.append(code)
    fl.write_wide(hh / f"meterwise_hh_export_{q}.csv", w, wide, until)
    months = [m for _, m in inst.months]
    if inst.hard:
        for m in months:
            fl.write_long(
                hh / f"pulse_amr_{inst.months[0][0]}-{m:02d}.csv", w, long_, [m], since, mangle=m == months[-1]
            )
    else:
        fl.write_long(hh / f"pulse_amr_export_{q}.csv", w, long_, months, since)
    inv = inp / "invoices"
    (inv / "pdf").mkdir(parents=True)
    csv_invoices = [i for i in w.invoices if i.source == "csv"]
    repeat = [i.number for i in csv_invoices if (i.code, i.month) in (("S05", 11), ("S07", 11), ("S04", 2))]
    fl.write_bill_file(inv / f"brightwater_bill_data_{q}.csv", w, csv_invoices, repeat)
    for i in w.invoices:
        if i.source == "pdf":
            fl.write_invoice_pdf(inv / "pdf" / f"Brightwater_{i.number}.pdf", w, i)
    tx.write_emails(inp / "emails", w)


def _rows(path: Path) -> dict[tuple[str, str], dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return {(r["invoice_no"], r["charge"]): r for r in csv.DictReader(f)}


def check(name: str, w: bl.World, out: Path, facts: dict, label: str) -> None:
    want = {(r.invoice_no, r.charge): r for r in bl.register(w, facts)}
    got = _rows(out / "validation_register.csv")
    bad = [f"{k}: missing" for k in want if k not in got] + [f"{k}: extra {got[k]}" for k in got if k not in want]
    for k in set(want) & set(got):
        r, g = want[k], got[k]
        if (
            abs(D(g["billed_gbp"]) - r.billed) > D("0.005")
            or abs(D(g["expected_gbp"]) - r.expected) > D("0.02")
            or g["cause"] != r.cause
            or g["site_code"] != r.site_code
        ):
            bad.append(f"{k}: world {r.billed} {r.expected} {r.cause}, reference {g}")
    tot = json.loads((out / "totals.json").read_text(encoding="utf-8"))
    ref = bl.totals(list(want.values()), w.inst.sites)
    for key in ("total_overbilled_gbp", "total_underbilled_gbp"):
        if abs(tot[key] - ref[key]) > 0.05:
            bad.append(f"{key}: world {ref[key]}, reference {tot[key]}")
    assert not bad, f"{name} ({label}): world and reference disagree:\n" + "\n".join(sorted(bad)[:40])


def run_reference(inp: Path, init: dict, dest: Path | None = None) -> Path:
    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(inp, tmp / "input")
    (tmp / "output").mkdir()
    script = str(FAMILY / "hidden/solutions/reference.py")
    subprocess.run([sys.executable, "-c", RUN, script, json.dumps(init)], cwd=tmp, check=True)
    if dest is not None:
        for f in OUTPUTS:
            shutil.copy(tmp / "output" / f, dest / f)
    return tmp / "output"


def build(name: str) -> None:
    inst = st.INSTANCES[name]
    w = bl.simulate(inst)
    root = FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    inp.mkdir(parents=True)
    write_inputs(inp, w)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(issues_for(w), indent=2) + "\n", encoding="utf-8")
    facts = staff_facts(w)
    run_reference(inp, {"KNOWN": facts}, ref)
    check(name, w, ref, inst.facts, "with the staff's facts")
    if inst.hard:
        alone = run_reference(inp, {"ASK": False})
        check(name, w, alone, {}, "asking nobody")
        people_file = root / "hidden" / "people.toml"
        people = people_file.read_text(encoding="utf-8") if people_file.exists() else ""
        cr = bl.credited_line(w)
        for needle in (cr[0].number, f"£{cr[1]:,.2f}"):
            if needle not in people:
                print(f"WARNING people.toml does not give {needle}")
    rows = bl.register(w, inst.facts)
    tot = bl.totals(rows, inst.sites)
    print(
        f"{name}: {len(w.invoices)} invoices, {len(rows)} register rows, overbilled {tot['total_overbilled_gbp']:,.2f}"
        f", underbilled {tot['total_underbilled_gbp']:,.2f}"
    )


def main() -> None:
    for name in st.INSTANCES:
        build(name)


if __name__ == "__main__":
    main()
