"""The matters the note to the Head of Environmental Compliance must raise (`hidden/reference/issues.json`, read by
checks.py:note_issues), from the story and the truth's assessment. A matter counts when one paragraph or line of the
note names everything in `all_of` and something in `any_of`."""

from __future__ import annotations

from collections.abc import Iterable

from _discharge_permit_compliance_model import Story, works_of


def _names(codes: Iterable[str]) -> list[str]:
    return sorted({c.lower() for c in codes})


def issues(story: Story, conditions: list[dict]) -> list[dict]:
    inst = story.inst
    ws = works_of(inst)
    name = {c: w.name for c, w in ws.items()}
    out = []
    utl = [c for c in conditions if c["condition"] == "upper_tier" and c["compliant"] == "no"]
    lut_ok = {
        (c["works_id"], c["determinand"], c["valid_from"])
        for c in conditions
        if c["condition"] == "lut" and c["compliant"] == "yes"
    }
    only_utl = [c for c in utl if (c["works_id"], c["determinand"], c["valid_from"]) in lut_ok]
    if only_utl:
        out.append(
            {
                "id": "upper_tier",
                "what": "an upper tier failure although the look-up table condition was met",
                "all_of": [["upper tier", "upper-tier", "utl"], _names(name[c["works_id"]] for c in only_utl)],
                "any_of": [
                    "look-up table",
                    "look up table",
                    "lut",
                    "whatever",
                    "regardless",
                    "although",
                    "absolute",
                    "even though",
                    "irrespective",
                ],
            }
        )
    varied = [w for w in ws.values() if w.variation]
    out.append(
        {
            "id": "variation",
            "what": "the permit varied mid-year, each version assessed over its own period",
            "all_of": [_names(w.name for w in varied)],
            "any_of": ["variation", "varied", "1 july", "2025-07-01", "from july", "before and after"],
        }
    )
    older = [w for w in ws.values() if w.superseded]
    out.append(
        {
            "id": "superseded",
            "what": "a reissued permit: the older version in the folder is superseded",
            "all_of": [_names(w.name for w in older)],
            "any_of": [
                "supersed",
                "reissue",
                "re-issue",
                "replaced",
                "older version",
                "latest issue",
                "previous permit",
            ],
        }
    )
    inv = sorted({(r.inv_ref, r.outcome) for s in story.samples for r in s.results.values() if r.status == "INVALID"})
    if any(o.startswith("pending") for _, o in inv):
        for ref, outcome in inv:
            if not outcome.startswith("pending"):
                continue
            took = outcome.endswith("accepted")
            out.append(
                {
                    "id": f"invalidation_{ref.lower()}",
                    "what": f"{ref}: the agency {'accepted' if took else 'refused'} it since the log was run",
                    "all_of": [[ref.lower()]],
                    "any_of": (
                        [
                            "left out",
                            "disregard",
                            "excluded",
                            "not counted",
                            "removed",
                            "accepted by the rea",
                            "rea accepted",
                            "was accepted",
                        ]
                        if took
                        else ["refused", "rejected"]
                    ),
                    "weight": 0.75 if took else 0.5,
                }
            )
            if outcome.endswith(":appeal"):
                out.append(
                    {
                        "id": f"appeal_{ref.lower()}",
                        "what": f"{ref}: refused, but the agency upheld the appeal, so the sample is disregarded",
                        "all_of": [[ref.lower(), "cotterburn"], ["appeal"]],
                        "any_of": [
                            "upheld",
                            "accepted",
                            "disregard",
                            "left out",
                            "excluded",
                            "not counted",
                            "complies",
                        ],
                        "weight": 2,
                    }
                )
    else:
        out.append(
            {
                "id": "invalidation",
                "what": "the invalidation requests: only those the agency accepted remove a sample",
                "all_of": [[r.lower() for r, o in inv if o == "refused"]],
                "any_of": ["refused", "rejected", "counted", "counts", "stands"],
            }
        )
    for s in (s for s in story.samples if s.incident):
        works = next(w for w in inst["works"] if w.code == s.works)
        out.append(
            {
                "id": f"incident_{s.sid.lower()}",
                "what": f"{s.sid} ({works.name}) disregarded by agreement after a contractor's site incident",
                "all_of": [[s.sid.lower(), works.name.lower()], ["incident", "skip", "contractor", "filter media"]],
                "any_of": ["disregard", "left out", "excluded", "not counted", "agreed", "complies"],
                "weight": 2,
            }
        )
    withdrawn = [s.sid for s in story.samples for r in s.results.values() if r.provisional]
    if withdrawn:
        out.append(
            {
                "id": "withdrawn_audit",
                "what": "the agency's provisional audit result, withdrawn since the schedule",
                "all_of": [[w.lower() for w in withdrawn]],
                "any_of": ["withdrawn", "withdrew", "withdrawal"],
                "weight": 1.5,
            }
        )
    storm = [s for s in story.samples if s.storm]
    days = [f"{s.day.day} {s.day.strftime('%B').lower()}" for s in storm] + [s.day.isoformat() for s in storm]
    out.append(
        {
            "id": "storm",
            "what": "samples taken in the storm disregarded by the agency's written agreement",
            "all_of": [[inst["storm"]["name"].split()[-1].lower(), *(s.sid.lower() for s in storm), *days]],
            "any_of": ["disregard", "agreed", "agreement", "excluded", "left out", "not counted"],
            "weight": 1 if inst["storm"]["in_files"] else 2,
        }
    )
    lapse = inst["lapse"]
    out.append(
        {
            "id": "accreditation",
            "what": "results analysed while the laboratory's accreditation was suspended are not valid",
            "all_of": [["accreditation", "accredited"]],
            "any_of": [
                "suspend",
                "lapse",
                "not valid",
                "invalid",
                "void",
                "left out",
                "excluded",
                lapse["start"].strftime("%B").lower(),
            ],
            "weight": 1 if lapse["in_files"] else 2,
        }
    )
    fe2 = sorted({s.works for s in story.samples if s.point == "FE2"})
    if fe2:
        out.append(
            {
                "id": "sampling_point",
                "what": "samples at FE2, not the permitted sampling point, before the agency agreed it",
                "all_of": [["fe2"], _names(name[w] for w in fe2)],
                "any_of": ["1 october", "2025-10-01", "from october", "october"],
                "weight": 1.5,
            }
        )
    for w in ws.values():
        if w.flow["meter"]:
            out.append(
                {
                    "id": "flow_meter",
                    "what": "a final effluent flow meter that read low all year: its volumes corrected, the DWF failed",
                    "all_of": [[w.name.lower()], ["meter", "calibrat", "verification"]],
                    "any_of": [
                        f"{w.flow['meter']:g}",
                        "read low",
                        "reading low",
                        "under-read",
                        "under-record",
                        "underread",
                        "corrected",
                        "correction",
                        "pipe",
                        "bore",
                    ],
                    "weight": 2,
                }
            )
        if w.flow["unlogged"]:
            out.append(
                {
                    "id": "unlogged_spills",
                    "what": "storm overflow spills the telemetry missed during a capital scheme: FFT breaches",
                    "all_of": [
                        [w.name.lower()],
                        ["spill", "overflow"],
                    ],
                    "any_of": [
                        "unlogged",
                        "not logged",
                        "not in the log",
                        "missed",
                        "disconnected",
                        "site diary",
                        "contractor",
                        *(f"{d.day} {d.strftime('%B').lower()}" for d, _ in w.flow["unlogged"]),
                        *(d.isoformat() for d, _ in w.flow["unlogged"]),
                    ],
                    "weight": 2,
                }
            )
    out.append(
        {
            "id": "ammonium",
            "what": "the subcontract laboratory's ammonium (NH4) converted to ammoniacal nitrogen as N",
            "all_of": [["nh4", "ammonium"]],
            "any_of": ["convert", "as n", "14.007", "18.038", "0.776", "0.78"],
        }
    )
    fft = sorted({c["works_id"] for c in conditions if c["condition"] == "fft" and c["compliant"] == "no"})
    out.append(
        {
            "id": "fft",
            "what": "storm overflow spills while less than the flow to full treatment was passed forward",
            "all_of": [["flow to full treatment", "fft", "pass-forward", "passed forward", "pass forward"]],
            "any_of": _names(name[w] for w in fft),
        }
    )
    import dpc_assess as ax

    short = [name[w] for w in ax.shortfalls(conditions, {c: w.limits.required for c, w in ws.items()})]
    if short:
        out.append(
            {
                "id": "shortfall",
                "what": "fewer valid compliance samples than the permit requires at some works (to report)",
                "all_of": [
                    [
                        "shortfall",
                        "fewer valid compliance samples",
                        "fewer compliance samples",
                        "fewer samples",
                        "short of",
                        "below the required",
                        "than the permit requires",
                        "too few",
                    ]
                ],
                "any_of": _names(short),
            }
        )
    tight = [
        name[c["works_id"]]
        for c in conditions
        if c["condition"] == "dwf" and c["compliant"] == "yes" and c["statistic"] >= 0.9 * c["limit"]
    ]
    if tight:
        out.append(
            {
                "id": "dwf_headroom",
                "what": "measured DWF close to the permitted DWF: little headroom for growth",
                "all_of": [
                    [
                        "headroom",
                        "capacity",
                        "of the permitted",
                        "close to the permitted",
                        "near the permitted",
                        "growth",
                    ]
                ],
                "any_of": _names(tight),
            }
        )
    small = [
        w.name
        for w in ws.values()
        if w.limits.required == 4
        and any(c["works_id"] == w.code and c["condition"] == "lut" and c["failures"] for c in conditions)
    ]
    if small:
        out.append(
            {
                "id": "small_works_frequency",
                "what": "a works sampled four times a year with a failing sample: twelve samples next year",
                "all_of": [
                    [
                        "twelve samples",
                        "12 samples",
                        "twelve a year",
                        "12 a year",
                        "monthly",
                        "twelve times",
                        "12 times",
                    ],
                    _names(small),
                ],
                "any_of": ["2026", "next year", "following year", "d.3", "directive"],
            }
        )
    return out
