"""Writes every instance's inputs (the contract particulars, the Contract Sum Analysis, the site measurement records,
the variation register and daywork sheets, materials on and off site, the Contractor's Interim Application No. 12,
the previous valuation, the notices and the e-mails) and its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The story (`_construction_valuation_story.py`, `_construction_valuation_model.py`) decides the project as it really
stands and what the contract and the Act make of it (`expected`). This script writes the files the way the client's
people produced them, then runs hidden/solutions/reference.py on them (handing it the staff's answers directly,
`KNOWN`, for the hard instance; in a trial it asks for them) and asserts that the reference, reading only the files,
reaches the story's valuation line by line and figure by figure.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _construction_valuation_files as files
import _construction_valuation_papers as papers
from _construction_valuation_docs import write_emails
from _construction_valuation_story import INSTANCES, application, build_project, expected
from _construction_valuation_texts import issues_for, mails_for

FAMILY = Path(__file__).resolve().parent.parent
RUN = (
    "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, "
    "run_name='__main__')"
)
OUTPUTS = ("valuation.csv", "valuation.json", "note_to_commercial_director.md")


def write_inputs(inp: Path, p, app: dict) -> None:
    rng = random.Random(p.inst["seed"] + 3)
    contract_sum = round(sum(x.amount for x in p.prelims) + sum(i.amount for i in p.items), 2)
    papers.write_particulars(inp / "contract" / "contract_particulars_and_amendments.docx", p, contract_sum)
    files.write_csa(inp / "contract" / "contract_sum_analysis.xlsx", p, rng)
    papers.write_bonds_register(inp / "contract" / "bonds_and_insurances_register.docx", p)
    papers.write_notices(inp / "contract" / "notices", p)
    files.write_measurements(inp / "measurement", p, rng)
    files.write_prelims_status(inp / "measurement" / "preliminaries_status_25-03-2026.csv", p)
    files.write_variation_measures(inp / "measurement" / "variation_measures.csv", p)
    files.write_register(inp / "variations" / "variation_register.xlsx", p, app["variations"], rng)
    papers.write_dayworks(inp / "variations" / "dayworks", p)
    files.write_materials(inp / "site" / "materials_on_site_25-03-2026.csv", p, rng)
    papers.write_offsite(inp / "offsite", p, rng)
    papers.write_application(inp / "application" / "Interim_Application_12_Brackenridge.pdf", p, app)
    files.write_previous(inp / "valuations" / "valuation_11_employer.xlsx", p, rng)
    write_emails(inp / "emails", mails_for(p, app))


def close(a, b, tol: float) -> bool:
    return isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) <= tol


def check_reference(name: str, exp: dict, ref: Path) -> None:
    bad = []
    import csv

    with open(ref / "valuation.csv", newline="", encoding="utf-8") as f:
        got = {r["ref"]: r for r in csv.DictReader(f)}
    for line in exp["lines"]:
        r = got.get(line["ref"])
        if r is None or abs(float(r["value"]) - line["value"]) > 0.011:
            bad.append(f"line {line['ref']}: story {line['value']}, reference {r and r['value']}")
    if len(got) != len(exp["lines"]):
        bad.append(f"{len(got)} lines in the reference, {len(exp['lines'])} in the story")
    res = json.loads((ref / "valuation.json").read_text(encoding="utf-8"))

    def walk(want, have, path):
        if isinstance(want, dict):
            for k, v in want.items():
                walk(v, have.get(k) if isinstance(have, dict) else None, f"{path}.{k}")
        elif isinstance(want, (bool, str)):
            if have != want:
                bad.append(f"{path}: story {want!r}, reference {have!r}")
        elif not close(have, want, 0.011):
            bad.append(f"{path}: story {want}, reference {have}")

    walk({k: v for k, v in exp.items() if k not in ("lines", "half_rate_value")}, res, "valuation")
    assert not bad, f"{name}: story and reference disagree:\n" + "\n".join(bad[:40])


def build(name: str) -> None:
    inst = INSTANCES[name]
    root = FAMILY / "variants" / name  # no family-level inputs: a variant overlays them file by file
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    p = build_project(name)
    exp = expected(p)
    app = application(p)
    write_inputs(inp, p, app)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(issues_for(p, exp), indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        known = json.dumps({**p.facts, "today": inst["today"].isoformat()})
        subprocess.run([sys.executable, "-c", RUN, script, known], cwd=ws, check=True)
        for f in OUTPUTS:
            shutil.copy(ws / "output" / f, ref / f)
    check_reference(name, exp, ref)
    if inst["hard"]:  # the staff's answers carry what the story decided
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        deed = inst["deed"]
        want = [
            "12 March 2026",
            "CVI-07",
            "30 of the 48",
            "£11,225",
            "B/3/02",
            "B/3/03",
            "min = 4.3",
            f"£{deed['sum']:,.0f} in full and final settlement",
            f"as V{deed['variation']:02d}",
            f"to {deed['completion'].day} {deed['completion']:%B %Y}",
            "The Block A tower crane hasn't come down",
            *(f"({ref}), went into administration" for ref in inst["insolvent"]),
            f"£{inst['contra']['sum']:,.0f}, as a contra-charge",
            f"£{inst['loss_expense']['sum']:,.0f} of the",
            f"as V{inst['loss_expense']['variation']:02d}",
        ]
        missing = [w for w in want if w not in people]
        assert not missing, f"people.toml does not say {missing}"
    print(
        f"{name}: {len(exp['lines'])} lines, gross £{exp['gross_valuation']:,.2f}, amount due "
        f"£{exp['amount_due']:,.2f}, payable £{exp['sum_payable']:,.2f}"
    )


def main() -> None:
    for name in sys.argv[1:] or INSTANCES:
        build(name)


if __name__ == "__main__":
    main()
