"""Writes every instance's inputs (the HR master, the payroll elements export, the Hull bureau's payslips, the bonus
ledger, the leave register, the non-payroll workers, the flex timesheets, the two pay element mappings, last year's
report, the e-mails) and its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx and openpyxl:

    python hidden/build_inputs.py

The story (`_gender_pay_gap_model.py`, `_gender_pay_gap_pay.py`) decides every person and payment and the figures the
Regulations make of them. The script then runs hidden/solutions/reference.py on the written files (handing it the
staff's answers directly, `KNOWN`, in the hard instance) and asserts that the reference, reading only the files,
reaches the story's figures and every person's row; that each staff fact moves the headline figures; that the
quartile boundaries fall between different hourly rates; and that people.toml gives the story's facts.
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
sys.path.insert(1, str(Path(__file__).resolve().parents[4] / "src"))
import _gender_pay_gap_files as files
import _gender_pay_gap_model as model
import _gender_pay_gap_texts as texts
from _gender_pay_gap_docs import write_emails

from worktrial.kit.overlay import overlay_leaks

FAMILY = Path(__file__).resolve().parent.parent
HEADLINE = ("mean_hourly_pay_gap_pct", "median_hourly_pay_gap_pct", "mean_bonus_gap_pct", "median_bonus_gap_pct")

INSTANCES: dict[str, dict] = {
    "base": {
        "seed": 27,
        "hard": False,
        "id_start": 10040,
        "families": {
            "ops": 213,
            "flex": 40,
            "driver": 80,
            "tl": 40,
            "planner": 28,
            "cs": 55,
            "office": 40,
            "sales": 16,
            "senior": 14,
        },
        "history_rows": 10,
        "old_rate": 5,
        "ex_agency": 6,
        "leave": {"ssp": 10, "smp": 5, "mat_full": 3, "upl": 4, "shpp": 1, "hol": 14, "csp": 2},
        "hull": 20,
        "hull_women": 5,
        "owner_drivers": 14,
        "agency": 40,
        "leavers": 15,
        "starters": 6,
        "ltip": 6,
        "ltip_women": 1,
        "ltip_only": 1,
        "vouchers": 34,
        "dup_site": "DON",
        "last_report": {
            "mean": 9.8,
            "median": 7.4,
            "bmean": 21.6,
            "bmedian": -18.0,
            "bm": 71.2,
            "bf": 80.5,
            "published": "28 April 2026",
        },
    },
    "april_2026": {
        "seed": 1,
        "hard": True,
        "id_start": 20110,
        "families": {
            "ops": 300,
            "flex": 60,
            "driver": 110,
            "tl": 55,
            "planner": 40,
            "cs": 75,
            "office": 55,
            "sales": 22,
            "senior": 18,
        },
        "history_rows": 14,
        "old_rate": 7,
        "ex_agency": 6,
        "leave": {"ssp": 14, "smp": 7, "mat_full": 4, "upl": 5, "shpp": 1, "hol": 20, "csp": 3},
        "hull": 34,
        "hull_women": 8,
        "owner_drivers": 26,
        "agency": 64,
        "leavers": 22,
        "starters": 9,
        "ltip": 9,
        "ltip_women": 2,
        "ltip_only": 3,
        "vouchers": 48,
        "dup_site": "DON",
        "last_report": {
            "mean": 10.4,
            "median": 8.1,
            "bmean": 24.9,
            "bmedian": -21.3,
            "bm": 73.5,
            "bf": 81.0,
            "published": "28 April 2026",
        },
    },
}

RUN = (
    "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, "
    "run_name='__main__')"
)
OUTPUTS = ("gpg_figures.json", "gpg_employees.csv", "note_to_hr_director.md")


def staff_facts(story: model.Story) -> dict:
    """The staff's answers in the form the reference keeps them (the hard instance; the fair one's are in e-mails)."""
    f = story.facts
    return {
        "ltip": dict(f["ltip"]),
        "normanton_hours": f["normanton_hours"],
        "owner_drivers": True,
        "hull_women": list(f["hull_women"]),
    }


def write_inputs(story: model.Story, inp: Path) -> None:
    rng = random.Random(story.inst["seed"] + 1)
    for sub in ("hr", "payroll", "bonus", "reports"):
        (inp / sub).mkdir(parents=True, exist_ok=True)
    files.write_hr_master(inp / "hr" / "HR_master_export_2026-04-07.xlsx", story, rng)
    files.write_leave(inp / "hr" / "leave_register_2026-03_to_2026-04.xlsx", story, rng)
    files.write_non_payroll(inp / "hr" / "non_payroll_workers_April2026.xlsx", story, rng)
    files.write_timesheets(inp / "hr" / "flex_timesheets_WE11-01-2026_to_WE12-04-2026.csv", story, rng)
    files.write_payroll(inp / "payroll" / "payroll_elements_April2026.csv", story, rng)
    files.write_bureau(inp / "payroll" / "Hull_bureau_payslips_P3_P4_2026.xlsx", story, rng)
    texts.write_mappings(inp / "payroll")
    files.write_bonus_ledger(inp / "bonus" / "bonus_ledger_2025-26.csv", story, rng)
    texts.write_last_report(inp / "reports" / "Gender_pay_gap_report_2025_as_published.pdf", story)
    write_emails(inp / "emails", texts.mails_for(story))


def check_design(name: str, story: model.Story, full: dict) -> list[str]:
    bad = []
    fig = full["figures"]
    if fig["full_pay_relevant_employees"] % 4:
        bad.append(f"full-pay relevant employees {fig['full_pay_relevant_employees']} not divisible by 4")
    ranked = sorted(r["hourly_rate_exact"] for r in full["rows"].values() if r["full_pay"])
    n = len(ranked)
    for i in (n // 4, n // 2, 3 * n // 4):
        if abs(ranked[i] - ranked[i - 1]) < 1e-6:
            bad.append(f"quartile boundary at {i} falls inside a tie ({ranked[i]:.4f})")
    if story.inst["hard"]:
        for fact in model.FACTS:
            other = model.truth(story, tuple(x for x in model.FACTS if x != fact))["figures"]
            moved = max(abs(other[k] - fig[k]) for k in HEADLINE)
            if moved < 0.5:
                bad.append(f"withholding {fact} moves no headline figure by 0.5 points ({moved:.2f})")
    return bad


def build(name: str, inst: dict) -> None:
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    story = model.simulate(inst)
    full = model.truth(story)
    bad = check_design(name, story, full)
    write_inputs(story, inp)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(texts.issues_for(story), indent=2) + "\n", encoding="utf-8")
    known = staff_facts(story) if inst["hard"] else None
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        if known is None:
            subprocess.run([sys.executable, script], cwd=ws, check=True)
        else:
            subprocess.run([sys.executable, "-c", RUN, script, json.dumps(known)], cwd=ws, check=True)
        for f in OUTPUTS:
            shutil.copy(ws / "output" / f, ref / f)
    got = json.loads((ref / "gpg_figures.json").read_text(encoding="utf-8"))
    for k, want in full["figures"].items():
        if got.get(k) != want:
            bad.append(f"{k}: story {want}, reference {got.get(k)}")
    with open(ref / "gpg_employees.csv", newline="", encoding="utf-8") as f:
        rows = {r["employee_id"]: r for r in csv.DictReader(f) if r["relevant"] == "yes"}
    for eid, t in full["rows"].items():
        r = rows.get(eid)
        if r is None:
            bad.append(f"{eid} missing from the reference")
            continue
        if (r["full_pay"] == "yes") != t["full_pay"] or r["gender"] != t["gender"]:
            bad.append(f"{eid}: full pay or gender differ")
        if t["full_pay"] and abs(float(r["hourly_rate"]) - t["hourly_rate"]) > 0.005:
            bad.append(f"{eid}: hourly story {t['hourly_rate']}, reference {r['hourly_rate']}")
        if abs(float(r["bonus_12m"]) - t["bonus_12m"]) > 0.005:
            bad.append(f"{eid}: bonus story {t['bonus_12m']}, reference {r['bonus_12m']}")
    if len(rows) != len(full["rows"]):
        bad.append(f"reference has {len(rows)} relevant rows, the story {len(full['rows'])}")
    if inst["hard"]:
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        f = story.facts
        wants = [f"£{v:,.2f}" for v in f["ltip"].values()] + list(f["hull_women"])
        wants += [
            "37.5 hours",
            "contract personally to do work",
            f"{len(f['owner_drivers'])} owner-drivers",
            f"{f['hull_count']} Hull staff",
        ]
        bad += [f"people.toml does not say {w}" for w in wants if w not in people]
    assert not bad, f"{name}: design or reference disagree:\n" + "\n".join(bad[:40])
    print(f"{name}: {fig_line(got)}")


def fig_line(g: dict) -> str:
    return (
        f"{g['relevant_employees']} relevant, {g['full_pay_relevant_employees']} full pay; hourly gap mean "
        f"{g['mean_hourly_pay_gap_pct']}% median {g['median_hourly_pay_gap_pct']}%; bonus gap mean "
        f"{g['mean_bonus_gap_pct']}% median {g['median_bonus_gap_pct']}%; bonus M {g['male_bonus_pct']}% F "
        f"{g['female_bonus_pct']}%"
    )


def check_overlay() -> None:
    """The fair instance's files must each be replaced in the hard ones, or they would reach their workspaces."""
    for name in INSTANCES:
        leak = overlay_leaks(FAMILY, name) if name != "base" else []
        assert not leak, f"{name}: the fair instance's files would reach its workspace: {leak}"


def main() -> None:
    for name, inst in INSTANCES.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        build(name, inst)
    check_overlay()


if __name__ == "__main__":
    main()
