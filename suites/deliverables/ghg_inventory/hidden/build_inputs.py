"""Writes every instance's inputs (site register, policy, factor workbooks, bills, fuel cards, refrigerant log,
certificates, e-mails) and its reference outputs.

Deterministic: the same code writes the same bytes (fixed seeds, fixed document timestamps). Run with a Python that
has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The story (`_ghg_inventory_story.py`, `_ghg_inventory_estate.py`) decides every record and knows which of them count
and why; `expected()` turns them into the inventory. After writing the files this script runs
hidden/solutions/reference.py on them (handing it the staff's answers directly, `KNOWN`, for the hard instance; in a
trial the reference asks for them) and asserts that the reference, reading only the files, reaches the story's
inventory.
"""

from __future__ import annotations

import csv
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _ghg_inventory_estate import INSTANCES, build_world
from _ghg_inventory_files import (
    write_bills,
    write_certificates,
    write_factors,
    write_fuel,
    write_refrigerant_log,
    write_site_register,
)
from _ghg_inventory_story import World, expected
from _ghg_inventory_texts import issues_for, write_emails, write_policy

FAMILY = Path(__file__).resolve().parent.parent
RUN = ("import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, "
       "run_name='__main__')")
OUTPUTS = ("inventory.csv", "totals.json", "note_to_audit_committee.md")


def staff_facts(w: World) -> dict:
    if not w.facts:
        return {}
    c, lk, t = w.facts["control_end"], w.facts["leak"], w.facts["tariff_lapsed"]
    return {"control_end": {"site": c["site"], "end": c["end"].isoformat()},
            "leak": {"site": lk["site"], "when": lk["when"].isoformat(), "gas": lk["gas"], "kg": lk["kg"]},
            "tariff_lapsed": {"supplier": t["supplier"], "end": t["end"].isoformat()},
            "bulk_fuel": dict(w.facts["bulk_fuel"]),
            "extra_site": dict(w.facts["extra_site"])}


def write_inputs(inp: Path, w: World) -> None:
    rng = random.Random(len(w.name) * 7919)
    write_site_register(inp / "site_register.xlsx", w, rng)
    (inp / "policy").mkdir()
    write_policy(inp / "policy" / "ghg_reporting_policy.docx")
    (inp / "factors").mkdir()
    write_factors(inp / "factors" / "Group_EF_workbook_2026_v1.3_FINAL.xlsx", "1.3", "14 March 2026", "Final")
    write_factors(inp / "factors" / "Group_EF_workbook_2026.xlsx", "2.0", "12 January 2027",
                  "Issued - supersedes version 1.3 (grid electricity, residual mix and diesel corrected)")
    (inp / "utilities").mkdir()
    write_bills(inp / "utilities", w, rng)
    (inp / "fleet").mkdir()
    write_fuel(inp / "fleet", w, rng)
    (inp / "refrigerants").mkdir()
    write_refrigerant_log(inp / "refrigerants" / "refrigerant_service_log_2026.xlsx", w, rng)
    (inp / "certificates").mkdir()
    write_certificates(inp / "certificates" / "green_tariff_certificates_2026.pdf", w)
    write_emails(inp / "emails", w, fair=not w.facts)


def check_reference(name: str, w: World, ref: Path) -> None:
    want = {(r["site_id"], r["scope"], r["source"]): r for r in expected(w)}
    with open(ref / "inventory.csv", newline="", encoding="utf-8") as f:
        got = {(r["site_id"], r["scope"], r["source"]): r for r in csv.DictReader(f)}
    bad = [f"{k}: missing" for k in want if k not in got] + [f"{k}: extra" for k in got if k not in want]
    for k in set(want) & set(got):
        for col in ("activity_value", "tco2e"):
            a, b = float(want[k][col]), float(got[k][col])
            if abs(a - b) > max(0.002, 1e-6 * abs(a)):
                bad.append(f"{k} {col}: story {a:.3f}, reference {b:.3f}")
    assert not bad, f"{name}: story and reference disagree:\n" + "\n".join(sorted(bad)[:40])


def build(name: str) -> None:
    w = build_world(name)
    root = FAMILY if name == "base" else FAMILY / "variants" / name
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
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(w))], cwd=ws, check=True)
        for f in OUTPUTS:
            shutil.copy(ws / "output" / f, ref / f)
    check_reference(name, w, ref)
    totals = json.loads((ref / "totals.json").read_text(encoding="utf-8"))
    print(f"{name}: {len(w.sites)} sites, {len(w.bills)} bills, {len(w.fuel)} fuel lines, {len(w.jobs)} jobs; "
          f"scope 1 {totals['scope1_tco2e']:.1f} t, scope 2 location {totals['scope2_location_tco2e']:.1f} t, "
          f"market {totals['scope2_market_tco2e']:.1f} t")


def main() -> None:
    for name in INSTANCES:
        build(name)


if __name__ == "__main__":
    main()
