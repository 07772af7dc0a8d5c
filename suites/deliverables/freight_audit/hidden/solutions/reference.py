"""Reference: re-rate every carrier invoice line against the carrier's agreement from the shipment records and the
diesel index, compare with what was billed component by component, and write the claim register, the totals and
the note to the logistics finance manager.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
Quillon tariff from September and the planning lanes that differ from Brackenford's schedule to the Transport
Manager, whether anything about the bookings is not in the shipment records to the DC Operations Manager, and
whether any credit, dispute or settlement with a carrier sits outside the invoices to the Accounts Payable Supervisor.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

INPUT = Path("input")
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
CAUSES = ["rate", "weight", "fuel", "accessorial", "minimum", "duplicate"]
CARRIERS = ["brackenford", "quillon", "tern"]
DEDUPE = True  # shortcuts/naive_rerate.py re-rates a re-sent line like any other


def money(x: float) -> float:
    return round(x + 1e-9, 2)


def num(v) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").replace(",", "").replace("GBP", "").replace("£", "").strip()
    return float(s) if s else 0.0


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = re.sub(r"^[A-Za-z]{3},?\s+", "", str(v or "").strip())
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d %b %Y", "%d %B %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def area(postcode: str) -> str:
    m = re.match(r"\s*([A-Za-z]+)", postcode or "")
    return m.group(1).upper() if m else ""


def norm_ref(s: str) -> str:
    digits = re.findall(r"\d+", str(s))
    return f"HW-{digits[0]}-{digits[1]}" if len(digits) >= 2 else str(s).strip().upper()


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def docx_tables(path: Path) -> list[list[list[str]]]:
    return [[[c.text.strip() for c in r.cells] for r in t.rows] for t in docx.Document(str(path)).tables]


def docx_text(path: Path) -> str:
    return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)


# ------------------------------------------------------------------------------------------------ agreements


def read_brackenford(path: Path) -> dict:
    tables, text = docx_tables(path), docx_text(path)
    rate, minimum, lanes = {}, {}, {}
    for t in tables:
        if t[0][0] == "Lane" and len(t[0]) == 3:
            for r in t[1:]:
                rate[int(r[0])], minimum[int(r[0])] = num(r[1]), num(r[2])
        elif t[0][0] == "Lane":
            for r in t[1:]:
                for a in r[1].split(","):
                    lanes[a.strip()] = int(r[0])
    step = float(re.search(r"It is (\d+(?:\.\d+)?)% of the haulage charge", text).group(1))
    base = float(re.search(r"exceeds (\d+(?:\.\d+)?)p", text).group(1))
    tail = num(re.search(r"Tail-lift delivery: GBP (\d+(?:\.\d+)?)", text).group(1))
    booked = num(re.search(r"Booked-in \(timed\) delivery: GBP (\d+(?:\.\d+)?)", text).group(1))
    return {"rate": rate, "min": minimum, "lanes": lanes, "step": step, "base": base, "tail": tail, "booked": booked}


def read_quillon(path: Path) -> dict:
    text = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
    lines = text.splitlines()
    bands = [int(b) for b in re.findall(r"up to\s+(\d+) kg", text)]
    tariff = {}
    for ln in lines:
        m = re.match(r"\s+(\d)\s+((?:\d+\.\d\d\s*){5})$", ln)
        if m:
            tariff[int(m.group(1))] = [float(x) for x in m.group(2).split()]
    zones, current = {}, None
    for ln in lines:
        m = re.match(r"\s+Zone (\d): (.*)", ln)
        if m:
            current, rest = int(m.group(1)), m.group(2)
        elif current and re.match(r"\s{11}[A-Z]", ln):
            rest = ln
        else:
            current = None
            continue
        for a in rest.split(","):
            if a.strip():
                zones[a.strip()] = current
    divisor = int(re.search(r"height \(cm\) / (\d+)", text).group(1))
    rm = re.search(r"GBP (\d+(?:\.\d+)?) per parcel to the postcode areas ([A-Z, ]+) only", text)
    remote_fee, remote = float(rm.group(1)), [a.strip() for a in rm.group(2).split(",")]
    band = r"(?:below|up to) (\d+\.\d)p(?: \(excl\.\))?\s+(\d+\.\d)%"
    fuel = [(float(b), float(p)) for b, p in re.findall(band, text)]
    top = float(re.search(r"(\d+\.\d)p and above\s+(\d+\.\d)%", text).group(2))
    return {"bands": bands, "tariff": tariff, "zones": zones, "divisor": divisor, "remote_fee": remote_fee,
            "remote": remote, "fuel": fuel, "top": top}


def read_tern(folder: Path) -> dict:
    path = max(folder.glob("Tern_service_schedule_*.docx"))  # the 2026-27 schedule replaces the 2025-26 one
    tables, text = docx_tables(path), docx_text(path)
    first, extra, zones = {}, {}, {}
    for t in tables:
        if t[0][0] == "Zone" and len(t[0]) == 3:
            for r in t[1:]:
                first[r[0]], extra[r[0]] = num(r[1]), num(r[2])
        elif t[0][0] == "Zone":
            for r in t[1:]:
                for a in r[1].split(","):
                    zones[a.strip()] = r[0]
    g = lambda pat: float(re.search(pat, text).group(1))  # noqa: E731
    return {"first": first, "extra": extra, "zones": zones,
            "min": g(r"Minimum charge per consignment: GBP (\d+(?:\.\d+)?)"),
            "roc": g(r"Room of choice: GBP (\d+(?:\.\d+)?)"),
            "disposal": g(r"disposal of an old item: GBP (\d+(?:\.\d+)?)"),
            "failed": g(r"failed delivery fee of GBP (\d+(?:\.\d+)?)"), "flat": g(r"4\.1 (\d+(?:\.\d+)?)%"),
            "fbase": g(r"at or below (\d+(?:\.\d+)?)p"), "fstep": g(r"plus (\d+(?:\.\d+)?)% for each full penny")}


# ------------------------------------------------------------------------------------------------ records


def read_index(path: Path) -> dict[date, float]:
    out: dict[date, tuple[int, float]] = {}
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("#")]
    for r in rows[1:]:
        d = parse_date(r[0])
        final = 1 if r[2].strip().lower().startswith("final") else 0
        if d and (d not in out or final >= out[d][0]):
            out[d] = (final, float(r[1]))
    return {d: v for d, (_, v) in out.items()}


def read_shipments(path: Path) -> dict[str, dict]:
    out = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["Shipment Ref"] == "Shipment Ref":  # a second export pasted under the first
                continue
            ref = norm_ref(r["Shipment Ref"])
            dims = [int(x) for x in re.findall(r"\d+", r["Carton LxWxH cm"])]
            out.setdefault(ref, {
                "ref": ref, "collected": parse_date(r["Collected"]), "store": r["Store / Customer"].strip(),
                "postcode": r["Deliver-to postcode"].strip().upper(), "pallets": int(num(r["Pallets"])),
                "weight": num(r["Weight kg"]), "dims": dims, "items": int(num(r["Items"])),
                "tail_lift": r["Tail-lift"].strip().upper() == "Y", "booked_in": r["Booked-in"].strip().upper() == "Y",
                "roc": r["Room of choice"].strip().upper() == "Y", "disposal": int(num(r["Disposal items"])),
                "status": r["Delivery status"].strip().lower(), "lane": int(num(r["Plan lane"]))})
    return out


def read_invoices(folder: Path) -> list[dict]:
    lines = []
    for path in sorted(folder.glob("Brackenford_*.csv")):
        text = path.read_text(encoding="utf-8")
        delim = ";" if text.splitlines()[0].count(";") > text.splitlines()[0].count(",") else ","
        rows = list(csv.reader(text.splitlines(), delimiter=delim))
        if delim == ";":  # decimal commas
            rows = [[c.replace(",", ".") for c in r] for r in rows]
        inv = re.search(r"Invoice (\S+)", rows[0][1]).group(1)
        idate = parse_date(rows[0][2].replace("Date ", ""))
        head = next(i for i, r in enumerate(rows) if r and r[0] == "Con No")
        for r in rows[head + 1:]:
            if len(r) < 12:
                continue
            lines.append({"carrier": "brackenford", "invoice": inv, "date": idate, "ref": norm_ref(r[1]),
                          "lane": int(r[4]), "base": num(r[6]), "fuel": num(r[8]), "acc": num(r[9]) + num(r[10]),
                          "tail": num(r[9])})
    for path in sorted(folder.glob("Quillon_*.xlsx")):
        wb = openpyxl.load_workbook(path, data_only=True)
        for ws in wb.worksheets:
            rows = list(ws.iter_rows(values_only=True))
            idate = parse_date(str(rows[1][1]).replace("Invoice date ", ""))
            head = next(i for i, r in enumerate(rows) if r and r[0] == "Tracking")
            for r in rows[head + 1:]:
                if not r or not r[0]:
                    continue
                lines.append({"carrier": "quillon", "invoice": ws.title, "date": idate, "ref": norm_ref(r[1]),
                              "kg": int(num(r[6])), "base": num(r[7]), "acc": num(r[8]), "fuel": num(r[9])})
    for path in sorted(folder.glob("Tern_*.pdf")):
        text = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
        m = re.search(r"INVOICE (\S+)\s+Invoice date (\d\d/\d\d/\d{4})", text)
        inv, idate = m.group(1), parse_date(m.group(2))
        for ln in text.splitlines():
            f = ln.split()
            if len(f) >= 12 and re.match(r"\d\d/\d\d/\d{4}$", f[0]):
                vals = [num(x) for x in f[-7:]]
                lines.append({"carrier": "tern", "invoice": inv, "date": idate, "ref": norm_ref(f[1]),
                              "base": vals[1], "acc": vals[2] + vals[3] + vals[4], "fuel": vals[5]})
    return lines


# ------------------------------------------------------------------------------------------------ the staff


def ask_staff(brk: dict, ships: dict) -> dict:
    known: dict = {}
    if not (ASK and Path("bin/ask").exists()):
        return known
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit

    r = kit.ask("ruairi", "Quillon's September invoice bills every parcel at a tariff about 4% above the rate card, "
                          "which was fixed until 31 August. Did you agree a rate increase with Quillon from 1 "
                          "September, and at what percentage?")
    m = re.search(r"(\d+(?:\.\d+)?)% from (?:Tuesday )?1 September", r.text) if r.answered else None
    if m:
        known["q_rise"] = {"from": "2026-09-01", "pct": float(m.group(1))}
    odd = sorted({area(s["postcode"]) for s in ships.values() if s["lane"] and area(s["postcode"]) in brk["lanes"]
                  and s["lane"] != brk["lanes"][area(s["postcode"])]})
    if odd:
        r = kit.ask("ruairi", f"The warehouse system's plan lane for deliveries to the {' and '.join(odd)} postcode "
                              f"areas is lane 1 from August, but Brackenford's Schedule 1 puts them in lane 2 and "
                              "Brackenford bills lane 2. Were those areas reclassified, and from when?")
        m = re.search(r"lane (\d) from (?:Monday )?(\d{1,2} \w+ \d{4})", r.text) if r.answered else None
        if m:
            since = datetime.strptime(m.group(2), "%d %B %Y").date()
            known["reclass"] = {"areas": {a: int(m.group(1)) for a in odd}, "from": since.isoformat()}
    r = kit.ask("ruairi", "Has anything in Brackenford's agreement changed since it was signed, its pallet rates in "
                          "particular? The invoices bill Schedule 1's rates all quarter.")
    m = re.search(r"from (?:Monday )?(\d{1,2} \w+ \d{4})", r.text) if r.answered else None
    rates = re.findall(r"lane (\d) GBP (\d+\.\d\d)", r.text) if m else []
    if rates:
        since = datetime.strptime(m.group(1), "%d %B %Y").date().isoformat()
        known["brk_rates"] = {"from": since, "rate": {int(k): float(v) for k, v in rates}}
    r = kit.ask("ade", "Before I finalise the claims: have any credit notes, disputes or settlements been agreed with "
                       "Brackenford, Quillon or Tern that are not in these invoices?")
    m = re.search(r"(Tern|Quillon|Brackenford)[^.]*?waive[^.]*?fuel surcharge[^.]*?collected from (\d{1,2} \w+) to "
                  r"(\d{1,2} \w+ \d{4})", r.text) if r.answered else None
    if m:
        end = datetime.strptime(m.group(3), "%d %B %Y").date()
        start = datetime.strptime(f"{m.group(2)} {end.year}", "%d %B %Y").date()
        known["fuel_waiver"] = {"carrier": m.group(1).lower(), "from": start.isoformat(), "to": end.isoformat()}
    r = kit.ask("bethan", "Before I send the Q3 carrier claims: is there anything about the bookings or deliveries "
                          "last quarter that the shipment export does not show, or that has changed since?")
    m = re.search(r"\(([A-Z]{3})\).*?from (?:Monday )?(\d{1,2} \w+ \d{4})", r.text) if r.answered else None
    if m:
        since = datetime.strptime(m.group(2), "%d %B %Y").date()
        known["standing_tail_lift"] = {"store": m.group(1), "from": since.isoformat()}
    return known


def quillon_rise_from_emails(folder: Path) -> dict | None:
    for path in sorted(folder.glob("*.eml")):
        text = path.read_text(encoding="utf-8")
        m = re.search(r"parcel tariff goes up (\d+(?:\.\d+)?)% from 1 September", text)
        if m:
            return {"from": "2026-09-01", "pct": float(m.group(1))}
    return None


# ------------------------------------------------------------------------------------------------ re-rating


def fuel_index(index: dict[date, float], collected: date) -> float:
    return index[monday(collected) - timedelta(weeks=1)]


def rate_brackenford(ln, s, brk, index, known) -> tuple[dict, str]:
    a = area(s["postcode"])
    lane = brk["lanes"][a]
    rc = known.get("reclass")
    if rc and a in rc["areas"] and s["collected"] >= date.fromisoformat(rc["from"]):
        lane = rc["areas"][a]
    nr = known.get("brk_rates")
    rate = {int(k): v for k, v in nr["rate"].items()} if nr and s["collected"] >= date.fromisoformat(nr["from"]) else {}
    haul = max(money(s["pallets"] * rate.get(lane, brk["rate"][lane])), brk["min"][lane])
    st = known.get("standing_tail_lift")
    tail = s["tail_lift"] or bool(st and s["store"] == st["store"] and s["collected"] >= date.fromisoformat(st["from"]))
    acc = (brk["tail"] if tail else 0) + (brk["booked"] if s["booked_in"] else 0)
    pct = brk["step"] * max(0, math.floor(fuel_index(index, s["collected"]) - brk["base"] + 1e-9))
    return {"base": haul, "fuel": money(haul * pct / 100), "acc": acc}, "rate"


def rate_quillon(ln, s, q, index, rise) -> tuple[dict, str]:
    a = area(s["postcode"])
    length, width, height = s["dims"]
    kg = max(1, math.ceil(max(s["weight"], length * width * height / q["divisor"]) - 1e-9))
    band = next(i for i, b in enumerate(q["bands"]) if kg <= b)
    base = q["tariff"][q["zones"][a]][band]
    if rise and s["collected"] >= date.fromisoformat(rise["from"]):
        base = money(base * (1 + rise["pct"] / 100))
    price = fuel_index(index, s["collected"])
    pct = next((p for b, p in q["fuel"] if price < b), q["top"])
    acc = q["remote_fee"] if a in q["remote"] else 0.0
    return {"base": base, "fuel": money(base * pct / 100), "acc": acc}, "weight" if kg != ln["kg"] else "rate"


def waived(carrier: str, s: dict, known: dict) -> bool:
    fw = known.get("fuel_waiver")
    return bool(fw and fw["carrier"] == carrier
                and date.fromisoformat(fw["from"]) <= s["collected"] <= date.fromisoformat(fw["to"]))


def rate_tern(ln, s, t, index, known) -> tuple[dict, str]:
    zone = t["zones"][area(s["postcode"])]
    if s["status"].startswith("failed"):
        customer = "customer" in s["status"]
        return {"base": 0.0, "fuel": 0.0, "acc": t["failed"] if customer else 0.0}, "rate"
    plain = t["first"][zone] + t["extra"][zone] * (s["items"] - 1)
    base = max(plain, t["min"])
    acc = (t["roc"] if s["roc"] else 0) + t["disposal"] * s["disposal"]
    price = fuel_index(index, s["collected"])
    pct = t["flat"] + t["fstep"] * max(0, math.floor(price - t["fbase"] + 1e-9))
    fuel = 0.0 if waived("tern", s, known) else money(base * pct / 100)
    return {"base": base, "fuel": fuel, "acc": acc}, "minimum" if ln["base"] != plain else "rate"


# ------------------------------------------------------------------------------------------------ main


def main() -> None:
    OUTPUT.mkdir(exist_ok=True)
    brk = read_brackenford(INPUT / "agreements/Brackenford_rate_agreement_2026.docx")
    q = read_quillon(next((INPUT / "agreements").glob("Quillon_*.pdf")))
    t = read_tern(INPUT / "agreements")
    index = read_index(INPUT / "diesel_index_weekly.csv")
    ships = read_shipments(INPUT / "wms_shipments_Q3_2026.csv")
    lines = read_invoices(INPUT / "invoices")
    known = dict(KNOWN) if KNOWN is not None else ask_staff(brk, ships)
    rise = known.get("q_rise") or quillon_rise_from_emails(INPUT / "emails")

    rows, unmatched, seen = [], [], {}
    for ln in sorted(lines, key=lambda x: (x["date"], x["invoice"])):
        s = ships.get(ln["ref"])
        if s is None:
            unmatched.append(ln)
            continue
        billed = money(ln["base"] + ln["fuel"] + ln["acc"])
        d = dict.fromkeys(CAUSES, 0.0)
        key = (ln["carrier"], ln["ref"])
        if DEDUPE and key in seen:
            agreed, d["duplicate"] = 0.0, billed
        else:
            seen[key] = ln["invoice"]
            if ln["carrier"] == "brackenford":
                want, base_cause = rate_brackenford(ln, s, brk, index, known)
            elif ln["carrier"] == "quillon":
                want, base_cause = rate_quillon(ln, s, q, index, rise)
            else:
                want, base_cause = rate_tern(ln, s, t, index, known)
            agreed = money(sum(want.values()))
            d[base_cause] += money(ln["base"] - want["base"])
            d["fuel"] += money(ln["fuel"] - want["fuel"])
            d["accessorial"] += money(ln["acc"] - want["acc"])
        diff = money(billed - agreed)
        if abs(diff) < 0.05:
            continue
        d = {k: money(v) for k, v in d.items()}
        sign = 1 if diff > 0 else -1
        cause = max(CAUSES, key=lambda k: (sign * d[k], -CAUSES.index(k)))
        rows.append({"carrier": ln["carrier"], "invoice_no": ln["invoice"], "shipment_ref": ln["ref"],
                     "collected": s["collected"].isoformat(), "billed_gbp": f"{billed:.2f}",
                     "agreed_gbp": f"{agreed:.2f}", "overcharge_gbp": f"{diff:.2f}", "main_cause": cause, "_d": d,
                     "_dup_of": seen.get(key, "") if d["duplicate"] else ""})
    rows.sort(key=lambda r: (CARRIERS.index(r["carrier"]), r["invoice_no"], r["shipment_ref"]))
    fields = ["carrier", "invoice_no", "shipment_ref", "collected", "billed_gbp", "agreed_gbp", "overcharge_gbp",
              "main_cause"]
    with open(OUTPUT / "claim_register.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    over = [r for r in rows if float(r["overcharge_gbp"]) > 0]
    under = [r for r in rows if float(r["overcharge_gbp"]) < 0]
    totals = {
        "total_overcharge_gbp": money(sum(float(r["overcharge_gbp"]) for r in over)),
        "total_undercharge_gbp": money(-sum(float(r["overcharge_gbp"]) for r in under)),
        "lines_overcharged": len(over),
        "lines_undercharged": len(under),
        "by_carrier": {c: money(sum(float(r["overcharge_gbp"]) for r in over if r["carrier"] == c)) for c in CARRIERS},
        "by_cause": {k: money(sum(r["_d"][k] for r in rows)) for k in CAUSES},
    }
    (OUTPUT / "totals.json").write_text(json.dumps(totals, indent=2) + "\n", encoding="utf-8")
    write_note(totals, rows, unmatched, known, rise, brk)


def write_note(totals, rows, unmatched, known, rise, brk) -> None:
    def n(carrier, cause):
        return sum(1 for r in rows if r["carrier"] == carrier and r["_d"][cause] > 0)

    by = totals["by_carrier"]
    dups = sorted({(r["invoice_no"], r["_dup_of"]) for r in rows if r["_dup_of"]})
    L = [
        "# Q3 2026 carrier invoice audit: claims before the final payment batch",
        "",
        f"The register lists {len(rows)} invoice lines that differ from the agreements: {totals['lines_overcharged']} "
        f"overcharged, GBP {totals['total_overcharge_gbp']:,.2f} in all (Brackenford GBP {by['brackenford']:,.2f}, "
        f"Quillon GBP {by['quillon']:,.2f}, Tern GBP {by['tern']:,.2f}), and {totals['lines_undercharged']} "
        f"undercharged, GBP {totals['total_undercharge_gbp']:,.2f}. Undercharges are shown, not netted off against "
        "the claims; whether to tell the carriers is your call.",
        "",
        "## Systematic causes (raise with each carrier so future invoices are right)",
        "",
        f"- **Brackenford fuel surcharge**: it reads the diesel index for the week of collection; clause 2.2 of the "
        f"agreement uses the index of the week before the collection week. This moves the surcharge both ways "
        f"({n('brackenford', 'fuel')} lines overcharged).",
        f"- **Brackenford tail-lifts**: a tail-lift charge is added to consignments whose booking did not request one "
        f"(clause 3.1 pays it only where booked), every time for the dock stores at Kettering, Northampton, "
        f"Leicester and Milton Keynes ({n('brackenford', 'accessorial')} lines).",
        "- **Brackenford lanes**: Lincoln (LN) and Norwich (NR) are billed in lane 3; Schedule 1 puts both in lane 2.",
        "- **Quillon volumetric weight**: Quillon uses a volumetric divisor of 4000 (its general conditions); our rate "
        "card says 5000, and the rate card governs.",
        "- **Quillon remote area surcharge**: charged on Aberdeen (AB) and Perth (PH) parcels, which are not in the "
        "listed remote areas (HS, ZE, KW, IV, PA); the fuel surcharge is also added on the remote charge, not on the "
        "tariff only.",
        "- **Tern minimum charge**: Tern still applies the superseded 2025-26 minimum of GBP 59 per consignment; the "
        "2026-27 schedule's minimum is GBP 49.",
        "- **Tern failed deliveries**: Tern charges the GBP 35 failed-delivery fee where the failure was its own "
        "(vehicle breakdown); the schedule charges nothing then.",
        "",
        "## Needs your decision or attention",
        "",
    ]
    for inv, orig in dups:
        k = sum(1 for r in rows if r["invoice_no"] == inv)
        amt = sum(float(r["overcharge_gbp"]) for r in rows if r["invoice_no"] == inv)
        L.append(f"- **Tern {inv} is a duplicate**: it re-bills {k} consignments already on {orig} (GBP {amt:,.2f}). "
                 "Do not pay it; every line of it is in the register as a duplicate.")
    for ln in unmatched:
        L.append(f"- **Unmatched line**: {ln['carrier'].title()} invoice {ln['invoice']} bills shipment {ln['ref']} "
                 f"(GBP {ln['base'] + ln['fuel'] + ln['acc']:,.2f}), which has no shipment record in the warehouse "
                 "export. It cannot be reconciled, so it is left out of the register and the totals; hold it until "
                 "Quillon shows proof of collection.")
    if rise:
        L.append(f"- **Quillon rate review**: the tariff rise of {rise['pct']:g}% from 1 September agreed by the "
                 "Transport Manager is applied, so September's higher tariffs are not claimed. Please make sure the "
                 "written confirmation is filed with the rate card.")
    if known.get("reclass"):
        rc = known["reclass"]
        names = " and ".join(f"{a} ({ {'DN': 'Doncaster', 'HU': 'Hull'}.get(a, a)})" for a in rc["areas"])
        L.append(f"- **Brackenford lane reclassification**: {names} were reclassified to lane "
                 f"{next(iter(rc['areas'].values()))} from {date.fromisoformat(rc['from']):%-d %B} (the Transport "
                 "Manager's agreement with Brackenford); Brackenford still bills lane 2, so the difference is claimed. "
                 "Schedule 1 should be updated in writing.")
    st = known.get("standing_tail_lift")
    if st:
        L.append(f"- **Kettering (KTR) tail-lifts**: from {date.fromisoformat(st['from']):%-d %B} the store's dock was "
                 "out of use and a standing instruction asked Brackenford for a tail-lift on every delivery, which "
                 "the bookings do not show. Those tail-lift charges are payable and not claimed; the store's bookings "
                 "should carry the flag.")
    fw = known.get("fuel_waiver")
    if fw:
        k = sum(1 for r in rows if r["carrier"] == fw["carrier"] and r["_d"]["fuel"] > 0
                and fw["from"] <= r["collected"] <= fw["to"])
        who = fw["carrier"].title()
        L.append(f"- **{who} fuel surcharge waived**: in settlement of the Q2 minimum-charge dispute (agreed by "
                 f"Accounts Payable, not in the folder), {who} waived its fuel surcharge on consignments collected "
                 f"from {date.fromisoformat(fw['from']):%-d %B} to {date.fromisoformat(fw['to']):%-d %B}, but billed "
                 f"it anyway; the agreed fuel on those {k} lines is nil and the surcharge is claimed.")
    nr = known.get("brk_rates")
    if nr:
        L.append(f"- **Brackenford's renegotiated pallet rates**: from {date.fromisoformat(nr['from']):%-d %B} the "
                 "Transport Manager agreed lower per-pallet rates with Brackenford (lanes 1-4: GBP "
                 f"{', '.join(f'{v:.2f}' for v in nr['rate'].values())}) for a 12-month extension; Schedule 1 was not "
                 "reissued and Brackenford still bills the old rates, so the difference is claimed.")
    L += ["", "Every claim is within the 90-day window of clause 4.1 for Brackenford if it is sent before the end of "
          "October.", ""]
    (OUTPUT / "note_to_finance_manager.md").write_text("\n".join(L), encoding="utf-8")


if __name__ == "__main__":
    main()
