"""Writes every instance's inputs (Carrow Mill's LIMS exports, Oderberg's workbook, the batch register, the
protocol, the evaluation SOP, both specification versions, the e-mails and, in the hard instance, the OOS log) and
its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx and openpyxl:

    python hidden/build_inputs.py

The generator decides every result as the laboratory reported it (`_stability_shelf_life_model.py`) and the clean
series the company's rules make of them. The build reads the written files with the reference's own readers and
asserts they give exactly the generator's series; runs hidden/solutions/reference.py on the files (handing it the
staff's answers directly, `KNOWN`); asserts the outcomes the story needs (which attributes' batches combine, that
the decisions do not hang on a p-value near 0.25 or on the denominator of the intercept test, that the limiting
crossings are not near a whole month) and that people.toml gives the figures the generator decided.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HIDDEN = Path(__file__).resolve().parent
FAMILY = HIDDEN.parent
sys.path[:0] = [str(HIDDEN), str(HIDDEN / "solutions"), str(FAMILY.parents[2] / "src")]

import _stability_shelf_life_files as files  # noqa: E402
import _stability_shelf_life_model as model  # noqa: E402
import _stability_shelf_life_texts as texts  # noqa: E402
import stab_read as rd  # noqa: E402
import stab_stats as st  # noqa: E402
from _stability_shelf_life_instances import INSTANCES  # noqa: E402

RUN = (
    "import json, runpy, sys; k = json.loads(sys.argv[2]); k['closed'] = k.get('closed', []); "
    "runpy.run_path(sys.argv[1], init_globals={'KNOWN': k}, run_name='__main__')"
)
OUTPUTS = ("regression_by_batch.csv", "shelf_life_decision.json", "note_to_qp.md")


def staff_facts(inst: dict, story: dict) -> dict:
    """The staff's answers as the reference reads them (hard instance only)."""
    if not inst["hard"]:
        return {}
    return {
        "closed": [story["oos"]["id"]],
        "invalid": {story["biased"]["batch"]: story["biased"]["retest"]},
        "excluded": [b["batch_id"] for b in inst["batches"] if b.get("old_pack")],
        "rrf": inst["rrf"],
        "total_limit": inst["commitment_total"],
    }


def model_known(inst: dict, story: dict) -> dict:
    known = {"oos_closed": True}
    if inst["hard"]:
        known.update(
            biased=story["biased"],
            rrf=inst["rrf"],
            excluded=[b["batch_id"] for b in inst["batches"] if b.get("old_pack")],
        )
    return known


def write_inputs(inp: Path, inst: dict) -> tuple[list, list, dict]:
    batches, results, story = model.simulate(inst)
    rng = random.Random(inst["seed"] + 1)
    for sub in ("lims", "oderberg", "qa", "specifications", "protocol", "sop", "emails"):
        (inp / sub).mkdir(parents=True)
    names = files.write_lims(inp / "lims", inst, batches, results, rng)
    files.write_oderberg(inp / "oderberg" / "OST20_stability_results_Oderberg.xlsx", inst, batches, results, rng)
    files.write_register(inp / "qa" / "stability_batch_register.xlsx", inst, batches)
    if inst["hard"]:
        files.write_oos_log(inp / "qa" / "oos_oot_log_2025.xlsx", story)
    texts.protocol(inp / "protocol" / "STP-OST-014_stability_protocol_v3.pdf")
    texts.sop(inp / "sop" / "QC-SOP-112_evaluation_of_stability_data_v5.docx")
    texts.spec_current(inp / "specifications" / "SPEC-FP-OST_v4.0.docx", inst["specs"])
    texts.spec_old(inp / "specifications" / "SPEC-FP-OST_v3.0.pdf", inst["specs"])
    from _stability_shelf_life_pdf import write_emails

    write_emails(inp / "emails", texts.mails(inst, story, names))
    return batches, results, story


def check_series(ws: Path, inst: dict, batches: list, results: list, story: dict) -> list[str]:
    """The reference's readers on the written files give the generator's series, value for value."""
    want = model.series(inst, batches, results, model_known(inst, story))
    here = Path.cwd()
    os.chdir(ws)
    try:
        reg = rd.register(rd.INPUT / "qa/stability_batch_register.xlsx")
        rows = rd.all_rows(reg)
        k = staff_facts(inst, story)
        invalid = {(b, "LT", 24, "assay"): v for b, v in k.get("invalid", {}).items()}
        got = rd.build_series(
            rows,
            reg,
            {
                "closed": {story["oos"]["id"]} | rd.closed_oos(),
                "invalid": invalid,
                "rrf": k.get("rrf"),
                "excluded": k.get("excluded", []),
            },
        )
    finally:
        os.chdir(here)
    bad = []
    flat = {(b, c, a): v for c, per in got.items() for s in per.values() for (a, b), v in s.items()}
    for key, (xs, ys) in want.items():
        g = flat.get(key)
        if g is None:
            bad.append(f"{key} missing")
        elif len(g[0]) != len(xs) or any(abs(p - q) > 1e-6 for p, q in zip(g[0] + g[1], xs + ys, strict=True)):
            bad.append(f"{key}: generator {xs} {ys}, reference {g}")
    bad += [f"{k} not in the generator" for k in flat if k not in want]
    return bad


def check_design(decision: dict, series: dict) -> list[str]:
    bad = []
    if not decision["accelerated_significant_change"] or decision["intermediate_significant_change"]:
        bad.append("the accelerated data must change significantly and the intermediate data must not")
    for s, v in decision["strengths"].items():
        for a, x in v["attributes"].items():
            for p in (x["p_slopes"], x["p_intercepts"]):
                if abs(p - 0.25) < 0.04:
                    bad.append(f"{s} {a}: p-value {p} too close to 0.25")
            if x["model"] != "separate":
                data = [series[s][(a, b)] for b in v["batches"]]
                full = st.ancova(data, denominator="full")["p_intercepts"]
                if (full < 0.25) != (x["p_intercepts"] < 0.25) or abs(full - 0.25) < 0.04:
                    bad.append(f"{s} {a}: intercept test hangs on its denominator ({x['p_intercepts']} / {full})")
        t = min([x["crossing_months"] for x in v["attributes"].values() if x["crossing_months"]] + [99])
        if t < decision["max_shelf_life_months"] and not 0.15 < t - math.floor(t) < 0.85:
            bad.append(f"{s}: limiting crossing {t} too close to a whole month")
    return bad


def build(name: str, inst: dict) -> None:
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    batches, results, story = write_inputs(inp, inst)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(texts.issues(inst, story), indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        bad = check_series(ws, inst, batches, results, story)
        script = str(HIDDEN / "solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(inst, story))], cwd=ws, check=True)
        for f in OUTPUTS:
            shutil.copy(ws / "output" / f, ref / f)
        os.chdir(ws)
        reg = rd.register(rd.INPUT / "qa/stability_batch_register.xlsx")
        k = staff_facts(inst, story)
        lt = rd.build_series(
            rd.all_rows(reg),
            reg,
            {
                "closed": {story["oos"]["id"]},
                "rrf": k.get("rrf"),
                "excluded": k.get("excluded", []),
                "invalid": {(b, "LT", 24, "assay"): v for b, v in k.get("invalid", {}).items()},
            },
        )["LT"]
        os.chdir(FAMILY)
    decision = json.loads((ref / "shelf_life_decision.json").read_text(encoding="utf-8"))
    bad += check_design(decision, lt)
    for (batch, cond, attr), (_xs, ys) in model.series(inst, batches, results, model_known(inst, story)).items():
        if cond == "ACC" and attr == "assay" and ys[0] - min(ys) > 4.6:  # significant change must come from impurity B
            bad.append(f"{batch}: the accelerated assay falls {ys[0] - min(ys):.1f} %, too near the 5 % criterion")
    if inst["hard"]:
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        b = story["biased"]
        for needle in (
            story["oos"]["id"],
            f"{b['batch']}'s 24-month assay",
            f"retest gave {b['retest']:.1f} %",
            "relative response factor of 1.00 instead of the validated 0.80",
            "total impurities shelf-life limit of not more than 0.8 %",
            "not representative",
        ):
            if needle not in people:
                bad.append(f"people.toml does not say {needle!r}")
    assert not bad, f"{name}: build checks failed:\n" + "\n".join(bad[:40])
    n = sum(len(v[0]) for v in model.series(inst, batches, results, model_known(inst, story)).values())
    print(
        f"{name}: {len(batches)} batches, {len(results)} reported results, {n} points evaluated, "
        f"shelf life {decision['proposed_shelf_life_months']} months"
    )


def main() -> None:
    for name in sys.argv[1:] or INSTANCES:
        build(name, INSTANCES[name])


if __name__ == "__main__":
    main()
