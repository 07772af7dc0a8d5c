"""Reference: the 2026 scope 1 and 2 inventory under the GHG Protocol Corporate Standard and its Scope 2 Guidance,
by site, scope and source, with the totals and a note to the audit committee.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
logistics services agreement noted against Wrexford Depot to the property manager, the failed leak test at
Millfield to the refrigeration manager, whether anything has changed since the files were produced to the energy
manager, whether any fuel was bought outside the two fuel-card exports to the fleet manager, and whether the register
lists every site operated in the year to the property manager.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import date, datetime
from pathlib import Path

sys.path.insert(0, "/solution")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ghg_read as rd

OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
THRESHOLD = 0.05


def day_span(a: date, b: date) -> int:
    return (b - a).days + 1


def overlap(a0: date, a1: date, b0: date, b1: date) -> int:
    return max(0, (min(a1, b1) - max(a0, b0)).days + 1)


def parse_day(text: str) -> date | None:
    m = re.search(r"(\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|"
                  r"December) 2026)", text)
    return datetime.strptime(m.group(1), "%d %B %Y").date() if m else None


def ask_staff(sites: dict, jobs: list[dict]) -> dict:
    known: dict = {}
    if not (ASK and Path("bin/ask").exists()):
        return known
    import worktrial_kit as kit

    for code, s in sites.items():
        if "lsa" in s["notes"].lower():
            r = kit.ask("ruth", f"The site register notes an LSA signed in February 2026 against {s['name']} "
                                f"({code}). Who has operational control of the depot under that agreement, and from "
                                "what date?")
            end = parse_day(r.text) if r.answered else None
            if end:
                known["control_end"] = {"site": code, "end": date.fromordinal(end.toordinal() - 1).isoformat()}
    for j in jobs:
        if "fail" in j["notes"].lower() and j["site"]:
            r = kit.ask("priya", f"The Polar service log shows a failed leak test on the main pack at "
                                 f"{sites[j['site']]['name']} ({j['site']}) on {j['date']:%d %B %Y}, referred to "
                                 "Coldfront, but no top-up afterwards. Was the pack recharged, and with how much "
                                 "refrigerant?")
            m = re.search(r"(\d+(?:\.\d+)?) kg of (R[\w-]+)", r.text) if r.answered else None
            if m:
                known["leak"] = {"site": j["site"], "when": (parse_day(r.text) or j["date"]).isoformat(),
                                 "gas": rd.gas_key(m.group(2)), "kg": float(m.group(1))}
    r = kit.ask("tobias", "Before I send the 2026 scope 1 and 2 inventory to the audit committee: has anything changed "
                          "since the bill exports and the certificate statement were produced that affects 2026?")
    if r.answered:
        m = re.search(r"(Meridian[\w ]*?)'s green tariff ended on (\d{1,2} \w+ 2026)", r.text)
        if m:
            known["tariff_lapsed"] = {"supplier": m.group(1).strip(),
                                      "end": datetime.strptime(m.group(2), "%d %B %Y").date().isoformat()}
    r = kit.ask("gareth", "Is all of the fuel the Group bought in 2026 in the two fuel-card exports, or was any fuel "
                          "bought or delivered another way?")
    if r.answered:
        bulk = {code: float(n.replace(",", "")) for n, code in
                re.findall(r"([\d,]+(?:\.\d+)?) litres (?:to|at) [^()]*\((\w+)\)", r.text)}
        if bulk:
            known["bulk_fuel"] = bulk
    r = kit.ask("ruth", "Does the site register list every site we operated during 2026, or were there any other "
                        "premises, temporary or short-term ones included?")
    if r.answered:
        code = re.search(r"coded it (\w+)", r.text)
        kwh = re.search(r"([\d,]+) kWh", r.text)
        name = re.search(r"overflow store at ([A-Z][\w ]+?),", r.text)
        if code and kwh:
            known["extra_site"] = {"site": code.group(1), "kwh": float(kwh.group(1).replace(",", "")),
                                   "name": f"{name.group(1) if name else code.group(1)} overflow store"}
    return known


def main() -> None:
    OUTPUT.mkdir(exist_ok=True)
    sites, fleet, base = rd.site_register(rd.INPUT / "site_register.xlsx")
    f, gwp, workbook = rd.factors(rd.INPUT / "factors")
    gset = rd.gwp_set(rd.INPUT / "policy" / "ghg_reporting_policy.docx")
    jobs = rd.refrigerant_jobs(rd.INPUT / "refrigerants" / "refrigerant_service_log_2026.xlsx", sites)
    known = KNOWN if KNOWN is not None else ask_staff(sites, jobs)
    control = {c: (max(s["from"], rd.YEAR_START), min(s["to"], rd.YEAR_END)) for c, s in sites.items()}
    if "control_end" in known:
        k = known["control_end"]
        control[k["site"]] = (control[k["site"]][0], date.fromisoformat(k["end"]))
    act: dict[tuple[str, str], float] = {}
    full_year: dict[str, float] = {}  # what each acquired site emitted over the whole year (for the base year)

    def add(code: str, source: str, amount: float) -> None:
        act[(code, source)] = act.get((code, source), 0.0) + amount

    meter_site = {s["mpan"]: c for c, s in sites.items()} | {s["mprn"]: c for c, s in sites.items() if s["mprn"]}
    unique = {b["no"]: b for b in rd.bills(rd.INPUT / "utilities")}.values()
    actual = [b for b in unique if b["read"] == "A"]
    for b in unique:
        if b["read"] == "E" and any(a["meter"] == b["meter"] and overlap(a["from"], a["to"], b["from"], b["to"])
                                    for a in actual):
            continue  # replaced by an actual re-bill
        code = meter_site[b["meter"]]
        a0, a1 = control[code]
        source = "natural_gas" if b["fuel"] == "gas" else "electricity"
        add(code, source, b["kwh"] * overlap(b["from"], b["to"], a0, a1) / day_span(b["from"], b["to"]))
        if sites[code]["from"] > rd.YEAR_START:
            share = overlap(b["from"], b["to"], rd.YEAR_START, rd.YEAR_END) / day_span(b["from"], b["to"])
            full_year[code] = full_year.get(code, 0.0) + b["kwh"] * share * (
                f["Natural gas (gross CV)"] if source == "natural_gas" else f["Grid electricity - generation"]) / 1000
    for t in {t["id"]: t for t in rd.fuel(rd.INPUT / "fleet", fleet)}.values():
        if t["product"] not in ("diesel", "petrol") or t["site"] not in control:
            continue
        a0, a1 = control[t["site"]]
        if t["date"] and a0 <= t["date"] <= a1:
            add(t["site"], t["product"], t["litres"])
    for code, litres in known.get("bulk_fuel", {}).items():
        add(code, "diesel", litres)  # delivered in bulk, on neither card
    if "extra_site" in known:  # run under a short licence, not on the register; electricity from the landlord's meter
        x = known["extra_site"]
        sites[x["site"]] = {"name": x["name"], "notes": "", "from": rd.YEAR_START, "to": rd.YEAR_END, "mpan": "",
                            "mprn": ""}
        add(x["site"], "electricity", x["kwh"])
    if "leak" in known:
        lk = known["leak"]
        jobs.append({"date": date.fromisoformat(lk["when"]), "site": lk["site"], "gas": rd.gas_key(lk["gas"]),
                     "top_up": True, "kg": lk["kg"]})
    for j in jobs:
        if j["top_up"] and j["site"] and j["date"] and control[j["site"]][0] <= j["date"] <= control[j["site"]][1]:
            add(j["site"], "refrigerant_" + j["gas"], j["kg"])

    covered: dict[str, float] = {}
    mpan_site = {s["mpan"]: c for c, s in sites.items()}
    lapsed = known.get("tariff_lapsed")
    for c in rd.certificates(rd.INPUT / "certificates" / "green_tariff_certificates_2026.pdf"):
        if "larchmont" not in c["for"].lower() or c["from"] < rd.YEAR_START or c["to"] > rd.YEAR_END:
            continue
        if lapsed and c["supplier"] == lapsed["supplier"] and c["from"] > date.fromisoformat(lapsed["end"]):
            continue
        code = mpan_site[c["mpan"]]
        covered[code] = covered.get(code, 0.0) + c["mwh"] * 1000

    rows = []
    for (code, source), amount in sorted(act.items()):
        def out(scope: str, src: str, unit: str, t: float, amount: float = amount, code: str = code) -> None:
            rows.append({"site_id": code, "site_name": sites[code]["name"], "scope": scope, "source": src,
                         "activity_value": round(amount, 3), "activity_unit": unit, "tco2e": round(t, 4)})

        if source == "electricity":
            out("2", "electricity_location", "kWh", amount * f["Grid electricity - generation"] / 1000)
            out("2", "electricity_market", "kWh", max(0.0, amount - covered.get(code, 0.0)) * f["Residual mix"] / 1000)
        elif source == "natural_gas":
            out("1", source, "kWh", amount * f["Natural gas (gross CV)"] / 1000)
        elif source in ("diesel", "petrol"):
            out("1", source, "litres", amount * f[f"{source.title()} (average biofuel blend)"] / 1000)
        else:
            key = source.split("_", 1)[1]
            out("1", "refrigerant_" + {"134A": "R134a"}.get(key, "R" + key), "kg", amount * gwp[key][gset] / 1000)
    write_outputs(rows, sites, base, full_year, control, known, workbook, gset, covered)


def write_outputs(rows, sites, base, full_year, control, known, workbook, gset, covered) -> None:
    fields = ["site_id", "site_name", "scope", "source", "activity_value", "activity_unit", "tco2e"]
    lines = [",".join(fields)]
    for r in rows:
        lines.append(",".join(f'"{r[k]}"' if k == "site_name" else str(r[k]) for k in fields))
    (OUTPUT / "inventory.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def total(pred) -> float:
        return round(sum(r["tco2e"] for r in rows if pred(r)), 3)

    s1 = total(lambda r: r["scope"] == "1")
    loc = total(lambda r: r["source"] == "electricity_location")
    mkt = total(lambda r: r["source"] == "electricity_market")
    by_source = {k: total(lambda r, k=k: r["source"] == k or (k == "refrigerants" and r["source"].startswith("refr")))
                 for k in ("natural_gas", "diesel", "petrol", "refrigerants", "electricity_location",
                           "electricity_market")}
    by_site = {c: total(lambda r, c=c: r["site_id"] == c and r["source"] != "electricity_location") for c in sites
               if any(r["site_id"] == c for r in rows)}
    base_total = base.get("Total") or sum(v for k, v in base.items() if k != "Total")
    leaving = {c: base.get(c, 0.0) for c, (a0, a1) in control.items() if a1 < rd.YEAR_END}
    joining = {c: round(v, 1) for c, v in full_year.items()}
    change = (sum(leaving.values()) + sum(joining.values())) / base_total
    totals = {
        "reporting_year": 2026,
        "scope1_tco2e": s1,
        "scope2_location_tco2e": loc,
        "scope2_market_tco2e": mkt,
        "total_location_tco2e": round(s1 + loc, 3),
        "total_market_tco2e": round(s1 + mkt, 3),
        "by_source": by_source,
        "by_site": by_site,
        "base_year_recalculation_required": change >= THRESHOLD,
    }
    (OUTPUT / "totals.json").write_text(json.dumps(totals, indent=2) + "\n", encoding="utf-8")
    write_note(totals, sites, base_total, leaving, joining, change, control, known, workbook, gset)


def write_note(t, sites, base_total, leaving, joining, change, control, known, workbook, gset) -> None:
    out = [
        "# 2026 greenhouse-gas inventory (scope 1 and 2): note to the Audit Committee", "",
        "Prepared under the GHG Protocol Corporate Standard and its Scope 2 Guidance, operational control approach, "
        f"GWPs from {gset} (100-year), factors from the Group workbook version 2.0 ({workbook}).", "",
        f"- Scope 1: {t['scope1_tco2e']:,.1f} t CO2e", f"- Scope 2 location-based: {t['scope2_location_tco2e']:,.1f} t "
        "CO2e", f"- Scope 2 market-based: {t['scope2_market_tco2e']:,.1f} t CO2e",
        f"- Total (location-based): {t['total_location_tco2e']:,.1f} t CO2e; total (market-based): "
        f"{t['total_market_tco2e']:,.1f} t CO2e", "",
        "## For decision", "",
        "- Base year recalculation: the divestment of Brindle Cross Depot (DC2) and the acquisition of Fernhill (ST10)"
        + (", with the outsourcing of Wrexford Depot (DC3) to Kestrel," if "control_end" in known else "")
        + f" together move base-year (2023) emissions of {base_total:,.1f} t by {change:.1%}, "
        + ("above the policy's 5% threshold: we recommend that the committee approve a recalculation of the 2023 base "
           "year" if change >= THRESHOLD else "below the policy's 5% threshold: no recalculation of the 2023 base year "
           "is required, and the committee is asked to note this")
        + f" (structural changes: {', '.join(f'{c} {v:,.1f} t' for c, v in {**leaving, **joining}.items())}).", "",
        "## For information", "",
        "- Boundary changes: Fernhill (ST10) is included from 1 July 2026, the day we took control, and Brindle Cross "
        "(DC2) up to 30 September 2026; bills straddling those dates are apportioned by days, the previous owner's "
        "and the buyer's consumption and fuel are excluded.", "",
        "- Certificates: the 2025 batch for Hollins Green (ST03) and the certificates Dunmore Grocers held for "
        "Fernhill before the sale cannot count in 2026's market-based figure and are excluded; the rest of that "
        "supply is at the residual mix.", "",
        "- Emission factors: the workbook was re-issued as version 2.0 on 12 January 2027 and supersedes version 1.3 "
        "(the file marked FINAL); last year's method (AR6 GWPs, T&D losses in scope 2, every bill summed) is not "
        "repeated: T&D losses belong in scope 3, and estimated bills replaced by actual re-bills are left out.", "",
    ]
    if "control_end" in known:
        c = known["control_end"]
        since = date.fromordinal(date.fromisoformat(c["end"]).toordinal() + 1)
        out += [f"- Wrexford Depot ({c['site']}): Kestrel Logistics has had operational control under the logistics "
                f"services agreement since {since:%d %B %Y}; the "
                "depot is in scope 1 and 2 only for January and February, and from March it is scope 3. The "
                "outsourcing is a structural change for the base year too.", ""]
    if "leak" in known:
        lk = known["leak"]
        out += [f"- Millfield ({lk['site']}): Coldfront recharged {lk['kg']:.0f} kg of R{rd.gas_key(lk['gas'])} on "
                f"{lk['when']} after a major leak; it is not in Polar's service log and is included here. The log "
                "should capture every contractor's work.", ""]
    if "tariff_lapsed" in known:
        lp = known["tariff_lapsed"]
        out += [f"- {lp['supplier']}: the green tariff ended on {lp['end']} when the contract renewed on a standard "
                "tariff; the July-December certificates on the statement were never cancelled for the Group, so that "
                "supply is at the residual mix in the market-based figure.", ""]
    if "bulk_fuel" in known:
        bulk = known["bulk_fuel"]
        out += [f"- Bulk diesel: {sum(bulk.values()):,.0f} litres delivered in bulk by Hexley Fuels on the fleet "
                f"account ({', '.join(f'{c} {v:,.0f} l' for c, v in bulk.items())}: the Kingsmere yard tank and the "
                "stores' standby generators) are on neither fuel-card export and are included in scope 1 diesel. "
                "The fuel-card exports alone do not capture all fuel.", ""]
    if "extra_site" in known:
        x = known["extra_site"]
        out += [f"- {x['name']} ({x['site']}): a chilled overflow store we ran for the 2026 Christmas peak under a "
                f"short licence, not on the site register; its {x['kwh']:,.0f} kWh from the landlord's "
                "sub-meter are included in scope 2 (residual mix in the market-based figure). A temporary site is not "
                "a structural change for the base year; the register should list licensed sites too.", ""]
    out += ["## By site (scope 1 + scope 2 market-based, t CO2e)", ""]
    out += [f"- {c} {sites[c]['name']}: {v:,.1f}" for c, v in t["by_site"].items()] + [""]
    (OUTPUT / "note_to_audit_committee.md").write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    main()
