"""Reference: Tarnvale Water's annual compliance assessment of an area's wastewater treatment works for 2025, under
each works' permit as reissued and varied, the Rivers and Environment Agency's guidance WQ-OG-417 and the look-up
table of Directive 91/271/EEC.

Every result is read once (the LIMS export's repeated rows and its superseded re-analyses, the agency's audit
schedule) and judged a valid compliance result or not: only compliance samples count (operator self-monitoring and
the agency's audit samples, not operational or investigation samples, not cancelled ones); a split sample counts
once, with the agency's result; an invalidation request removes a sample only if the agency accepted it; results
analysed while the laboratory was not accredited for the method, samples taken at a sampling point the agency had
not agreed, and samples the agency agreed to disregard do not count; resamples count as well as the samples they
follow. Ammonium is converted to ammoniacal nitrogen as N, micrograms to milligrams. Then each condition is
assessed over the period each version of it applied (dpc_assess.py) and the register, the conditions, the summary
and the note are written.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
invalidation requests still awaiting the agency to the Sampling Coordinator, the sampling point the LIMS calls FE2
(with the number of samples taken there) to the Area Operations Manager, and open questions, each naming the
person's own area, to the Laboratory Services Manager (has anything affected the validity of the 2025 results?),
the Environmental Regulation Manager (has the agency agreed anything about 2025 that is not in the files?), the Flow
Monitoring Engineer (can the meters' volumes be relied on as recorded?) and the Capital Delivery Manager (did any
scheme affect the permit conditions?). A meter that read low has its volumes corrected by the factor given; storm
overflow spills the telemetry missed during a scheme are assessed with the logged ones.
"""

from __future__ import annotations

import re
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
sys.path.insert(0, "/solution")

import dpc_assess as ax
import dpc_read as rd

kit = rd.kit
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
SKIP = globals().get("SKIP", set())  # questions a shortcut does not ask
OPTIONS = globals().get("OPTIONS") or ax.Options()


def _period(text: str) -> tuple[date, date] | None:
    m = re.search(r"from (\d{1,2}) to (\d{1,2}) (\w+) (\d{4})", text)
    if not m:
        return None
    month = rd.MONTHS.index(m.group(3)) + 1
    return date(int(m.group(4)), month, int(m.group(1))), date(int(m.group(4)), month, int(m.group(2)))


def ask_staff(results: list, log: dict, names: dict) -> dict:
    known: dict = {}
    if not (ASK and Path("bin/ask").exists()):
        return known
    if "lab" not in SKIP:
        r = kit.ask(
            "kwame",
            "Before I finalise the 2025 compliance assessment: has anything affected the validity "
            "of the laboratory's 2025 results since the LIMS export was run, such as accreditation "
            "or method problems?",
        )
        if r.answered and "accreditation" in r.text:
            dets = [d for d, w in (("NH3", "ammonia"), ("TP", "phosphorus")) if w in r.text]
            p = _period(r.text)
            if p:
                known["lapse"] = {"dets": dets, "start": p[0], "end": p[1]}
    provisional = [x for x in results if x.status == "PROVISIONAL"]
    if "regulation" not in SKIP:
        q = (
            "Has the REA agreed anything about the 2025 samples that is not in the files I was sent, for example "
            "samples to be disregarded?"
        )
        for x in provisional if "provisional" not in SKIP else ():
            q += (
                f" And its audit schedule marks {x.sid} ({names[x.works]}, {x.det} on "
                f"{x.day.strftime('%d %B %Y')}) as provisional: has the REA confirmed or withdrawn it?"
            )
        r = kit.ask("imran", q)
        if r.answered:
            known["storm"] = sorted(set(re.findall(r"W25-\d{6}", r.text)))
            for x in provisional:
                if re.search(x.sid + r"[^.]*withdr|withdr[^.]*" + x.sid, r.text):
                    known.setdefault("withdrawn", []).append(x.sid)
    pending = sorted(k for k, v in log.items() if v == "pending")
    if pending and "sampling" not in SKIP:
        r = kit.ask(
            "bethan",
            f"The invalidation log shows {', '.join(pending)} still awaiting an REA decision. "
            "Has the REA decided them, and what was the outcome of each?",
        )
        if r.answered:
            known["decisions"] = {
                ref: ("refused" if re.search(ref + r"[^.;]*refused", r.text) else "accepted")
                for ref in pending
                if ref in r.text
            }
    fe2 = [x for x in results if x.point == "FE2" and x.purpose == "OSM" and x.value is not None]
    if fe2 and "ops" not in SKIP:
        works = names[fe2[0].works]
        n = len({x.sid for x in fe2})
        r = kit.ask(
            "declan",
            f"At {works} the LIMS records the compliance samples at sampling point FE2 from "
            f"August: {n} compliance samples were taken at FE2, but the permit names FE1. What "
            "is FE2, and are those samples valid compliance samples?",
        )
        if r.answered:
            m = re.search(r"from (\d{1,2} \w+ \d{4})", r.text)
            if m:
                known["fe2_from"] = rd.parse_date(m.group(1)).isoformat()
    if "flows" not in SKIP:
        r = kit.ask(
            "jo",
            "Before I assess the dry weather flows: can the 2025 volumes from the final effluent flow meters be "
            "relied on as recorded, or has any meter been found reading wrongly since the workbook was sent?",
        )
        m = re.search(r"multiplied by (\d+(?:\.\d+)?)", r.text) if r.answered else None
        works = [code for code, n in names.items() if n in r.text] if m else []
        if m and works:
            known["meter"] = {"works": works[0], "factor": float(m.group(1))}
    if "capital" not in SKIP:
        r = kit.ask(
            "owen",
            "Did any of the 2025 capital schemes at the works affect their permit conditions or their compliance, "
            "for example anything on site during construction that the files would not show?",
        )
        spills = re.findall(r"on (\d{1,2} \w+) at (\d+(?:\.\d+)?) l/s", r.text) if r.answered else []
        works = [code for code, n in names.items() if n in r.text] if spills else []
        if spills and works:
            known["unlogged"] = {
                "works": works[0],
                "spills": [[rd.parse_date(f"{d} {ax.YEAR}").isoformat(), float(v)] for d, v in spills],
            }
    return known


def ask_about_refused(results: list, known: dict, conditions: list, names: dict) -> dict:
    """A request the agency refused makes a works fail: check the failure with the Head of Compliance, who signs the
    return, showing the count (she knows of an appeal the log and the Sampling Coordinator do not)."""
    refused = sorted(ref for ref, v in known.get("decisions", {}).items() if v == "refused")
    for ref in refused if ASK and "appeal" not in SKIP and Path("bin/ask").exists() else ():
        x = next(x for x in results if x.inv_ref == ref)
        c = next(
            (
                c
                for c in conditions
                if (c["works_id"], c["determinand"], c["condition"]) == (x.works, x.det, "lut")
                and c["compliant"] == "no"
            ),
            None,
        )
        if not c:
            continue
        r = kit.ask(
            "sarah",
            f"{names[x.works]}'s {x.det} fails the look-up table: {c['failures']} failures against "
            f"{c['failures_allowed']} allowed, with the {x.sid} result counted because the REA refused {ref}. "
            "Does that failure stand for the return?",
        )
        if r.answered and ref in r.text and "upheld" in r.text:
            return {"appeal": {ref: "accepted"}}
    return {}


def ask_about_upper_tier(results: list, conditions: list, names: dict) -> dict:
    """An upper tier failure fails a works on one result: show it to the Area Operations Manager, who knows what went
    on at the works that day and who to ask (a contractor's incident the agency agreed to disregard)."""
    if not (ASK and "incident" not in SKIP and Path("bin/ask").exists()):
        return {}
    for c in conditions:
        if c["condition"] != "upper_tier" or c["compliant"] != "no":
            continue
        x = max(
            (
                x
                for x in results
                if (x.works, x.det) == (c["works_id"], c["determinand"])
                and x.value is not None
                and x.purpose == "OSM"
                and x.day.isoformat() >= c["valid_from"]
            ),
            key=lambda x: x.value,
        )
        r = kit.ask(
            "declan",
            f"{names[x.works]} fails its {x.det} upper tier: {x.value:g} mg/l in {x.sid} of "
            f"{x.day.strftime('%d %B')} against the limit of {c['limit']:g} mg/l. Was anything going on at the works?",
        )
        if not (r.answered and "Owen" in r.text):
            continue
        r = kit.ask(
            "owen",
            f"Declan says you know what happened at {names[x.works]} on {x.day.strftime('%d %B')}, "
            f"the day of {x.sid}. Did the REA agree anything about that sample?",
        )
        if r.answered and x.sid in r.text:
            return {"incident": [x.sid]}
    return {}


def judge(results: list, log: dict, known: dict, lapse: dict | None, storm: set[str]) -> list[tuple]:
    """(result, counted, reason) for every result."""
    audit_of = {(x.split, x.det): x.sid for x in results if x.purpose == "AUDIT" and x.split}
    fe2_from = rd.parse_date(known.get("fe2_from")) if known.get("fe2_from") else None
    decisions = {**log, **known.get("decisions", {}), **known.get("appeal", {})}
    out = []
    for x in results:
        why = ""
        if x.status == "CANCELLED" or x.value is None:
            why = "sample cancelled"
        elif x.purpose == "OPS":
            why = "operational sample"
        elif x.purpose == "INVEST":
            why = "investigation sample"
        elif x.status == "PROVISIONAL" and x.sid in known.get("withdrawn", []):
            why = "withdrawn by the agency"
        elif x.purpose == "OSM":
            if x.point != "FE1" and (fe2_from is None or x.day < fe2_from):
                why = f"not taken at the permitted sampling point ({x.point})"
            elif lapse and x.det in lapse["dets"] and lapse["start"] <= x.day <= lapse["end"] and x.lab == "SLL":
                why = "analysed while the laboratory was not accredited for the method"
            elif x.sid in storm:
                why = "disregarded by agreement with the agency (unusual situation)"
            elif x.sid in known.get("incident", []):
                why = "disregarded by agreement with the agency (site incident)"
            elif x.status == "INVALID" and decisions.get(x.inv_ref) == "accepted":
                why = f"invalidation {x.inv_ref} accepted by the agency"
            elif (x.sid, x.det) in audit_of:
                why = f"split with audit sample {audit_of[(x.sid, x.det)]}: the agency's result is used"
        out.append((x, not why, why))
    return out


def _fmt(v: float | None) -> str:
    return "" if v is None else f"{round(v, 4):g}"


def main() -> None:
    import dpc_note as note

    OUTPUT.mkdir(exist_ok=True)
    names, planned = rd.calendar()
    match = rd.works_matcher(names)
    results = rd.lims(match) + rd.audits(match)
    log = rd.invalidation_log()
    known = dict(KNOWN) if KNOWN is not None else ask_staff(results, log, names)
    lapse = known.get("lapse") or rd.accreditation()
    if lapse:
        lapse = {**lapse, "start": rd.parse_date(lapse["start"]), "end": rd.parse_date(lapse["end"])}
    storm = set(known.get("storm", [])) | rd.storm_letter()
    permits, older = rd.permits(match)
    flows = ax.corrected(rd.flows(match), known.get("meter"), known.get("unlogged"))

    def run() -> tuple[list, list, dict]:
        judged = judge(results, log, known, lapse, storm)
        valid = [
            {
                "works_id": x.works,
                "sampled_on": x.day,
                "determinand": x.det,
                "result_mg_l": x.value,
                "below_lod": x.below_lod,
            }
            for x, ok, _ in judged
            if ok
        ]
        return (judged, *ax.assess(valid, permits, flows, planned, OPTIONS))

    judged, conditions, summary = run()
    if KNOWN is None:
        known.update(ask_about_refused(results, known, conditions, names))
        known.update(ask_about_upper_tier(results, conditions, names))
        if known.get("appeal") or known.get("incident"):
            judged, conditions, summary = run()
    register = [
        {
            "sample_id": x.sid,
            "works_id": x.works,
            "sampled_on": x.day.isoformat(),
            "determinand": x.det,
            "source": "audit" if x.purpose == "AUDIT" else x.purpose.lower(),
            "result_mg_l": _fmt(x.value),
            "counted": "yes" if ok else "no",
            "reason": why,
        }
        for x, ok, why in sorted(judged, key=lambda j: (j[0].day, j[0].sid, j[0].det))
    ]
    kit.write_csv(OUTPUT / "sample_register.csv", list(register[0]), register)
    cols = [
        "works_id",
        "determinand",
        "condition",
        "valid_from",
        "limit",
        "samples",
        "failures",
        "failures_allowed",
        "statistic",
        "compliant",
    ]
    kit.write_csv(
        OUTPUT / "conditions_assessment.csv",
        cols,
        [{k: ("" if c[k] is None else c[k]) for k in cols} for c in conditions],
    )
    kit.write_json(OUTPUT / "compliance_summary.json", summary)
    kit.write_text(
        OUTPUT / "note_to_head_of_compliance.md",
        note.text(summary, conditions, judged, permits, older, names, known, lapse),
    )


if __name__ == "__main__":
    main()
