"""Writes every instance's inputs (drawing extracts, BOM, inspection data, lot dispositions, design standard,
e-mails) and its reference outputs.

Deterministic (fixed seeds, fixed document timestamps). Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The generator knows the assembly as it is (the released drawings, the lots released for use, and in the hard instance
what only the client's staff know: the line's shim, goods-in's bearing widths, the shaft drawing's plating note, the
cover's new supplier, the operating temperature), computes
every gap's stack-up from that (`_tolerance_stackup_model.stack`), then runs hidden/solutions/reference.py on the
written files (handing it the staff's answers directly, `KNOWN`) and asserts that the reference, reading only the
files, reaches the same contributors and results.
"""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _tolerance_stackup_files import (
    assembly_pdf,
    drawing_pdf,
    write_bom,
    write_dispositions,
    write_emails,
    write_inspection,
    write_standard,
)
from _tolerance_stackup_model import (
    BEARING_WIDTHS,
    BEARINGS,
    FITS,
    GASKET_CONCESSION,
    PLATING,
    SHIM,
    SPIGOT_DEVIATION,
    Contributor,
    Drawing,
    drawings,
    gaps,
    lots,
    measure,
    stack,
)

FAMILY = Path(__file__).resolve().parent.parent
INSTANCES = {"base": {"seed": 20261130, "hard": False}, "freeze_h": {"seed": 20261201, "hard": True}}
FIELDS = ["gap_id", "part_number", "ref", "description", "drawing_rev", "nominal_mm", "upper_dev_mm", "lower_dev_mm",
          "sensitivity", "mean_mm", "tol_mm", "measured_mean_mm", "measured_sd_mm", "n_measured"]


def truth(hard: bool, seed: int):
    dwgs = drawings(hard)
    cur = {d.part: d for d in dwgs if d.current}
    by = {(p, "current"): d for p, d in cur.items()}
    lot_list = lots(hard)
    measure(lot_list, by, seed)

    def data(part: str, ref: str) -> list[float] | None:
        vals = []
        for lot in lot_list:
            if lot.part != part or ref not in lot.values or lot.disposition.startswith("Rejected"):
                continue
            if hard and part == "C-160-02" and not lot.supplier.startswith("Kilnsey"):
                continue  # the cover now comes from Kilnsey only (Supplier Quality)
            vals += lot.values[ref]
        return vals or None

    results, rows = {}, []
    for g in gaps(hard):
        contribs: list[Contributor] = []
        for part, ref, sens in g.loop:
            if part in BEARINGS:
                desc, nom, up, lo = BEARINGS[part]
                contribs.append(Contributor(g.gid, part, ref, f"{desc}: ring width", "-", nom, up, lo, sens,
                                            "100Cr6 bearing steel", stats=BEARING_WIDTHS[part] if hard else None))
                continue
            dw: Drawing = cur[part]
            if ref.startswith("G"):
                c = dw.control(ref)
                contribs.append(Contributor(g.gid, part, ref, f"{c.kind.capitalize()} of {c.of}", dw.rev, 0.0,
                                            c.tol / 2, -c.tol / 2, sens, ""))
                for letter, mmb in c.datums:
                    feat = dw.datums.get(letter, "")
                    if mmb:  # the zone may shift by the datum feature's departure from its MMB
                        df = dw.dim(feat)
                        contribs.append(Contributor(g.gid, part, feat, f"Datum {letter} shift at MMB ({feat})", dw.rev,
                                                    0.0, df.half, -df.half, -1, ""))
                    for p1, r1, p2, r2, _ in FITS:  # the datum feature floats in the feature it locates in
                        if p1 == part and r1 == feat:
                            bore = cur[p2].dim(r2).max
                            if hard and (p2, r2) == SPIGOT_DEVIATION[:2]:  # bored under the supplier's deviation
                                bore = cur[p2].dim(r2).nominal + SPIGOT_DEVIATION[2]
                            clearance = bore - dw.dim(feat).min
                            contribs.append(Contributor(g.gid, p2, r2, f"Float of {part} {feat} in {p2} {r2}",
                                                        cur[p2].rev, 0.0, clearance / 2, -clearance / 2, -1, ""))
                continue
            d = dw.dim(ref)
            nominal, upper, lower = d.nominal, d.upper, d.lower
            if hard and (part, ref) == GASKET_CONCESSION[:2]:  # the concession gasket is what the line fits
                nominal, upper, lower = GASKET_CONCESSION[2:5]
            contribs.append(Contributor(g.gid, part, ref, d.desc, dw.rev, nominal, upper, lower, sens,
                                        dw.material, data(part, ref)))
        if hard and g.gid == "G1":
            pn, ref, desc, nom, up, lo, mat = SHIM
            contribs.append(Contributor(g.gid, pn, ref, desc, "-", nom, up, lo, 1, mat))
        if hard and g.gid == "G3":  # the plating grows the journal's radius: it closes the radial clearance
            pn, ref, desc, nom, up, lo, mat = PLATING
            contribs.append(Contributor(g.gid, pn, ref, desc, cur[pn].rev, nom, up, lo, -1, mat))
        results[g.gid] = stack(g, contribs)
        for c in contribs:
            m = c.measured
            rows.append({"gap_id": c.gap, "part_number": c.part, "ref": c.ref, "description": c.desc,
                         "drawing_rev": c.rev, "nominal_mm": f"{c.nominal:.3f}", "upper_dev_mm": f"{c.upper:.4f}",
                         "lower_dev_mm": f"{c.lower:.4f}", "sensitivity": f"{c.sens:g}",
                         "mean_mm": f"{c.mean + 0.0:.4f}",
                         "tol_mm": f"{c.tol:.4f}", "measured_mean_mm": f"{m[0]:.4f}" if m else "",
                         "measured_sd_mm": f"{m[1]:.5f}" if m else "", "n_measured": str(m[2]) if m else ""})
    return dwgs, cur, lot_list, results, rows


def issues_for(hard: bool, results: dict) -> list[dict]:
    failing = [g for g, r in results.items() if not r["meets_worst_case"]]
    issues = [
        {"id": "datum_shift", "what": "G3 needs the datum shift of the cover spigot (datum A at MMB) and then fails "
                                      "worst case",
         "all_of": [["g3", "labyrinth", "radial"], ["datum shift", "datum-shift", "float", "mmb", "spigot",
                                                   "maximum material boundary"]],
         "any_of": ["worst case", "worst-case", "wc", "fail", "below", "does not meet", "not met", "short of"]},
        {"id": "spacer_rev", "what": "the spacer is analysed at rev C (rev B superseded by ECN-2291)",
         "all_of": [["sp-160-04", "spacer"], ["rev c", "revision c", "rev. c", "ecn-2291"]],
         "any_of": ["supersed", "rev b", "revision b", "40.12", "released", "ecn-2291"]},
        {"id": "rejected_lots", "what": "rejected lots (housing T2403, spacer 7730) left out of the capability data",
         "all_of": [["t2403", "7730", "rejected lot", "rejected lots", "returned", "ncr-5518", "ncr-5502"]],
         "any_of": ["exclud", "left out", "not used", "removed", "omitted", "disregard", "not counted", "ignored",
                    "only released", "only accepted"]},
        {"id": "g1_share", "what": "G1 end float fails and a share of assemblies is predicted out of limits",
         "all_of": [["g1", "end float", "end-float"]],
         "any_of": ["%", "percent", "ppm", "out of limit", "outside", "share", "fraction", "predicted"]},
    ]
    if not hard:
        issues.append({"id": "spacer_off_nominal", "what": "the spacer lots run below mid-limit, opening G1",
                       "all_of": [["spacer", "sp-160-04"]],
                       "any_of": ["off nominal", "off-nominal", "off centre", "off-centre", "off center", "below mid",
                                  "mid-limit", "mid limit", "short", "lower half", "low end", "centr", "biased",
                                  "shifted", "below nominal", "under nominal"]})
        issues.append({"id": "g2_temperature", "what": "G2 evaluated at 80 °C operating temperature",
                       "all_of": [["g2", "gear"]], "any_of": ["80 °c", "80°c", "80 c", "80 deg", "operating temp",
                                                              "thermal"]})
    else:
        issues.append({"id": "shim", "what": "the line fits a 0.10 mm shim (SH-160-09) under the cover, not on the BOM",
                       "all_of": [["shim", "sh-160-09"]],
                       "any_of": ["g1", "end float", "end-float", "bom", "0.10", "0.1 mm", "line", "work instruction"]})
        issues.append({"id": "cover_supplier", "what": "the cover now comes from Kilnsey only; Bellwood lots left out",
                       "all_of": [["kilnsey"]], "any_of": ["bellwood", "supplier", "c-160-02", "cover"]})
        issues.append({"id": "bearing_widths", "what": "the bearing ring widths are goods-in's measurements (they run "
                                                "wide), not mid-limit with Pp 1.33",
                       "all_of": [["bearing", "6209"], ["18.97", "18.96", "18.98", "measured width", "widths measured",
                                                        "width data", "measured ring width", "ring widths measured",
                                                        "goods-in measure", "measured at goods-in", "goods-in lab",
                                                        "lab records", "run wide", "runs wide"]],
                       "any_of": ["supplier quality", "goods-in", "measured", "data", "instead of", "rather than",
                                  "pp", "mid-limit", "sample", "wide"]})
        issues.append({"id": "plating", "what": "the seal journal is hard-chrome plated 0.07 mm per side after "
                                        "grinding (drawing note N3), which closes G3",
                       "all_of": [["chrome", "plating", "plated", "note n3"],
                                  ["g3", "labyrinth", "seal journal", "s-160-03"]],
                       "any_of": ["0.07", "0.070", "per side", "note", "clos", "fail", "rss", "reduc", "tighter"]})
        issues.append({"id": "gasket_concession", "what": "the gasket is cut from 0.40 mm sheet under concession "
                                                  "CN-0126, compressed 0.37 mm, which opens G1",
                       "all_of": [["gasket", "gk-160-05"], ["cn-0126", "concession", "0.37", "0.40 mm", "0.4 mm"]],
                       "any_of": ["g1", "end float", "end-float", "thick", "sealwell", "0.37", "compressed", "open"]})
        issues.append({"id": "spigot_deviation", "what": "the housing's spigot bore D4 is bored under deviation "
                                                 "DV-0331 to +0.050/0, which widens the cover's float in G3",
                       "all_of": [["dv-0331", "deviation"], ["spigot", "d4", "h-160-01", "housing", "float", "g3"]],
                       "any_of": ["0.05", "+0.050", "float", "g3", "labyrinth", "tarnwick", "wider", "widen"]})
        issues.append({"id": "g2_temperature", "what": "G2 evaluated at the 90 °C operating temperature",
                       "all_of": [["g2", "gear"]], "any_of": ["90 °c", "90°c", "90 c", "90 deg", "90 degrees"]})
    for issue in issues:  # the matters only the staff's facts hinted nowhere raise weigh double in the note
        if issue["id"] in ("shim", "bearing_widths", "plating", "gasket_concession", "spigot_deviation"):
            issue["weight"] = 2
    assert failing, "every instance has a gap that fails worst case"
    return issues


RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, \
run_name='__main__')"


def staff_facts(hard: bool) -> dict:
    if not hard:
        return {}
    pn, _, _, nom, up, _, _ = SHIM
    return {"shim": {"part": pn, "nominal": nom, "tol": up}, "cover_supplier": "Kilnsey", "g2_temperature": 90.0,
            "bearing_widths": {pn: list(m) for pn, m in BEARING_WIDTHS.items()},
            "plating": {"part": PLATING[0], "ref": PLATING[1], "nominal": PLATING[3], "tol": PLATING[4]},
            "gasket": {"part": GASKET_CONCESSION[0], "nominal": GASKET_CONCESSION[2], "tol": GASKET_CONCESSION[3],
                       "concession": GASKET_CONCESSION[5]},
            "deviation": {"part": SPIGOT_DEVIATION[0], "ref": SPIGOT_DEVIATION[1], "upper": SPIGOT_DEVIATION[2],
                          "lower": SPIGOT_DEVIATION[3], "id": SPIGOT_DEVIATION[4]}}


def build(name: str, inst: dict) -> None:
    hard = inst["hard"]
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    inp.mkdir(parents=True)
    dwgs, cur, lot_list, results, rows = truth(hard, inst["seed"])
    (inp / "drawings").mkdir()
    for dw in dwgs:
        fname = f"{dw.part}_rev{dw.rev}.pdf"
        drawing_pdf(inp / "drawings" / fname, dw)
    assembly_pdf(inp / "drawings" / "ISA-160_assembly_revE.pdf", gaps(hard), "E")
    write_bom(inp / "BOM_ISA-160.xlsx", dwgs, hard)
    write_dispositions(inp / "incoming_lot_dispositions.xlsx", lot_list)
    write_inspection(inp / "inspection", lot_list, cur, hard)
    write_standard(inp / "MDS-0410_tolerance_stackup.docx")
    write_emails(inp / "emails", hard)

    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(issues_for(hard, results), indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(hard))], cwd=ws, check=True)
        for f in ("stackup_contributors.csv", "stackup_results.json", "design_review_note.md"):
            shutil.copy(ws / "output" / f, ref / f)
    bad = []
    with open(ref / "stackup_contributors.csv", newline="", encoding="utf-8") as f:
        got = {(r["gap_id"], r["part_number"], r["ref"]): r for r in csv.DictReader(f)}
    want = {(r["gap_id"], r["part_number"], r["ref"]): r for r in rows}
    bad += [f"{k}: missing" for k in want if k not in got] + [f"{k}: extra" for k in got if k not in want]
    for k in set(want) & set(got):
        for col in FIELDS[5:]:
            if want[k][col] != got[k][col]:
                bad.append(f"{k} {col}: generator {want[k][col]}, reference {got[k][col]}")
    delivered = json.loads((ref / "stackup_results.json").read_text(encoding="utf-8"))["gaps"]
    for gid, r in results.items():
        for key, value in r.items():
            if delivered.get(gid, {}).get(key) != value:
                bad.append(f"{gid} {key}: generator {value}, reference {delivered.get(gid, {}).get(key)}")
    assert not bad, f"{name}: generator and reference disagree:\n" + "\n".join(sorted(bad)[:40])
    summary = ", ".join(f"{g} wc {r['worst_case_min_mm']}..{r['worst_case_max_mm']} rss {r['rss_min_mm']}.."
                        f"{r['rss_max_mm']} out {r['predicted_out_of_limits_pct']}%" for g, r in results.items())
    print(f"{name}: {len(rows)} contributors; {summary}")


def main() -> None:
    for name, inst in INSTANCES.items():
        build(name, inst)


if __name__ == "__main__":
    main()
