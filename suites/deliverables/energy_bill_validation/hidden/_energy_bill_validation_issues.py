"""The matters energy_bill_validation's note to the Finance Director must raise (`hidden/reference/issues.json`,
read by checks.py:note_issues): each names the item and what is wrong with it."""

from __future__ import annotations

import _energy_bill_validation_billing as bl
import _energy_bill_validation_sites as st


def issues_for(w: bl.World) -> list[dict]:
    """The matters the note to the Finance Director must raise: one block of the note names the item and what is
    wrong with it."""
    inst = w.inst
    invs = w.invoices

    def names(code: str) -> list[str]:
        s = st.site(inst, code)
        return [s.name.lower().split(",")[0], code.lower()]

    dup = next(i for i in invs if i.kind == "duplicate")
    est = next(e for e in inst.errors if e[0] == "estimated" and e[4] is None)
    rebilled = next(e for e in inst.errors if e[0] == "estimated" and e[4] is not None)
    days = next(e for e in inst.errors if e[0] == "billing_days")
    lf = next(e for e in inst.errors if e[0] == "loss_factor")
    v2 = f"{inst.v2_from.day} {inst.v2_from:%B}".lower()
    dc = next(code for (code, _m) in inst.peaks if code == "S01")
    out = [
        {
            "id": "duplicate_invoice",
            "what": f"invoice {dup.number} repeats an invoice already billed",
            "all_of": [[dup.number.lower()]],
            "any_of": ["duplicate", "twice", "again", "copy", "re-sent", "same"],
        },
        {
            "id": "reactive_allowance",
            "what": "excess reactive power billed on every kVArh, without the 0.95 power factor allowance",
            "all_of": [["reactive"]],
            "any_of": ["0.95", "allowance", "every kvarh", "all kvarh", "total kvarh", "all reactive", "all of the"],
        },
        {
            "id": "price_schedule",
            "what": f"version 2 of Schedule 2 not applied from {v2}",
            "all_of": [["version 2", "v2", "schedule 2", "price schedule"]],
            "any_of": [v2, "version 1", "v1", "old rate", "superseded", "previous"],
        },
        {
            "id": "sixty_percent",
            "what": "Corn Exchange is at least 60% domestic: the whole supply qualifies (no CCL, VAT at 5%)",
            "all_of": [names("S03")],
            "any_of": ["60%", "60 per cent", "60 percent", "sixty", "whole supply", "no ccl", "entire supply"],
        },
        {
            "id": "estimated_read",
            "what": f"the estimated invoice for {st.site(inst, est[1]).name} to be re-billed on actual reads",
            "all_of": [["estimat"], names(est[1])],
            "any_of": ["re-bill", "rebill", "actual", "re-issue", "reissue"],
        },
        {
            "id": "loss_factor",
            "what": f"{st.site(inst, lf[1]).name} billed with the wrong line loss factors",
            "all_of": [["loss factor", "llf"]],
            "any_of": [*names(lf[1]), "560", "580"],
        },
        {
            "id": "billing_days",
            "what": f"{st.site(inst, days[1]).name} billed daily charges for {days[3]} days",
            "all_of": [names(days[1]), ["day"]],
            "any_of": [str(days[3]), "standing", "capacity", "extra", "more"],
        },
        {
            "id": "vat_on_ccl",
            "what": "High Street, Wexley: the CCL split between 5% and 20% VAT; it is standard-rated",
            "all_of": [names("S04"), ["vat"]],
            "any_of": ["ccl", "levy", "standard"],
        },
        {
            "id": "rebill_reversed",
            "what": f"{st.site(inst, rebilled[1]).name}'s estimate reversed and re-billed: nothing to claim twice",
            "all_of": [names(rebilled[1])],
            "any_of": ["revers", "credit note", "re-bill", "rebill", "re-billed"],
        },
        {
            "id": "capacity_headroom",
            "what": f"{st.site(inst, inst.headroom_site).name}'s agreed capacity far above "
            "its maximum demand: review and reduce it",
            "all_of": [names(inst.headroom_site), ["capacity"]],
            "any_of": ["headroom", "reduce", "lower", "oversized", "review", "unused", "peak"],
        },
        {
            "id": "dc_exceeded",
            "what": "Thornbury DC exceeded its 1,500 kVA capacity: the excess charge is right; "
            "manage the peak or raise the capacity",
            "all_of": [names(dc), ["exceed", "above its", "over its"]],
            "any_of": ["1,500", "1500", "kva"],
        },
    ]
    f = inst.facts
    if f:
        cr = bl.credited_line(w)
        red = f["capacity_reduced"]
        out += [
            {
                "id": "capacity_reduced",
                "what": "Kingsgate and Meadowgate capacities reduced from 1 November; Brightwater still bills 300 kVA",
                "all_of": [names("S06") + names("S09"), ["capacity"]],
                "any_of": [str(v) for v in red["sites"].values()] + ["1 november", "reduc"],
            },
            {
                "id": "bakery_cca",
                "what": "Mill Lane Bakery's CCA certificate from 1 October not applied",
                "all_of": [[*names("S02"), "bakery"], ["cca", "climate change agreement", "reduced rate"]],
                "any_of": ["certificate", "1 november", "85", "reduced rate", "full"],
            },
            {
                "id": "already_credited",
                "what": f"invoice {cr[0].number} already disputed and credited: not to be raised again",
                "all_of": [[cr[0].number.lower()]],
                "any_of": ["credit", "already", "settled"],
            },
            {
                "id": "v2_concession",
                "what": "Brightwater agreed version 2 from 1 October for six sites",
                "all_of": [["1 october"]],
                "any_of": ["version 2", "v2", "schedule 2", "letter", "concession", "agreed"],
            },
            {
                "id": "thornbury_cca",
                "what": "Thornbury DC's cold store CCA certificate from 1 November not applied: CCL billed in full",
                "all_of": [names("S01"), ["cca", "climate change agreement", "reduced rate", "cold store"]],
                "any_of": ["certificate", "1 november", "80", "reduced rate", "full", "main rate"],
            },
            {
                "id": "flats_let",
                "what": "the Wexley flats let as business premises from 1 November: the PP11 no longer applies, "
                "VAT at 20% and CCL on the whole supply, underbilled",
                "all_of": [
                    names("S04"),
                    [
                        "let",
                        "lease",
                        "physio",
                        "treatment room",
                        "business",
                        "commercial",
                        "no longer domestic",
                        "no domestic",
                        "nobody lives",
                        "not domestic",
                        "non-domestic",
                    ],
                ],
                "any_of": ["pp11", "underbill", "vat", "ccl", "20%", "1 november", "declaration"],
            },
            {
                "id": "llfc_reallocated",
                "what": "Corn Exchange re-allocated to LLFC 560 from 1 December: Brightwater still bills the LLFC 580 "
                "DUoS rates and loss factors",
                "all_of": [["corn exchange", "s03"], ["560", "lv sub", "re-allocat", "reallocat", "substation"]],
                "any_of": ["580", "duos", "loss factor", "distribution", "1 december", "rate"],
            },
        ]
    return out
