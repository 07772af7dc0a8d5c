"""Reference: read every result once (both LIMS layouts, Oderberg's workbook), keep only reportable results, age
each from the batch's stability start date to its test date, and evaluate the long-term data of each strength
under ICH Q1E: the batches' lines, the tests of whether they can be combined (slopes, then intercepts, at the
0.25 level), the one-sided 95 % confidence bound of the mean line against each acceptance criterion (the earliest
batch where they cannot be combined), the limit on extrapolation that the accelerated and intermediate data allow
(Q1A(R2)'s significant change), the shelf life in whole months and the storage statement; write the regression
table, the decision and the note.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
open OOS investigation to the QC Laboratory Manager, the batch registered with another pack component to the QA
Manager, and open questions to Oderberg's Head of QC (has anything changed about the results since they were
reported?) and to Regulatory Affairs (has anything changed for the filing since specification 4.0?).
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
sys.path.insert(0, "/solution")

import stab_eval as ev
import stab_read as rd
import stab_stats as st

OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
OPTIONS = globals().get("OPTIONS") or ev.Options()
AGES = globals().get("AGES", "tested")
MONTHS_COVERED = 24


def staff_available() -> bool:
    return ASK and Path("bin/ask").exists()


def ask_staff(rows: list, reg: dict) -> dict:
    known: dict = {}
    if not staff_available():
        return known
    import worktrial_kit as kit

    oos = next((r for r in rows if r.status == "OOS"), None)
    if oos:
        r = kit.ask(
            "kofi",
            f"{oos.comment} on {oos.batch}'s 24-month assay is still open in the OOS log and LIMS "
            "has the retest as not reportable. Has the investigation concluded, and which results "
            "of that run are reportable?",
        )
        if r.answered and re.search(r"closed", r.text):
            known["closed"] = [oos.comment]
            m = re.search(r"(C10-\d{4})'s 24-month assay[^.]*invalidated[^.]*retest gave ([\d.]+) %", r.text)
            if m:
                known["invalid"] = {m.group(1): float(m.group(2))}
    packs = {b: v["pack"] for b, v in reg.items()}
    usual = max(set(packs.values()), key=list(packs.values()).count)
    for batch, pack in sorted(packs.items()):
        if pack != usual:
            r = kit.ask(
                "ingrid",
                f"Batch {batch} is registered with pack component {pack}, while the other "
                f"batches and the protocol's commercial pack are {usual}. Is {batch} "
                "representative of the commercial container closure?",
            )
            if r.answered and re.search(r"not representative", r.text):
                known.setdefault("excluded", []).append(batch)
    r = kit.ask(
        "pavel",
        "Before I finalise the shelf-life evaluation: has anything changed or been found about the "
        "Oderberg 20 mg stability results since they were reported?",
    )
    if r.answered:
        m = re.search(r"relative response factor of 1\.00 instead of the validated ([\d.]+)", r.text)
        if m:
            known["rrf"] = float(m.group(1))
    r = kit.ask(
        "amara",
        "Before the justification goes to the QP: has anything changed for the filing since "
        "specification version 4.0 that I should know about?",
    )
    if r.answered:
        m = re.search(r"total impurities (?:shelf-life )?limit of not more than ([\d.]+) %", r.text)
        if m:
            known["total_limit"] = float(m.group(1))
    return known


def regression_rows(lt: dict) -> list[list]:
    out = []
    for strength in sorted(lt):
        for (attr, batch), (xs, ys) in sorted(lt[strength].items(), key=lambda kv: (kv[0][1], kv[0][0])):
            f = st.fit(xs, ys)
            out.append(
                [
                    strength,
                    batch,
                    attr,
                    len(xs),
                    f"{f['slope']:.6f}",
                    f"{f['intercept']:.4f}",
                    f"{(f['sse'] / (len(xs) - 2)) ** 0.5:.4f}",
                ]
            )
    return out


def main() -> None:
    import stab_note as note

    OUTPUT.mkdir(exist_ok=True)
    reg = rd.register(rd.INPUT / "qa/stability_batch_register.xlsx")
    rows = rd.all_rows(reg)
    limits = rd.current_limits(next((rd.INPUT / "specifications").glob("*v4*.docx")))
    known = dict(KNOWN) if KNOWN is not None else ask_staff(rows, reg)
    closed = set(known.get("closed", [])) | rd.closed_oos()
    invalid = {(b, "LT", 24, "assay"): v for b, v in known.get("invalid", {}).items()}
    if known.get("total_limit"):
        limits["total_impurities"] = known["total_limit"]
    series = rd.build_series(
        rows,
        reg,
        {"closed": closed, "invalid": invalid, "rrf": known.get("rrf"), "excluded": known.get("excluded", [])},
        AGES,
    )
    decision = ev.evaluate(series["LT"], series["ACC"], series["INT"], limits, MONTHS_COVERED, OPTIONS)
    decision["excluded_batches"] = sorted(known.get("excluded", []))
    decision["acceptance_criteria"] = limits
    with open(OUTPUT / "regression_by_batch.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["strength", "batch", "attribute", "n", "slope_per_month", "intercept", "residual_sd"])
        w.writerows(regression_rows(series["LT"]))
    (OUTPUT / "shelf_life_decision.json").write_text(json.dumps(decision, indent=2) + "\n", encoding="utf-8")
    late = [r for r in rows if r.condition != "T0" and (r.tested - r.pulled).days > 30 and r.batch in reg]
    (OUTPUT / "note_to_qp.md").write_text(note.text(decision, rows, known, closed, late, reg), encoding="utf-8")


if __name__ == "__main__":
    main()
