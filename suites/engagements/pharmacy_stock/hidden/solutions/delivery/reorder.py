"""Kelderby Royal Infirmary - ward stock par review job (procedure PHS-STK-04), revised.

    python3 system/reorder.py --db /data/pharmacy.db --out /out [--review-date 2026-03-09]

Same inputs, output and columns as before (MedVault loads <out>/par_levels.csv as it is). What changed, each
switched by config/rules.json:

- `follow_replaced_products`: a line's use includes the use of the products it replaced - a supplier switch
  gives the same medicine a new code (matched on the VMP id, else on the name: generic, strengths, pack), and
  `formulary_replacements` name medicines a formulary decision replaced (old generic -> new generic);
- `supplier_lead_days` as the suppliers really deliver;
- `demand_factors`: at the given locations, the given medicines planned on `factor` times their use over the
  last `basis_weeks` (a seasonal surge);
- `ward_moves`: a ward closing (or a `share` of its patients moving), its use added to the ward taking its
  patients (new lines where it has none), its own lines set to 0 (or to what stays); `ward_openings`: a new
  ward stocked like another ward, scaled; `ward_factors`: a ward's use scaled (beds opening), on its use over
  the last `basis_weeks` when given;
- `respect_bins`: fridge and CD lines never planned above their bin (a new line: the ward's spare bin), topped
  up every night instead;
- `respect_store_shelves`: a store line of a fridge or CD product never planned above its shelf in the cold room
  or CD safe (`store_shelves`), so no delivery is discarded or sent back;
- `consignment_lines`: lines a supplier keeps topped up itself (the job writes no par for them);
- `cabinet_par_factor`: every cabinet line's par multiplied (the store's lines unchanged); `blanket_factor`: every
  line's par and reorder point multiplied, cabinets and store;
- `product_links`: {new code: [old codes]} whose use counts as the new code's, as listed by hand;
- `extra_use`: [{"location", "per_day": {product: packs a day}}] added to a ward's use (new lines where it has
  none) - a ward taking a new kind of patient; a product is its code or the start of its name;
- `substitutions`: [{"from": product, "to": product, "factor": packs per pack}]: every line of `from` gets a line
  of `to` with its use times `factor`, and the store keeps `to` (a product out of supply, replaced by another);
  with `"follow_replaced": true`, `from` also covers every code that replaced it (a supplier switch under
  another wording);
- `lead_from_orders`: {"days": n, "min_orders": k}: each supplier's lead time read from the extract itself - the
  longest of its store orders placed in the last n days (received: received - ordered; still open: at least the
  days since the order) - wherever the extract shows at least k of its recent orders with a receipt date; else
  `supplier_lead_days`. A supplier whose deliveries slow down (or speed up) after the job was written is planned
  on what it does now;
- `at_risk_report`: {"days": n} also writes <out>/at_risk_lines.csv, the cabinet lines whose stock at the
  extract is below n days of their use (for the ward managers; MedVault does not read it).

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import json
import math
import re
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = ["location_id", "product_code", "product_name", "par_level", "reorder_point", "supplier_code", "managed_by"]
STORE = "STORE"
UNITS = {"micrograms": "mcg", "microgram": "mcg", "units": "u", "unit": "u", "iu": "u", "g": "g"}


def load_rules(path: Path | None = None) -> dict:
    return json.loads((path or HERE / "config" / "rules.json").read_text(encoding="utf-8"))


def review_day(conn: sqlite3.Connection, given: str | None) -> date:
    if given:
        return date.fromisoformat(given)
    row = conn.execute("SELECT value FROM meta WHERE key = 'extract_day'").fetchone()
    return date.fromisoformat(row[0]) + timedelta(days=1)


def name_key(name: str) -> tuple[str, tuple[str, ...]]:
    """(first word of the generic name, the numbers of strength and pack) - how two wordings of one product agree."""
    text = (name or "").lower().replace(",", "")
    words = re.findall(r"[a-z][a-z\-]+", text)
    first = words[0] if words else ""
    nums = tuple(re.sub(r"\.0+$", "", n) for n in re.findall(r"\d+(?:\.\d+)?", text))
    return first, nums


def generic_word(name: str) -> str:
    return name_key(name)[0]


def links(products: dict[str, sqlite3.Row], rules: dict) -> dict[str, set[str]]:
    """active code -> codes whose use counts as its own (itself, the codes it replaced)."""
    out = {c: {c} for c, p in products.items() if p["status"] == "ACTIVE"}
    if not rules.get("follow_replaced_products"):
        for new, olds in rules.get("product_links", {}).items():
            if new in out:
                out[new] |= set(olds)
        return out
    old = [c for c, p in products.items() if p["status"] != "ACTIVE"]
    for code in out:
        p = products[code]
        first, nums = name_key(p["name"])
        for o in old:
            q = products[o]
            if p["vmp_id"] and p["vmp_id"] == q["vmp_id"]:
                out[code].add(o)
                continue
            of, onums = name_key(q["name"])
            if (
                onums == nums
                and difflib.SequenceMatcher(None, first, of).ratio() >= 0.8
                and q["storage"] == p["storage"]
            ):
                out[code].add(o)
    for new, olds in rules.get("product_links", {}).items():
        if new in out:
            out[new] |= set(olds)
    for rep in rules.get("formulary_replacements", []):
        was, now = rep["from"].lower(), rep["to"].lower()
        new_codes = [c for c in out if generic_word(products[c]["name"]).startswith(now[:6])]
        old_codes = [c for c, p in products.items() if generic_word(p["name"]).startswith(was[:6])]
        for c in new_codes:
            out[c] |= set(old_codes)
    return out


def _matches(rule_products: list[str], name: str) -> bool:
    word = generic_word(name)
    return any(word.startswith(w.lower()[:6]) for w in rule_products)


def is_product(p: sqlite3.Row, want: str) -> bool:
    """A product named in the rules by its code or by the start of its name (any case)."""
    want = want.strip().lower()
    return p["product_code"].lower() == want or (p["name"] or "").lower().startswith(want)


def find_product(products: dict[str, sqlite3.Row], want: str) -> str | None:
    """The active product the rules name (see `is_product`), or None."""
    hits = sorted(c for c, p in products.items() if p["status"] == "ACTIVE" and is_product(p, want))
    return hits[0] if hits else None


def par_and_rop(rules: dict, use: float, crit: str, lead: float, cover: float) -> tuple[int, int]:
    safety = float(rules["safety_days"].get(crit, 1))
    par = max(int(rules["min_par"].get(crit, 1)), math.ceil(round(use * (cover + lead + safety), 6)))
    rop = max(1, math.ceil(round(use * (lead + safety), 6)))
    return par, min(rop, par)


def learned_leads(conn: sqlite3.Connection, rules: dict, day: date) -> dict[str, float]:
    """`lead_from_orders`: supplier -> lead days as its recent store orders in the extract show it."""
    spec = rules.get("lead_from_orders")
    if not spec:
        return {}
    spec = spec if isinstance(spec, dict) else {}
    lo = (day - timedelta(days=int(spec.get("days", 7)) + 1)).isoformat()
    longest: dict[str, int] = {}
    received: dict[str, int] = {}
    for ordered, sup, got, status in conn.execute(
        "SELECT ordered_on, supplier_code, received_on, status FROM store_orders WHERE ordered_on >= ?", (lo,)
    ):
        o = date.fromisoformat(ordered)
        if got:
            n = (date.fromisoformat(got) - o).days
            received[sup] = received.get(sup, 0) + 1
        elif status == "OPEN":
            n = (day - o).days
        else:
            continue
        longest[sup] = max(longest.get(sup, 0), n)
    k = int(spec.get("min_orders", 3))
    return {sup: float(n) for sup, n in longest.items() if received.get(sup, 0) >= k}


def run(conn: sqlite3.Connection, rules: dict, given_day: str | None = None) -> tuple[list[dict], dict]:
    conn.row_factory = sqlite3.Row
    day = review_day(conn, given_day)
    leads = {**rules.get("supplier_lead_days", {}), **learned_leads(conn, rules, day)}
    products = {r["product_code"]: r for r in conn.execute("SELECT * FROM products")}
    locs = {r["location_id"]: r for r in conn.execute("SELECT * FROM locations")}
    linked = links(products, rules)
    daily: dict[tuple[str, str], dict[str, int]] = {}
    first = (day - timedelta(days=7 * max(int(rules["usage_window_weeks"]), 13))).isoformat()
    for d, loc, code, n in conn.execute(
        "SELECT day, location_id, product_code, packs FROM issues WHERE day >= ?", (first,)
    ):
        daily.setdefault((loc, code), {})[d] = daily.get((loc, code), {}).get(d, 0) + int(n)

    def use(loc: str, code: str, weeks: int) -> float:
        lo = (day - timedelta(days=7 * weeks)).isoformat()
        hi = (day - timedelta(days=1)).isoformat()
        total = sum(n for c in linked.get(code, {code}) for d, n in daily.get((loc, c), {}).items() if lo <= d <= hi)
        return total / (7 * weeks)

    lines = {(r["location_id"], r["product_code"]): r for r in conn.execute("SELECT * FROM cabinet_lines")}
    consignment = {(c["location_id"], c["product_code"]) for c in rules.get("consignment_lines", [])}
    weeks = int(rules["usage_window_weeks"])
    plan: dict[tuple[str, str], float] = {}
    for loc, code in lines:
        if code not in products:
            continue
        u = use(loc, code, weeks)
        for f in rules.get("demand_factors", []):
            if loc in f["locations"] and _matches(f["products"], products[code]["name"]):
                u = max(u, use(loc, code, int(f.get("basis_weeks", weeks))) * float(f["factor"]))
        plan[(loc, code)] = u
    for m in rules.get("ward_moves", []):
        if m.get("from_date", "0000") > day.isoformat() or m["to"] not in locs:
            continue
        share = float(m.get("share", 1.0))
        for (loc, code), u in list(plan.items()):
            if loc == m["from"]:
                plan[(m["to"], code)] = plan.get((m["to"], code), 0.0) + u * share
                plan[(loc, code)] = u * (1 - share)
    for o in rules.get("ward_openings", []):
        if o.get("from_date", "0000") > day.isoformat() or o["location"] not in locs:
            continue  # not yet, or not set up in MedVault
        for (loc, code), u in list(plan.items()):
            if loc == o["like"]:
                plan[(o["location"], code)] = plan.get((o["location"], code), 0.0) + u * float(o["factor"])
    for f in rules.get("ward_factors", []):
        for k in plan:
            if k[0] == f["location"]:
                bw = f.get("basis_weeks")
                plan[k] = (use(k[0], k[1], int(bw)) if bw else plan[k]) * float(f["factor"])
    for e in rules.get("extra_use", []):
        if e.get("location") not in locs:
            continue
        for want, per_day in e.get("per_day", {}).items():
            code = find_product(products, want)
            if code is not None:
                plan[(e["location"], code)] = plan.get((e["location"], code), 0.0) + float(per_day)
    for sub in rules.get("substitutions", []):
        new = find_product(products, sub["to"])
        olds = {c for c in products if is_product(products[c], sub["from"])} - {new}
        if sub.get("follow_replaced"):  # and the codes that replaced them (a switch under another wording)
            olds |= {c for c, was in linked.items() if was & olds} - {new}
        if new is None:
            continue
        for (loc, code), u in list(plan.items()):
            if code in olds:
                plan[(loc, new)] = plan.get((loc, new), 0.0) + u * float(sub.get("factor", 1))
    ward = rules["ward"]
    rows, store_use = [], {}
    moved_out = {
        m["from"]
        for m in rules.get("ward_moves", [])
        if m.get("from_date", "0000") <= day.isoformat() and m["to"] in locs and float(m.get("share", 1.0)) >= 1
    }
    for (loc, code), u in sorted(plan.items()):
        p = products[code]
        if (loc, code) in consignment:
            rows.append(_row(loc, p, "", "", p["supplier_code"], "CONSIGNMENT"))
            continue
        store_use[code] = store_use.get(code, 0.0) + u
        if loc in moved_out:
            rows.append(_row(loc, p, 0, 0, STORE, "CABINET"))
            continue
        par, rop = par_and_rop(rules, u, p["criticality"], float(ward["topup_lead_days"]), float(ward["cover_days"]))
        if rules.get("cabinet_par_factor"):
            par = math.ceil(round(par * float(rules["cabinet_par_factor"]), 6))
        if rules.get("blanket_factor"):
            par, rop = (math.ceil(round(x * float(rules["blanket_factor"]), 6)) for x in (par, rop))
        if rules.get("respect_bins") and p["storage"] in ("FRIDGE", "CD"):
            line = lines.get((loc, code))
            spare = locs[loc]["spare_fridge_bin_packs" if p["storage"] == "FRIDGE" else "spare_cd_bin_packs"]
            cap = line["bin_max_packs"] if line is not None and line["bin_max_packs"] is not None else spare
            if cap is not None and par > int(cap):
                par = int(cap)
                rop = max(rop, par - max(1, math.ceil(u)))
            rop = min(rop, par)
        rows.append(_row(loc, p, par, rop, STORE, "CABINET"))
    shelves = {}
    if rules.get("respect_store_shelves"):
        shelves = {c: int(n) for c, n in conn.execute("SELECT product_code, max_packs FROM store_shelves")}
    for code in sorted(store_use):
        p = products[code]
        lead = float(leads.get(p["supplier_code"], 2))
        par, rop = par_and_rop(rules, store_use[code], p["criticality"], lead, float(rules["store"]["cover_days"]))
        if code in shelves and par > shelves[code]:
            par, rop = shelves[code], min(rop, shelves[code])
        if rules.get("blanket_factor"):
            par, rop = (math.ceil(round(x * float(rules["blanket_factor"]), 6)) for x in (par, rop))
        rows.append(_row(STORE, p, par, rop, p["supplier_code"], "STORE"))
    if rules.get("at_risk_report"):
        days_cover = float(rules["at_risk_report"].get("days", 2))
        stock: dict[tuple[str, str], int] = {}
        for r in conn.execute("SELECT location_id, product_code, packs FROM stock_on_hand WHERE status = 'ON_HAND'"):
            stock[(r[0], r[1])] = stock.get((r[0], r[1]), 0) + int(r[2])
        risk = []
        for (loc, code), u in sorted(plan.items()):
            have = stock.get((loc, code), 0)
            if u > 0 and have < u * days_cover:
                risk.append({"location_id": loc, "product_code": code, "product_name": products[code]["name"],
                             "packs_on_hand": have, "days_of_cover": round(have / u, 1)})  # fmt: skip
        summary_risk = risk
    else:
        summary_risk = None
    summary = {
        "review_day": day.isoformat(),
        "rules_version": rules.get("rules_version", ""),
        "lines": len(rows),
        "cabinet_lines": sum(1 for r in rows if r["managed_by"] == "CABINET"),
        "store_lines": sum(1 for r in rows if r["managed_by"] == "STORE"),
        "consignment_lines": sum(1 for r in rows if r["managed_by"] == "CONSIGNMENT"),
        "linked_codes": {c: sorted(v - {c}) for c, v in linked.items() if len(v) > 1},
    }
    if rules.get("lead_from_orders"):
        summary["supplier_lead_days"] = leads
    if summary_risk is not None:
        summary["at_risk"] = summary_risk
    return rows, summary


def _row(loc: str, p: sqlite3.Row, par: object, rop: object, supplier: str, managed_by: str) -> dict:
    return {
        "location_id": loc,
        "product_code": p["product_code"],
        "product_name": p["name"],
        "par_level": par,
        "reorder_point": rop,
        "supplier_code": supplier,
        "managed_by": managed_by,
    }


def write(out: Path, rows: list[dict], summary: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "par_levels.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    risk = summary.pop("at_risk", None)
    if risk is not None:
        with (out / "at_risk_lines.csv").open("w", newline="", encoding="utf-8") as f:
            cols = ["location_id", "product_code", "product_name", "packs_on_hand", "days_of_cover"]
            w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
            w.writeheader()
            w.writerows(risk)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--review-date", default=None, help="YYYY-MM-DD (default: the day after the extract)")
    ap.add_argument("--rules", default=None)
    args = ap.parse_args(argv)
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    try:
        rows, summary = run(conn, load_rules(Path(args.rules) if args.rules else None), args.review_date)
    finally:
        conn.close()
    write(Path(args.out), rows, summary)
    print(f"par review {summary['review_day']}: {summary['lines']} lines written to {args.out}/par_levels.csv")
    return 0


if __name__ == "__main__":
    sys.exit(main())
