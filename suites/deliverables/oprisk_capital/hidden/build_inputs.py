"""Deterministic generator of every instance of oprisk_capital.

Per instance it writes into `workspace/input/`: `loss_register.xlsx` (the register export: loss events in several
currencies with some rows exported twice, a recoveries sheet, Finance's business-indicator P&L items),
`fx_rates.csv` (month-end reference rates) and two versions of the bank's taxonomy and capital standard
(`oprisk_taxonomy_policy.pdf` and `oprisk_taxonomy_policy-1.pdf`, written as Word documents and converted by
LibreOffice: in `base` the older one is superseded, in `coop` the newer one is an unapproved draft). The reference
outputs are `hidden/reference/classified_events.csv`, `capital.json`, `rule_cases.csv` and `issues.json`.

The expected classification is fixed by construction (each event is drawn for a target event type and business
line, and its fields are set so that the rules lead there); the capital figures follow the governing standard
and, where it departs from it, the Basel Framework's standardised approach (OPE25), computed here from the
generator's own ground truth.

The taxonomy and its rules are in `_oprisk_capital_taxonomy.py`, the file writers in `_oprisk_capital_files.py`, the
group's books in `group_books.py` and the facts only the client's people hold in `_oprisk_capital_staff.py`.

Run with the project's Python:  python hidden/build_inputs.py
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import random
from pathlib import Path

import _oprisk_capital_staff as held
import group_books as gb
from _oprisk_capital_files import fmt_eur, fx_rates, write_fx, write_policy, write_register
from _oprisk_capital_taxonomy import (
    ALL_CODES,
    BUCKETS,
    EXTORTION,
    LINES,
    MULTIPLIER,
    SHARED,
    Inst,
    Policy,
    classify,
    describe,
    line_of,
    primary_type,
)

FAMILY = Path(__file__).resolve().parent.parent

INSTANCES = [
    Inst("base", 4711, "Stellmark Bank AG", "Stellmark", "ORP-04", 2025, 290, 1.0, {
        "II": (1_452_300_000, 1_498_700_000, 1_541_200_000), "IE": (641_800_000, 664_200_000, 679_900_000),
        "IEA": (41_200_000_000, 42_600_000_000, 43_900_000_000), "DI": (14_200_000, 11_900_000, 16_400_000),
        "FI": (498_300_000, 512_600_000, 531_900_000), "FE": (121_400_000, 126_800_000, 133_500_000),
        "OOI": (38_700_000, 42_100_000, 35_900_000), "OOE": (61_200_000, 54_800_000, 66_300_000),
        "TB": (96_400_000, -41_800_000, 118_300_000), "BB": (37_900_000, 55_200_000, -22_600_000),
    }, "SM", True, [
        Policy("3.1", "2 May 2023", "superseded", 10_000, True, False, "oprisk_taxonomy_policy.pdf"),
        Policy("3.2", "14 March 2025", "effective", 20_000, False, False, "oprisk_taxonomy_policy-1.pdf", "3.1"),
    ], {"USD": 0.08, "GBP": 0.07, "CHF": 0.05}),
    Inst("coop", 9133, "Aldebrook Cooperative Bank eG", "Aldebrook", "RK-ORM-07", 2024, 620, 1.6, gb.bi_items(),
         "AB", False, [
        Policy("2.1", "2 February 2024", "effective", 20_000, True, False, "oprisk_taxonomy_policy.pdf"),
        Policy("2.2", "18 November 2024", "draft", 10_000, False, True, "oprisk_taxonomy_policy-1.pdf"),
    ], {"CHF": 0.07, "GBP": 0.04, "USD": 0.03}, window=10, threshold=100_000, group=True),
]
for _inst in INSTANCES:
    _inst.threshold = _inst.threshold or next(p.threshold for p in _inst.policies if p.status == "effective")


def governing(inst: Inst) -> Policy:
    return next(p for p in inst.policies if p.status == "effective")




# ----------------------------------------------------------------------------------------------- events
def loguni(rng: random.Random, lo: float, hi: float) -> float:
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


CODE_WEIGHTS = {
    "CARD-FRAUD": 16, "CHEQUE-FRAUD": 3, "ID-THEFT": 5, "ROBBERY": 2, "PHISHING": 7, "CYBER-THEFT": 2,
    "EMBEZZLE": 2, "UNAUTH-TRADE": 1, "INSIDER": 1, "BRIBERY": 1, "HR-DISPUTE": 4, "DISCRIMINATION": 3,
    "INJURY": 3, "MIS-SELLING": 3, "SUITABILITY": 4, "PRIVACY-BREACH": 3, "ANTITRUST": 1, "AML-BREACH": 1,
    "FLOOD": 2, "FIRE": 1, "STORM": 2, "VANDALISM": 4, "IT-OUTAGE": 5, "SOFTWARE-FAULT": 5, "TELECOM": 3,
    "UTILITY": 2, "PAYMENT-ERROR": 12, "DATA-ENTRY": 10, "COLLATERAL-MGMT": 3, "VENDOR-DISPUTE": 3,
    "REPORTING-ERROR": 3, "DOCUMENTATION": 4,
}
PREFERRED_LINES = {  # where each cause tends to be booked
    "EF": ["RB", "RB", "RB", "CB", "PS"], "IF": ["RB", "TM", "AW", "CB"], "EW": ["RB", "CB", "CI", "AW"],
    "CP": ["RB", "AW", "CB", "CF", "AS"], "PD": ["RB", "CI", "CB"], "SD": ["PS", "RB", "TM", "AS"],
    "PE": ["PS", "CB", "RB", "TM", "AS", "CF"],
}


def cost_centre(rng: random.Random, line: str) -> int:
    _, _, lo, hi = next(x for x in LINES if x[0] == line)
    return rng.randint(lo, hi)


def rand_date(rng: random.Random, year: int) -> dt.date:
    return dt.date(year, 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def generate(inst: Inst) -> list[dict]:
    rng = random.Random(inst.seed)
    first, last = inst.ref_year - inst.window + 1, inst.ref_year
    codes, weights = zip(*CODE_WEIGHTS.items(), strict=True)
    events: list[dict] = []
    seq = 0

    def new_event(code: str, year: int, *, amount: float | None = None, group: str = "") -> dict:
        nonlocal seq
        seq += 1
        t = primary_type(code)
        intent = "Yes" if t in ("EF", "IF") or code == "VANDALISM" else "No"
        staff = "Employee" if t == "IF" else "None"
        if t == "IF" and rng.random() < 0.25:
            staff = "Contractor"
        if t in ("CP", "EW") and rng.random() < 0.35:  # deliberate conduct: stays CP / EW under the policy
            intent, staff = "Yes", "Employee"
        if code == "HR-DISPUTE":
            staff = "Employee"
        r = rng.random()
        if t == "EF" and r < 0.16 and not group:
            staff = rng.choice(["Employee", "Contractor"])  # collusion -> IF
        if code in ("IT-OUTAGE", "SOFTWARE-FAULT", "TELECOM") and r < 0.4:
            intent = "Yes"
            staff = "Employee" if r < 0.1 else "None"  # sabotage -> IF, attack -> EF
        if t == "PE" and r < 0.08:
            intent, staff = "Yes", "Employee"
        target_line = rng.choice(PREFERRED_LINES[t])
        shared = rng.random() < 0.16
        if shared:
            cc = rng.randint(*SHARED)
            beneficiary = "" if rng.random() < 0.25 else target_line
        else:
            cc = cost_centre(rng, target_line)
            beneficiary = ""
        lo, hi = ALL_CODES[code][2]
        gross = amount if amount is not None else round(loguni(rng, lo, hi) * inst.scale, 2)
        recovery = 0.0
        if rng.random() < 0.22:
            recovery = round(gross * rng.choice([0.1, 0.25, 0.4, 0.6, 0.8, 1.0]), 2)
        acc = rand_date(rng, year)
        occ = acc - dt.timedelta(days=rng.randint(5, 420))
        disc = occ + dt.timedelta(days=rng.randint(0, (acc - occ).days))
        title, text = describe(rng, code, intent, staff)
        boundary = ""
        if code in ("COLLATERAL-MGMT", "DOCUMENTATION") and rng.random() < 0.55:
            boundary = "Credit"
        elif code in ("UNAUTH-TRADE", "PAYMENT-ERROR", "DATA-ENTRY", "IT-OUTAGE") and target_line == "TM" \
                and rng.random() < 0.6:
            boundary = "Market"
        return {
            "seq": seq, "code": code, "intent": intent, "staff": staff, "cc": cc, "beneficiary": beneficiary,
            "occ": occ, "disc": disc, "acc": acc, "gross": gross, "recovery": recovery, "boundary": boundary,
            "group": group, "status": rng.choice(["Closed", "Closed", "Closed", "Open"]), "title": title,
            "text": text,
        }

    years = list(range(first - 2, last + 1))
    for _ in range(inst.n_events):
        y = rng.choice(years)
        events.append(new_event(rng.choices(codes, weights)[0], y))
    # events booked after the reference date (in the register, outside the window)
    for _ in range(6):
        e = new_event(rng.choices(codes, weights)[0], last + 1)
        e["acc"] = dt.date(last + 1, 1, rng.randint(5, 28))
        e["disc"] = min(e["disc"], e["acc"])
        e["occ"] = min(e["occ"], e["disc"])
        e["status"] = "Open"
        events.append(e)
    # withdrawn entries (recorded in error)
    for e in rng.sample([e for e in events if first <= e["acc"].year <= last], 5):
        e["status"] = "Withdrawn"
        e["text"] += " Entry withdrawn: duplicate of an event already recorded."
    # grouped events: members individually below the threshold
    t = inst.threshold
    plans = [("CARD-FRAUD", 5, 1.9), ("PAYMENT-ERROR", 3, 1.6), ("PHISHING", 4, 2.4), ("DATA-ENTRY", 3, 0.8)]
    for k, (code, n, total_factor) in enumerate(plans):
        gid = f"G-{last - 1 - k % 3}-{k + 1:02d}"
        year = last - 1 - k % 3
        shares = [rng.uniform(0.6, 1.4) for _ in range(n)]
        total = t * total_factor
        for sh in shares:
            amt = round(min(total * sh / sum(shares), t * 0.95), 2)
            e = new_event(code, year, amount=amt, group=gid)
            e["recovery"], e["boundary"], e["status"] = 0.0, "", "Closed"
            e["title"] += " (series)"
            e["text"] += f" Part of a linked series recorded under {gid}."
            events.append(e)
    # a few events near the threshold, where recoveries decide
    for code in ("CHEQUE-FRAUD", "VENDOR-DISPUTE", "INJURY", "SOFTWARE-FAULT"):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.15, 1.6), 2))
        e["recovery"] = round(e["gross"] - t * rng.uniform(0.5, 0.95), 2)
        e["boundary"] = ""
        events.append(e)
        e2 = new_event(code, rng.choice(range(first, last + 1)), amount=float(t))  # exactly at the threshold
        e2["recovery"], e2["boundary"], e2["status"] = 0.0, "", "Closed"
        events.append(e2)
    for e in events[-8:]:
        e["plain"] = False
    # recoveries that must not count: an insurance claim still expected, a payment received after the reference date
    for k, code in enumerate(("FIRE", "FLOOD", "ROBBERY", "PRIVACY-BREACH", "PAYMENT-ERROR", "STORM", "IT-OUTAGE",
                              "CYBER-THEFT", "COLLATERAL-MGMT")):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.1, 1.8), 2))
        e["recovery"], e["boundary"], e["plain"] = 0.0, "", False
        e["expected" if k < 6 else "late"] = round(e["gross"] - t * rng.uniform(0.4, 0.9), 2)
        events.append(e)
    # a cause code Appendix A does not know
    for staff in ("None", "Contractor", "None"):
        e = new_event(EXTORTION, rng.choice(range(first + 1, last + 1)), amount=round(t * rng.uniform(2, 30), 2))
        e["intent"], e["staff"], e["boundary"], e["plain"] = "Yes", staff, "", False
        e["title"], e["text"] = describe(rng, EXTORTION, "Yes", staff)
        events.append(e)
    # operational losses on the trading desk that are also market-risk related
    for code in ("UNAUTH-TRADE", "PAYMENT-ERROR", "DATA-ENTRY", "IT-OUTAGE"):
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(1.5, 14), 2))
        e["boundary"], e["cc"], e["beneficiary"], e["recovery"] = "Market", cost_centre(rng, "TM"), "", 0.0
        if e["status"] == "Withdrawn":
            e["status"] = "Closed"
        events.append(e)
    if inst.group:
        group_events(inst, rng, events, new_event, first, last)
    # order by discovery and assign ids as the GRC tool does
    events.sort(key=lambda e: (e["disc"], e["seq"]))
    per_year: dict[int, int] = {}
    fx = fx_rates(inst)
    ref_end = dt.date(last, 12, 31)
    for e in events:
        per_year[e["disc"].year] = per_year.get(e["disc"].year, 0) + 1
        e["id"] = f"{inst.event_prefix}-{e['disc'].year}-{per_year[e['disc'].year]:04d}"
        e["type"] = classify(e["code"], e["intent"], e["staff"])
        # coop: the Risk Committee's amendment of 9 December assigns unassigned shared-service losses to RB
        e["line"] = line_of(e["cc"], e["beneficiary"], held.UNASSIGNED_LINE if inst.group else "CI")
        e["currency"] = "EUR"
        if e.get("plain", True) and not e["group"]:
            e["currency"] = rng.choices([*inst.currencies, "EUR"],
                                        [*inst.currencies.values(), 1 - sum(inst.currencies.values())])[0]
        recoveries = []
        if e["recovery"] > 0:
            when = e["acc"] + dt.timedelta(days=rng.randint(15, 240))
            recoveries.append(("Insurance" if rng.random() < 0.6 else "Third party", "Received", when, e["recovery"]))
        if e.get("migrated"):
            recoveries.append(("Insurance", "Received", MIGRATION_DAY, e["migrated"]))
        if e.get("expected"):
            recoveries.append(("Insurance", "Expected", None, e["expected"]))
        if e.get("late"):
            recoveries.append(("Insurance", "Received", dt.date(last + 1, 1, rng.randint(8, 27)), e["late"]))
        settle(e, recoveries, fx, ref_end)
        if e["currency"] != "EUR" and abs(e["net"] - t) < 100:  # no event decided by rounding at the threshold
            e["currency"] = "EUR"
            settle(e, recoveries, fx, ref_end)
    window = [e for e in events if first <= e["acc"].year <= last and not e["group"] and e["status"] != "Withdrawn"]
    for e in rng.sample(window, 5):
        e["dup"] = True  # exported twice by the GRC tool
    if inst.group:  # insurance paid by the reference date that the register does not have (people.toml: Lena)
        held.apply_unrecorded_claims(events, t, first, last, inst.seed + 11)
    return events


MIGRATED_NOTE = "Carried over from the Varnholt Volksbank eG incident database (merger, June 2018)."
SPLIT_GROUPS = ("G-2022-05", "G-2023-06")
MIGRATION_DAY = dt.date(2018, 6, 30)


def group_events(inst: Inst, rng: random.Random, events: list[dict], new_event, first: int, last: int) -> None:
    """The group instance: legal entities on every event, the divested factoring company's events (excluded with
    the supervisor's approval), and large older events that make the ten-year window matter, one of them an event
    whose exclusion the supervisor refused."""
    for e in events:
        e["entity"] = gb.ENTITIES["ALS"] if rng.random() < 0.07 else gb.ENTITIES["AGB"]
    for k in range(14):
        year = first + k % 7  # 2015 .. 2021, before the sale on 30 September 2021
        code = rng.choice(["PAYMENT-ERROR", "DOCUMENTATION", "ID-THEFT", "DATA-ENTRY", "CHEQUE-FRAUD", "EMBEZZLE"])
        amount = round(inst.threshold * (rng.uniform(1.3, 9) if k % 3 else rng.uniform(0.3, 0.9)), 2)
        e = new_event(code, year, amount=amount)
        e["entity"], e["boundary"] = gb.DIVESTED, ""
        if e["acc"] > dt.date(2021, 9, 30):
            e["acc"] = dt.date(year, rng.randint(1, 9), rng.randint(1, 28))
            e["disc"] = min(e["disc"], e["acc"])
            e["occ"] = min(e["occ"], e["disc"])
        e["plain"] = False
        events.append(e)
    big = [("AML-BREACH", first + 1, 31_400_000, "refused"), ("UNAUTH-TRADE", first + 3, 13_800_000, ""),
           ("MIS-SELLING", first + 2, 9_600_000, ""), ("CYBER-THEFT", last - 6, 4_900_000, "")]
    for code, year, amount, role in big:
        e = new_event(code, year, amount=float(amount))
        e["entity"], e["boundary"], e["recovery"], e["plain"] = gb.ENTITIES["AGB"], "", 0.0, False
        if e["status"] == "Withdrawn":
            e["status"] = "Closed"
        if role:
            e["refused"] = True
            e["status"] = "Closed"
            e["text"] += (" Exclusion from the loss data requested from the supervisor on 12 September "
                          f"{inst.ref_year}.")
        events.append(e)
    # cost records: the register's gross loss counts every cost booked to the event; OPE25's gross loss leaves out
    # internal costs, later enhancements, lost income and insurance premiums
    t = inst.threshold
    plain = [e for e in events if first <= e["acc"].year <= last and not e["group"] and e.get("plain", True)
             and e["gross"] >= 0.5 * t and e["status"] != "Withdrawn"]
    for e in rng.sample(plain, min(70, len(plain))):
        e["excluded"] = round(e["gross"] * rng.uniform(0.08, 0.7), 2)
    for code in ("IT-OUTAGE", "PAYMENT-ERROR", "FLOOD", "SOFTWARE-FAULT", "PRIVACY-BREACH", "VENDOR-DISPUTE",
                 "TELECOM", "DATA-ENTRY", "STORM", "CARD-FRAUD"):  # over the threshold only with those costs
        e = new_event(code, rng.choice(range(first, last + 1)), amount=round(t * rng.uniform(0.55, 0.92), 2))
        e["entity"], e["boundary"], e["recovery"], e["plain"] = gb.ENTITIES["AGB"], "", 0.0, False
        e["status"] = "Closed"
        e["excluded"] = round(t * rng.uniform(0.3, 0.9), 2)
        events.append(e)
    # events carried over from the merged Varnholt Volksbank's database in June 2018: their gross loss was migrated
    # net of insurance and the migration also wrote the insurance payments as recovery records, dated the day of
    # the migration; deducting them again counts the insurance twice (only the data steward knows, people.toml)
    for k in range(9):
        code = rng.choice(["FIRE", "ROBBERY", "CARD-FRAUD", "PAYMENT-ERROR", "STORM", "CHEQUE-FRAUD"])
        e = new_event(code, first + k % 3, amount=round(t * rng.uniform(1.1, 3.2), 2))
        e["entity"], e["boundary"], e["plain"], e["status"] = gb.ENTITIES["AGB"], "", False, "Closed"
        e["migrated"] = round(e["gross"] * rng.uniform(0.55, 0.8), 2)
        e["recovery"] = 0.0
        e["text"] += f" {MIGRATED_NOTE}"
        events.append(e)
    # one loss event recorded under two Group IDs: the interest-rate change run of 2022 and its re-run of 2023 had
    # the same root cause; the committee merged them, the register was never re-keyed (the analyst knows)
    for gid, year, n, total in ((SPLIT_GROUPS[0], last - 2, 3, 0.62), (SPLIT_GROUPS[1], last - 1, 3, 0.71)):
        shares = [rng.uniform(0.7, 1.3) for _ in range(n)]
        for sh in shares:
            e = new_event("SOFTWARE-FAULT", year, amount=round(t * total * sh / sum(shares), 2), group=gid)
            e["intent"], e["staff"] = "No", "None"
            e["entity"], e["boundary"], e["plain"], e["status"], e["recovery"] = gb.ENTITIES["AGB"], "", False, \
                "Closed", 0.0
            e["title"] = "Savings rates applied wrongly (series)"
            e["text"] = ("Scheduled interest-rate change in the core banking system applied wrong rates to savings "
                         f"accounts; customers compensated. Part of a linked series recorded under {gid}.")
            e["link"] = SPLIT_GROUPS[0]
            events.append(e)


def settle(e: dict, recoveries: list[tuple], fx: dict, ref_end: dt.date) -> None:
    """Amounts in the event's currency, and the true net loss in EUR: only recoveries received by the reference
    date reduce it, converted at the rate of the accounting month like the loss."""
    rate = fx[(e["acc"].year, e["acc"].month)].get(e["currency"], 1.0)
    e["rate"] = rate
    e["gross_ccy"] = round(e["gross"] * rate, 2)
    e["booked_ccy"] = round(e["gross_ccy"] + round(e.get("excluded", 0.0) * rate, 2), 2)
    e["recoveries"] = [(src, status, when, min(round(amt * rate, 2), e["gross_ccy"]))
                       for src, status, when, amt in recoveries]
    received = sum(a for _, st, when, a in e["recoveries"] if st == "Received" and when <= ref_end)
    if e.get("migrated"):
        received = 0.0  # the migrated gross loss is already net of these insurance payments
    e["recorded_ccy"] = round(sum(a for *_, a in e["recoveries"]), 2)
    e["net"] = (e["gross_ccy"] - received) / rate


def business_indicator(items: dict[str, tuple[int, int, int]]) -> float:
    """(ILDC, SC, FC) of OPE25, each a three-year average; absolute values are taken year by year first."""
    def avg(xs):
        return sum(xs) / len(xs)
    ildc = min(avg([abs(i - e) for i, e in zip(items["II"], items["IE"], strict=True)]), 0.0225 * avg(items["IEA"])) \
        + avg(items["DI"])
    sc = max(avg(items["OOI"]), avg(items["OOE"])) + max(avg(items["FI"]), avg(items["FE"]))
    fc = avg([abs(x) for x in items["TB"]]) + avg([abs(x) for x in items["BB"]])
    return ildc, sc, fc


def capital(inst: Inst, events: list[dict]) -> dict:
    first, last = inst.ref_year - inst.window + 1, inst.ref_year
    # OPE25 keeps market-risk boundary losses in the loss data whatever a bank's standard says; credit-risk boundary
    # losses already in credit RWA stay out
    # the signed supervisor's letter (people.toml: Katja Behrens) approves the exclusion the draft on file refuses
    eligible = [e for e in events if first <= e["acc"].year <= last and e["status"] != "Withdrawn"
                and e["boundary"] != "Credit" and e.get("entity") != gb.DIVESTED and not e.get("refused")]
    threshold = inst.threshold
    groups: dict[str, float] = {}
    for e in eligible:  # a group the committee merged counts as one linked event
        if e["group"]:
            key = e.get("link") or e["group"]
            groups[key] = groups.get(key, 0.0) + e["net"]
    included = [e for e in eligible
                if (groups[e.get("link") or e["group"]] if e["group"] else e["net"]) >= threshold]
    annual = [{"year": y, "net_loss": round(sum(e["net"] for e in included if e["acc"].year == y), 2),
               "events": sum(1 for e in included if e["acc"].year == y)} for y in range(first, last + 1)]
    ala = sum(e["net"] for e in included) / inst.window
    lc = MULTIPLIER * ala
    ildc, sc, fc = business_indicator(inst.bi_items)
    bi = ildc + sc + fc
    bic, lower = 0.0, 0
    for upper, coef in BUCKETS:
        top = bi if upper is None else min(bi, upper)
        if top > lower:
            bic += (top - lower) * coef
        if upper is None or bi <= upper:
            break
        lower = upper
    # OPE25: in bucket 1 internal losses do not affect the capital (ILM = 1) unless the supervisor allows it
    ilm = 1.0 if bi <= BUCKETS[0][0] else math.log(math.e - 1 + (lc / bic) ** 0.8)
    orc = bic * ilm
    return {
        "entity": inst.entity,
        "reference_date": f"{inst.ref_year}-12-31",
        "currency": "EUR",
        "loss_threshold": threshold,
        "annual_net_losses": annual,
        "events_in_capital": sorted(e["id"] for e in included),
        "average_annual_loss": round(ala, 2),
        "loss_component": round(lc, 2),
        "interest_leases_dividend_component": round(ildc, 2),
        "services_component": round(sc, 2),
        "financial_component": round(fc, 2),
        "business_indicator": round(bi, 2),
        "business_indicator_component": round(bic, 2),
        "internal_loss_multiplier": round(ilm, 6),
        "capital_requirement": round(orc, 2),
        "rwa": round(12.5 * orc, 2),
    }


def build(inst: Inst) -> None:
    if inst.name == "base":
        inp, ref = FAMILY / "workspace/input", FAMILY / "hidden/reference"
    else:
        inp = FAMILY / f"variants/{inst.name}/workspace/input"
        ref = FAMILY / f"variants/{inst.name}/hidden/reference"
    for folder in (inp, ref):
        for old in folder.glob("*"):
            if old.name != "capital.schema.json":
                old.unlink()
        folder.mkdir(parents=True, exist_ok=True)
    events = generate(inst)
    write_register(inst, events, inp / "loss_register.xlsx")
    write_fx(inst, inp / "fx_rates.csv")
    for pol in inst.policies:
        write_policy(inst, pol, inp / pol.file)
    with open(ref / "classified_events.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event_id", "event_type", "business_line"])
        for e in events:
            w.writerow([e["id"], e["type"], e["line"]])
    with open(ref / "rule_cases.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["event_id", "aspect", "expected", "rule"])
        for e in events:
            internal = e["staff"] in ("Employee", "Contractor")
            if e["code"] == EXTORTION:
                w.writerow([e["id"], "event_type", e["type"], "4.2 code not in Appendix A"])
            elif e["type"] != primary_type(e["code"]):
                rule = "4.3 rule 1" if e["type"] == "IF" else "4.3 rule 2"
                w.writerow([e["id"], "event_type", e["type"], rule])
            elif e["intent"] == "Yes" and (internal or e["code"] == "VANDALISM") and e["type"] in ("CP", "EW", "PD"):
                w.writerow([e["id"], "event_type", e["type"], "4.3 rule 3"])
            if SHARED[0] <= e["cc"] <= SHARED[1]:
                w.writerow([e["id"], "business_line", e["line"], "5.2 shared services"])
    cap = capital(inst, events)
    if inst.group:
        gb.write_trial_balance(inp / "group_trial_balance_2022-2024.csv")
        gb.write_emails(inp / "RE_BI_inputs_group_trial_balance.eml", "Jonas Brekke <j.brekke@aldebrook.example>")
        refused = next(e["id"] for e in events if e.get("refused"))
        gb.write_letter(inp / "supervisor_letter_2024-12-09.docx", inst.entity, inst.ref_year, inst.threshold,
                        refused)
        wrong_bi = sum(business_indicator(gb.bi_items(eliminate=False, exported_only=True)))
        gb.write_summary(inp / "board_summary_draft.docx", "Jonas Brekke", inst.entity, inst.ref_year, wrong_bi,
                         198_700_000)
    (ref / "capital.json").write_text(json.dumps(cap, indent=2) + "\n", encoding="utf-8")
    extortion = [e["id"] for e in events if e["code"] == EXTORTION]
    issues = [{"id": "unmapped_code", "what": f"{EXTORTION} ({', '.join(extortion)}) is not in Appendix A",
               "all_of": [EXTORTION], "any_of": ["appendix", "not mapped", "unmapped", "no mapping", "not listed",
                                                 "missing", "not in", "unknown", "not covered"]}]
    if governing(inst).market_excluded:
        market = [e["id"] for e in events if e["boundary"] == "Market" and e["id"] in cap["events_in_capital"]]
        issues.append({"id": "market_boundary", "what": "the standard excludes market-risk boundary losses, which "
                       f"OPE25 keeps in the loss data ({len(market)} events used)",
                       "all_of": ["market"], "any_of": ["basel", "ope25", "framework", "contradict", "conflict",
                                                        "inconsistent", "depart", "deviat"]})
    if inst.group:
        mistake = ["wrong", "incorrect", "error", "overstat", "misstat", "not correct", "differ", "eliminat",
                   "does not", "should be", "instead"]
        issues += [
            {"id": "ten_year_window", "what": "the standard's five-year window: with ten years of good-quality data "
             "(the supervisor's letter) OPE25 requires ten years",
             "all_of": [["ten year", "ten-year", "10 year", "10-year", "ten calendar", "10 calendar"]],
             "any_of": ["five", "5 year", "5-year", "standard", "policy", "6.1"]},
            {"id": "supervisor_threshold", "what": f"the supervisor's letter raises the threshold to "
             f"{fmt_eur(inst.threshold)} (national discretion); the standard says {fmt_eur(governing(inst).threshold)}",
             "all_of": [["100,000", "100 000", "100.000", "100000", "100k", "100 k"], "threshold"],
             "any_of": ["supervis", "letter", "discretion", "bafo", "federal office"]},
            {"id": "signed_letter", "what": f"the letter on file is the draft; the signed letter approves the "
             f"exclusion of {refused}, which the draft refuses", "all_of": [refused.lower()],
             # not a bare "draft": the note's list also speaks of the draft Board summary
             "any_of": ["signed", "unsigned", "final letter", "18 december", "letter is a draft", "letter on file",
                        "draft letter", "draft of the letter", "letter is only a draft"]},
            {"id": "summary_bi", "what": "the draft Board summary's business indicator is wrong (the sum of the "
             f"companies without intragroup eliminations, EUR {wrong_bi / 1e6:,.1f} m)",
             "all_of": [["summary", "board"], ["business indicator", " bi ", " bi,", " bi.", "(bi)", "bi:", "bi of"]],
             "any_of": mistake},
            # facts only the client's people hold (variants/coop/hidden/people.toml)
            {"id": "migrated_net", "what": "the Varnholt Volksbank events were migrated net of insurance; their "
             "migration recovery records must not be deducted again", "all_of": ["varnholt"],
             "any_of": ["net of insurance", "twice", "double", "not deducted", "again"]},
            {"id": "merged_group", "what": f"{SPLIT_GROUPS[0]} and {SPLIT_GROUPS[1]} are one linked event",
             "all_of": [SPLIT_GROUPS[0].lower(), SPLIT_GROUPS[1].lower()],
             "any_of": ["one ", "single", "merged", "same", "combined"]},
            {"id": "remapped_account", "what": "AGB's account 5300 holds outsourcing fees remapped from 5210 since "
             "July 2023, excluded from the BI", "all_of": ["5300", ["outsourc", "5210"]],
             "any_of": ["remap", "reclass", "moved", "chart of accounts", "chart-of-accounts", "exclud"]},
        ]
    if inst.group:
        paid = [e for e in events if e.get("unrecorded")]
        paid.sort(key=lambda e: e["acc"])
        issues += [
            {"id": "unrecorded_claims", "what": "insurance received on 20 December 2024 under the blanket bond "
             "is not in the register (" + ", ".join(e["id"] for e in paid) + ")",
             "all_of": [[e["id"].lower() for e in paid], ["insur", "blanket bond", "recover"]],
             "any_of": ["not in the register", "not recorded", "unrecorded", "not yet", "missing", "after the export",
                        "outside the register", "not in the recoveries", "20 december", "deducted", "received"]},
            {"id": "azd_scope", "what": f"{held.AZD_NAME} (AZD) is consolidated but not in the trial-balance "
             "export; its items were added to the business indicator",
             "all_of": [["azd", "zahlungsdienste"]],
             "any_of": ["not in the", "missing", "outside", "added", "includ", "left out", "omit", "top-side",
                        "consolidat"]},
        ]
        amended = [e["id"] for e in events if SHARED[0] <= e["cc"] <= SHARED[1] and not e["beneficiary"]]
        issues.append({"id": "shared_amendment", "what": "Amendment 1 to version 2.1 (Risk Committee, 9 December "
                       f"2024) assigns shared-service losses without a beneficiary line to RB ({len(amended)} events)",
                       "all_of": [["amendment", "amended"], ["shared", "7000", "beneficiary"]],
                       "any_of": ["(rb)", " rb ", " rb,", " rb.", "retail banking"]})
        print("  Lena's answer:", held.claims_answer(paid))
        print("  Mareike's answer:", held.azd_answer())
    (ref / "issues.json").write_text(json.dumps(issues, indent=2) + "\n", encoding="utf-8")
    print("  issues:", [i["what"] for i in issues])
    overridden = sum(1 for e in events if e["type"] != primary_type(e["code"]))
    shared = sum(1 for e in events if SHARED[0] <= e["cc"] <= SHARED[1])
    print(inst.name, len(events), "events;", overridden, "overridden;", shared, "shared-service;",
          len(cap["events_in_capital"]), "in capital;",
          {k: v for k, v in cap.items() if k not in ("events_in_capital", "annual_net_losses")})
    print("  ", cap["annual_net_losses"])


def main() -> None:
    for inst in INSTANCES:
        build(inst)


if __name__ == "__main__":
    main()
