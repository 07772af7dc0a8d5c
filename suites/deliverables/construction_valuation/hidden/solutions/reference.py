"""Reference: the Employer's valuation of Interim Application No. 12 under the JCT Design and Build Contract 2016 (as
amended) and the Housing Grants, Construction and Regeneration Act 1996 as amended.

Firm items of the Contract Sum Analysis are valued to their bill quantity at most, provisional quantities are
remeasured, provisional sums are replaced by the instructed work; time-related preliminaries by the time elapsed,
fixed ones when their event has happened; variations only where instructed (the live revision), at bill rates, by
accepted quotation or as daywork at the contract's base rates and percentages; materials on site delivered by the
valuation date and not yet built in; off-site materials only for Listed Items meeting every condition (a bond for
those not uniquely identified); no fluctuations beyond Option A; half retention on Sections at practical completion;
liquidated damages only where a Non-Completion Notice was given, to practical completion; the amounts previously due
taking a Pay Less Notice only where it was given in time; notice dates reckoned without public holidays.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, "/solution")
sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")

import cv_read as rd

INPUT = rd.INPUT
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
RULES = set(globals().get("RULES", ()))  # the shortcuts switch the reference's rules off by name (see NAIVE)
NAIVE = {
    "remeasure_all",
    "ps_at_face",
    "prelims_pro_rata",
    "variations_as_claimed",
    "mos_all",
    "offsite_all",
    "fluctuations_claimed",
    "flat_retention",
    "previous_paid",
    "lds_as_asked",
    "calendar_days",
    "notified_is_ours",
}
IVD = date(2026, 3, 25)


def today() -> date:
    if KNOWN and KNOWN.get("today"):
        return date.fromisoformat(KNOWN["today"])
    task = Path("TASK.md")
    if task.exists():
        m = re.search(r"[Tt]oday is \w+ (\d{1,2} \w+ 2026)", task.read_text(encoding="utf-8"))
        if m:
            return rd.parse_date(m.group(1))
    import worktrial_kit as kit

    return kit.today()


def read_answer(text: str) -> dict:
    """What a member of staff's reply says that changes the valuation, whatever was asked: the facts it gives."""
    known: dict = {}
    said = text.lower()
    m = re.search(r"practical completion[^.]*?(\d{1,2} \w+ 2026)", text)
    if m and re.search(r"section 1 reached practical completion", said):
        known["section1_pc"] = rd.parse_date(m.group(1)).isoformat()
    if re.search(r"(?:hasn't|has not|not) come down|still standing", said):  # a crane said not to be dismantled
        prelims = rd.read_csa(INPUT / "contract/contract_sum_analysis.xlsx")["prelims"]
        standing = []
        for ref, pr in prelims.items():
            m = re.match(r"tower crane (block \w): dismantle", pr["description"].lower())
            if pr["basis"] == "F" and m and f"{m.group(1)} tower crane" in said:
                standing.append(ref)
        if standing:
            known["crane_standing"] = standing
    if re.search(r"not properly executed|failed the [\w -]*tests", said):
        refs = sorted(set(re.findall(r"\b[A-C]/\d/\d{2}\b", text)))
        if refs:
            known["defective"] = refs
    m = re.search(r"(\d+) of the (\d+) balcony units", text)
    if m:
        known["offsite_inspection"] = {"item": "LI-02", "qualifying": int(m.group(1))}
    if re.search(r"administration|administrators|insolven|receivership|liquidat", said):
        items = sorted(set(re.findall(r"\((LI-\d+)\)", text)))
        if items:
            known["supplier_insolvency"] = {"items": items}
    m = re.search(r"£([\d,]+(?:\.\d\d)?) of the surcharge", text)
    if m:
        known["fluctuation_agreed"] = rd.money(m.group(1))
    m = re.search(r"Section (\d)'s Completion Date moves from [^.]*? to (\d{1,2} \w+ 2026)", text)
    v = re.search(r"\bas (V\d\d)\b[^.]*?Completion Date", text)
    amount = re.search(r"paid £([\d,]+(?:\.\d\d)?) in full and final settlement", text)
    if m and v and amount:
        known["deed_of_variation"] = {
            "section": int(m.group(1)),
            "completion_date": rd.parse_date(m.group(2)).isoformat(),
            "variation": v.group(1),
            "sum": rd.money(amount.group(1)),
        }
    m = re.search(r"£([\d,]+(?:\.\d\d)?),? as a contra-charge", text)
    if m:
        known["contra_charge"] = {"sum": rd.money(m.group(1))}
    m = re.search(r"loss and expense[^.]*?: £([\d,]+(?:\.\d\d)?) of the", text)
    v = re.search(r"goes into this payment as (V\d\d)", text)
    if m and v:
        known["loss_and_expense"] = {"variation": v.group(1), "sum": rd.money(m.group(1))}
    return known


def ask_staff(register: list[dict]) -> dict:
    known: dict = {}
    if not (ASK and Path("bin/ask").exists()):
        return known
    import worktrial_kit as kit

    def ask(person: str, question: str) -> None:
        r = kit.ask(person, question)
        if r.answered:
            known.update(read_answer(r.text))

    vmeasures = rd.read_variation_measures(INPUT / "measurement/variation_measures.csv")
    app = rd.read_application(INPUT / "application/Interim_Application_12_Brackenridge.pdf")

    ask(
        "helen",
        "Before Fiona signs the notices for Interim Payment 12: has anything changed since the pack was put "
        "together? In particular, has Section 1 reached practical completion, and on what date?",
    )
    ask(
        "helen",
        "Is the variation register up to date on the Contractor's notifications and claims: have you "
        "assessed or ascertained any of them, loss and expense included, that should go into valuation 12?",
    )
    for v in register:
        if "no record of an instruction" in v["status"]:
            qty = vmeasures.get((v["no"], v["rev"]), {}).get("qty")
            r = kit.ask(
                "gareth",
                f"The register lists V{v['no']:02d} ({v['doc']}), {v['description']}, as a Contractor's "
                f"notification the Employer's Agent has no record of. The variation measures give {qty:g} "
                f"t of steel measured for V{v['no']:02d}. Did you instruct it verbally on site, and was it "
                "confirmed in writing?",
            )
            if r.answered and "stands as an instruction" in r.text:
                known["verbal_instruction"] = {"variation": f"V{v['no']:02d}", "valid": True}
    ask(
        "gareth",
        "Has anything changed on site since the measurement on 25 March, or does anything on site differ "
        "from the records in the pack, the preliminaries status included?",
    )
    li01, li02 = app["offsite"]["LI-01"], app["offsite"]["LI-02"]
    ask(
        "priyanka",
        f"Brackenridge's application claims {li02['qty']} balcony units (LI-02) and {li01['qty']} stair "
        "flights (LI-01) at Harwood Precast. What did your inspection of Harwood's Pontefract yard on 19 "
        "March find: how many stair flights and balcony units were complete, marked and set apart?",
    )
    others = ", ".join(ref for ref in app["offsite"] if ref not in ("LI-01", "LI-02"))
    ask(
        "priyanka",
        f"Is there anything about the other off-site items in the application ({others}) or their "
        "suppliers that I should know before I include them in valuation 12?",
    )
    ask(
        "declan",
        "Brackenridge's application includes £22,450 for the structural steel mill surcharge. Under "
        "Fluctuations Option A I would leave it out - has anything been agreed with them about it?",
    )
    ask(
        "declan",
        "Apart from the surcharge, is there anything else agreed with Brackenridge - a settlement, a deed or "
        "a side agreement - that changes the contract or any of their claims before I rely on the Contract "
        "Particulars and the register?",
    )
    ask(
        "declan",
        "Apart from liquidated damages, are there any contra-charges or other deductions against "
        "Brackenridge that should come off Interim Payment 12?",
    )
    return known


def value(known: dict) -> tuple[list[dict], dict, dict]:
    part = rd.read_particulars(INPUT / "contract/contract_particulars_and_amendments.docx")
    csa = rd.read_csa(INPUT / "contract/contract_sum_analysis.xlsx")
    measures = rd.read_measurements(INPUT / "measurement")
    status = rd.read_prelims_status(next((INPUT / "measurement").glob("preliminaries_status*.csv")))
    vmeasures = rd.read_variation_measures(INPUT / "measurement/variation_measures.csv")
    register = rd.read_register(INPUT / "variations/variation_register.xlsx")
    sheets = rd.read_dayworks(INPUT / "variations/dayworks")
    notices = rd.read_notices(INPUT / "contract/notices")
    app = rd.read_application(INPUT / "application/Interim_Application_12_Brackenridge.pdf")
    history = rd.read_history(INPUT / "valuations/valuation_11_employer.xlsx")
    mos_rows = rd.read_materials(next((INPUT / "site").glob("materials_on_site*.csv")))
    bond = rd.bond_received(INPUT / "contract/bonds_and_insurances_register.docx")
    emails = "\n".join(p.read_text(encoding="utf-8") for p in sorted((INPUT / "emails").glob("*.eml")))
    defective = set(known.get("defective", []))
    if "not properly executed" in emails:  # the Clerk of Works' e-mail (fair instance)
        defective |= set(re.findall(r"\b[A-C]/\d/\d{2}\b", emails.split("not properly executed")[0][-600:]))
    pc = dict(notices["pc"])
    if known.get("section1_pc"):
        pc[1] = date.fromisoformat(known["section1_pc"])
    pc = {s: d for s, d in pc.items() if d <= IVD}
    elapsed = (IVD - part["possession"]).days / 7

    lines: list[dict] = []
    weeks = (part["completion"][2] - part["possession"]).days / 7
    standing = set(known.get("crane_standing", []))  # a fixed item the status records but that has not happened
    for ref, pr in csa["prelims"].items():
        v = pr["rate"] * min(elapsed, pr["weeks"]) if pr["basis"] == "T" else (pr["rate"] if status.get(ref) else 0.0)
        if ref in standing:
            v = 0.0
        if "prelims_pro_rata" in RULES:
            v = pr["amount"] * min(1.0, elapsed / weeks)
        lines.append(
            {
                "ref": pr["ref"],
                "kind": "preliminaries",
                "section": "",
                "description": pr["description"],
                "value": round(v, 2),
            }
        )
    item_value = {}
    for ref, it in csa["items"].items():
        mv = measures.get(ref, {})
        if it["kind"] == "ps" and "ps_at_face" in RULES:
            v = it["rate"]
        elif it["kind"] in ("ps", "incl") or ref in defective:
            v = 0.0
        elif "pct" in mv:
            v = round(round(it["qty"] * it["rate"], 2) * mv["pct"] / 100, 2)
        else:
            q = mv.get("qty", 0.0)
            v = round((q if it["kind"] == "pq" or "remeasure_all" in RULES else min(q, it["qty"])) * it["rate"], 2)
        item_value[ref] = v
        lines.append(
            {
                "ref": it["ref"],
                "kind": "provisional_sum" if it["kind"] == "ps" else "measured",
                "section": it["section"] or "",
                "description": it["description"],
                "value": v,
            }
        )
    rates = {ref: it["rate"] for ref, it in csa["items"].items()}
    verbal = known.get("verbal_instruction", {})
    deed = known.get("deed_of_variation", {})
    var_value: dict[int, float] = {}
    var_rows: dict[int, dict] = {}
    for v in register:
        live = v["status"].startswith("Instructed") or (
            verbal.get("valid") and f"V{v['no']:02d}" == verbal.get("variation")
        )
        var_rows.setdefault(v["no"], v)
        if "variations_as_claimed" in RULES:
            var_value[v["no"]] = round(var_value.get(v["no"], 0.0) + v["claimed"], 2)
            continue
        if not live:
            var_value.setdefault(v["no"], 0.0)
            continue
        var_rows[v["no"]] = v
        meas = vmeasures.get((v["no"], v["rev"]), {})
        if v["item"] and meas.get("qty") is not None:
            val = meas["qty"] * rates[v["item"]]
        elif v["quote"] is not None:
            val = v["quote"] * (meas.get("pct") or 0.0) / 100
        else:  # daywork: the contract's base rates and percentage additions
            val = 0.0
            for s in (s for s in sheets.values() if s["var"] == v["no"]):
                lab = sum(h * csa["base_rates"][g] for g, h in s["labour"]) * (1 + part["labour"])
                val += round(
                    lab + sum(s["materials"]) * (1 + part["materials"]) + sum(s["plant"]) * (1 + part["plant"]), 2
                )
        var_value[v["no"]] = round(val, 2)
    if deed:  # a claim settled by the deed of variation: the agreed sum
        var_value[int(deed["variation"][1:])] = round(float(deed["sum"]), 2)
    loss = known.get("loss_and_expense", {})
    if loss:  # loss and expense the Employer's Agent has ascertained on a notification
        var_value[int(loss["variation"][1:])] = round(float(loss["sum"]), 2)
    for no in sorted(var_rows):
        v = var_rows[no]
        lines.append(
            {
                "ref": f"V{no:02d}",
                "kind": "variation",
                "section": v["section"],
                "description": v["description"],
                "value": var_value[no],
            }
        )

    inspection = known.get("offsite_inspection", {})
    insolvent = set(known.get("supplier_insolvency", {}).get("items", []))  # no proof that title has passed
    off = {}
    for ref, o in app["offsite"].items():
        ok = ref in part["unique"] or (ref in part["not_unique"] and bond) or "offsite_all" in RULES
        ok = ok and ref not in insolvent
        n = inspection["qualifying"] if inspection.get("item") == ref else o["qty"]
        off[ref] = round(o["value"] / o["qty"] * n, 2) if ok else 0.0
    mos = round(
        sum(
            r["value"]
            for r in mos_rows
            if r["status"].lower().startswith("on site") and (r["delivered"] <= IVD or "mos_all" in RULES)
        ),
        2,
    )
    fluct = float(known.get("fluctuation_agreed", 0.0))
    if "fluctuations_claimed" in RULES:
        fluct = app["fluctuations"]
    totals = {
        "measured_work": round(sum(item_value.values()), 2),
        "preliminaries": round(sum(x["value"] for x in lines if x["kind"] == "preliminaries"), 2),
        "variations": round(sum(var_value.values()), 2),
    }
    contra = float(known.get("contra_charge", {}).get("sum", 0.0))  # agreed, deducted in the Gross Valuation
    gross = round(sum(totals.values()) + mos + sum(off.values()) + fluct - contra, 2)
    half = sum(val for ref, val in item_value.items() if csa["items"][ref]["section"] in pc)
    half += sum(var_value[no] for no, v in var_rows.items() if v["section"] in pc)
    if "flat_retention" in RULES:
        half = 0.0
    subject = gross + contra - float(loss.get("sum", 0.0))  # neither is subject to retention
    retention = round(part["retention"] * (subject - half) + part["retention"] / 2 * half, 2)
    cycle = rd.calendar_cycle if "calendar_days" in RULES else rd.cycle
    due_total = paid_total = 0.0
    for h in history:
        c = cycle(h["ivd"])
        valid_pln = h["pln_date"] is not None and h["pln_date"] <= c["pln_by"]
        due_total += h["pln"] if valid_pln else h["pn"]
        paid_total += h["paid"]
    if "previous_paid" in RULES:
        due_total = paid_total
    amount_due = round(gross - retention - due_total, 2)
    lds = {}
    for s, rate in sorted(part["lds"].items()):
        cd = part["completion"][s]
        if deed and deed["section"] == s:  # the Completion Date as the deed of variation revised it
            cd = date.fromisoformat(deed["completion_date"])
        end = pc.get(s, IVD)
        lds[f"section_{s}"] = round(rate * max(0, (end - cd).days) / 7, 2) if s in notices["ncn"] else 0.0
        if "lds_as_asked" in RULES:  # Fiona's e-mail: damages on Sections 1 and 3, to today
            lds[f"section_{s}"] = round(rate * max(0, (today() - cd).days) / 7, 2) if s in (1, 3) else 0.0
    lds["total"] = round(sum(lds.values()), 2)
    c = cycle(IVD)
    in_time = today() <= c["pn_by"]
    result = {
        "valuation_number": 12,
        "valuation_date": IVD.isoformat(),
        **totals,
        "materials_on_site": mos,
        "materials_off_site": {**off, "total": round(sum(off.values()), 2)},
        "fluctuations": fluct,
        "gross_valuation": gross,
        "retention": retention,
        "previous_amounts_due": round(due_total, 2),
        "amount_due": amount_due,
        "liquidated_damages": lds,
        "sum_payable": round(amount_due - lds["total"], 2),
        "unpaid_from_previous": round(due_total - paid_total, 2),
        "sections_at_practical_completion": {str(s): d.isoformat() for s, d in sorted(pc.items())},
        "notices": {
            "due_date": c["due"].isoformat(),
            "payment_notice_by": c["pn_by"].isoformat(),
            "final_date_for_payment": c["final"].isoformat(),
            "pay_less_notice_by": c["pln_by"].isoformat(),
            "payment_notice_in_time": in_time,
            "notified_sum": amount_due if in_time or "notified_is_ours" in RULES else app["applied"],
        },
    }
    context = {
        "app": app,
        "history": history,
        "register": register,
        "known": known,
        "defective": sorted(defective),
        "half": half,
        "part": part,
        "contra": contra,
        "today": today(),
        "bond": bond,
        "emails": emails,
    }
    return lines, result, context


def main() -> None:
    import cv_note as note

    OUTPUT.mkdir(exist_ok=True)
    register = rd.read_register(INPUT / "variations/variation_register.xlsx")
    known = {k: v for k, v in (KNOWN or {}).items() if k != "today"} if KNOWN is not None else ask_staff(register)
    lines, result, context = value(known)
    import csv

    with open(OUTPUT / "valuation.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["ref", "kind", "section", "description", "value"])
        for x in lines:
            w.writerow([x["ref"], x["kind"], x["section"], x["description"], f"{x['value']:.2f}"])
    (OUTPUT / "valuation.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (OUTPUT / "note_to_commercial_director.md").write_text(note.text(result, context), encoding="utf-8")


if __name__ == "__main__":
    main()
