"""The reference's note to the Finance Director: what to dispute with Brightwater and why, what is already put right,
and what is billed correctly but needs fixing."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal as D


def _gbp(x) -> str:
    return f"£{float(x):,.2f}"


def _when(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d.day} {d:%B %Y}"


def text(books, rows: list[dict], totals: dict, known: dict) -> str:
    sites = books.sites
    name = {code: f"{s['name']} ({code})" for code, s in sites.items()}
    by_cause: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_cause[r["cause"]].append(r)

    def where(cause: str) -> str:
        return ", ".join(name[c] for c in sorted({r["site_code"] for r in by_cause[cause]}))

    def total(cause: str) -> str:
        return _gbp(sum(r["billed"] - r["expected"] for r in by_cause[cause]))

    first = min(i["from"] for i in books.invoices)
    last = max(i["to"] for i in books.invoices)
    lines = [
        f"# Brightwater electricity invoices {first:%B} to {last:%B %Y}: validation",
        "",
        "To: Philippa Strand, Finance Director. From: the Energy team.",
        "",
        f"Every line of the quarter's {len(books.invoices)} invoices and credit notes was checked against the supply "
        "contract and its price schedules, the DNO's charging statement and our half-hourly meter data (in settlement "
        "periods of UK clock time), with VAT and the climate change levy as HMRC's rules apply to our PP11 "
        "declarations. The register lists every line that is wrong by £1 or more.",
        "",
        f"- Overbilled: {_gbp(totals['total_overbilled_gbp'])}; underbilled: {_gbp(totals['total_underbilled_gbp'])}.",
        "",
        "| Site | Overbilled | Underbilled |",
        "|---|---|---|",
    ]
    for code in sorted(sites):
        lines.append(
            f"| {name[code]} | {_gbp(totals['overbilled_by_site'][code])} | "
            f"{_gbp(totals['underbilled_by_site'][code])} |"
        )
    lines += ["", "## To dispute with Brightwater", ""]
    v2 = books.schedules[-1][0]
    if by_cause["duplicate_invoice"]:
        dup = by_cause["duplicate_invoice"][0]
        orig = next(
            i["number"]
            for i in books.invoices
            if i["code"] == dup["site_code"]
            and i["number"] != dup["invoice_no"]
            and i["from"] == next(j["from"] for j in books.invoices if j["number"] == dup["invoice_no"])
        )
        lines.append(
            f"- Duplicate invoice: {dup['invoice_no']} for {name[dup['site_code']]} bills the same month "
            f"again, a copy of {orig}; every line of it is disputed ({total('duplicate_invoice')}). Pay "
            f"{orig} only."
        )
    concession = known.get("v2_concession")
    if by_cause["price_schedule"]:
        lines.append(
            f"- Price schedule: version 2 of Schedule 2 applies from {v2.day} {v2:%B %Y}; {where('price_schedule')} "
            f"were billed at the version 1 (superseded) rates where version 2 applies ({total('price_schedule')})."
        )
    if concession:
        lines.append(
            f"- Concession: Brightwater agreed in its letter of 2 December 2026 that version 2 applies from "
            f"{_when(concession['from'])} for {', '.join(name[c] for c in concession['sites'])}; not yet "
            "credited, so the difference is claimed here."
        )
    if by_cause["reactive_power"]:
        lines.append(
            f"- Reactive power: {where('reactive_power')} is billed excess reactive power on every kVArh, "
            "without the allowance the charging statement gives for a power factor of 0.95 in each half "
            f"hour ({total('reactive_power')})."
        )
    for code, s in sites.items():
        if s["pp11"] >= D("0.6") and any(r["site_code"] == code for r in by_cause["ccl"]):
            lines.append(
                f"- {name[code]} is {s['pp11'] * 100:.0f}% domestic on its PP11: at 60% or more HMRC treat "
                "the whole supply as qualifying, so no CCL at all and VAT at 5% on all of it. Brightwater "
                "apportions the supply instead (CCL on the rest, VAT at 20% on part)."
            )
        elif D(0) < s["pp11"] < D("0.6") and any(r["site_code"] == code for r in by_cause["vat"]):
            lines.append(
                f"- {name[code]} VAT: Brightwater splits the CCL between 5% and 20% VAT by the "
                f"{s['pp11'] * 100:.0f}% domestic share; CCL is only charged on the non-domestic part, so it "
                "is standard-rated (20%) in full."
            )
    moved = known.get("llfc_reallocated")
    for code in sorted({r["site_code"] for r in by_cause["loss_factor"]} - {moved["site"] if moved else ""}):
        lines.append(
            f"- Loss factors: {name[code]} is on LLFC {sites[code]['llfc']} but its energy is billed with the "
            "line loss factors of another LLFC ("
            + _gbp(sum(r["billed"] - r["expected"] for r in by_cause["loss_factor"] if r["site_code"] == code))
            + ")."
        )
    if moved:
        at = [r for r in rows if r["site_code"] == moved["site"] and r["cause"] in ("duos_rate", "loss_factor")]
        lines.append(
            f"- {name[moved['site']]}: Vale & Weald re-allocated the supply from LLFC {sites[moved['site']]['llfc']} "
            f"to LLFC {moved['llfc']} (LV substation) from {_when(moved['from'])}, but Brightwater still bills "
            f"the LLFC {sites[moved['site']]['llfc']} DUoS rates and loss factors "
            f"({_gbp(sum(r['billed'] - r['expected'] for r in at))} net; the capacity charge at the LLFC "
            f"{moved['llfc']} rate is higher, so that line is underbilled)."
        )
    if by_cause["billing_days"]:
        lines.append(
            f"- Billing days: {where('billing_days')} charged daily charges (standing and capacity) for more "
            "days than the billing period has."
        )
    rate_sites = sorted({r["site_code"] for r in by_cause["duos_rate"]} - {moved["site"] if moved else ""})
    if rate_sites:
        lines.append(
            f"- Distribution rates: {', '.join(name[c] for c in rate_sites)} billed a unit charge above the "
            "charging statement."
        )
    estimated = {r["invoice_no"] for r in by_cause["estimated_read"]}
    for number in sorted(estimated):
        code = next(r["site_code"] for r in by_cause["estimated_read"] if r["invoice_no"] == number)
        lines.append(
            f"- Estimated read: invoice {number} for {name[code]} is estimated although our meter data are "
            "actual; ask Brightwater to re-bill it on actual reads (the difference is in the register)."
        )
    for kind in ("bakery_cca", "thornbury_cca"):
        cca = known.get(kind)
        if cca:
            over = _gbp(sum(r["billed"] - r["expected"] for r in by_cause["ccl"] if r["site_code"] == cca["site"]))
            lines.append(
                f"- {name[cca['site']]}: its climate change agreement (CCA) certificate took effect on "
                f"{_when(cca['from'])} for {cca['share'] * 100:.0f}% of the supply at the reduced rate; "
                f"Brightwater still bills the full CCL main rate ({over})."
            )
    let = known.get("flats_let")
    if let:
        at = [r for r in rows if r["site_code"] == let["site"] and r["cause"] in ("ccl", "vat", "estimated_read")]
        under = sum((r["expected"] - r["billed"] for r in at if r["billed"] < r["expected"]), D(0))
        lines.append(
            f"- {name[let['site']]}: the flats are let as business premises from {_when(let['from'])}, so nothing "
            f"there is domestic any more and the {sites[let['site']]['pp11'] * 100:.0f}% PP11 no longer applies: "
            "from then VAT is due at 20% on the whole supply and CCL on all of it. Brightwater still bills on the "
            f"declaration, so VAT and CCL are underbilled ({_gbp(under)}); Sustainability should withdraw the "
            "PP11 and tell Brightwater."
        )
    reduced = known.get("capacity_reduced")
    if reduced:
        caps = ", ".join(f"{name[c]} to {kva} kVA" for c, kva in reduced["sites"].items())
        lines.append(
            f"- Supply capacity: reduced from {_when(reduced['from'])} ({caps}), but Brightwater still bills "
            "the old capacity; where the new capacity was exceeded the excess capacity charge is due and "
            "missing (underbilled)."
        )
    lines += ["", "## Already put right, nothing to claim", ""]
    credited = known.get("invoice_credited")
    if credited:
        lines.append(
            f"- Invoice {credited['invoice']}: Accounts Payable already disputed its "
            f"{credited['charge'].replace('duos_', '')} units and Brightwater issued a credit note for the "
            "overcharge; it is not in the register, do not raise it again."
        )
    for inv in books.invoices:
        if inv["ref"].startswith("Reversal of"):
            lines.append(
                f"- {name[inv['code']]}: the estimated invoice {inv['ref'].removeprefix('Reversal of ')} was "
                f"reversed by credit note {inv['number']} and re-billed on actual reads; only the re-bill is "
                "validated."
            )
    lines += ["", "## Billed correctly, but to fix", ""]
    for code in sorted(sites):
        u = [
            books.usage(code, i["from"].year, i["from"].month)
            for i in books.invoices
            if i["code"] == code and not i["ref"]
        ]
        peak = max(x["md"] for x in u) if u else D(0)
        cap = sites[code]["capacity"]
        if peak > cap:
            lines.append(
                f"- {name[code]} exceeded its {cap:,} kVA supply capacity (maximum demand {peak:,} kVA): the "
                "excess capacity charge is right; manage the peak or increase the agreed capacity."
            )
        elif peak < D("0.5") * cap:
            lines.append(
                f"- {name[code]} peaked at {peak:,} kVA against {cap:,} kVA of agreed capacity: review the "
                "capacity with the DNO and reduce it to save the unused headroom."
            )
    if by_cause["reactive_power"]:
        lines.append(
            f"- {where('reactive_power')}: even correctly billed, the reactive power charge is large; power "
            "factor correction would remove most of it."
        )
    return "\n".join(lines) + "\n"
