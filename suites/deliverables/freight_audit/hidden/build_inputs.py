"""Writes every instance's inputs (rate agreements, carrier invoices, shipment records, diesel index, e-mails) and
its reference outputs.

Deterministic: the same code writes the same bytes (fixed seeds, fixed document timestamps). Run with a Python that
has python-docx and openpyxl:

    python hidden/build_inputs.py

The model (`_freight_audit_model.py`) decides every shipment as it went, what each agreement allows for it, and what
each carrier billed, faults included. After writing the files this script runs hidden/solutions/reference.py on them
(handing it the staff's answers directly, `KNOWN`) and asserts that the reference, reading only the files, arrives at
the model's register and totals to the penny.
"""

from __future__ import annotations

import csv
import json
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _freight_audit_agreements as agreements  # noqa: E402
from _freight_audit_files import save_xlsx, write_csv, write_eml, write_pdf  # noqa: E402
from _freight_audit_model import (  # noqa: E402
    CARRIERS,
    RESENT,
    Inst,
    Line,
    Shipment,
    bill,
    diesel_weeks,
    make_shipments,
    register,
    totals,
)

FAMILY = HERE.parent
INSTANCES = {
    "base": Inst("base", 20261001, n_brk=190, n_q=330, n_t=150),
    "final_batch": Inst("final_batch", 20261002, n_brk=260, n_q=420, n_t=190, hard=True,
                        reclass={"areas": {"DN": 1, "HU": 1}, "from": date(2026, 8, 3)},
                        standing_tail_lift={"store": "KTR", "from": date(2026, 8, 3)},
                        fuel_waiver={"carrier": "tern", "from": date(2026, 9, 1), "to": date(2026, 9, 30)},
                        brk_rates={"from": date(2026, 8, 10), "rate": {1: 34.20, 2: 41.85, 3: 49.50, 4: 65.25}}),
}
CARRIER_NAMES = {
    "brackenford": ["Brackenford", "BRACKENFORD HAULAGE", "Brackenford Haulage Ltd", "Brackenford (pallets)"],
    "quillon": ["Quillon", "QUILLON PARCELS", "Quillon Parcels", "Quillon parcel"],
    "tern": ["Tern 2-Man", "TERN TWO-MAN", "Tern Two Man Logistics", "Tern"],
}
STATUS = {"delivered": "Delivered", "failed_customer": "Failed - customer not available",
          "failed_carrier": "Failed - carrier (vehicle breakdown)"}


# --------------------------------------------------------------------------------------------- inputs


def write_semicolon_csv(path: Path, header: list[str], rows: list[list], pre: str) -> None:
    lines = [pre.rstrip("\r\n"), "", ";".join(header)] + [";".join(str(c) for c in r) for r in rows]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))


def write_index(path: Path, index: dict[date, float], rng: random.Random) -> None:
    weeks = sorted(index)
    revised = set(rng.sample(weeks[2:], 5))
    rows: list[list] = []
    late: list[list] = []
    for i, w in enumerate(weeks):
        label = w.strftime("%a %d/%m/%Y") if i % 3 else w.isoformat()
        rows.extend(late)
        late = []
        if w in revised:
            rows.append([label, f"{index[w] + rng.choice([-1.1, -0.7, 0.6, 0.9, 1.2]):.1f}", "provisional"])
            late.append([w.strftime("%d %b %Y"), f"{index[w]:.1f}", "final (revised)"])
        else:
            rows.append([label, f"{index[w]:.1f}", "final"])
    rows.extend(late)
    write_csv(path, ["Week commencing", "Diesel p/litre (incl. duty, ex VAT)", "Status"], rows,
              pre="# Weekly road diesel price index, pence per litre. Provisional figures are revised the week "
              "after.\r\n")


def write_shipments(path: Path, ships: list[Shipment], rng: random.Random, hard: bool) -> None:
    rows = []
    for s in ships:
        pc = s.postcode if rng.random() > 0.15 else s.postcode.replace(" ", "").lower()
        when = s.collected.isoformat() if s.collected >= date(2026, 9, 7) else s.collected.strftime("%d/%m/%Y")
        dims = f"{s.dims[0]}x{s.dims[1]}x{s.dims[2]}" if s.carrier == "quillon" else ""
        rows.append([
            s.ref, rng.choice(CARRIER_NAMES[s.carrier]), when, s.store or s.customer, pc,
            s.pallets or "", 1 if s.carrier == "quillon" else "", f"{s.weight:.1f}" if s.weight else "", dims,
            s.items or "", "Y" if s.tail_lift else "N", "Y" if s.booked_in else "N",
            "Y" if s.room_of_choice else ("N" if s.carrier == "tern" else ""),
            s.disposal if s.carrier == "tern" else "",
            STATUS[s.outcome], s.lane or "",
        ])
        if rng.random() < 0.03:  # the export repeats some rows
            rows.append(list(rows[-1]))
    header = ["Shipment Ref", "Carrier", "Collected", "Store / Customer", "Deliver-to postcode", "Pallets", "Parcels",
              "Weight kg", "Carton LxWxH cm", "Items", "Tail-lift", "Booked-in", "Room of choice", "Disposal items",
              "Delivery status", "Plan lane"]
    if hard:  # two exports pasted one under the other: September's comes with its own header line
        cut = next(i for i, r in enumerate(rows) if r[2][:4] == "2026")
        rows = [*rows[:cut], list(header), *rows[cut:]]
    write_csv(path, header, rows)


def write_brackenford(folder: Path, lines: list[Line], rng: random.Random, hard: bool) -> None:
    for inv in sorted({ln.invoice for ln in lines}):
        mine = [ln for ln in lines if ln.invoice == inv]
        rows = []
        for ln in mine:
            s, b, i = ln.ship, ln.billed, ln.info
            assert s is not None
            total = round(sum(b.values()), 2)
            rows.append([f"BH{rng.randint(1000000, 9999999)}", ln.ref_text.replace("HW-", "HW", 1),
                         s.collected.strftime("%d.%m.%Y"), s.postcode, i["lane"], s.pallets, f"{b['base']:.2f}",
                         f"{i['fuel_pct']:.1f}", f"{b['fuel']:.2f}", f"{i['tail_lift']:.2f}", f"{i['booked_in']:.2f}",
                         f"{total:.2f}"])
        pre = (f"Brackenford Haulage Ltd,Invoice {inv},Date {mine[0].inv_date:%d/%m/%Y},Account HEARTHWELL-CBY\r\n"
               "\r\n")
        header = ["Con No", "Your Ref", "Coll Date", "Del Postcode", "Lane", "Pallets", "Haulage", "Fuel %", "Fuel",
                  "Tail Lift", "Booked In", "Line Total"]
        if hard and inv.endswith("0930"):  # the carrier's new billing system: semicolons and decimal commas
            rows = [[str(c).replace(".", ",") if k >= 6 else c for k, c in enumerate(r)] for r in rows]
            rows = [[*r[:2], r[2].replace(",", "."), *r[3:]] for r in rows]
            write_semicolon_csv(folder / f"Brackenford_{inv}.csv", header, rows, pre.replace(",", ";"))
        else:
            write_csv(folder / f"Brackenford_{inv}.csv", header, rows, pre=pre)


def write_quillon(path: Path, lines: list[Line], rng: random.Random, hard: bool) -> None:
    wb = openpyxl.Workbook()
    first = True
    for inv in sorted({ln.invoice for ln in lines}):
        ws = wb.active if first else wb.create_sheet()
        first = False
        ws.title = inv
        mine = [ln for ln in lines if ln.invoice == inv]
        ws.append([f"Quillon Parcels - Invoice {inv}"])
        ws.append(["Account HEARTH01", f"Invoice date {mine[0].inv_date:%d %B %Y}"])
        ws.append([])
        ws.append(["Tracking", "Customer ref", "Despatch date", "Postcode", "Zone", "Weight (kg)", "Chargeable (kg)",
                   "Tariff", "Remote area", "Fuel", "Total"])
        for ln in mine:
            s = ln.ship or ln.info["ghost"]
            b = ln.billed
            ref = ln.ref_text.lower()
            if hard and inv.endswith("5540"):  # September's sheet: the reference as keyed at the parcel bench
                ref = f"{ln.ref_text[3:]}/1"
            ws.append([f"QP{rng.randint(10**9, 10**10 - 1)}GB", ref, s.collected, s.postcode,
                       ln.info["zone"], s.weight, ln.info["kg"], b["base"], b["accessorial"], b["fuel"],
                       round(sum(b.values()), 2)])
            ws.cell(ws.max_row, 3).number_format = "dd/mm/yyyy"
        ws.append([])
        ws.append([""] * 9 + ["Invoice total", round(sum(sum(x.billed.values()) for x in mine), 2)])
    save_xlsx(wb, path)


def write_tern(folder: Path, lines: list[Line]) -> None:
    for inv in sorted({ln.invoice for ln in lines}):
        mine = [ln for ln in lines if ln.invoice == inv]
        head = ["TERN TWO-MAN LOGISTICS LTD            Unit 4, Fenwick Park, Daventry NN11 8RS",
                f"INVOICE {inv}            Invoice date {mine[0].inv_date:%d/%m/%Y}      Customer: Hearthwell Home Ltd",
                "Two-person home deliveries collected from Corby DC.  All amounts GBP.", "",
                "Date       Order ref    Postcode  Zone Items Delivery  Room Ch  Disposal  Failed   Fuel    Total",
                "-" * 98]
        out = list(head)
        for k, ln in enumerate(mine):
            s, b, i = ln.ship, ln.billed, ln.info
            assert s is not None
            if k and k % 50 == 0:
                out += ["\x0c", *head]
            out.append(f"{s.collected:%d/%m/%Y} {ln.ref_text[3:]:<12} {s.postcode:<9} {i['zone']:<4} {s.items:>5} "
                       f"{b['base']:>8.2f} {i['roc']:>8.2f} {i['disposal']:>9.2f} {i['failed']:>7.2f} "
                       f"{b['fuel']:>6.2f} {sum(b.values()):>8.2f}")
        total = round(sum(sum(x.billed.values()) for x in mine), 2)
        out += ["-" * 98, f"{'Invoice total':>88} {total:>9.2f}", "", "Payment terms 30 days. Queries to "
                "accounts@tern2man.example quoting the invoice number."]
        write_pdf(folder / f"Tern_{inv}.pdf", out, f"Tern invoice {inv}")


def write_emails(folder: Path, inst: Inst, lines: list[Line]) -> None:
    ghost = next(ln for ln in lines if ln.ship is None)
    mails = [
        ("02_brackenford_fuel.eml", "Stuart Pell <s.pell@brackenford-haulage.example>", "Accounts payable",
         "2026-07-06 10:12", "Fuel surcharge July",
         "Good morning,\n\nFor your information the fuel surcharge on our July invoice will be worked out as usual "
         "from the diesel index for the week of collection, at 0.5% per penny above 130p.\n\nKind regards\nStuart "
         "Pell\nAccount Manager, Brackenford Haulage\n"),
        ("03_quillon_volumetric.eml", "Quillon billing <billing@quillon-parcels.example>", "Accounts payable",
         "2026-08-04 15:40", "Re: chargeable weights",
         "Hello,\n\nChargeable weights on your invoices are calculated with our standard volumetric factor of 4000 "
         "as set out in our general conditions of carriage.\n\nQuillon Billing Team\n"),
        ("04_dc_shipment_export.eml", "Bethan Pryce <b.pryce@hearthwell.example>", "Naomi Castellane",
         "2026-10-01 17:05", "Q3 shipment export",
         "Naomi,\n\nHere is the despatch export from the warehouse system for July to September, all three "
         "carriers. Tail-lift, booked-in, room-of-choice and disposal flags are as the bookings were made; the "
         "carton sizes are the ones on the item master. It's a straight export so there may be the odd repeated "
         "row.\n\nBethan\nDC Operations Manager, Corby\n"),
    ]
    if not inst.hard:
        mails += [
            ("01_quillon_rate_review.eml", "Ruairi Dunmore <r.dunmore@hearthwell.example>", "Naomi Castellane",
             "2026-08-21 12:30", "Quillon rate review agreed",
             "Naomi,\n\nJust so finance knows: I've agreed Quillon's rate review with their account manager. The "
             "parcel tariff goes up 4% from 1 September (each rate rounded to the penny); the remote area surcharge "
             "and the fuel table stay as they are. Their confirmation is on file.\n\nRuairi\nTransport Manager\n"),
            ("05_ap_tern_invoices.eml", "Ade Okonkwo <a.okonkwo@hearthwell.example>", "Naomi Castellane",
             "2026-10-01 09:20", "Carrier invoices for the audit",
             f"Naomi,\n\nAll Q3 carrier invoices are in the folder. Tern sent {RESENT} on 10 September; it looks like "
             "a re-send of part of their August invoice TTL-24-0871, which is also in the folder. Nothing has been "
             f"paid yet. There is one Quillon line ({ghost.ref_text}, on {ghost.invoice}) I cannot match to any of "
             "our despatches.\n\nAde\nAccounts Payable Supervisor\n"),
        ]
    else:
        mails.append(
            ("05_ap_tern_invoices.eml", "Ade Okonkwo <a.okonkwo@hearthwell.example>", "Naomi Castellane",
             "2026-10-01 09:20", "Carrier invoices for the audit",
             "Naomi,\n\nAll Q3 carrier invoices are in the folder, as the carriers sent them. Nothing has been paid "
             "yet.\n\nAde\nAccounts Payable Supervisor\n"))
    folder.mkdir()
    for fname, frm, to, when, subject, body in sorted(mails):
        write_eml(folder / fname, frm, to, when, subject, body)


# --------------------------------------------------------------------------------------------- references


def issues_for(inst: Inst, lines: list[Line]) -> list[dict]:
    ghost = next(ln for ln in lines if ln.ship is None)
    issues = [
        {"id": "brk_fuel_week",
         "what": "Brackenford's fuel surcharge read from the collection week, not the week before",
         "all_of": [["brackenford"], ["fuel"]],
         "any_of": ["week before", "previous week", "prior week", "preceding week", "week of collection",
                    "collection week", "wrong week", "same week", "current week"]},
        {"id": "brk_tail_lift", "what": "Brackenford charged tail-lifts that were not booked",
         "all_of": [["tail-lift", "tail lift", "taillift", "tail-lifts", "tail lifts"]],
         "any_of": ["not booked", "not requested", "without", "unbooked", "no booking", "not flagged", "never booked",
                    "dock", "not on the booking", "wasn't booked", "weren't booked", "not asked"]},
        {"id": "brk_lanes", "what": "Brackenford rates Lincoln (LN) and Norwich (NR) a lane too far",
         "all_of": [["lane"]],
         "any_of": ["lincoln", "norwich", "ln and nr", "nr and ln", "ln/nr", "ln, nr", "nr, ln", "ln6", "nr6", "(ln)",
                    "(nr)", "ln &", "nr &", "`ln`", "`nr`"]},
        {"id": "q_volumetric", "what": "Quillon's chargeable weights use a volumetric divisor of 4000, not 5000",
         "all_of": [["quillon"], ["volumetric", "dimensional", "dim weight", "dim-weight", "divisor", "factor",
                                  "cubic", "chargeable weight"]],
         "any_of": ["4000", "4,000", "5000", "5,000"]},
        {"id": "q_remote", "what": "Quillon's remote area surcharge charged outside the listed areas (AB, PH)",
         "all_of": [["remote"]],
         "any_of": ["aberdeen", "perth", "ab and ph", "ab/ph", "ph and ab", "ab, ph", "ph, ab", "not listed",
                    "outside the listed", "not in the list", "not on the list", "only to", "listed areas", "`ab`",
                    "(ab)", "(ph)"]},
        {"id": "tern_resent", "what": f"Tern's {RESENT} repeats lines of TTL-24-0871",
         "all_of": [[RESENT.lower(), "0902"]],
         "any_of": ["duplicate", "re-sent", "resent", "re-send", "twice", "again", "already", "copy", "re-issued",
                    "reissued", "repeat"]},
        {"id": "tern_minimum", "what": "Tern applied the superseded GBP 59 minimum instead of GBP 49",
         "all_of": [["tern"], ["minimum"]], "any_of": ["59", "49", "2025", "old", "superseded", "previous"]},
        {"id": "tern_failed", "what": "Tern charged failed-delivery fees where the failure was its own",
         "all_of": [["failed"]],
         "any_of": ["carrier's fault", "carrier fault", "their fault", "own fault", "their own", "within the carrier",
                    "vehicle", "crew", "not the customer", "carrier-caused", "caused by tern", "tern's fault",
                    "carrier's control", "breakdown", "carrier failure", "carrier-side"]},
        {"id": "unreconciled", "what": f"a Quillon line ({ghost.ref_text}) with no shipment behind it",
         "all_of": [[ghost.ref_text.lower(), ghost.ref_text.lower()[3:]]],
         "any_of": ["no shipment", "no record", "not in the", "cannot be matched", "can't be matched", "unmatched",
                    "no matching", "not found", "unreconcil", "no despatch", "not be matched", "cannot match",
                    "could not match", "couldn't match", "not match", "no corresponding", "does not appear",
                    "doesn't appear", "isn't in", "is not in"]},
    ]
    if inst.hard:
        issues += [
            {"id": "q_rise", "what": "Quillon's 4% tariff rise from 1 September, agreed by e-mail, applied",
             "all_of": [["quillon"]],
             "any_of": ["4%", "4 %", "4 per", "rate increase", "rate rise", "tariff increase", "tariff rise",
                        "price increase", "rate review", "gri"]},
            {"id": "reclass", "what": "DN and HU reclassified to lane 1 from 3 August",
             "all_of": [["doncaster", "hull", "dn and hu", "hu and dn", "dn/hu", "hu/dn", "dn, hu", "`dn`", "(dn)"],
                        ["lane"]],
             "any_of": ["lane 1", "reclass", "re-class", "cross-dock", "crossdock", "3 august", "moved", "re-laned"]},
            {"id": "ktr_tail_lift", "what": "Kettering's tail-lifts from 3 August are payable (standing instruction)",
             "all_of": [["kettering", "ktr"], ["tail"], ["standing", "instruction", "refurb", "out of use", "closed",
                                                         "out of action", "unavailable"]],
             "any_of": ["payable", "valid", "allowed", "legitimate", "due", "not claim", "no claim", "excluded",
                        "genuine", "accept", "correct", "justified", "not an overcharge", "not overcharge"]},
            {"id": "tern_fuel_waiver",
             "what": "Tern waived its fuel surcharge on September collections (the Q2 settlement) and billed it anyway",
             "all_of": [["tern"], ["fuel"]],
             "any_of": ["waive", "waiver", "settlement", "settled", "q2", "second quarter", "in lieu", "instead of a "
                        "credit", "written off", "no fuel surcharge", "not payable"]},
            {"id": "brk_rate_cut",
             "what": "Brackenford's pallet rates cut from 10 August (the extension agreed by the Transport Manager) "
                     "and billed at Schedule 1's old rates",
             "all_of": [["brackenford"], ["rate", "pallet", "haulage"]],
             "any_of": ["10 august", "extension", "renegotiat", "re-negotiat", "rate cut", "rates cut", "reduced",
                        "reduction", "lower rate", "new rate", "10%", "10 %", "34.20", "41.85"]},
        ]
    return issues


RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, \
run_name='__main__')"


def staff_facts(inst: Inst) -> dict:
    if not inst.hard:
        return {}
    return {
        "q_rise": {"from": "2026-09-01", "pct": 4.0},
        "reclass": {"areas": inst.reclass["areas"], "from": inst.reclass["from"].isoformat()},
        "standing_tail_lift": {"store": inst.standing_tail_lift["store"],
                               "from": inst.standing_tail_lift["from"].isoformat()},
        "fuel_waiver": {"carrier": inst.fuel_waiver["carrier"], "from": inst.fuel_waiver["from"].isoformat(),
                        "to": inst.fuel_waiver["to"].isoformat()},
        "brk_rates": {"from": inst.brk_rates["from"].isoformat(), "rate": inst.brk_rates["rate"]},
    }


def build(inst: Inst) -> None:
    root = FAMILY / "variants" / inst.name  # every instance has its own inputs: nothing of one leaks into another
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    (inp / "invoices").mkdir(parents=True)
    (inp / "agreements").mkdir()
    rng = random.Random(inst.seed)
    index = diesel_weeks(rng)
    ships = make_shipments(inst, rng)
    lines = bill(inst, ships, index, rng)
    rows = register(lines)
    frng = random.Random(inst.seed + 1)
    write_index(inp / "diesel_index_weekly.csv", index, frng)
    write_shipments(inp / "wms_shipments_Q3_2026.csv", ships, frng, inst.hard)
    write_brackenford(inp / "invoices", [ln for ln in lines if ln.carrier == "brackenford"], frng, inst.hard)
    write_quillon(inp / "invoices" / "Quillon_invoices_Q3_2026.xlsx", [ln for ln in lines if ln.carrier == "quillon"],
                  frng, inst.hard)
    write_tern(inp / "invoices", [ln for ln in lines if ln.carrier == "tern"])
    agreements.brackenford(inp / "agreements" / "Brackenford_rate_agreement_2026.docx")
    agreements.quillon(inp / "agreements" / "Quillon_rate_card_2026.pdf")
    agreements.tern(inp / "agreements" / "Tern_service_schedule_2026-27.docx", 2026)
    agreements.tern(inp / "agreements" / "Tern_service_schedule_2025-26.docx", 2025)
    write_emails(inp / "emails", inst, lines)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(issues_for(inst, lines), indent=2) + "\n", encoding="utf-8")
    expected = totals(rows)
    outs = ("claim_register.csv", "totals.json", "note_to_finance_manager.md")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(inst))], cwd=ws, check=True)
        for f in outs:
            shutil.copy(ws / "output" / f, ref / f)
    with open(ref / "claim_register.csv", newline="", encoding="utf-8") as f:
        got = {(r["invoice_no"], r["shipment_ref"]): r for r in csv.DictReader(f)}
    want = {(r["invoice_no"], r["shipment_ref"]): r for r in rows}
    bad = [f"{k}: missing" for k in want if k not in got] + [f"{k}: extra" for k in got if k not in want]
    for k in set(want) & set(got):
        for col in ("carrier", "collected", "billed_gbp", "agreed_gbp", "overcharge_gbp", "main_cause"):
            if str(want[k][col]) != str(got[k][col]):
                bad.append(f"{k} {col}: model {want[k][col]}, reference {got[k][col]}")
    delivered = json.loads((ref / "totals.json").read_text(encoding="utf-8"))
    for key, value in expected.items():
        if delivered.get(key) != value:
            bad.append(f"totals {key}: model {value}, reference {delivered.get(key)}")
    assert not bad, f"{inst.name}: model and reference disagree:\n" + "\n".join(sorted(bad)[:40])
    per = {c: sum(1 for r in rows if r["carrier"] == c) for c in CARRIERS}
    print(f"{inst.name}: {len(ships)} shipments, {len(lines)} invoice lines, {len(rows)} register rows {per}, "
          f"overcharged {expected['total_overcharge_gbp']:.2f}, undercharged {expected['total_undercharge_gbp']:.2f}")


def main() -> None:
    for inst in INSTANCES.values():
        build(inst)


if __name__ == "__main__":
    main()
