"""Deterministic generator of every instance of lease_ifrs16.

Per instance it draws a lease portfolio from its seed, places the traps of hidden/DESIGN.md on chosen leases, and
writes the messy inputs into `workspace/input/` (register export, contract extracts, accounting policy, IBR table,
FX rates, index notices, property-management e-mails, the prior-year schedule with its error), the clean facts a
professional extracts from them into `hidden/solutions/facts/` (what the calibration solutions work from), and the
reference outputs into `hidden/reference/` (computed by `hidden/solutions/_engine.py` from those facts).

Run with the project's Python (needs LibreOffice for the PDF):  python hidden/build_inputs.py
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import docx
import openpyxl
from openpyxl.styles import Alignment, Font

FAMILY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(FAMILY / "hidden/solutions"))
import _engine as eng  # noqa: E402


@dataclass
class Instance:
    name: str
    seed: int
    entity: str
    prefix: str
    n: int
    sender: str
    pm: str  # property manager
    briefing_service_column: bool  # the register carries the service-charge split (fair instance)


INSTANCES = [
    Instance("base", 1611, "Korvell Distribution GmbH", "KV", 40, "Miriam Albers", "Tobias Henning", True),
    Instance("hard", 2718, "Maelstrand Industrial Group N.V.", "ML", 56, "Pieter van Gorkum", "Selma Oosthuizen",
             False),
]

STREETS = ["Hafenstrasse", "Lindenallee", "Kanalweg", "Marktplatz", "Bahnhofstrasse", "Dockside Way", "Mill Lane",
           "Station Road", "Wharf Street", "Ostring", "Weberweg", "Quay Parade"]
LESSORS = {"property": ["Aldermoor Estates", "Brunnhof Immobilien", "Castellan Property", "Driftwood REIT",
                        "Eichberg Fonds"],
           "vehicle": ["Gransee Autoleasing", "Holloway Fleet", "Kestrel Mobility"],
           "equipment": ["Fernhill Leasing", "Ivory Office Solutions", "Juniper Plant Hire"]}


def ym(m: int) -> str:
    return f"{m // 12}-{m % 12 + 1:02d}"


def first_day(m: int) -> dt.date:
    return dt.date(m // 12, m % 12 + 1, 1)


def last_day(m: int) -> dt.date:
    return first_day(m + 1) - dt.timedelta(days=1)


def ibr_table(rng: random.Random) -> dict:
    table: dict = {"EUR": {}, "GBP": {}}
    for q in range(2019 * 12 + 9, 2027 * 12 + 1, 3):  # the January 2027 table is out before the close
        year = q / 12
        base = 1.1 + max(0.0, min(3.0, (year - 2021.8) * 2.2)) - max(0.0, (year - 2024.5) * 0.4)
        for cur, extra in (("EUR", 0.0), ("GBP", 1.25)):
            noise = rng.uniform(-0.08, 0.08)
            table[cur][ym(q)] = {b: round((base + extra + s + noise) / 100, 4)
                                 for b, s in (("0-2", 0.0), ("2-5", 0.45), ("5-10", 0.95), ("10+", 1.35))}
    return table


def fx_rates(rng: random.Random) -> dict:
    months = {}
    r = 1.165
    for m in range(2019 * 12 + 11, 2026 * 12 + 12):
        r = min(1.21, max(1.11, r + rng.uniform(-0.012, 0.012)))
        months[ym(m)] = round(r, 4)
    avg = round(sum(months[ym(m)] for m in range(eng.START, eng.END)) / 12, 4)
    hist = {ym(m): months[ym(m - 1)] for m in range(2020 * 12, 2027 * 12)}
    return {"month_end": months, "open": {"EUR": 1.0, "GBP": months["2025-12"]},
            "close": {"EUR": 1.0, "GBP": months["2026-12"]}, "avg": {"EUR": 1.0, "GBP": avg},
            "hist": {"EUR": {}, "GBP": hist}}


def draw_leases(inst: Instance, rng: random.Random, table: dict) -> list[dict]:
    leases = []
    counts = {"P": 0, "V": 0, "E": 0}
    while len(leases) < inst.n:
        cls = rng.choices(["property", "vehicle", "equipment"], [0.32, 0.4, 0.28])[0]
        code = cls[0].upper()
        cur = "GBP" if rng.random() < 0.3 else "EUR"
        if cls == "property":
            term, freq, timing = rng.choice([60, 84, 96, 120, 144, 180]), 3, "advance"
            rent = round(rng.uniform(9000, 62000), -1)
            service, value = round(rent * rng.uniform(0.1, 0.22), -1), 2_000_000
            desc = f"Warehouse / office, {rng.randint(2, 180)} {rng.choice(STREETS)}"
        elif cls == "vehicle":
            term, freq, timing = rng.choice([36, 36, 48, 48, 60]), 1, "advance"
            rent, service, value = round(rng.uniform(380, 1150), 0), 0.0, round(rng.uniform(32000, 78000), -2)
            desc = rng.choice(["Delivery van", "Pool car", "Forklift truck", "7.5 t truck", "Electric van"])
        else:
            term, freq = rng.choice([24, 36, 48, 60]), rng.choice([1, 3])
            timing = "arrears"
            rent, service, value = round(rng.uniform(250, 4200) * freq, 0), 0.0, round(rng.uniform(18000, 240000), -2)
            desc = rng.choice(["Racking system", "Packaging line", "Server rack", "Floor scrubbers", "Label printers"])
        comm = rng.randint(2020 * 12, 2026 * 12 + 9)
        if comm + term <= eng.START + 2:
            continue
        counts[code] += 1
        lid = f"{inst.prefix}-{code}{counts[code]:03d}"
        leases.append({"id": lid, "cls": cls, "currency": cur, "comm_m": comm, "term": term, "freq": freq,
                       "timing": timing, "rent": rent, "service": service, "asset_value": value, "desc": desc,
                       "lessor": rng.choice(LESSORS[cls]), "events": [], "incentive": 0.0})
    return leases


def place_traps(inst: Instance, rng: random.Random, leases: list[dict], table: dict) -> dict:
    """Put the traps on chosen leases (EUR property leases for the remeasurements); returns role -> lease."""
    def pick(pred, exclude):
        cands = [x for x in leases if pred(x) and x["id"] not in exclude]
        return rng.choice(cands)

    used: set[str] = set()
    roles = {}

    def take(role, pred, **changes):
        x = pick(pred, used)
        x.update(changes)
        used.add(x["id"])
        roles[role] = x
        return x

    prop_eur = lambda x: x["cls"] == "property" and x["currency"] == "EUR"  # noqa: E731
    take("cpi_in_year", prop_eur, comm_m=2023 * 12 + 6, term=120, index_linked=True)
    take("cpi_after_ye", prop_eur, comm_m=2022 * 12 + 1, term=144, index_linked=True)
    take("extension", prop_eur, comm_m=2021 * 12 + 8, term=72)
    take("decrease", prop_eur, comm_m=2024 * 12 + 0, term=120)
    take("terminate", prop_eur, comm_m=2022 * 12 + 3, term=96)
    take("incentive", prop_eur, comm_m=2026 * 12 + 3, term=120, incentive=float(round(rng.uniform(20, 45), 0) * 1000))
    take("timing", prop_eur, comm_m=2023 * 12 + 9, term=84, register_timing="arrears")
    take("prior_error", prop_eur, comm_m=2024 * 12 + 4, term=96)
    take("short_property", lambda x: x["cls"] == "property", comm_m=2026 * 12 + 2, term=9, register_flag="short-term")
    take("uncommenced", lambda x: x["cls"] == "property", comm_m=2027 * 12 + 2, term=120)
    take("short_vehicle", lambda x: x["cls"] == "vehicle", comm_m=2026 * 12 + 1, term=9)
    take("short_vehicle2", lambda x: x["cls"] == "vehicle", comm_m=2025 * 12 + 8, term=12)
    for k in range(3):
        take(f"low_value{k}", lambda x: x["cls"] == "equipment", asset_value=float(rng.choice([1400, 2900, 4200])),
             desc=rng.choice(["Laptops (per unit)", "Tablet terminals (per unit)", "Office printers (per unit)"]))
    for k in range(4):
        v = take(f"vehicle_maint{k}", lambda x: x["cls"] == "vehicle" and x["term"] > 12)
        v["maintenance"] = float(round(v["rent"] * rng.uniform(0.12, 0.2), 0))
    take("rent_free", prop_eur, comm_m=2026 * 12 + 4, term=96, rent_free=2,
         idc=float(round(rng.uniform(8, 16), 0) * 1000))
    take("rent_free_old", prop_eur, comm_m=2025 * 12 + 6, term=120, rent_free=3)
    take("purchase", lambda x: x["cls"] == "equipment" and x["currency"] == "EUR" and x["asset_value"] > 50000,
         comm_m=2026 * 12 + 1, term=60, freq=1, timing="arrears", desc="Automated packaging line",
         rent=float(round(rng.uniform(5200, 7800), 0)), useful_life=144,
         purchase_price=float(round(rng.uniform(40, 70), 0) * 1000), asset_value=480000.0)
    full = float(round(rng.uniform(15, 22), 0) * 1000)
    take("rvg", lambda x: x["cls"] == "vehicle" and x["currency"] == "EUR", comm_m=2026 * 12 + 5, term=36, freq=1,
         timing="advance", desc="Refrigerated truck", rvg_full=full,
         rvg_payable=float(full - round(rng.uniform(0.55, 0.8) * full, -2)))
    take("term_conflict", prop_eur, comm_m=2022 * 12 + 9, term=120, register_term=108)
    for x in leases:  # the rates at commencement, from the table
        x["rate"] = eng.ibr(table, x["currency"], x["comm_m"], x["term"])
        x["comm"] = ym(x["comm_m"])
        x["rent_gross"] = x["rent"] + x["service"]
        x.setdefault("register_timing", x["timing"])
    c = roles["cpi_in_year"]
    c["events"].append({"kind": "cpi", "at": "2026-07", "factor": 1.034,
                        "new_rate": eng.ibr(table, "EUR", 2026 * 12 + 6, c["comm_m"] + c["term"] - 2026 * 12 - 6)})
    c = roles["cpi_after_ye"]
    c["events"].append({"kind": "cpi", "at": "2027-02", "factor": 1.029, "post_year_end": True, "new_rate": c["rate"]})
    c = roles["extension"]
    rem = c["comm_m"] + c["term"] + 60 - (2026 * 12 + 8)
    c["events"].append({"kind": "extend", "at": "2026-09", "months": 60,
                        "new_rate": eng.ibr(table, "EUR", 2026 * 12 + 8, rem)})
    c = roles["decrease"]
    rem = c["comm_m"] + c["term"] - (2026 * 12 + 9)
    c["events"].append({"kind": "decrease", "at": "2026-10", "fraction": 0.4, "new_rent": round(c["rent"] * 0.63, -1),
                        "new_service": round(c["service"] * 0.6, -1),
                        "new_rate": eng.ibr(table, "EUR", 2026 * 12 + 9, rem)})
    c = roles["terminate"]
    c["events"].append({"kind": "terminate", "at": "2026-07", "fee": round(c["rent"] * 1.5, -2)})
    return roles



def staff_facts(leases: list[dict], roles: dict, table: dict) -> list[dict]:
    """The hard instance's facts held only by the client's staff (hidden/DESIGN.md, variants/hard/hidden/people.toml).
    The leases keep what the inputs show (what a worker who asks nobody works from); each fact's `truth` is what
    the person's answer changes. Returns the facts, in the order the reference asks for them."""
    out = []
    x = roles["extension"]  # the notice window: a side letter Facilities signed with the landlord
    out.append({"id": "side_letter", "person": "selma", "lease": x["id"], "marker": "side letter",
                "truth": {"events": x["events"]}})
    x["events"] = []  # from the files alone the option's 12 months' notice ran out on 31 August 2026
    x = roles["uncommenced"]  # early access for the fit-out: the lease commenced when the keys were handed over
    access = 2026 * 12 + 11
    term = x["comm_m"] + x["term"] - access
    out.append({"id": "early_access", "person": "joost", "lease": x["id"], "marker": "1 December 2026",
                "truth": {"comm_m": access, "comm": ym(access), "term": term,
                          "rent_free": (x["comm_m"] - access) // x["freq"],
                          "rate": eng.ibr(table, x["currency"], access, term)}})
    used = {v["id"] for v in roles.values()}
    cands = [y for y in leases if y["cls"] == "property" and y["currency"] == "EUR" and y["id"] not in used
             and y["comm_m"] < eng.START and y["comm_m"] + y["term"] > eng.END + 12]
    x = max(cands, key=lambda y: y["rent"])  # the extract was taken from the last unsigned draft
    out.append({"id": "signed_rent", "person": "ilse", "lease": x["id"], "marker": "signed lease",
                "truth": {"rent": x["rent"]}})
    x["register_rent"] = x["rent"]
    x["rent"] = float(round(x["rent"] * 1.08, -1))
    x = roles["rvg"]  # the resale estimate in the register dates from signing; the fleet desk revalued in October
    estimate = x["rvg_full"] - x["rvg_payable"]
    payable = float(x["rvg_full"] - round(estimate * 0.7, -2))
    out.append({"id": "resale_estimate", "person": "ruud", "lease": x["id"], "marker": f"{payable:,.0f}",
                "truth": {"events": [{"kind": "rvg", "at": "2026-10", "payable": payable}]}})
    x = roles["purchase"]  # hinted nowhere: Operations handed the packaging line back at the end of November
    out.append({"id": "line_returned", "person": "hessel", "lease": x["id"], "marker": "30 November 2026",
                "weight": 3, "truth": {"events": [{"kind": "terminate", "at": "2026-12", "fee": line_exit_fee(x)}]}})
    # hinted nowhere: Legal settled a dispute with a landlord by a deed of variation the register does not capture
    x = deed_lease(leases, roles, out)
    at = 2026 * 12 + 9
    rem = x["comm_m"] + x["term"] + 36 - at
    out.append({"id": "deed_of_variation", "person": "ilse", "lease": x["id"], "marker": "deed of variation",
                "weight": 3, "truth": {"events": [{"kind": "vary", "at": ym(at), "months": 36,
                                                   "new_rent": deed_rent(x),
                                                   "new_rate": eng.ibr(table, x["currency"], at, rem)}]}})
    # hinted nowhere: Treasury's last payment run of the year paid the rents due on 1 January 2027
    paid = prepaid_leases(leases)
    main = max((y for y in paid if y["id"] not in {s["lease"] for s in out}), key=lambda y: y["rent"])
    out.append({"id": "rents_prepaid", "person": "femke", "lease": main["id"], "marker": "22 December 2026",
                "weight": 3, "truths": {y["id"]: {"prepaid_at_end": True} for y in paid}})
    return out


def deed_lease(leases: list[dict], roles: dict, staff: list[dict]) -> dict:
    """The lease Legal varied: the largest GBP property lease in no other role, running well past the year end,
    with no rent due on 1 January (so the payment-run fact leaves it alone)."""
    used = {v["id"] for v in roles.values()} | {s["lease"] for s in staff}
    return max((y for y in leases if y["cls"] == "property" and y["currency"] == "GBP" and y["id"] not in used
                and y["comm_m"] < eng.START and y["comm_m"] + y["term"] > eng.END + 36
                and (eng.END - y["comm_m"]) % y["freq"]), key=lambda y: y["rent"])


def deed_rent(x: dict) -> float:
    """The base rent per quarter from 1 October 2026 under the deed of variation (12 % less)."""
    return float(round(x["rent"] * 0.88, -1))


def prepaid_leases(leases: list[dict]) -> list[dict]:
    """The property and vehicle leases running at the year end with a rent due in advance on 1 January 2027 (as the
    files show them; the exempt ones drop out of the schedule anyway): Treasury paid those rents in its payment run
    of 22 December 2026."""
    return [y for y in leases if y["cls"] != "equipment" and y["timing"] == "advance" and y["comm_m"] < eng.END
            and y["comm_m"] + y["term"] > eng.END and (eng.END - y["comm_m"]) % y["freq"] == 0
            and not any(e["kind"] == "terminate" for e in y["events"])]


def line_exit_fee(x: dict) -> float:
    """The exit payment Operations agreed with the packaging line's lessor (three months' rent, in thousands)."""
    return float(round(x["rent"] * 3, -3))


def policy() -> dict:
    return {"short_term_classes": ["vehicle", "equipment"], "low_value_eur": 5000}


# ----------------------------------------------------------------------------------------------- writers
def fmt_date(d: dt.date, rng: random.Random):
    style = rng.randrange(5)
    if style == 0:
        return dt.datetime(d.year, d.month, d.day)
    if style == 1:
        return d.strftime("%d.%m.%Y")
    if style == 2:
        return d.isoformat()
    if style == 3:
        return d.strftime("%d/%m/%Y")
    return d.strftime("%-d %b %Y")


def fmt_amount(a: float, cur: str, rng: random.Random):
    style = rng.randrange(4)
    if style == 0:
        return a
    if style == 1:
        return f"{a:,.2f}"
    if style == 2:
        return f"{'£' if cur == 'GBP' else '€'} {a:,.0f}" if a == int(a) else f"{a:,.2f}"
    return f"{a:.2f}".replace(".", ",") if cur == "EUR" else f"{a:.2f}"


def write_register(inst: Instance, leases: list[dict], rng: random.Random, path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Register"
    ws["A1"] = f"{inst.entity} - lease register export (property, fleet, equipment)"
    ws["A1"].font = Font(bold=True, size=13)
    ws["A2"] = ("Exported from the contract database on 09.01.2027; amounts per payment period as agreed at the "
                "start of the lease, gross (VAT excluded); later changes are not captured.")
    groups = [("Lease", 1, 4), ("Terms", 5, 9), ("Payments", 10, 13 if inst.briefing_service_column else 12),
              ("Site remarks", 14 if inst.briefing_service_column else 13, 15 if inst.briefing_service_column else 14)]
    for label, a, b in groups:
        ws.cell(3, a, label).font = Font(bold=True)
        ws.merge_cells(start_row=3, start_column=a, end_row=3, end_column=b)
        ws.cell(3, a).alignment = Alignment(horizontal="center")
    head = ["Ref.", "Asset class", "Description", "Lessor", "Start date", "End date", "Pay freq.", "Timing",
            "Index clause", "Ccy", "Periodic payment at start (gross)"]
    if inst.briefing_service_column:
        head.append("of which service charge")
    head += ["Asset value new (EUR)", "Exemption per site", "Remarks"]
    for i, h in enumerate(head, 1):
        ws.cell(4, i, h).font = Font(bold=True)
    order = leases[:]
    rng.shuffle(order)
    r = 5
    for x in order:
        cls = {"property": rng.choice(["Property", "PROPERTY", "Real estate"]),
               "vehicle": rng.choice(["Vehicle", "Fleet", "vehicles"]),
               "equipment": rng.choice(["Equipment", "IT / equipment", "Plant"])}[x["cls"]]
        freq = {1: rng.choice(["Monthly", "M", "monthly"]), 3: rng.choice(["Quarterly", "Q", "quarterly"])}[x["freq"]]
        timing = {"advance": rng.choice(["in advance", "adv.", "Advance"]),
                  "arrears": rng.choice(["in arrears", "arr.", "Arrears"])}[x["register_timing"]]
        cur = x["currency"] if rng.random() < 0.8 else {"EUR": "€", "GBP": "£"}[x["currency"]]
        vals = [x["id"] if rng.random() < 0.85 else x["id"].lower().replace("-", " "), cls, x["desc"], x["lessor"],
                fmt_date(first_day(x["comm_m"]), rng),
                fmt_date(last_day(x["comm_m"] + x.get("register_term", x["term"]) - 1), rng), freq,
                timing, "CPI, annual" if x.get("index_linked") else "", cur,
                fmt_amount(x["rent_gross"], x["currency"], rng)]
        if inst.briefing_service_column:
            vals.append(x["service"] if x["service"] else "")
        remark = ""
        if x.get("maintenance"):
            remark = f"rate incl. full maintenance package ({x['currency']} {x['maintenance']:,.2f} per month)"
        if x["comm_m"] >= eng.END:
            remark = "signed, keys not yet handed over" if inst.briefing_service_column else "signed November 2026"
        if x.get("purchase_price"):
            remark = "purchase option at end of term"
        if x.get("rvg_full"):
            when = "" if inst.briefing_service_column else f" (at signing, {first_day(x['comm_m']):%B %Y})"
            remark = (f"lessee guarantees a residual value of EUR {x['rvg_full']:,.0f}; fleet desk's estimate of the "
                      f"resale value at return{when}: EUR {x['rvg_full'] - x['rvg_payable']:,.0f}")
        vals += [x["asset_value"] if x["cls"] != "property" else "", x.get("register_flag", ""), remark]
        for i, v in enumerate(vals, 1):
            ws.cell(r, i, v)
        r += 1
        if rng.random() < 0.06:  # the export repeats some lines
            for i, v in enumerate(vals, 1):
                ws.cell(r, i, v)
            r += 1
    ws.cell(r + 1, 1, "Total lines:")
    ws.cell(r + 1, 2, f"=COUNTA(A5:A{r - 1})")
    wb.save(path)


def write_contracts(inst: Instance, leases: list[dict], roles: dict, path: Path) -> None:
    d = docx.Document()
    d.add_heading(f"{inst.entity}: property lease contract extracts", 0)
    d.add_paragraph("Prepared by Facilities for Group Reporting. Amounts per quarter, excluding VAT. Where this "
                    "extract and the register differ, the signed contract governs.")
    for x in [y for y in leases if y["cls"] == "property"]:
        d.add_heading(f"{x['id']}: {x['desc']} ({x['lessor']})", 2)
        t = d.add_table(rows=0, cols=2)
        t.style = "Table Grid"
        sym = "EUR" if x["currency"] == "EUR" else "GBP"
        rows = [("Commencement", first_day(x["comm_m"]).strftime("%d %B %Y")),
                ("Non-cancellable term", f"{x['term']} months"),
                ("Base rent per quarter", f"{sym} {x['rent']:,.2f}"),
                ("Service charge per quarter", f"{sym} {x['service']:,.2f} (cleaning, security, common areas)"),
                ("Payment terms", f"quarterly in {x['timing']}"),
                ("Indexation", "annual, by the national CPI, on the anniversary of commencement; the landlord "
                               "notifies the new rent" if x.get("index_linked") else "none"),
                ("Options", "tenant may extend by 5 years on 12 months' notice" if x is roles["extension"] else "-")]
        if x.get("rent_free"):
            rows.append(("Rent-free period", f"no base rent for the first {x['rent_free']} quarters; the service "
                                             "charge is payable from commencement"))
        if x.get("idc"):
            rows.append(("Letting agent", f"agent's fee of {sym} {x['idc']:,.2f} paid by the tenant on signing, "
                                          "payable only because the lease was concluded"))
        if x.get("incentive"):
            rows.append(("Lease incentive", f"landlord contribution to tenant fit-out of {sym} "
                                            f"{x['incentive']:,.2f}, payable to the tenant within 6 months of "
                                            "commencement (not received at year end)"))
        for a, b in rows:
            c = t.add_row().cells
            c[0].text, c[1].text = a, b
    d.save(path)


def write_policy(inst: Instance, path: Path) -> None:
    d = docx.Document()
    d.add_heading(f"{inst.entity}: Group accounting policy AP-16, Leases (lessee)", 0)
    paras = [
        ("1 Scope", "This policy applies IFRS 16 Leases to every contract in the lease register. It states the "
                    "group's elections; everything else follows the standard."),
        ("2 Elections", "The recognition exemption for short-term leases is elected for the classes of underlying "
                        "asset 'vehicles' and 'equipment' only. The low-value exemption is elected for every lease "
                        "whose underlying asset, when new, is worth EUR 5,000 or less. Non-lease components are "
                        "separated for property leases; for vehicles and equipment the group applies the practical "
                        "expedient and accounts for each lease component and its non-lease components as one."),
        ("3 Discount rate", "Leases are discounted at the incremental borrowing rate of the group's treasury table "
                            "(ibr_table.csv), for the currency of the lease and the band of the (remaining) lease "
                            "term, from the latest table effective at the measurement date. Rates are annual "
                            "effective rates; the monthly rate is (1 + i) ^ (1/12) - 1."),
        ("4 Measurement conventions", "All lease dates fall on the first of a month. Payments in advance are paid on "
                                      "the first day of the period, payments in arrears on its last day. Interest "
                                      "accrues monthly on the outstanding liability. Right-of-use assets are "
                                      "depreciated straight-line, monthly, over the lease term, and after a "
                                      "remeasurement over the remaining lease term. On a decrease in the scope of "
                                      "a lease the group derecognises the same proportion of the right-of-use "
                                      "asset and of the lease liability as the scope given up, before it "
                                      "remeasures the remaining liability."),
        ("5 Foreign currency", "The functional and presentation currency is EUR. Lease liabilities in other "
                               "currencies are monetary items translated at the closing rate; the difference is "
                               "recognised in profit or loss. Right-of-use assets are non-monetary and carried at "
                               "the rate of commencement (the last month-end rate before commencement), and so is "
                               "their depreciation. Interest and lease payments are translated at the year's "
                               "average rate. Rates are in fx_rates.csv (EUR per unit of currency)."),
        ("6 Disclosure", "The maturity analysis of lease liabilities shows the undiscounted lease payments after the "
                         "reporting date in yearly buckets (within one year, one to two years, ... four to five "
                         "years, over five years), in EUR at the closing rate."),
    ]
    for h, p in paras:
        d.add_heading(h, 2)
        d.add_paragraph(p)
    d.save(path)


def write_ibr(table: dict, path: Path, decimal_comma: bool) -> None:
    sep = ";" if decimal_comma else ","
    lines = [sep.join(["effective_from", "currency", "term_band", "rate_pct"])]
    names = {"0-2": "up to 2 years", "2-5": "over 2 up to 5 years", "5-10": "over 5 up to 10 years",
             "10+": "over 10 years"}
    for cur in table:
        for q, bands in table[cur].items():
            for b, r in bands.items():
                v = f"{r * 100:.2f}"
                lines.append(sep.join([f"{q}-01", cur, names[b], v.replace(".", ",") if decimal_comma else v]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_fx(fx: dict, path: Path) -> None:
    lines = ["date,currency,eur_per_unit"]
    for m, r in fx["month_end"].items():
        lines.append(f"{last_day(eng.mi(m)).isoformat()},GBP,{r:.4f}")
    lines.append(f"2026 average,GBP,{fx['avg']['GBP']:.4f}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_notices(inst: Instance, roles: dict, path: Path) -> None:
    d = docx.Document()
    for role, dated in (("cpi_in_year", dt.date(2026, 6, 3)), ("cpi_after_ye", dt.date(2027, 1, 14))):
        x = roles[role]
        e = x["events"][0]
        new = x["rent"] * e["factor"]
        d.add_heading(f"{x['lessor']}: notice of rent review", 1)
        d.add_paragraph(f"Lease {x['id']}")
        d.add_paragraph(f"Dated {dated.strftime('%d %B %Y')}. To {inst.entity}, re the lease of {x['desc']}.")
        d.add_paragraph(f"Under the indexation clause the base rent is adjusted by the consumer price index "
                        f"({(e['factor'] - 1) * 100:.1f} % over the reference period). With effect from "
                        f"{first_day(eng.mi(e['at'])).strftime('%d %B %Y')} the base rent is EUR {new:,.2f} per "
                        "quarter; the service charge is unchanged.")
        d.add_page_break()
    tmp = Path(tempfile.mkdtemp())
    src = tmp / "index_notices.docx"
    d.save(src)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(tmp), str(src)], check=True,
                   capture_output=True, timeout=180)
    shutil.copy(tmp / "index_notices.pdf", path)
    shutil.rmtree(tmp)


def eml(path: Path, sender: str, to: str, subject: str, when: dt.datetime, body: str) -> None:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, to, subject
    m["Date"] = format_datetime(when.replace(tzinfo=dt.UTC))
    m.set_content(body)
    path.write_bytes(bytes(m))


def write_emails(inst: Instance, roles: dict, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    pm = f"{inst.pm} <facilities@example.invalid>"
    gr = f"{inst.sender} <group.reporting@example.invalid>"
    x = roles["extension"]
    eml(folder / "2026-08-28_extension.eml", pm, gr, f"{x['id']}: we will extend", dt.datetime(2026, 8, 28, 9, 12),
        f"Dear {inst.sender.split()[0]},\n\nthe board approved the fit-out of {x['desc']} on 27 August; with that "
        f"investment we will certainly use the 5-year extension option of lease {x['id']} (notice goes to "
        f"{x['lessor']} next spring). Please treat the extension as reasonably certain from 1 September 2026. "
        "Rent in the extension period is as now.\n\nKind regards,\n" + inst.pm)
    x = roles["decrease"]
    e = x["events"][0]
    eml(folder / "2026-09-15_floor_space.eml", pm, gr, f"{x['id']} - giving back two floors",
        dt.datetime(2026, 9, 15, 16, 40),
        f"Hi,\n\nsigned today with {x['lessor']}: from 1 October 2026 we hand back 40 % of the floor space of "
        f"{x['id']} ({x['desc']}). The remaining term does not change. The new base rent is EUR "
        f"{e['new_rent']:,.2f} per quarter, the service charge EUR {e['new_service']:,.2f}, both still payable "
        "quarterly in advance.\n\n" + inst.pm)
    x = roles["terminate"]
    e = x["events"][0]
    eml(folder / "2026-04-20_termination.eml", pm, gr, f"{x['id']} early exit", dt.datetime(2026, 4, 20, 11, 5),
        f"Hello,\n\nwe agreed with {x['lessor']} to leave {x['desc']} (lease {x['id']}) early, on 31 May 2026, "
        f"against a one-off payment of EUR {e['fee']:,.2f}.\n\n" + inst.pm)
    eml(folder / "2026-05-06_termination_update.eml", pm, gr, f"RE: {x['id']} early exit",
        dt.datetime(2026, 5, 6, 8, 30),
        f"Correction to my mail of 20 April: the signed surrender deed has the lease of {x['id']} end on 30 June "
        f"2026 (not 31 May); we keep the premises until then and pay the rent to that date. The exit payment of "
        f"EUR {e['fee']:,.2f} is due on 1 July 2026.\n\n" + inst.pm)
    x = roles["purchase"]
    ops = "Operations Director <operations@example.invalid>"
    eml(folder / "2026-02-03_packaging_line.eml", ops, gr, f"{x['id']} packaging line: we keep it",
        dt.datetime(2026, 2, 3, 7, 55),
        f"Hello Group Reporting,\n\nfor your files on lease {x['id']} ({x['desc']}, {x['lessor']}), which started on "
        f"1 February: the line is built into our new hall and we will exercise the purchase option at the end of "
        f"the 5-year term for EUR {x['purchase_price']:,.2f}; the business case assumes we run it for 12 years in "
        "total. The board minutes of 28 January say the same.\n\nBest,\nOperations")
    x = roles["uncommenced"]
    start = first_day(x["comm_m"]).strftime("%d %B %Y")
    if inst.briefing_service_column:
        body = (f"the lease {x['id']} for {x['desc']} is signed. The lessor hands over the keys and the lease "
                f"commences on {start}, for {x['term']} months")
        closure = "Facilities is closed from 24 December to 2 January. Happy holidays!"
    else:  # the hard instance: when the keys were handed over is Facilities projects' knowledge
        body = f"the lease {x['id']} for {x['desc']} is signed: {x['term']} months from {start}"
        closure = (f"Facilities is closed from 24 December to 2 January. The contractors' works at "
                   f"{x['desc'].split(', ')[-1]} carry on over the holidays; they report to the site office as "
                   "usual. Happy holidays!")
    eml(folder / "2026-11-30_new_site.eml", pm, gr, f"New lease {x['id']} signed", dt.datetime(2026, 11, 30, 14, 0),
        f"Dear all,\n\n{body}, base rent {x['currency']} {x['rent']:,.2f} per quarter in advance plus service "
        "charge.\n\n" + inst.pm)
    eml(folder / "2026-12-18_xmas.eml", pm, gr, "Office closure", dt.datetime(2026, 12, 18, 10, 0),
        closure + "\n\n" + inst.pm)


def write_prior(inst: Instance, facts: dict, roles: dict, path: Path) -> None:
    """The audited FY2025 closing schedule as the prior-year team left it; one lease carries the service charge."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "FY2025 closing"
    ws.append([f"{inst.entity}: IFRS 16 lease schedule, closing balances 31.12.2025 (lease currency)"])
    rates = inst.briefing_service_column  # the hard instance's schedule leaves the rates to the table
    ws.append(["Lease", "Currency", *(["Discount rate"] if rates else []), "Lease liability 31.12.2025",
               "ROU asset 31.12.2025"])
    for x in facts["leases"]:
        if x["comm_m"] >= eng.START or eng.treatment(x, facts["policy"], eng.Choices()) != "capitalised":
            continue
        y = dict(x, events=[])
        if x is roles["prior_error"] or x["id"] == roles["prior_error"]["id"]:
            y["rent"] = x["rent"] + x["service"]  # the error: the service charge measured in the liability
        r = eng.run_lease(y, facts["ibr"], eng.Choices())
        ob, orou = r["opening"]
        ws.append([x["id"], x["currency"], *([round(x["rate"], 4)] if rates else []), round(ob, 2), round(orou, 2)])
    wb.save(path)


NOTES = """# IFRS 16 year-end close {year}: notes to Group Reporting

Standard and policy applied: IFRS 16 with the elections of policy AP-16 (short-term exemption for vehicles and
equipment only, low-value exemption at EUR 5,000 per asset, non-lease components separated for property only).

- Prior-year error: the FY2025 schedule measured lease {prior} including the service charge (a non-lease
  component); its opening liability and ROU asset were overstated. Corrected here; an IAS 8 prior-period error
  to be assessed for restatement of the comparatives.
- {after}: the index notice dated 14 January 2027 (rent increase from 1 February 2027) arrived after the year end.
  It is a non-adjusting event: the liability is not remeasured at 31 December 2026; it will be remeasured in 2027.
- {uncomm}: signed in November 2026 but not commenced at the year end (commences {uncomm_date}). Not recognised;
  disclose the commitment for leases not yet commenced.
- {timing}: the register says payments in arrears, the contract extract says quarterly in advance; the contract
  governs and the register needs correcting.
- {short}: flagged short-term by the site, but the short-term exemption is not elected for property; capitalised.
- {tconf}: the register's end date is 12 months before the end of the non-cancellable term in the contract
  extract (120 months); the contract governs and the register needs correcting.
- {purchase}: purchase option reasonably certain (Operations, 3 February 2026): the price is a lease payment and
  the asset is depreciated over its 12-year useful life.
- {term}: terminated on 30 June 2026 (the later e-mail of 6 May supersedes the 31 May date).
- {dec}: scope decrease on 1 October 2026 (40 % of the space), gain on partial derecognition, remeasured at the
  revised rate; {ext}: extension option reasonably certain from 1 September 2026, remeasured at the revised rate.
"""


def staff_notes(notes: str, roles: dict, staff: list[dict]) -> str:
    """The hard instance's notes: what the staff's answers change."""
    paid = ", ".join(next(s for s in staff if s["id"] == "rents_prepaid")["truths"])
    deed = next(s for s in staff if s["id"] == "deed_of_variation")
    vary = deed["truth"]["events"][0]
    uncomm, ext, signed = roles["uncommenced"]["id"], roles["extension"]["id"], roles["signed_rent"]["id"]
    rvg = roles["rvg"]["id"]
    start = first_day(roles["uncommenced"]["comm_m"]).strftime("%-d %B %Y")
    old = next(line for line in notes.split("\n- ") if line.startswith(uncomm))
    notes = notes.replace(old, (
        f"{uncomm}: signed in November 2026; the lessor handed over the premises on 1 December 2026 for our "
        f"fit-out (Facilities projects), so the lease commenced then (IFRS 16 commencement date: the asset made "
        f"available for use), not on {start} when rent starts. Recognised at 1 December 2026 over the term to "
        "the end of the 120 months of rent, the three months to February rent-free; the register's start date "
        "needs correcting."))
    notes = notes.replace(f"; {ext}: extension option reasonably certain from 1 September 2026, remeasured at the "
                          "revised rate.", ".")
    line = roles["purchase"]
    old = next(part for part in notes.split("\n- ") if part.startswith(line["id"]))
    notes = notes.replace(old, (
        f"{line['id']}: the purchase option was reasonably certain at commencement (Operations, 3 February 2026), so "
        "its price was a lease payment and the line was depreciated over its 12-year useful life. Operations agreed "
        f"with {line['lessor']} on 27 November 2026 to end the lease early and handed the line back on 30 November "
        f"2026 (a larger line, bought outright, replaces it): derecognised then, treatment terminated, the loss "
        f"including the exit payment of EUR {line_exit_fee(line):,.2f} paid on 1 December 2026; the register still "
        "shows the lease running to 2031 and needs correcting."))
    return notes.rstrip() + "\n" + (
        f"- {ext}: the 12 months' notice of the extension option ran out on 31 August 2026, but the side letter "
        "signed with the landlord on 25 August 2026 (Facilities) accepts notice until 31 May 2027: the option is "
        "still exercisable and, with the fit-out the board approved, reasonably certain from 1 September 2026; "
        "remeasured at the revised rate.\n"
        f"- {signed}: the contract extract shows the base rent of the last unsigned draft; the signed lease (Legal) "
        "has the register's rent less the service charge. Measured on the signed rent; the FY2025 schedule "
        "measured the draft rent, an IAS 8 prior-period error to be assessed with the other one, and the extract "
        "needs correcting.\n"
        f"- {rvg}: the residual value guarantee's expected payment reassessed (IFRS 16.42(a)): the "
        "fleet desk's revaluation of 1 October 2026 replaces the estimate made at signing; the liability is "
        "remeasured from then at the unchanged rate and the ROU asset adjusted.\n"
        f"- {deed['lease']}: varied by a deed of variation signed with the landlord on 30 September 2026 (Legal, the "
        f"settlement of our claim for the roof leaks): from 1 October 2026 the base rent is GBP {vary['new_rent']:,.2f} "
        "per quarter and the term 36 months longer. A modification that is not a separate lease (IFRS 16.44-46(b)): "
        "remeasured at the effective date with the revised rate, the ROU asset adjusted, depreciated over the new "
        "remaining term; the register and the extract need correcting.\n"
        f"- Rents due on 1 January 2027 ({paid}): Treasury paid them in its payment run of 22 December 2026, "
        "before the year end (the bank's platform was closed over the holidays). The liability at 31 December "
        "2026 is the present value of the payments not paid at that date (IFRS 16.26): these January rents are in "
        "the year's payments and out of the closing liability and of the maturity analysis.\n")


def issues(roles: dict, staff: list[dict] | None = None) -> list[dict]:
    if staff:  # the hard instance: the matters the staff's answers add or change
        deed = next(s["lease"] for s in staff if s["id"] == "deed_of_variation")
        uncomm, ext, signed = roles["uncommenced"]["id"], roles["extension"]["id"], roles["signed_rent"]["id"]
        line = roles["purchase"]["id"]
        return [i for i in issues(roles) if i["id"] != "not_commenced"] + [
            {"id": "early_access", "what": f"{uncomm}: commenced on the handover for the fit-out",
             "all_of": [uncomm], "any_of": ["fit-out", "fit out", "fitout", "early access", "handed over on",
                                            "handover on", "keys on", " 1 december 2026", "(1 december 2026",
                                            " 1 dec 2026", "2026-12-01", "01.12.2026", "01/12/2026",
                                            "made available", "available for use", "since december"]},
            {"id": "side_letter", "what": f"{ext}: notice window extended by a side letter",
             "all_of": [ext], "any_of": ["side letter", "side-letter", "31 may 2027", "notice window",
                                         "notice deadline", "notice period"]},
            {"id": "resale_estimate", "what": f"{roles['rvg']['id']}: residual value guarantee reassessed",
             "all_of": [roles["rvg"]["id"]], "any_of": ["reassess", "remeasur", "revised estimate", "updated estimate",
                                                        "new estimate", "october 2026", "42(a)"]},
            {"id": "signed_rent", "what": f"{signed}: the contract extract is the unsigned draft",
             "all_of": [signed], "any_of": ["draft", "unsigned", "signed lease", "signed contract",
                                            "signed version"]},
            {"id": "line_returned", "what": f"{line}: ended early, the line handed back",
             "all_of": [line], "any_of": ["30 november", "30 nov 2026", "30th november", "2026-11-30", "30.11.2026",
                                          "30/11/2026", "end of november", "27 november", "line back",
                                          "line was returned", "line returned", "returned the line",
                                          "line was handed back", "line handed back", "larger line", "new line",
                                          "replacement line", "bought outright", "23,000", "23.000", "23 000",
                                          "23000"]},
            {"id": "deed_of_variation", "what": f"{deed}: varied by a deed of variation in September 2026",
             "all_of": [deed], "any_of": ["deed", "variation", "varied", "modification", "modified", "renegotiat",
                                          "settlement", "31,260", "31.260", "31260", "2036", "36 months"]},
            {"id": "rents_prepaid", "what": "the January 2027 rents paid in December 2026",
             "all_of": ["january"], "any_of": ["22 december", "paid early", "paid in december", "paid before the year",
                                               "paid before year", "prepaid", "prepayment", "payment run",
                                               "paid in advance of", "already paid", "paid ahead"]},
        ]
    return [
        {"id": "prior_error", "what": f"{roles['prior_error']['id']}: prior-year schedule error",
         "all_of": [roles["prior_error"]["id"]],
         "any_of": ["error", "incorrect", "misstat", "overstat", "restat", "wrong", "service charge"]},
        {"id": "post_ye_index", "what": f"{roles['cpi_after_ye']['id']}: index notice after year end",
         "all_of": [roles["cpi_after_ye"]["id"]],
         "any_of": ["after the year", "after year", "subsequent", "non-adjusting", "2027", "post"]},
        {"id": "not_commenced", "what": f"{roles['uncommenced']['id']}: lease not yet commenced",
         "all_of": [roles["uncommenced"]["id"]], "any_of": ["commence", "commitment", "not yet"]},
        {"id": "timing_conflict", "what": f"{roles['timing']['id']}: register timing contradicts the contract",
         "all_of": [roles["timing"]["id"]], "any_of": ["advance", "arrears"]},
        {"id": "term_conflict", "what": f"{roles['term_conflict']['id']}: register end date contradicts the contract",
         "all_of": [roles["term_conflict"]["id"]], "any_of": ["end date", "term", "expiry", "108", "120"]},
        {"id": "register_exemption", "what": f"{roles['short_property']['id']}: property flagged short-term",
         "all_of": [roles["short_property"]["id"]], "any_of": ["short-term", "short term", "exempt", "elected"]},
    ]


def build(inst: Instance) -> None:
    rng = random.Random(inst.seed)
    table = ibr_table(rng)
    fx = fx_rates(rng)
    leases = draw_leases(inst, rng, table)
    roles = place_traps(inst, rng, leases, table)
    staff = staff_facts(leases, roles, table) if not inst.briefing_service_column else []
    if staff:
        signed = next(s["lease"] for s in staff if s["id"] == "signed_rent")
        roles["signed_rent"] = next(x for x in leases if x["id"] == signed)
    facts = {"entity": inst.entity, "policy": policy(), "ibr": table,
             "fx": {k: fx[k] for k in ("open", "close", "avg", "hist")},
             "leases": [{k: v for k, v in x.items() if k not in ("desc", "lessor")} for x in leases],
             "roles": {k: v["id"] for k, v in roles.items()}, "staff": staff}
    root = FAMILY if inst.name == "base" else FAMILY / f"variants/{inst.name}"
    inp, ref = root / "workspace/input", root / "hidden/reference"
    if inp.exists():
        shutil.rmtree(inp)
    inp.mkdir(parents=True)
    ref.mkdir(parents=True, exist_ok=True)
    write_register(inst, leases, rng, inp / "lease_register.xlsx")
    write_contracts(inst, leases, roles, inp / "contract_extracts.docx")
    write_policy(inst, inp / "accounting_policy_AP16.docx")
    write_ibr(table, inp / "ibr_table.csv", decimal_comma=inst.name != "base")
    write_fx(fx, inp / "fx_rates.csv")
    write_notices(inst, roles, inp / "index_notices.pdf")
    write_emails(inst, roles, inp / "emails")
    write_prior(inst, facts, roles, inp / "lease_schedule_FY2025.xlsx")
    notes = NOTES.format(year=eng.YEAR, prior=roles["prior_error"]["id"], after=roles["cpi_after_ye"]["id"],
                         uncomm=roles["uncommenced"]["id"], uncomm_date=first_day(roles["uncommenced"]["comm_m"]),
                         timing=roles["timing"]["id"], short=roles["short_property"]["id"],
                         term=roles["terminate"]["id"], tconf=roles["term_conflict"]["id"],
                         purchase=roles["purchase"]["id"], dec=roles["decrease"]["id"], ext=roles["extension"]["id"])
    if staff:  # what a worker who asks nobody can write from the files, and the reference's notes
        ext = roles["extension"]["id"]
        facts["notes_files_only"] = notes.replace(
            f"{ext}: extension option reasonably certain from 1 September 2026, remeasured at the revised rate",
            f"{ext}: Facilities treat the extension option as reasonably certain, but its 12 months' notice ran "
            "out on 31 August 2026 and notice is only planned for next spring: the option has lapsed and the "
            "lease ends on 31 August 2027")
        notes = staff_notes(notes, roles, staff)
    facts["notes"] = notes
    key = hashlib.sha256((inp / "lease_register.xlsx").read_bytes()).hexdigest()
    fdir = FAMILY / "hidden/solutions/facts"
    fdir.mkdir(parents=True, exist_ok=True)
    (fdir / f"{inst.name}.json").write_text(json.dumps(facts | {"register_sha256": key}, indent=1) + "\n")
    result = eng.solve(eng.with_staff(facts, {s["id"] for s in staff}))
    eng.write(result, notes, ref)
    write_trap_cases(result, roles, ref / "trap_cases.csv")
    write_judgement_cases(result, facts, ref / "judgement_cases.csv")
    (ref / "issues.json").write_text(json.dumps(issues(roles, staff), indent=2) + "\n")
    (ref / "summary.schema.json").write_text(json.dumps(SCHEMA, indent=2) + "\n")


def write_trap_cases(result: dict, roles: dict, path: Path) -> None:
    """The figures of the leases that carry a trap, one line per lease and column, for the `trap_leases` check."""
    rows = {r["lease_id"]: r for r in result["rows"]}
    lines = ["trap,lease_id,column,expected"]
    for role, x in roles.items():
        r = rows[x["id"]]
        cols = ["treatment"] if r["treatment"] in ("short_term", "low_value", "not_commenced") else [
            "closing_liability", "closing_rou", "interest", "depreciation"]
        for c in cols:
            lines.append(f"{role},{x['id']},{c},{r[c]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


JUDGEMENT_COLUMNS = ["treatment", "opening_liability", "payments", "interest", "depreciation", "closing_liability",
                     "closing_rou"]


def write_judgement_cases(result: dict, facts: dict, path: Path) -> None:
    """The leases whose figures turn on a fact beyond the register, every column, for the `judgement_leases` check:
    in the hard instance the leases of the staff facts, in the fair one the calls its briefing states (the extension,
    the commencement, the contract over the register on timing and term)."""
    rows = {r["lease_id"]: r for r in result["rows"]}
    roles = facts["roles"]
    if facts.get("staff"):  # each fact's lease weighs as its fact says (the fact hinted nowhere counts twice)
        picks = [(s["id"], s["lease"], s.get("weight", 1)) for s in facts["staff"]]
        lines = ["judgement,lease_id,column,expected,weight"]
    else:
        picks = [(role, roles[role], None) for role in ("extension", "uncommenced", "timing", "term_conflict")]
        lines = ["judgement,lease_id,column,expected"]
    for what, lid, weight in picks:
        for c in JUDGEMENT_COLUMNS:
            lines.append(f"{what},{lid},{c},{rows[lid][c]}" + ("" if weight is None else f",{weight}"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


SCHEMA = {
    "type": "object",
    "required": ["entity", "year_end", "currency", "journals", "closing_lease_liability", "closing_rou_assets",
                 "maturity_analysis"],
    "properties": {
        "journals": {"type": "object", "additionalProperties": {"type": "number"}},
        "maturity_analysis": {"type": "object", "additionalProperties": {"type": "number"}},
        "closing_lease_liability": {"type": "number"},
        "closing_rou_assets": {"type": "number"},
    },
}


def main() -> None:
    names = sys.argv[1:]  # e.g. `hard`: rebuild only the instances named
    for inst in INSTANCES:
        if names and inst.name not in names:
            continue
        build(inst)
        print("built", inst.name)


if __name__ == "__main__":
    main()
