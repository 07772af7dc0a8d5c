"""The reference's note to the Head of Environmental Compliance: the headline, each works' failures with their
figures, and every matter she must know before the annual compliance return goes to the agency."""

from __future__ import annotations

LABEL = {
    "BOD": "BOD",
    "SS": "suspended solids",
    "NH3": "ammoniacal nitrogen",
    "TP": "total phosphorus",
    "FE": "total iron",
    "FLOW": "flow",
}
COND = {
    "lut": "look-up table",
    "upper_tier": "upper tier limit",
    "annual_average": "annual average",
    "dwf": "dry weather flow",
    "fft": "flow to full treatment",
}


def _failure(c: dict) -> str:
    det, cond = LABEL[c["determinand"]], COND[c["condition"]]
    since = "" if c["valid_from"].endswith("01-01") else f" (from {c['valid_from']}, as varied)"
    if c["condition"] == "lut":
        return (
            f"{det} {cond} {c['limit']:g} mg/l{since}: {c['failures']} failures in {c['samples']} samples, "
            f"{c['failures_allowed']} allowed"
        )
    if c["condition"] == "upper_tier":
        return f"{det} {cond} {c['limit']:g} mg/l{since}: highest result {c['statistic']:g} mg/l"
    if c["condition"] == "annual_average":
        return f"{det} {cond} {c['limit']:g} mg/l{since}: mean {c['statistic']:.3f} mg/l of {c['samples']} samples"
    if c["condition"] == "dwf":
        return f"measured DWF {c['statistic']:,.0f} m3/d against the permitted {c['limit']:,.0f} m3/d"
    return (
        f"{cond} {c['limit']:g} l/s: {c['failures']} of {c['samples']} storm overflow spills started with less passed "
        f"forward (lowest {c['statistic']:.1f} l/s)"
    )


def text(
    summary: dict,
    conditions: list,
    judged: list,
    permits: dict,
    older: dict,
    names: dict,
    known: dict,
    lapse: dict | None,
) -> str:
    works = sorted(summary["works"])
    fail = summary["failing_works"]
    lines = [
        "# Annual permit compliance assessment 2025",
        "",
        "To: Head of Environmental Compliance",
        "",
        "## Headline",
        "",
        f"**{summary['works_compliant']} of {len(works)} works complied with every condition of their permits in "
        f"2025; {summary['works_failing']} failed at least one**: "
        + ", ".join(f"{names[w]} ({w})" for w in fail)
        + ".",
        "",
        "| Determinand | Works assessed | Compliant | Failing | Failing works |",
        "|---|---|---|---|---|",
    ]
    for det, v in summary["determinands"].items():
        if v["compliant"] + v["failing"]:
            lines.append(
                f"| {LABEL[det]} | {v['compliant'] + v['failing']} | {v['compliant']} | {v['failing']} | "
                f"{', '.join(names[w] for w in v['failing_works']) or '-'} |"
            )
    lines += ["", "## Failures by works", ""]
    for w in fail:
        bad = [c for c in conditions if c["works_id"] == w and c["compliant"] == "no"]
        lines.append(f"- **{names[w]} ({w})**: " + "; ".join(_failure(c) for c in bad) + ".")
    lines += [
        "",
        "Method: REA guidance WQ-OG-417 and each permit as reissued and varied. Look-up-table conditions use the "
        "failures Directive 91/271/EEC Annex I Table 3 allows for the number of valid compliance samples taken in "
        "the year (not the number planned); upper tier limits are absolute, so one result above them fails the "
        "condition whatever the look-up table allows; the phosphorus annual average is the mean of all valid "
        "results, results below the limit of detection at the limit; a result equal to a limit complies; the "
        "measured DWF is the daily volume exceeded on 80 % of the days with a complete record (not the mean).",
        "",
        "## Matters for your attention",
        "",
    ]
    for m in _matters(summary, conditions, judged, permits, older, names, known, lapse):
        lines += [m, ""]
    return "\n".join(lines).rstrip() + "\n"


def _matters(
    summary: dict,
    conditions: list,
    judged: list,
    permits: dict,
    older: dict,
    names: dict,
    known: dict,
    lapse: dict | None,
) -> list[str]:
    out = []
    why = {}
    for x, ok, reason in judged:
        if not ok:
            why.setdefault(reason.split(" (")[0].split(":")[0], []).append(x)
    inv = sorted({(x.inv_ref, x.sid, x.works) for x, _, _ in judged if x.status == "INVALID"})
    if inv:
        decided = known.get("decisions", {})
        out.append(
            "- Invalidation requests: only those the REA accepted remove a sample; one refused or not yet "
            "decided counts (WQ-OG-417 2.5):"
        )
        for ref, sid, w in inv:
            acc = any(r.startswith(f"invalidation {ref}") for r in why)
            state = (
                "accepted by the REA: left out"
                if acc
                else "refused by the REA: counted"
                if decided.get(ref) == "refused"
                else "not accepted: counted"
            )
            if ref in known.get("appeal", {}):
                state = (
                    "refused by the REA, but the REA upheld the appeal against the refusal and accepted it: left out"
                )
            out.append(
                f"- {ref} ({names[w]}, {sid}): {state}"
                + (" (the REA's decision since the log was run)." if ref in decided else ".")
            )
    for x, _ok, r in judged:
        if x.status == "PROVISIONAL":
            state = (
                "withdrawn by the REA, so left out"
                if r.startswith("withdrawn")
                else "counted as the schedule stands; ask the REA whether it is confirmed"
            )
            out.append(
                f"- Provisional audit result: the REA's {x.sid} ({names[x.works]}, {LABEL[x.det]} "
                f"{x.value:g} mg/l on {x.day.isoformat()}) was marked provisional: {state}."
            )
    for x in {x.sid: x for x, _ok, r in judged if r.endswith("(site incident)")}.values():
        out.append(
            f"- Site incident: {x.sid} ({names[x.works]}, {x.day.isoformat()}) was taken just after a "
            "contractor's incident upstream of the sampler; the REA agreed in writing to disregard it (unusual "
            "situation, WQ-OG-417 2.8), so it is left out and no longer fails the upper tier."
        )
    storm = [x for x, ok, r in judged if r.endswith("(unusual situation)")]
    if storm:
        ids = sorted({f"{x.sid} ({names[x.works]}, {x.day.isoformat()})" for x in storm})
        out.append(
            "- Storm samples disregarded by written agreement with the REA (unusual situation, heavy rain "
            "and flooding, WQ-OG-417 2.8): " + "; ".join(ids) + ". Without the agreement these results would "
            "be upper tier failures."
        )
    if lapse:
        gone = [x for x, ok, r in judged if r.startswith("analysed while")]
        dets = " and ".join(LABEL[d] for d in lapse["dets"])
        out.append(
            f"- Laboratory accreditation: the accreditation for {dets} was suspended from "
            f"{lapse['start'].isoformat()} to {lapse['end'].isoformat()}, so {len(gone)} results of our "
            "compliance samples from that period are not valid compliance results (WQ-OG-417 2.6); the "
            "REA's audit samples are unaffected. Fewer samples also means fewer failures allowed by the "
            "look-up table."
        )
    fe2 = [x for x, ok, r in judged if r.startswith("not taken at the permitted")]
    if fe2:
        ws = sorted({names[x.works] for x in fe2})
        tail = (
            f"; the REA agreed FE2 from {known['fe2_from']}, so later samples count"
            if known.get("fe2_from")
            else "; the REA has not agreed the point"
        )
        out.append(
            f"- Sampling point: at {', '.join(ws)} {len({x.sid for x in fe2})} compliance samples were taken "
            f"at FE2, not the permitted sampling point FE1, and are left out (WQ-OG-417 2.7){tail}."
        )
    meter = known.get("meter")
    if meter:
        dwf = next(c for c in conditions if c["works_id"] == meter["works"] and c["condition"] == "dwf")
        out.append(
            f"- Flow meter: {names[meter['works']]}'s final effluent flow meter read low all year (found at its "
            f"verification), so its recorded 2025 volumes are corrected, multiplied by {meter['factor']:g}: the "
            f"measured DWF is {dwf['statistic']:,.0f} m3/d against the permitted {dwf['limit']:,.0f} m3/d"
            + (", a failure of the DWF condition." if dwf["compliant"] == "no" else ".")
        )
    unlogged = known.get("unlogged")
    if unlogged:
        fft = next(c for c in conditions if c["works_id"] == unlogged["works"] and c["condition"] == "fft")
        days = ", ".join(f"{d} ({v:g} l/s)" for d, v in unlogged["spills"])
        out.append(
            f"- Unlogged spills: during the capital scheme at {names[unlogged['works']]} the storm overflow's "
            f"monitor was disconnected and the telemetry missed {len(unlogged['spills'])} spills, on {days}, "
            "recorded in the contractor's site diary and reported to the REA; they are assessed with the logged "
            f"spills: {fft['failures']} of {fft['samples']} spills started below the flow to full treatment of "
            f"{fft['limit']:g} l/s."
        )
    for w, vs in sorted(permits.items()):
        if len(vs) > 1:
            out.append(
                f"- Permit variation: {names[w]}'s permit was varied from {vs[1][0].isoformat()}; each "
                "varied condition is assessed separately before and after that date (WQ-OG-417 3.6)."
            )
    for w, dates in sorted(older.items()):
        out.append(
            f"- Superseded permit: {names[w]}'s permit was reissued; the version of "
            f"{', '.join(d.isoformat() for d in dates)} in the permits folder is superseded and the latest "
            "issue is used."
        )
    if any(x.lab == "MER" for x, _, _ in judged):
        out.append(
            "- Ammonium: the subcontract laboratory (Meridian) reported ammonium as NH4; converted to "
            "ammoniacal nitrogen as N (x 14.007/18.038) before comparing with the limits."
        )
    out.append(
        "- Units: the REA reports phosphorus in ug/l and some iron results are in ug/l; converted to mg/l. "
        "Split samples count once, with the agency's result (WQ-OG-417 2.4)."
    )
    utl = [c for c in conditions if c["condition"] == "upper_tier" and c["compliant"] == "no"]
    for c in utl:
        lut = next(
            (
                d
                for d in conditions
                if d["works_id"] == c["works_id"]
                and d["determinand"] == c["determinand"]
                and d["condition"] == "lut"
                and d["valid_from"] == c["valid_from"]
            ),
            None,
        )
        if lut and lut["compliant"] == "yes":
            out.append(
                f"- Upper tier: {names[c['works_id']]} failed the {LABEL[c['determinand']]} upper tier limit "
                f"({c['statistic']:g} mg/l against {c['limit']:g}) although the look-up table condition was "
                "met: an upper tier breach is a failure whatever the look-up table allows."
            )
    for c in conditions:
        if c["condition"] == "fft" and c["compliant"] == "no":
            out.append(
                f"- Flow to full treatment: {names[c['works_id']]} spilled from storm overflow S1 "
                f"{c['failures']} time(s) while passing forward less than the FFT of {c['limit']:g} l/s "
                f"(lowest {c['statistic']:.1f} l/s); a breach to report and investigate."
            )
    import dpc_assess as ax

    short = ax.shortfalls(conditions, {w: v[-1][1]["required"] for w, v in permits.items()})
    if short:
        parts = [
            f"{names[w]} ({', '.join(f'{LABEL[d]} {n}' for d, n in v.items())} of {permits[w][-1][1]['required']})"
            for w, v in sorted(short.items())
        ]
        out.append(
            "- Sampling shortfall: fewer valid compliance samples than the permit requires, to report under "
            "WQ-OG-417 5.1: " + "; ".join(parts) + "."
        )
    for c in conditions:
        if c["condition"] == "dwf" and c["compliant"] == "yes" and c["statistic"] >= 0.9 * c["limit"]:
            out.append(
                f"- DWF headroom: {names[c['works_id']]}'s measured DWF of {c['statistic']:,.0f} m3/d is "
                f"{100 * c['statistic'] / c['limit']:.0f} % of the permitted {c['limit']:,.0f} m3/d: little "
                "capacity left for growth."
            )
    for w in sorted(summary["works"]):
        req = permits[w][-1][1]["required"]
        lut = [c for c in conditions if c["works_id"] == w and c["condition"] == "lut"]
        if req == 4 and any(c["failures"] for c in lut):
            out.append(
                f"- Sampling frequency: {names[w]} is sampled four times a year; a failing sample in 2025 "
                "means twelve samples in 2026 under Directive 91/271/EEC Annex I D.3."
            )
    return out
