"""Reference: validate every line of the quarter's half-hourly electricity invoices against the supply contract, the
DNO's charging statement and the meter data, with VAT and CCL as HMRC's rules apply to the certificates held; write
the validation register, the totals and a note to the Finance Director.

The meter data are read in settlement periods of UK clock time (the portal's UTC stamps converted; 46 or 50 periods
on the days the clocks change); maximum demand is apparent power (kVA) from the active and reactive units of each
half hour; a supply at least 60% for qualifying use is wholly qualifying for VAT and CCL, below that it is
apportioned; an estimate reversed by a credit note and re-billed on actual reads is the re-bill's to validate.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
bakery's CCA certificate to the Sustainability Lead, the invoice billed far above the charging statement to Accounts
Payable (already disputed? with the overcharge worked out), and to each owner an open question in their area: whether
anything has changed at the sites and whether the use of the buildings has changed (the Facilities Manager), whether
any other site has a CCL relief (the Sustainability Lead), whether any site's DUoS tariff or LLFC has changed (the
Energy Manager) and whether anything has been agreed with Brightwater since the schedule (the Procurement Manager).
"""

from __future__ import annotations

import json
import math
import re
import sys
from datetime import date, timedelta
from decimal import ROUND_HALF_UP
from decimal import Decimal as D
from pathlib import Path

sys.path.insert(0, "/solution")
sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")

import ebv_read as rd
import ebv_staff as staff

OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
OPEN = globals().get("OPEN", True)  # shortcuts/asks_about_anomalies.py: no open question to anyone
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
THRESHOLD = D("1.00")
K_ALLOW = math.sqrt(1 / 0.95**2 - 1)
CHARGES = [
    "energy",
    "duos_red",
    "duos_amber",
    "duos_green",
    "duos_fixed",
    "capacity",
    "excess_capacity",
    "reactive_power",
    "standing_charge",
    "ccl",
    "vat_reduced",
    "vat_standard",
]
CAUSES = [
    "price_schedule",
    "estimated_read",
    "loss_factor",
    "duos_rate",
    "billing_days",
    "capacity",
    "excess_capacity",
    "reactive_power",
    "ccl",
    "vat",
    "duplicate_invoice",
]


def money(x: D) -> D:
    return x.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def tenth(x: D) -> D:
    return x.quantize(D("0.1"), rounding=ROUND_HALF_UP)


def qualifying(q: D) -> D:
    """HMRC's rule for VAT (and the same for CCL): at least 60% qualifying use makes the whole supply qualifying."""
    return D(1) if q >= D("0.6") else q


class Books:
    def __init__(self) -> None:
        inp = rd.INPUT
        self.sites = rd.read_sites(inp / "site_list.xlsx")
        self.statement = rd.read_statement(inp / "dno")
        self.schedules = rd.read_schedules(inp / "contract")
        self.taxes = rd.read_contract(inp / "contract")
        self.hh = rd.read_hh(inp / "hh_data", self.sites)
        self.invoices = rd.read_invoices(inp / "invoices", self.sites)

    def usage(self, code: str, y: int, m: int) -> dict:
        by_day: dict[date, dict[str, int]] = {}
        pairs, md = [], 0.0
        for u, (p, q) in self.hh[code].items():
            local = rd.local_of(u)
            if (local.year, local.month) != (y, m):
                continue
            b = rd.band_of(self.statement["bands"], local, local.date())
            by_day.setdefault(local.date(), dict.fromkeys(rd.BANDS, 0))[b] += p
            pairs.append((p, q))
            md = max(md, 2 * math.hypot(p / 10, q / 10))
        return {"by_day": by_day, "pairs": pairs, "md": tenth(D(repr(md)))}

    def prices(self, code: str, d: date, known: dict) -> tuple[D, D]:
        mpan = self.sites[code]["mpan"]
        versions = list(self.schedules)
        concession = known.get("v2_concession")
        if concession and code in concession["sites"]:  # the later version brought forward for these sites
            versions = [
                (min(f, date.fromisoformat(concession["from"])) if k == len(versions) - 1 else f, p)
                for k, (f, p) in enumerate(versions)
            ]
        return [p[mpan] for f, p in versions if f <= d][-1]


def expected(books: Books, inv: dict, known: dict) -> tuple[dict[str, D], dict]:
    code, d0, d1 = inv["code"], inv["from"], inv["to"]
    s = books.sites[code]
    days = [d0 + timedelta(days=k) for k in range((d1 - d0).days + 1)]
    u = books.usage(code, d0.year, d0.month)
    llfc = s["llfc"]
    moved = known.get("llfc_reallocated")
    if moved and moved["site"] == code and d0 >= date.fromisoformat(moved["from"]):
        llfc = int(moved["llfc"])  # re-allocated by the DNO: its rates and loss factors from that day
    rates, llf = books.statement["duos"][llfc], books.statement["llf"][llfc]
    cap = s["capacity"]
    reduced = known.get("capacity_reduced")
    if reduced and code in reduced["sites"] and d0 >= date.fromisoformat(reduced["from"]):
        cap = int(reduced["sites"][code])
    out: dict[str, D] = {}
    la = D(0)
    energy = D(0)
    for d, bands in u["by_day"].items():
        unit = books.prices(code, d, known)[0]
        for b, v in bands.items():
            la += D(v) / 10 * llf[b]
            energy += D(v) / 10 * llf[b] * unit / 100
    out["energy"] = money(energy)
    units = {b: sum(v[b] for v in u["by_day"].values()) for b in rd.BANDS}
    for b in rd.BANDS:
        out[f"duos_{b}"] = money(D(units[b]) / 10 * rates[b] / 100)
    out["duos_fixed"] = money(len(days) * rates["fixed"] / 100)
    out["capacity"] = money(cap * len(days) * rates["capacity"] / 100)
    if u["md"] > cap:
        out["excess_capacity"] = money((u["md"] - cap) * len(days) * rates["excess"] / 100)
    kvarh = tenth(D(repr(sum(max(0.0, q / 10 - K_ALLOW * p / 10) for p, q in u["pairs"]))))
    if money(kvarh * rates["reactive"] / 100) > 0:
        out["reactive_power"] = money(kvarh * rates["reactive"] / 100)
    out["standing_charge"] = money(sum((books.prices(code, d, known)[1] for d in days), D(0)))
    q = qualifying(s["pp11"])
    let = known.get("flats_let")
    if let and let["site"] == code and d0 >= date.fromisoformat(let["from"]):
        q = D(0)  # no domestic use left: the PP11 no longer applies
    cca = D(0)
    for kind in ("bakery_cca", "thornbury_cca"):
        cert = known.get(kind)
        if cert and cert["site"] == code and d0 >= date.fromisoformat(cert["from"]):
            cca = D(str(cert["share"]))
    total = D(sum(units.values())) / 10
    ccl = money(total * ((1 - q - cca) * books.taxes["ccl_main"] + cca * books.taxes["ccl_cca"]))
    if ccl > 0:
        out["ccl"] = ccl
    billed_net = sum((ln["amount"] for c, ln in inv["lines"].items() if not c.startswith("vat")), D(0))
    billed_ccl = inv["lines"]["ccl"]["amount"] if "ccl" in inv["lines"] else D(0)
    reduced_base = money((billed_net - billed_ccl) * q)
    standard_base = money((billed_net - billed_ccl) * (1 - q) + billed_ccl)
    if reduced_base > 0:
        out["vat_reduced"] = money(reduced_base * D("0.05"))
    if standard_base > 0:
        out["vat_standard"] = money(standard_base * D("0.20"))
    return out, {"la": tenth(la), "days": len(days), "capacity": cap, "rates": rates}


def cause(inv: dict, charge: str, info: dict) -> str:
    """What makes the line wrong, read from how the invoice billed it."""
    line = inv["lines"].get(charge, {})
    if charge.startswith("vat"):
        return "vat"
    if inv["read"] == "E":
        return "estimated_read"
    if charge in ("excess_capacity", "reactive_power", "ccl"):
        return charge
    days = re.search(r"(\d+) days", line.get("unit", ""))
    billed_days = int(days.group(1)) if days else int(line.get("quantity", info["days"]))
    if charge == "energy":
        return "loss_factor" if abs(line["quantity"] - info["la"]) > D("0.2") else "price_schedule"
    if charge in ("standing_charge", "duos_fixed", "capacity") and billed_days != info["days"]:
        return "billing_days"
    if charge == "standing_charge":
        return "price_schedule"
    if charge == "capacity" and line.get("quantity") != info["capacity"]:
        return "capacity"
    return "duos_rate"


def duplicates(invoices: list[dict]) -> set[str]:
    seen, out = {}, set()
    for inv in invoices:
        key = (
            inv["code"],
            inv["from"],
            inv["to"],
            inv["read"],
            tuple(sorted((c, ln["amount"]) for c, ln in inv["lines"].items())),
        )
        if key in seen:
            out.add(inv["number"])
        seen.setdefault(key, inv["number"])
    return out


def register(books: Books, known: dict) -> list[dict]:
    reversed_ = {
        i["ref"].removeprefix("Reversal of ").strip() for i in books.invoices if i["ref"].startswith("Reversal of")
    }
    dup = duplicates(books.invoices)
    credited = known.get("invoice_credited", {})
    rows = []
    for inv in books.invoices:
        if inv["ref"].startswith("Reversal of") or inv["number"] in reversed_:
            continue  # an estimate reversed by a credit note: the re-bill is validated instead
        if inv["number"] in dup:
            rows += [
                {
                    "invoice_no": inv["number"],
                    "site_code": inv["code"],
                    "charge": c,
                    "billed": ln["amount"],
                    "expected": D(0),
                    "cause": "duplicate_invoice",
                }
                for c, ln in inv["lines"].items()
                if abs(ln["amount"]) >= THRESHOLD
            ]
            continue
        want, info = expected(books, inv, known)
        for c in CHARGES:
            billed = inv["lines"][c]["amount"] if c in inv["lines"] else D(0)
            exp = want.get(c, D(0))
            if abs(billed - exp) < THRESHOLD or (
                credited.get("invoice") == inv["number"] and credited.get("charge") == c
            ):
                continue
            rows.append(
                {
                    "invoice_no": inv["number"],
                    "site_code": inv["code"],
                    "charge": c,
                    "billed": billed,
                    "expected": exp,
                    "cause": cause(inv, c, info),
                }
            )
    return rows


def totals(rows: list[dict], sites: list[str]) -> dict:
    over = dict.fromkeys(sites, D(0))
    under = dict.fromkeys(sites, D(0))
    by_cause: dict[str, D] = {}
    for r in rows:
        d = r["billed"] - r["expected"]
        if d > 0:
            over[r["site_code"]] += d
        else:
            under[r["site_code"]] -= d
        by_cause[r["cause"]] = by_cause.get(r["cause"], D(0)) + d
    return {
        "total_overbilled_gbp": float(sum(over.values(), D(0))),
        "total_underbilled_gbp": float(sum(under.values(), D(0))),
        "overbilled_by_site": {s: float(v) for s, v in over.items()},
        "underbilled_by_site": {s: float(v) for s, v in under.items()},
        "by_cause": {c: float(by_cause[c]) for c in CAUSES if c in by_cause},
    }


# ------------------------------------------------------------------------------------------------ main


def write_register(rows: list[dict]) -> None:
    lines = ["invoice_no,site_code,charge,billed_gbp,expected_gbp,difference_gbp,cause"]
    for r in rows:
        lines.append(
            f"{r['invoice_no']},{r['site_code']},{r['charge']},{r['billed']:.2f},{r['expected']:.2f},"
            f"{r['billed'] - r['expected']:.2f},{r['cause']}"
        )
    (OUTPUT / "validation_register.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    import ebv_note as note

    OUTPUT.mkdir(exist_ok=True)
    books = Books()
    known = dict(KNOWN) if KNOWN is not None else {}
    if KNOWN is None and ASK and Path("bin/ask").exists():
        known = staff.ask_staff(books, register(books, {}), open_questions=OPEN)
    rows = register(books, known)
    result = totals(rows, sorted(books.sites))
    write_register(rows)
    (OUTPUT / "totals.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (OUTPUT / "note_to_finance_director.md").write_text(note.text(books, rows, result, known), encoding="utf-8")


if __name__ == "__main__":
    main()
