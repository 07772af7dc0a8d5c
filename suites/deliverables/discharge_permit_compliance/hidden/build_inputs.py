"""Writes every instance's inputs (the LIMS export, the sampling calendar and invalidation log, the agency's audit
results and guidance, the permits with a reissue and a variation, the flow workbook, the e-mails and, in the fair
instance, the agency's storm letter) and its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The generator (`_discharge_permit_compliance_model.py`) decides every sample as its laboratory reported it and the
truth of whether each result is a valid compliance result. The build assesses the truth with the reference's own
rules (`solutions/dpc_assess.py`), runs hidden/solutions/reference.py on the written files (handing it the staff's
answers directly, `KNOWN`, in the hard instance) and asserts that the reference, reading only the files, reaches the
truth result for result and condition for condition; that every staff fact of the hard instance moves the headline
(the reference run again with each one withheld); that no decision hangs on a hair (annual averages and measured
DWFs at least 1 % from their limits); and that people.toml says what the story decided.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

HIDDEN = Path(__file__).resolve().parent
FAMILY = HIDDEN.parent
sys.path[:0] = [str(HIDDEN), str(HIDDEN / "solutions"), str(FAMILY.parents[2] / "src")]

import _discharge_permit_compliance_files as files  # noqa: E402
import _discharge_permit_compliance_model as model  # noqa: E402
import _discharge_permit_compliance_texts as texts  # noqa: E402
import dpc_assess as ax  # noqa: E402
from _discharge_permit_compliance_docs import write_emails  # noqa: E402
from _discharge_permit_compliance_issues import issues  # noqa: E402
from _discharge_permit_compliance_story import Limits  # noqa: E402
from _discharge_permit_compliance_works import INSTANCES  # noqa: E402

RUN = (
    "import json, runpy, sys; k = json.loads(sys.argv[2]); "
    "runpy.run_path(sys.argv[1], init_globals={'KNOWN': k}, run_name='__main__')"
)
OUTPUTS = (
    "conditions_assessment.csv",
    "sample_register.csv",
    "compliance_summary.json",
    "note_to_head_of_compliance.md",
)
FACTS = {
    "lapse": ("lapse",),
    "storm": ("storm",),
    "decisions": ("decisions",),
    "fe2": ("fe2_from",),
    "withdrawn": ("withdrawn",),
    "meter": ("meter",),
    "unlogged": ("unlogged",),
    "appeal": ("appeal",),
    "incident": ("incident",),
}


def staff_facts(story: model.Story) -> dict:
    """The staff's answers as the reference reads them (hard instance only)."""
    inst = story.inst
    if not inst["hard"]:
        return {}
    lapse = inst["lapse"]
    fe2 = next(t for w in inst["works"] for t in w.tweaks if t[0] == "fe2")
    return {
        "lapse": {"dets": list(lapse["dets"]), "start": lapse["start"].isoformat(), "end": lapse["end"].isoformat()},
        "storm": sorted(s.sid for s in story.samples if s.storm),
        "incident": sorted(s.sid for s in story.samples if s.incident),
        "decisions": {
            r.inv_ref: r.outcome.split(":")[1]
            for s in story.samples
            for r in s.results.values()
            if r.outcome.startswith("pending")
        },
        "fe2_from": fe2[2].isoformat(),
        "withdrawn": sorted(s.sid for s in story.samples for r in s.results.values() if r.provisional),
        "meter": next({"works": w.code, "factor": w.flow["meter"]} for w in inst["works"] if w.flow["meter"]),
        "appeal": {
            r.inv_ref: "accepted"
            for s in story.samples
            for r in s.results.values()
            if r.status == "INVALID" and r.outcome.endswith(":appeal")
        },
        "unlogged": next(
            {"works": w.code, "spills": [[d.isoformat(), v] for d, v in w.flow["unlogged"]]}
            for w in inst["works"]
            if w.flow["unlogged"]
        ),
    }


def _spills(unlogged: dict) -> list[str]:
    """How the Capital Delivery Manager names each spill the telemetry missed: "on 15 September at 31.0 l/s"."""
    out = []
    for d, v in unlogged["spills"]:
        day = date.fromisoformat(d)
        out.append(f"on {day.day} {day.strftime('%B')} at {v:.1f} l/s")
    return out


def _lim(lim: Limits) -> dict:
    return {
        "BOD": lim.bod,
        "SS": lim.ss,
        "NH3": lim.nh3,
        "TP": lim.tp,
        "FE": lim.fe,
        "dwf": lim.dwf,
        "fft": lim.fft,
        "required": lim.required,
    }


def truth_assessment(story: model.Story) -> tuple[list, dict, list]:
    inst = story.inst
    truth = model.register(story)
    rows = []
    by = {(s.sid, d): s.results[d] for s in story.samples for d in s.results}
    for t in truth:
        if t["counted"]:
            rows.append(
                {
                    "works_id": t["works_id"],
                    "sampled_on": date.fromisoformat(t["sampled_on"]),
                    "determinand": t["determinand"],
                    "result_mg_l": t["result_mg_l"],
                    "below_lod": by[(t["sample_id"], t["determinand"])].below_lod,
                }
            )
    permits = {}
    for w in inst["works"]:
        permits[w.code] = [(date(2025, 1, 1), _lim(w.limits))]
        if w.variation:
            permits[w.code].append((w.variation[0], _lim(w.variation[1])))
    flows = {}
    for w in inst["works"]:
        sp = [
            (x.outlet, x.flow * 1000 / 3600 if x.units == "m3/h" else x.flow) for x in story.spills if x.works == w.code
        ]
        flows[w.code] = {"volumes": [(d, v, q.lower()) for d, v, q in story.volumes[w.code]], "spills": sp}
    known = staff_facts(story)
    flows = ax.corrected(flows, known.get("meter"), known.get("unlogged"))
    planned = {k: len(v) for k, v in story.plan.items()}
    conditions, summary = ax.assess(rows, permits, flows, planned)
    return conditions, summary, truth


def write_inputs(inp: Path, story: model.Story) -> dict:
    inst = story.inst
    hard = inst["hard"]
    rng = random.Random(inst["seed"] + 7)
    area = inst["area"].lower()
    for sub in ("lims", "sampling", "regulator", "permits", "flows", "emails"):
        (inp / sub).mkdir(parents=True)
    names = {"lims": f"lims/LIMS_final_effluent_2025_{area}.csv"}
    files.write_lims(inp / names["lims"], story, hard, rng)
    files.write_calendar(inp / "sampling/sampling_calendar_2025.csv", story)
    files.write_invalidations(inp / "sampling/invalidation_requests_2025.xlsx", story, hard)
    files.write_flows(inp / f"flows/flow_data_2025_{area}.xlsx", story, hard, rng)
    files.write_audit_pdf(inp / f"regulator/REA_audit_results_2025_{area}.pdf", story, hard)
    texts.guidance(inp / "regulator/REA_WQ-OG-417_assessing_compliance_v3.1.pdf")
    if inst["storm"]["in_files"]:
        texts.storm_letter(inp / f"regulator/REA_letter_storm_{inst['storm']['name'].split()[-1]}.pdf", story)
    for w in inst["works"]:
        stem = f"{w.permit_no.replace('/', '-')}_{w.name.replace(' ', '_')}"
        year = w.issued.split()[-1]
        replaces = ""
        if w.superseded:
            version, issued, old = w.superseded
            texts.permit(inp / f"permits/{stem}_{version}.docx", w, old, issued)
            replaces = f"This permit replaces the permit issued on {issued}."
        texts.permit(inp / f"permits/{stem}_{year}.docx", w, w.limits, w.issued, replaces)
        if w.variation:
            texts.variation(inp / f"permits/{w.variation[2].replace('/', '-')}_variation_notice.docx", w)
    write_emails(inp / "emails", texts.mails(story, names))
    return names


def compare(ws: Path, conditions: list, summary: dict, truth: list) -> list[str]:
    import csv

    bad = []
    with open(ws / "output/sample_register.csv", encoding="utf-8") as f:
        got = {(r["sample_id"], r["determinand"]): r for r in csv.DictReader(f)}
    for t in truth:
        g = got.pop((t["sample_id"], t["determinand"]), None)
        if g is None:
            bad.append(f"register: {t['sample_id']} {t['determinand']} missing")
            continue
        if (g["counted"] == "yes") != t["counted"]:
            bad.append(f"register: {t['sample_id']} {t['determinand']} counted {g['counted']}, truth {t}")
        if t["result_mg_l"] is not None and abs(float(g["result_mg_l"]) - t["result_mg_l"]) > 1e-3:
            bad.append(f"register: {t['sample_id']} {t['determinand']} {g['result_mg_l']} vs {t['result_mg_l']}")
    bad += [f"register: {k} not in the truth" for k in got]
    with open(ws / "output/conditions_assessment.csv", encoding="utf-8") as f:
        rows = {(r["works_id"], r["determinand"], r["condition"], r["valid_from"]): r for r in csv.DictReader(f)}
    for c in conditions:
        g = rows.pop((c["works_id"], c["determinand"], c["condition"], c["valid_from"]), None)
        if g is None or g["compliant"] != c["compliant"] or str(g["samples"]) != str(c["samples"]):
            bad.append(f"conditions: {c} vs {g}")
    bad += [f"conditions: {k} not in the truth" for k in rows]
    ref = json.loads((ws / "output/compliance_summary.json").read_text(encoding="utf-8"))
    if ref != json.loads(json.dumps(summary)):
        bad.append(f"summary differs: {ref['determinands']} vs {summary['determinands']}")
    return bad


def check_margins(conditions: list) -> list[str]:
    bad = []
    for c in conditions:
        near = c["statistic"] is not None and abs(c["statistic"] - c["limit"]) < 0.01 * c["limit"]
        if c["condition"] in ("annual_average", "dwf") and near:
            bad.append(f"{c['works_id']} {c['condition']} {c['statistic']} within 1 % of {c['limit']}")
    return bad


def run_reference(inp: Path, known: dict) -> tuple[Path, Path]:
    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(inp, tmp / "input")
    (tmp / "output").mkdir()
    script = str(HIDDEN / "solutions/reference.py")
    subprocess.run([sys.executable, "-c", RUN, script, json.dumps(known)], cwd=tmp, check=True)
    return tmp, tmp / "output"


def build(name: str, inst: dict) -> None:
    root = FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    story = model.simulate(inst)
    write_inputs(inp, story)
    conditions, summary, truth = truth_assessment(story)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    known = staff_facts(story)
    tmp, out = run_reference(inp, known)
    bad = compare(tmp, conditions, summary, truth) + check_margins(conditions)
    for f in OUTPUTS:
        shutil.copy(out / f, ref / f)
    shutil.rmtree(tmp)
    (ref / "issues.json").write_text(json.dumps(issues(story, conditions), indent=2) + "\n", encoding="utf-8")
    if inst["hard"]:
        for fact, keys in FACTS.items():
            tmp, out = run_reference(inp, {k: v for k, v in known.items() if k not in keys})
            other = json.loads((out / "compliance_summary.json").read_text(encoding="utf-8"))
            shutil.rmtree(tmp)
            if other["failing_works"] == summary["failing_works"]:
                bad.append(f"withholding {fact} does not change the failing works")
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        for needle in [
            *known["storm"],
            *known["decisions"],
            *known["withdrawn"],
            *known["incident"],
            "from 1 to 30 September 2025",
            "from 1 October 2025",
            f"{model.fe2_count(story)} compliance samples",
            f"multiplied by {known['meter']['factor']:g}",
            *_spills(known["unlogged"]),
        ]:
            if needle not in people:
                bad.append(f"people.toml does not say {needle!r}")
    assert not bad, f"{name}: build checks failed:\n" + "\n".join(bad[:40])
    n = sum(len(s.results) for s in story.samples)
    print(
        f"{name}: {len(inst['works'])} works, {len(story.samples)} samples, {n} results, "
        f"{summary['works_compliant']} works compliant, failing {summary['failing_works']}"
    )


def main() -> None:
    for name in sys.argv[1:] or INSTANCES:
        build(name, INSTANCES[name])


if __name__ == "__main__":
    main()
