"""IFRS 16 lessee engine shared by the generator (ground truth) and the calibration solutions.

It works on clean lease facts (what a professional extracts from the register, the contracts, the e-mails and the
notices) and the group policy's conventions: monthly periods, payments at month boundaries, the annual IBR turned
into a monthly rate as (1 + i) ** (1 / 12) - 1, straight-line depreciation over the lease term. `Choices` switches
single treatments to what a hurried worker does, for the shortcuts. Standard library only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

YEAR = 2026
START = YEAR * 12  # boundary at the start of January of the reporting year (month index year * 12 + month - 1)
END = START + 12  # boundary at 31 December / 1 January


def mi(text: str) -> int:
    """'YYYY-MM' -> month index."""
    y, m = text.split("-")[:2]
    return int(y) * 12 + int(m) - 1


def band(months: int) -> str:
    return "0-2" if months <= 24 else "2-5" if months <= 60 else "5-10" if months <= 120 else "10+"


def ibr(table: dict, currency: str, month: int, remaining: int) -> float:
    """The table's rate for the currency and remaining-term band, from the latest quarter effective at `month`."""
    quarters = sorted(k for k in table[currency] if mi(k) <= month)
    return table[currency][quarters[-1]][band(remaining)]


@dataclass
class Choices:
    exemptions: bool = True  # short-term (by class) and low-value elections of the policy
    separate_services: bool = True  # property: service charges out of the lease payments
    index_old_rate: bool = True  # index changes: unchanged discount rate
    reassess_new_rate: bool = True  # extension now reasonably certain: revised rate
    apply_extension: bool = True
    apply_decrease: bool = True
    partial_derecognition: bool = True  # scope decrease: proportionate derecognition, gain or loss
    apply_termination: bool = True
    apply_cpi: bool = True
    post_year_end_cpi: bool = False  # a hurried worker also applies the notice that arrived after year end
    include_uncommenced: bool = False
    timing_from_contract: bool = True  # contract extract governs over the register
    fx_retranslate: bool = True
    incentive: bool = True
    keep_maintenance: bool = True  # vehicles: the practical expedient keeps the maintenance in the lease payment
    rent_free: bool = True  # the contract's rent-free periods
    purchase_option: bool = True  # a purchase option reasonably certain (price in the payments, useful life)
    term_from_contract: bool = True  # the contract's non-cancellable term over the register's end date
    idc: bool = True  # initial direct costs in the right-of-use asset
    rvg_expected: bool = True  # a residual value guarantee: only the amount expected to be payable


def payments(lease: dict, segs: list, end: int):
    """(boundary, amount, advance?) of every payment of the lease as it now stands."""
    out = []
    k, freq, adv = 0, lease["freq"], lease["timing"] == "advance"
    while lease["comm_m"] + k * freq < end:
        s = lease["comm_m"] + k * freq
        rent = [r for f, r in segs if f <= s][-1] if k >= lease.get("rent_free", 0) else 0.0
        out.append((s if adv else s + freq, rent, adv))
        k += 1
    if lease.get("purchase_price"):  # a purchase option reasonably certain: its price is a lease payment at the end
        out.append((end, lease["purchase_price"], False))
    if lease.get("rvg_payable"):  # a residual value guarantee: the amount expected to be payable, at the end
        out.append((end, lease["rvg_payable"], False))
    return out


def pv(pays, t: int, rm: float) -> float:
    return sum(a / (1 + rm) ** (tp - t) for tp, a, adv in pays if tp > t or (tp == t and adv))


def run_lease(lease: dict, table: dict, ch: Choices) -> dict:
    """Roll one capitalised lease from commencement to the reporting year end; the year's movements."""
    rent = lease["rent"] + (0 if ch.separate_services or lease["cls"] != "property" else lease["service"])
    if not ch.keep_maintenance:
        rent -= lease.get("maintenance", 0.0)
    segs = [(lease["comm_m"], rent)]
    end_m = lease["comm_m"] + lease["term"]
    rate = lease["rate"]
    rm = (1 + rate) ** (1 / 12) - 1
    evs = {}
    for e in lease.get("events", []):
        kind = e["kind"]
        if kind == "cpi" and (not ch.apply_cpi or (e.get("post_year_end") and not ch.post_year_end_cpi)):
            continue
        if (kind == "extend" and not ch.apply_extension) or (kind == "decrease" and not ch.apply_decrease):
            continue
        if (kind == "terminate" and not ch.apply_termination) or (kind == "rvg" and not ch.rvg_expected):
            continue
        evs.setdefault(mi(e["at"]), []).append(e)
    y = {k: 0.0 for k in ("interest", "payments", "depreciation", "add_liab", "add_rou", "remeasure", "mod_gain",
                          "term_gain", "derec_liab", "derec_rou", "incentive", "fee")}
    bal = rou = 0.0
    left = lease.get("useful_life", lease["term"])  # reasonably certain purchase: depreciated over useful life
    pays = payments(lease, segs, end_m)
    opening = (0.0, 0.0)
    t = lease["comm_m"]
    terminated = False
    while t <= END:
        inyear = START < t <= END  # arrears paid at boundary t belong to month t - 1
        for tp, a, adv in pays:
            if tp == t and not adv:
                bal -= a
                if inyear:
                    y["payments"] += a
        if t == START:
            opening = (bal, rou)
        if t == END:
            if lease.get("prepaid_at_end"):  # the payments due on 1 January paid early, in December (IFRS 16.26)
                for tp, a, adv in pays:
                    if tp == t and adv:
                        bal -= a
                        y["payments"] += a
            if ch.post_year_end_cpi:  # the hurried reading: a notice received before the accounts are signed
                for e in lease.get("events", []):
                    if e["kind"] == "cpi" and e.get("post_year_end"):
                        at = mi(e["at"])
                        segs = [*segs, (at, [r for f, r in segs if f <= at][-1] * e["factor"])]
                        pays = payments(lease, segs, end_m)
                        new = pv(pays, t, rm)
                        y["remeasure"] += new - bal
                        rou += new - bal
                        bal = new
            break
        inyear = START <= t < END
        if t == lease["comm_m"]:
            bal = pv(pays, t, rm)
            inc = lease.get("incentive", 0.0) if ch.incentive else 0.0
            rou = bal - inc + (lease.get("idc", 0.0) if ch.idc else 0.0)
            if inyear:
                y["add_liab"], y["add_rou"], y["incentive"] = bal, rou, inc
        for e in evs.get(t, []):
            if e["kind"] == "cpi":
                segs = [*segs, (t, [r for f, r in segs if f <= t][-1] * e["factor"])]
                if not ch.index_old_rate:
                    rate = e["new_rate"]
                    rm = (1 + rate) ** (1 / 12) - 1
            elif e["kind"] == "extend":
                end_m += e["months"]
                left += e["months"]
                if ch.reassess_new_rate:
                    rate = e["new_rate"]
                    rm = (1 + rate) ** (1 / 12) - 1
            elif e["kind"] == "decrease":
                if ch.partial_derecognition:
                    f = e["fraction"]
                    ro, lo = rou * f, bal * f
                    rou -= ro
                    bal -= lo
                    y["mod_gain"] += lo - ro
                    y["derec_liab"] += lo
                    y["derec_rou"] += ro
                segs = [*segs, (t, e["new_rent"])]
                rate = e["new_rate"]
                rm = (1 + rate) ** (1 / 12) - 1
            elif e["kind"] == "vary":  # a modification, not a separate lease: new rent, longer term, revised rate
                segs = [*segs, (t, e["new_rent"])]
                end_m += e["months"]
                left += e["months"]
                rate = e["new_rate"]
                rm = (1 + rate) ** (1 / 12) - 1
            elif e["kind"] == "rvg":  # a revised estimate of the amount payable under a residual value guarantee
                lease = lease | {"rvg_payable": e["payable"]}  # unchanged rate (IFRS 16.42(a), 43)
            elif e["kind"] == "terminate":
                y["term_gain"] += bal - rou - e["fee"]
                y["derec_liab"] += bal
                y["derec_rou"] += rou
                y["fee"] += e["fee"]
                bal = rou = 0.0
                terminated = True
                break
            pays = payments(lease, segs, end_m)
            new = pv(pays, t, rm)
            y["remeasure"] += new - bal
            rou += new - bal
            bal = new
        if terminated:
            break
        for tp, a, adv in pays:
            if tp == t and adv:
                bal -= a
                if inyear:
                    y["payments"] += a
        i = bal * rm
        bal += i
        d = rou / left if left > 0 else rou
        rou -= d
        left -= 1
        if inyear:
            y["interest"] += i
            y["depreciation"] += d
        t += 1
    if terminated:
        bal = rou = 0.0
    mat = {}
    if not terminated:
        for tp, a, adv in pays:
            if tp > END or (tp == END and adv and not lease.get("prepaid_at_end")):
                month = tp if adv else tp - 1
                b = min((month - END) // 12, 5)
                mat[b] = mat.get(b, 0.0) + a
    return {"opening": opening, "closing": (bal, rou), "year": y, "maturity": mat, "terminated": terminated,
            "rate": rate}


def treatment(lease: dict, policy: dict, ch: Choices) -> str:
    if lease["comm_m"] >= END and not ch.include_uncommenced:
        return "not_commenced"
    if ch.exemptions:
        if lease["term"] <= 12 and lease["cls"] in policy["short_term_classes"] and not lease.get("purchase_option"):
            return "short_term"
        if lease["asset_value"] <= policy["low_value_eur"]:
            return "low_value"
    return "capitalised"


def solve(facts: dict, ch: Choices | None = None) -> dict:
    """The deliverables (schedule rows, summary, notes) for one instance's facts."""
    ch = ch or Choices()
    fx = facts["fx"]
    policy = facts["policy"]
    rows, mat = [], [0.0] * 6
    j = {k: 0.0 for k in ("additions_rou", "additions_liability", "incentives_receivable", "interest", "payments",
                          "depreciation", "remeasurements", "modification_gain", "termination_gain",
                          "fx_difference", "short_term_expense", "low_value_expense")}
    for lease in facts["leases"]:
        lease = dict(lease)
        if not ch.rent_free:
            lease["rent_free"] = 0
        if not ch.purchase_option:
            lease.pop("purchase_price", None)
            lease.pop("useful_life", None)
        if not ch.rvg_expected and lease.get("rvg_payable"):
            lease["rvg_payable"] = lease["rvg_full"]
        if not ch.term_from_contract:
            lease["term"] = lease.get("register_term", lease["term"])
        if not ch.timing_from_contract:
            lease["timing"] = lease.get("register_timing", lease["timing"])
        tr = treatment(lease, policy, ch)
        cur = lease["currency"]
        close_r = fx["close"][cur] if ch.fx_retranslate else fx["open"][cur]
        row = {"lease_id": lease["id"], "treatment": tr, "currency": cur}
        zero = {k: 0.0 for k in ("opening_liability", "interest", "payments", "closing_liability", "closing_rou",
                                 "depreciation", "closing_liability_eur", "closing_rou_eur")}
        if tr in ("short_term", "low_value"):
            months = [m for m in range(lease["comm_m"], lease["comm_m"] + lease["term"]) if START <= m < END]
            j[f"{tr}_expense"] += len(months) * lease["rent_gross"] / lease["freq"] * fx["avg"][cur]
        if tr != "capitalised":
            rows.append(row | zero)
            continue
        r = run_lease(lease, facts["ibr"], ch)
        y = r["year"]
        (ob, _orou), (cb, crou) = r["opening"], r["closing"]
        hist = fx["hist"][cur].get(lease["comm"][:7], 1.0) if cur != "EUR" else 1.0
        avg = fx["avg"][cur]
        row |= {"opening_liability": ob, "interest": y["interest"], "payments": y["payments"],
                "closing_liability": cb, "closing_rou": crou, "depreciation": y["depreciation"],
                "closing_liability_eur": cb * close_r, "closing_rou_eur": crou * hist}
        row["treatment"] = "terminated" if r["terminated"] else "capitalised"
        rows.append(row)
        add_r = hist if cur != "EUR" else 1.0
        j["additions_liability"] += y["add_liab"] * add_r
        j["additions_rou"] += y["add_rou"] * add_r
        j["incentives_receivable"] += y["incentive"] * add_r
        j["interest"] += y["interest"] * avg
        j["payments"] += y["payments"] * avg
        j["depreciation"] += y["depreciation"] * hist
        j["remeasurements"] += y["remeasure"]
        j["modification_gain"] += y["mod_gain"]
        j["termination_gain"] += y["term_gain"]
        if cur != "EUR":
            open_eur = ob * fx["open"][cur]
            j["fx_difference"] += cb * close_r - (open_eur + y["add_liab"] * add_r + y["interest"] * avg
                                                  - y["payments"] * avg)
        for b, a in r["maturity"].items():
            mat[b] += a * close_r
    names = ["within_1_year", "years_1_to_2", "years_2_to_3", "years_3_to_4", "years_4_to_5", "over_5_years"]
    maturity = {n: round(v, 2) for n, v in zip(names, mat, strict=False)} | {"total": round(sum(mat), 2)}
    liab = sum(r["closing_liability_eur"] for r in rows)
    rou = sum(r["closing_rou_eur"] for r in rows)
    summary = {"entity": facts["entity"], "year_end": f"{YEAR}-12-31", "currency": "EUR",
               "journals": {k: round(v, 2) for k, v in j.items()},
               "closing_lease_liability": round(liab, 2), "closing_rou_assets": round(rou, 2),
               "maturity_analysis": maturity}
    for r in rows:
        for k, v in r.items():
            if isinstance(v, float):
                r[k] = round(v, 2) + 0.0  # no "-0.0" in the schedule
    return {"rows": rows, "summary": summary}


FIELDS = ["lease_id", "treatment", "currency", "opening_liability", "interest", "payments", "closing_liability",
          "closing_rou", "depreciation", "closing_liability_eur", "closing_rou_eur"]


def load_facts(folder: Path, inputs: Path) -> dict:
    """The facts of the instance whose register is in `inputs` (the calibration solutions carry every instance's)."""
    import hashlib

    key = hashlib.sha256((inputs / "lease_register.xlsx").read_bytes()).hexdigest()
    for f in sorted(folder.glob("*.json")):
        facts = json.loads(f.read_text(encoding="utf-8"))
        if facts["register_sha256"] == key:
            return facts
    raise SystemExit("no facts for this register")


def with_staff(facts: dict, known: set[str]) -> dict:
    """The facts with what the client's staff told (the `truth` of each staff fact in `known`) applied to the leases
    as the inputs show them; a fact nobody asked about leaves the lease as the files alone have it."""
    truth: dict[str, dict] = {}
    for s in facts.get("staff", []):
        if s["id"] in known:
            for lid, t in s.get("truths", {s["lease"]: s.get("truth", {})}).items():
                truth[lid] = truth.get(lid, {}) | t
    return facts | {"leases": [x | truth.get(x["id"], {}) for x in facts["leases"]]}


def write(result: dict, notes: str, out: Path) -> None:
    import csv

    out.mkdir(parents=True, exist_ok=True)
    with open(out / "lease_schedule.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(result["rows"])
    (out / "summary.json").write_text(json.dumps(result["summary"], indent=2) + "\n", encoding="utf-8")
    (out / "notes.md").write_text(notes, encoding="utf-8")
