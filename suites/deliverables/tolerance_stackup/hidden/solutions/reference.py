"""Reference: the ISA-160 stack-ups from the files, as a design engineer does them under MDS-0410.

Reads the BOM for the current revisions and the bearing widths, the drawing extracts of those revisions (dimensions,
feature control frames, datums), the assembly drawing's gaps, loops and locating fits, the lot dispositions and the
suppliers' inspection data (mm and inch). Each contributor in equal-bilateral form; the datum shift a control at MMB
allows is a contributor of its own; worst case, RSS and the capability-based prediction (released lots only, Pp 1.33
where there are no data), at the temperature each requirement applies at.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to who knows: the operating
temperature of G2 to Test Engineering, the two cover suppliers and any inspection data outside the pack to Supplier
Quality, what the full drawings' notes add to the extracts to Mechanical Design, and whether the line builds the
assembly as drawn to the line's manufacturing engineer.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

INPUT = Path("input")
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
INCH = 25.4
PP = 1.33
PART = re.compile(r"(?<![A-Z])([A-Z]{1,2})-?(160)-(\d\d)(?!\d)")


def part_no(text: str) -> str:
    m = PART.search(str(text).upper())
    return f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else str(text).strip().upper()


def rev_of(text) -> str:
    s = re.sub(r"(?i)^rev(ision)?\.?\s*", "", str(text or "").strip())
    return s.upper()


def num(s: str) -> float:
    return float(s.replace("−", "-").replace("+", ""))


def tol(text: str) -> tuple[float, float]:
    t = text.strip()
    m = re.match(r"±\s*([\d.]+)", t)
    if m:
        return float(m.group(1)), -float(m.group(1))
    a, b = (x.strip() for x in t.split("/"))
    return num(a), num(b)


# ------------------------------------------------------------------------------------------------ reading


def read_pdf(path: Path) -> list[str]:
    return [ln.rstrip() for page in PdfReader(str(path)).pages for ln in page.extract_text().splitlines()]


def read_drawing(lines: list[str]) -> dict:
    dw: dict = {"dims": {}, "controls": {}, "datums": {}}
    section = ""
    for ln in lines:
        if m := re.search(r"Drawing no\.: (\S+)", ln):
            dw["part"] = part_no(m.group(1))
        if m := re.match(r"Revision: (\w+)\s+Status: (.+?)\s+Released", ln):
            dw["rev"], dw["status"] = m.group(1), m.group(2)
        if ln.startswith("Material: "):
            dw["material"] = ln[len("Material: "):].strip()
        if ln in ("DIMENSIONS", "DATUM FEATURES") or ln.startswith("GEOMETRIC TOLERANCES"):
            section = ln.split()[0]
            continue
        if section == "DIMENSIONS" and (m := re.match(r"(D\d+)\s+(.+?)\s{2,}(Ø )?([\d.]+)\s+(.+)$", ln)):
            up, lo = tol(m.group(5))
            dw["dims"][m.group(1)] = {"desc": m.group(2), "nominal": float(m.group(4)), "upper": up, "lower": lo}
        if section == "GEOMETRIC" and (m := re.match(r"(G\d+)\s+(\w+)\s+(\S+(?: \S+)?)\s{2,}Ø?([\d.]+)\s+(.+)$", ln)):
            datums = [] if m.group(5).strip() == "-" else [d.strip() for d in m.group(5).split("|")]
            dw["controls"][m.group(1)] = {"kind": m.group(2).lower(), "of": m.group(3).strip(),
                                          "tol": float(m.group(4)),
                                          "datums": [(d[0], d.endswith("(M)")) for d in datums]}
        if section == "DATUM" and (m := re.match(r"([A-Z]) = (\S+)", ln)):
            dw["datums"][m.group(1)] = m.group(2)
    return dw


def read_assembly(lines: list[str]) -> tuple[list[dict], list[tuple[str, str, str, str]]]:
    gaps, fits, loops = [], [], {}
    for ln in lines:
        if m := re.match(r"(G\d)\s+(.+?)\s{2,}([\d.]+) to ([\d.]+)\s+at (.+)$", ln):
            cond = m.group(5)
            t = re.search(r"(\d+(?:\.\d+)?) ?°C", cond)
            gaps.append({"gid": m.group(1), "name": m.group(2), "lower": float(m.group(3)),
                         "upper": float(m.group(4)), "temperature": float(t.group(1)) if t else None,
                         "condition": cond})
        if m := re.match(r"(G\d):\s+(.+)$", ln):
            items = []
            for tok in m.group(2).split("|"):
                mm = re.match(r"\s*([+\-±])\s*(½\s*)?(\S+)\s+(\S+)", tok)
                sign = {"+": 1.0, "-": -1.0, "±": -1.0}[mm.group(1)]
                items.append((part_no(mm.group(3)) if "160" in mm.group(3) else mm.group(3), mm.group(4),
                              sign * (0.5 if mm.group(2) else 1.0)))
            loops[m.group(1)] = items
        if m := re.match(r"(\S+) (D\d) in (\S+) (D\d):", ln):
            fits.append((part_no(m.group(1)), m.group(2), part_no(m.group(3)), m.group(4)))
    for g in gaps:
        g["loop"] = loops[g["gid"]]
    return gaps, fits


def read_bom(path: Path) -> tuple[dict[str, str], dict[str, dict]]:
    ws = openpyxl.load_workbook(path, data_only=True).active
    revs, bought = {}, {}
    head = None
    for row in ws.iter_rows(values_only=True):
        cells = ["" if c is None else str(c) for c in row]
        if head is None:
            if "Part number" in cells:
                head = cells
            continue
        rec = dict(zip(head, cells, strict=False))
        pn = rec["Part number"].strip()
        if "160" in pn:
            revs[part_no(pn)] = rev_of(rec["Rev"])
        m = re.search(r"Width B = ([\d.]+) (\S+)/(\S+) mm", rec["Remarks"])
        if m:
            bought[pn] = {"desc": rec["Description"], "nominal": float(m.group(1)), "upper": num(m.group(2)),
                          "lower": num(m.group(3)), "material": rec["Material"]}
    return revs, bought


def read_alpha(path: Path) -> dict[str, float]:
    out = {}
    for t in docx.Document(str(path)).tables:
        for r in t.rows[1:]:
            mat, a = (c.text.strip() for c in r.cells)
            out[mat] = float(a) if re.match(r"^[\d.]+$", a) else 0.0
    return out


def read_dispositions(path: Path) -> set[tuple[str, str]]:
    ws = openpyxl.load_workbook(path, data_only=True).active
    rows = list(ws.iter_rows(values_only=True))
    head = [str(h) for h in rows[0]]
    out = set()
    for r in rows[1:]:
        rec = dict(zip(head, r, strict=False))
        if str(rec["Disposition"]).lower().startswith("rejected"):
            out.add((part_no(rec["Part no."]), str(rec["Lot"]).strip()))
    return out


def _ref_of(header: str) -> str | None:
    m = re.search(r"(?:\(|_|\b)(D\d)(?:\)|_|\b)", header)
    return m.group(1) if m else None


def _tables(path: Path) -> list[list[list]]:
    """A file's tables: each sheet of a workbook, or the CSV."""
    if path.suffix == ".xlsx":
        wb = openpyxl.load_workbook(path, data_only=True)
        return [[["" if c is None else c for c in r] for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets]
    return [list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))]


def read_inspection(folder: Path) -> dict[tuple[str, str], list[tuple[str, str, float]]]:
    """(part, ref) -> [(supplier, lot, value in mm)]; a row sent twice counts once."""
    out: dict[tuple[str, str], list[tuple[str, str, float]]] = defaultdict(list)
    for path in sorted(folder.iterdir()):
        part, supplier = part_no(path.name), path.name.split("_")[0]
        seen: set[tuple] = set()
        for table in _tables(path):
            inch_file = any("INCH" in str(c).upper() for r in table[:3] for c in r)
            hi = next((i for i, r in enumerate(table) if any(str(c).strip().lower() == "lot" for c in r)), None)
            if hi is None:
                continue
            head = [str(c).strip() for c in table[hi]]
            low = [h.lower() for h in head]
            lot_i = low.index("lot")
            long_col = next((i for i, h in enumerate(low) if h in ("char", "dimension")), None)
            for r in table[hi + 1:]:
                if not r or str(r[lot_i]).strip() == "" or tuple(map(str, r)) in seen:
                    continue
                seen.add(tuple(map(str, r)))
                lot = str(r[lot_i]).strip()
                if long_col is not None:
                    ref = _ref_of(str(r[long_col]))
                    vcol = next(i for i, h in enumerate(low) if h in ("measured", "value"))
                    unit = str(r[low.index("unit")]).strip().lower() if "unit" in low else ("in" if inch_file else "mm")
                    v = float(r[vcol])
                    out[(part, ref)].append((supplier, lot, v * INCH if unit.startswith("in") else v))
                    continue
                for i, h in enumerate(head):
                    ref = _ref_of(h)
                    if ref and str(r[i]).strip():
                        v = float(r[i])
                        out[(part, ref)].append((supplier, lot, v * INCH if inch_file else v))
    return out


# ------------------------------------------------------------------------------------------------ the stack


def phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def contributors(gap, dwg, bought, fits, data, rejected, known) -> list[dict]:
    rows = []

    def measured(part, ref):
        vals = [v for sup, lot, v in data.get((part, ref), []) if (part, lot) not in rejected
                and not (part == "C-160-02" and known.get("cover_supplier") and sup != known["cover_supplier"])]
        if not vals:
            return None
        n = len(vals)
        m = sum(vals) / n
        return m, math.sqrt(sum((x - m) ** 2 for x in vals) / (n - 1)), n

    def add(part, ref, desc, rev, nominal, up, lo, sens, material, meas=None):
        rows.append({"gap_id": gap["gid"], "part_number": part, "ref": ref, "description": desc, "drawing_rev": rev,
                     "nominal": nominal, "upper": up, "lower": lo, "sens": sens, "material": material,
                     "mean": sens * (nominal + (up + lo) / 2), "tol": abs(sens) * (up - lo) / 2, "meas": meas})

    for part, ref, sens in gap["loop"]:
        if part in bought:
            b = bought[part]
            widths = known.get("bearing_widths", {}).get(part)  # goods-in's own measurements, where there are any
            add(part, ref, f"{b['desc']}: ring width", "-", b["nominal"], b["upper"], b["lower"], sens, b["material"],
                (widths[0], widths[1], int(widths[2])) if widths else None)
            continue
        dw = dwg[part]
        if ref in dw["controls"]:
            c = dw["controls"][ref]
            add(part, ref, f"{c['kind'].capitalize()} of {c['of']}", dw["rev"], 0.0, c["tol"] / 2, -c["tol"] / 2,
                sens, "")
            for letter, mmb in c["datums"]:
                feat = dw["datums"].get(letter, "")
                if mmb:
                    df = dw["dims"][feat]
                    half = (df["upper"] - df["lower"]) / 2
                    add(part, feat, f"Datum {letter} shift at MMB ({feat})", dw["rev"], 0.0, half, -half, -1, "")
                for p1, r1, p2, r2 in fits:
                    if p1 == part and r1 == feat:
                        mate, datum = dwg[p2]["dims"][r2], dw["dims"][feat]
                        dev = known.get("deviation") or {}
                        upper = dev["upper"] if (dev.get("part"), dev.get("ref")) == (p2, r2) else mate["upper"]
                        clearance = mate["nominal"] + upper - (datum["nominal"] + datum["lower"])
                        add(p2, r2, f"Float of {part} {feat} in {p2} {r2}", dwg[p2]["rev"], 0.0, clearance / 2,
                            -clearance / 2, -1, "")
            continue
        d = dw["dims"][ref]
        nominal, up, lo = d["nominal"], d["upper"], d["lower"]
        gasket = known.get("gasket")
        if gasket and gasket["part"] == part:  # the part the line fits under a concession, not the drawing's
            nominal, up, lo = gasket["nominal"], gasket["tol"], -gasket["tol"]
        add(part, ref, d["desc"], dw["rev"], nominal, up, lo, sens, dw["material"], measured(part, ref))
    plating = known.get("plating")
    if plating and gap["gid"] == "G3":  # a coating on the journal grows its radius and closes the radial clearance
        add(plating["part"], plating["ref"], "Hard chrome on seal journal D4, per side (drawing note N3)",
            dwg[plating["part"]]["rev"], plating["nominal"], plating["tol"], -plating["tol"], -1, "")
    shim = known.get("shim")
    if shim and gap["gid"] == "G1":
        add(shim["part"], "D1", "Cover shim, line fitted", "-", shim["nominal"], shim["tol"], -shim["tol"], 1,
            "C45 steel")
    return rows


def stack(gap, rows, alpha) -> dict:
    dt = gap["temperature"] - 20.0
    thermal = sum(c["mean"] * alpha.get(c["material"], 0.0) * 1e-6 * dt for c in rows)
    mean = sum(c["mean"] for c in rows) + thermal
    wc = sum(c["tol"] for c in rows)
    rss = math.sqrt(sum(c["tol"] ** 2 for c in rows))
    mu, var = thermal, 0.0
    for c in rows:
        if c["meas"]:
            mu += c["sens"] * c["meas"][0]
            var += (c["sens"] * c["meas"][1]) ** 2
        else:
            mu += c["mean"]
            var += (c["tol"] / (3 * PP)) ** 2
    sd = math.sqrt(var)
    out = phi((gap["lower"] - mu) / sd) + 1 - phi((gap["upper"] - mu) / sd)
    r = {"lower_limit_mm": gap["lower"], "upper_limit_mm": gap["upper"], "temperature_c": gap["temperature"],
         "mean_mm": round(mean, 4), "worst_case_min_mm": round(mean - wc, 4), "worst_case_max_mm": round(mean + wc, 4),
         "rss_min_mm": round(mean - rss, 4), "rss_max_mm": round(mean + rss, 4), "predicted_mean_mm": round(mu, 4),
         "predicted_sd_mm": round(sd, 5), "predicted_out_of_limits_pct": round(100 * out, 4)}
    r["meets_worst_case"] = r["worst_case_min_mm"] >= gap["lower"] and r["worst_case_max_mm"] <= gap["upper"]
    r["meets_rss"] = r["rss_min_mm"] >= gap["lower"] and r["rss_max_mm"] <= gap["upper"]
    return r


# ------------------------------------------------------------------------------------------------ main


def main() -> None:
    OUTPUT.mkdir(exist_ok=True)
    revs, bought = read_bom(INPUT / "BOM_ISA-160.xlsx")
    dwg, gaps, fits = {}, [], []
    for path in sorted((INPUT / "drawings").glob("*.pdf")):
        lines = read_pdf(path)
        if any("assembly requirements" in ln for ln in lines):
            gaps, fits = read_assembly(lines)
            continue
        d = read_drawing(lines)
        if revs.get(d["part"]) == d["rev"]:
            dwg[d["part"]] = d
    alpha = read_alpha(INPUT / "MDS-0410_tolerance_stackup.docx")
    rejected = read_dispositions(INPUT / "incoming_lot_dispositions.xlsx")
    data = read_inspection(INPUT / "inspection")
    asking = KNOWN is None and ASK and Path("bin/ask").exists()
    if asking:
        sys.path.insert(0, "/solution")
        import ts_ask
    known = KNOWN if KNOWN is not None else (ts_ask.ask_staff() if asking else {})

    def run() -> tuple[list[dict], dict]:
        all_rows, results = [], {}
        for gap in gaps:
            if gap["temperature"] is None:
                gap["temperature"] = known.get(f"{gap['gid'].lower()}_temperature", 20.0)
            rows = contributors(gap, dwg, bought, fits, data, rejected, known)
            results[gap["gid"]] = stack(gap, rows, alpha)
            all_rows += rows
        return all_rows, results

    all_rows, results = run()
    if asking:  # show the manager G1 and the designer G3 before they go to the review
        known.update(ts_ask.ask_with_figures(results["G1"], results["G3"]))
        all_rows, results = run()

    fields = ["gap_id", "part_number", "ref", "description", "drawing_rev", "nominal_mm", "upper_dev_mm",
              "lower_dev_mm", "sensitivity", "mean_mm", "tol_mm", "measured_mean_mm", "measured_sd_mm", "n_measured"]
    with open(OUTPUT / "stackup_contributors.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(fields)
        for c in all_rows:
            m = c["meas"]
            w.writerow([c["gap_id"], c["part_number"], c["ref"], c["description"], c["drawing_rev"],
                        f"{c['nominal']:.3f}", f"{c['upper']:.4f}", f"{c['lower']:.4f}", f"{c['sens']:g}",
                        f"{c['mean'] + 0.0:.4f}", f"{c['tol']:.4f}", f"{m[0]:.4f}" if m else "",
                        f"{m[1]:.5f}" if m else "",
                        str(m[2]) if m else ""])
    doc = {"assembly": "ISA-160 rev E", "standard": "MDS-0410 (ASME Y14.5-2018)", "gaps": results,
           "gaps_failing_worst_case": [g for g, r in results.items() if not r["meets_worst_case"]]}
    (OUTPUT / "stackup_results.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    write_note(gaps, results, all_rows, dwg, rejected, known)


def write_note(gaps, results, rows, dwg, rejected, known) -> None:
    lines = ["# ISA-160 tolerance stack-up: note to the design freeze review", "",
             "Method: worst case and RSS per MDS-0410 on ASME Y14.5-2018 drawings (current released revisions per "
             "the BOM), with a process-capability-based prediction from incoming inspection data.", "",
             "| gap | limits (mm) | worst case (mm) | RSS (mm) | predicted mean / sd (mm) | predicted out of limits |",
             "|---|---|---|---|---|---|"]
    for g in gaps:
        r = results[g["gid"]]
        lines.append(f"| {g['gid']} {g['name']} | {r['lower_limit_mm']:.2f} to {r['upper_limit_mm']:.2f} at "
                     f"{r['temperature_c']:g} °C | {r['worst_case_min_mm']:.4f} to {r['worst_case_max_mm']:.4f} "
                     f"({'meets' if r['meets_worst_case'] else 'fails'}) | {r['rss_min_mm']:.4f} to "
                     f"{r['rss_max_mm']:.4f} ({'meets' if r['meets_rss'] else 'fails'}) | {r['predicted_mean_mm']:.4f}"
                     f" / {r['predicted_sd_mm']:.4f} | {r['predicted_out_of_limits_pct']:.3f} % |")
    sp = next(c for c in rows if c["part_number"] == "SP-160-04")
    drivers = {
        "G1": "A tighter spacer and housing D2 tolerance, centring the spacer and housing processes, or selective "
              "assembly of the spacer is needed.",
        "G2": "The housing D3 tolerance and the gear hub offset dominate, and the aluminium housing grows more than "
              "the steel parts when hot; tightening D3 or resetting its nominal would bring it in.",
        "G3": "The datum shift and the float are counted: the cover's position control references its spigot "
              "(datum A) at MMB, so the zone shifts by the spigot's departure from MMB, and the spigot floats in the "
              "housing bore. Referencing datum A RFS and tightening the spigot fit would reduce these two "
              "contributors.",
    }
    lines += ["", "## What must change before freeze", ""]
    for g in gaps:
        r, gid = results[g["gid"]], g["gid"]
        span = (f"worst case {r['worst_case_min_mm']:.4f} to {r['worst_case_max_mm']:.4f} mm, RSS "
                f"{r['rss_min_mm']:.4f} to {r['rss_max_mm']:.4f} mm against {r['lower_limit_mm']:.2f} to "
                f"{r['upper_limit_mm']:.2f} at {r['temperature_c']:g} °C; predicted "
                f"{r['predicted_out_of_limits_pct']:.3f} % of assemblies outside the limits")
        if r["meets_worst_case"]:
            verdict = "meets worst case: accepted."
        elif r["meets_rss"] and r["predicted_out_of_limits_pct"] < 0.27:
            verdict = ("fails worst case but meets RSS with a predicted share below 0.27 %: acceptable under "
                       "MDS-0410 section 3, for the review to confirm.")
        else:
            verdict = "fails worst case" + ("" if r["meets_rss"] else " and RSS") + ": it must change before freeze."
        lines += [f"- {gid} {g['name'].lower()} {verdict} ({span}.) {drivers.get(gid, '')}", ""]
    lines += [
              "## Inputs and assumptions", "",
              f"- The spacer SP-160-04 is analysed at rev {sp['drawing_rev']} (ECN-2291); rev B is superseded and the "
              "August e-mail asking to keep using it no longer applies."]
    if sp["meas"]:
        mid = sp["nominal"] + (sp["upper"] + sp["lower"]) / 2
        lines.append(f"- The spacer lots run off nominal: measured mean {sp['meas'][0]:.4f} mm against a mid-limit "
                     f"of {mid:.4f} mm, which opens G1.")
    lots = ", ".join(sorted(f"{p} lot {lot}" for p, lot in rejected))
    lines.append(f"- Rejected lots are excluded from the capability data ({lots}); concession lots are included.")
    lines.append(f"- G2 is evaluated at the {results['G2']['temperature_c']:g} °C operating temperature with the "
                 "thermal growth of each part (aluminium housing, steel parts).")
    if known.get("cover_supplier"):
        lines.append(f"- The cover C-160-02 now comes from {known['cover_supplier']} only: Bellwood's lots are left "
                     "out of the capability data.")
    if known.get("bearing_widths"):
        w = known["bearing_widths"]
        widths = "; ".join(f"{pn} mean {m[0]:.4f} mm, s {m[1]:.4f} mm, n {m[2]}" for pn, m in sorted(w.items()))
        lines.append("- The bearing ring widths are goods-in's own measurements (Supplier Quality), not mid-limit with "
                     f"Pp 1.33: {widths}. The bearings run wide, near the top of 0/-0.12, which closes G1 and G2.")
    if known.get("plating"):
        p = known["plating"]
        lines.append(f"- The seal journal of {p['part']} is hard-chrome plated {p['nominal']:.2f} ± {p['tol']:.2f} mm "
                     f"per side after grinding (drawing note {p['ref']}, not in the extracts): the plating closes the "
                     "G3 labyrinth clearance and is a contributor of its own.")
    if known.get("gasket"):
        k = known["gasket"]
        lines.append(f"- The cover gasket {k['part']} is fitted under concession {k['concession']}: cut from "
                     f"Sealwell's 0.40 mm sheet, {k['nominal']:.2f} ± {k['tol']:.2f} mm compressed instead of the "
                     "drawing's 0.30; it opens G1's end float, and the drawing or the concession must be settled "
                     "before freeze.")
    if known.get("deviation"):
        d = known["deviation"]
        lines.append(f"- The housing's cover spigot bore {d['part']} {d['ref']} is bored under deviation {d['id']} to "
                     f"+{d['upper']:.3f}/0 instead of the drawing's tolerance: the wider bore widens the cover's float "
                     "in G3, and the deviation must be closed or the drawing changed before freeze.")
    if known.get("shim"):
        s = known["shim"]
        lines.append(f"- The line fits a {s['nominal']:.2f} mm shim ({s['part']}) under the cover that is not on the "
                     "BOM; it is included in G1 and must be added to the BOM and the drawing or removed.")
    lines.append("")
    (OUTPUT / "design_review_note.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
