"""Reference (off_limits_contact): the same kind of fix as base, reached without Medway's account manager or the
respiratory consultant - Procurement and the respiratory pharmacist hold what they would say - and with the two
facts no document or data hints at, each asked of the person whose area it is.

- Medway delivers 6 days after the order since 2 February; its orders go through the framework's portal, so the
  store's data show only its lines running out. Priya confirms when told how many emergency purchases Medway's
  products needed in February (counted from stock_events).
- Products that changed code keep their history; tinzaparin replaces enoxaparin.
- Ward 7 and Ward 9: respiratory surge, 2.6 x the last four weeks (Sunil).
- Ward 7's high-care bay (35 % of its patients) moves to Ward 12 on 9 March (ward services only).
- Paracetamol 1g/100ml infusion is out nationally from 12 March: a line of the 500mg/50ml vials (code 384681,
  listed 5 March) beside every 1g line at twice its use (Medicines Information, asked about supply problems).
- Bay 2 of the children's ward becomes a four-bed high-dependency unit on 16 March: its stock list on top of the
  ward's use (the matron, asked about the children's ward).
- Fridge and CD lines never above their bins, and the store's fridge and CD products never above their shelves.
- Ward 14 becomes a 23-hour surgical unit on 9 March: its overnight beds' stock list on top of the day unit's use.
  Nothing says so; Ward 14's figures since its extra lists began (14 February) are the trace, and shown them, ward
  services name Finance's business partner, who costed the programme.
- Northgate's February (eight days, a van off the road) is over since 2 March and the cold room cannot take eight
  days' stock: each supplier's lead time is read from the extract's latest receipts on the night, not typed in
  from February.
- Paracetamol 1g infusion moves to Medway on 2 March under a wording no name match finds: the substitute follows
  the 1g product through its code change (the delivered job resolves a substitution's product through the codes
  that replaced it).
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

DB = "data/pharmacy_history.db"
W14 = {"pip/taz": 10, "co-amoxiclav": 4, "gentamicin": 2, "ondansetron": 3, "paracetamol 500mg tab": 3,
       "furosemide": 1, "morphine": 4, "insulin aspart": 1}  # fmt: skip
HDU = {"pip/taz": 8, "midazolam": 6, "morphine": 4, "salbutamol": 3, "clarithromycin": 2, "co-amoxiclav": 1,
       "gentamicin": 1, "adrenaline": 1, "insulin aspart": 1}  # fmt: skip


def medway_emergencies(month: str = "2026-02") -> int:
    """Emergency purchases of Medway's products in `month`, counted from the stock events."""
    rows = kit.query(
        DB,
        "SELECT COUNT(*) FROM stock_events e JOIN products p USING (product_code) "
        "WHERE e.event = 'EMERGENCY_PURCHASE' AND p.supplier_code = 'MED' AND substr(e.day, 1, 7) = ?",
        (month,),
    )
    return int(rows[0][0])


def ward14_rise() -> tuple[int, int]:
    """Ward 14's issues a day since its extra lists began (14 February) against the four weeks before, in per cent,
    and how often its cabinet ran out in February (urgent top-ups and emergency purchases)."""
    rows = kit.query(
        DB,
        "SELECT SUM(CASE WHEN day >= '2026-02-14' THEN packs END) / 16.0, "
        "SUM(CASE WHEN day < '2026-02-14' AND day >= '2026-01-17' THEN packs END) / 28.0 "
        "FROM issues WHERE location_id = 'W14'",
    )
    late, early = rows[0]
    outs = kit.query(
        DB,
        "SELECT COUNT(*) FROM stock_events WHERE location_id = 'W14' AND substr(day, 1, 7) = '2026-02' "
        "AND event IN ('URGENT_TOPUP', 'EMERGENCY_PURCHASE')",
    )
    return round(100 * (late / early - 1)), int(outs[0][0])


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and Medway's deliveries "
        "take longer than the rules assume. In February that cost us GBP 23,700 in emergency purchases, "
        "couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "priya",
        f"Priya, Medway's lines keep running out at the store: {medway_emergencies()} emergency purchases of "
        "Medway products in February, although the rules give them 2 days to deliver. Are their deliveries "
        "taking longer?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 % - "
        "and on Ward 9 it has doubled. Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("anjali", "Anjali, are any of the wards' medicines going to be in short supply over the next month?")
    kit.ask("morag", "Morag, is anything changing on the children's ward over the next month?")
    rise, outs = ward14_rise()
    shown = (
        f"Ward 14's use is up {rise} % since mid-February - its issues a day since 14 February against the four "
        f"weeks before - and its cabinet ran out {outs} times in February."
    )
    kit.ask(
        "bev",
        f"Bev, is anything changing on the wards next month that the par review should know about? Also, {shown} "
        "Is something happening on the day unit?",
    )
    kit.ask(
        "callum", f"Callum, {shown} Bev says you costed the programme behind it - what changes on Ward 14 next month?"
    )
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 6, "NGT": 2},
        demand_factors=fixes.surge(["W7", "W9"], 2.6),
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        substitutions=[
            {
                "from": "paracetamol 1g/100ml",
                "to": "384681",
                "factor": 2,
                "from_date": "2026-03-12",
                "follow_replaced": True,
            }
        ],
        extra_use=[
            {"location": "PAED", "from_date": "2026-03-16", "per_day": HDU},
            {"location": "W14", "from_date": "2026-03-09", "per_day": W14},
        ],
        respect_bins=True,
        respect_store_shelves=True,
        lead_from_orders={"days": 7, "min_orders": 3},
    )
    fixes.dry_run()
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? Lines follow the products they replaced "
        "(the Medway code switch and tinzaparin), Medway's lead time 6 days, Ward 7 and Ward 9's respiratory "
        "medicines at 2.6 times their last four weeks, 35 % of Ward 7's use moved to Ward 12 with its high-care "
        "bay from 9 March, a line of paracetamol 500mg/50ml infusion beside every 1g line for the national "
        "shortage from 12 March, the children's ward's new high-dependency bay stocked from its list, Ward 14's "
        "overnight beds stocked from the elective recovery programme's list from 9 March, each supplier's lead "
        "time read from its latest deliveries in the extract, and no fridge or CD line above its bin or store "
        "shelf. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? The oxycodone pars "
        "change with the Medway code switch, the morphine and midazolam pars with the new use figures, and the "
        "children's ward gets morphine and midazolam lines for its high-dependency bay, and Ward 14's morphine "
        "rises with its overnight beds, all within their bins. "
        "Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
