"""The facts of cashflow_reconcile's hard instance that only the client's people hold (hidden/DESIGN.md): three
hinted by an anomaly in the data (credits that belong to another company, spoiled November cheques, the till's
duplicate posting) and four hinted nowhere (a direct debit paid on a cancelled mandate, a renewal fee agreed away,
the group cash pool's year-end sweep that is in no export and no ledger, a year-end payment run authorised only in
January). Each function changes the transactions and returns the matters the memo must raise."""

from __future__ import annotations

import calendar
import random
from typing import TYPE_CHECKING

from _cashflow_reconcile_model import Txn, add_bdays, business_days, gbp, money

if TYPE_CHECKING:
    from _cashflow_reconcile_instances import Instance

STAFF_WEIGHT = 20  # a reconciling item only a person can settle (item_weights.json)
STAFF_ISSUE_WEIGHT = 6  # a matter only a person can settle (issues.json; the others weigh 1)
MISDIRECTED = (("Brightwater Logistics", "OME-40712"), ("Tideway Aggregates", "OME-40759"))


def staff_facts(inst: Instance, txns: list[Txn]) -> list[dict]:
    """Three facts the client's staff hold and no input states (hidden/DESIGN.md): credits the bank applied to
    this account that belong to another company (credit control knows), November cheques printed on faulty stock
    and never sent, the suppliers paid by BACS instead (the purchase ledger knows), and the new till's month-end
    posting of December's card takings, which Cardnet's weekly settlements already carry (the counter knows)."""
    rng = random.Random(inst.seed + 11)
    year, last = inst.year, inst.months[-1]
    final_days = business_days(year, last)
    for k, (payer, ref) in enumerate(MISDIRECTED):
        txns.append(
            Txn(
                "misdirected",
                money(rng, 3_400, 8_900),
                None,
                final_days[3 + 8 * k],
                "",
                ref,
                "FPI",
                f"{payer.upper()[:18]} {ref}",
                payer,
                "",
            )
        )
    nov = [
        t
        for t in txns
        if t.kind == "cheque" and t.gl_date and t.gl_date.month == last - 1 and t.bank_date and t.gl_date.day <= 14
    ]
    spoiled = sorted(nov, key=lambda t: t.gl_ref)[:3]
    run = min(t.gl_date for t in spoiled)
    bacs = add_bdays(run, 4)
    for k, t in enumerate(spoiled):
        t.kind, t.gl_date, t.bank_date = "spoiled", run, None
        ref = f"BP-{bacs:%y%m%d}-{11 + k}"
        txns.append(
            Txn(
                "supplier",
                t.amount,
                bacs,
                add_bdays(bacs, 1),
                ref,
                ref.replace("-", ""),
                "BACS",
                f"{t.counterparty.upper()[:20]} {ref.replace('-', '')}",
                t.counterparty,
                f"Supplier payment run {bacs:%d/%m}",
            )
        )
    cards = sum(t.amount for t in txns if t.kind == "card" and t.gl_date and t.gl_date.month == last)
    txns.append(
        Txn(
            "zreport",
            cards,
            final_days[-1],
            None,
            f"ZR-{year % 100:02d}{last:02d}",
            counterparty="Chandlery counter",
            narrative=f"Card takings {calendar.month_name[last]} (till Z-reports)",
        )
    )
    first = spoiled[0].gl_ref.split("-")[-1]
    return [
        {
            "id": "misdirected_credit",
            "weight": STAFF_ISSUE_WEIGHT,
            "what": f"credits {' and '.join(r for _, r in MISDIRECTED)} belong to another company: credited to this "
            "account by the bank in error, to be recalled",
            "all_of": [MISDIRECTED[0][1].replace("-", "")],
            "any_of": [
                "in error",
                "misdirected",
                "misapplied",
                "misallocated",
                "wrong account",
                "not ours",
                "not for us",
                "belongs to",
                "belong to",
                "engineering",
                "recall",
                "another company",
                "other company",
            ],
        },
        {
            "id": "spoiled_cheques",
            "weight": STAFF_ISSUE_WEIGHT,
            "what": f"cheques {', '.join(t.gl_ref for t in spoiled)} printed on faulty stock, never sent (the "
            "suppliers were paid by BACS): to be written back and voided",
            "all_of": [first],
            "any_of": [
                "spoiled",
                "void",
                "destroyed",
                "never sent",
                "not sent",
                "never left",
                "not released",
                "never issued",
                "misprint",
                "faulty",
                "wrong sort code",
                "shredded",
            ],
        },
        {
            "id": "zreport_duplicate",
            "weight": STAFF_ISSUE_WEIGHT,
            "what": f"ZR-{year % 100:02d}{last:02d}: the till's month-end posting of card takings already posted "
            "weekly from Cardnet's settlements: a duplicate, to be reversed",
            "all_of": [f"ZR{year % 100:02d}{last:02d}"],
            "any_of": [
                "duplicat",
                "twice",
                "double",
                "already posted",
                "already in",
                "same takings",
                "posted again",
                "counted again",
            ],
        },
    ]


LATE_WEIGHT = 110  # the reconciling item only a person can settle and nothing in the files hints at
LATE_ISSUE_WEIGHT = 22


def late_fact(inst: Instance, txns: list[Txn]) -> list[dict]:
    """The fact no input hints at (hidden/DESIGN.md): the leasing direct debit of the last month, an ordinary bank
    item not yet in the ledger by every sign in the files, was paid by the bank on a mandate the company had
    cancelled when the rental ended; the bank confirmed its error after the exports and re-credits it after the
    next period's lines in the portal export (the purchase ledger knows)."""
    lease = next(t for t in txns if t.kind == "lease")
    lease.kind = "cancelled_mandate"
    name = inst.lease_name.split()[0].title()
    return [
        {
            "id": "cancelled_mandate",
            "weight": LATE_ISSUE_WEIGHT,
            "what": f"direct debit {lease.bank_ref} ({inst.lease_name.title()}, {gbp(-lease.amount)}) paid by the bank "
            "on a mandate cancelled before it: the bank's error, to be re-credited, not posted",
            "all_of": [name.upper()],
            "any_of": [
                "cancelled",
                "mandate",
                "in error",
                "bank error",
                "bank's error",
                "re-credit",
                "recredit",
                "refund",
                "reclaim",
                "indemnity",
                "guarantee",
            ],
        },
    ]


AGREED_REF = "FAC-2512"
AGREED_WEIGHT = 160  # the second fact hinted nowhere: it shares its statement cells with the first, so weighs more
AGREED_ISSUE_WEIGHT = 30


def agreed_fact(inst: Instance, out: list[Txn]) -> list[dict]:
    """The second fact no input hints at (hidden/DESIGN.md): the overdraft facility's renewal fee on the statement
    in the last month looks like an ordinary bank charge not yet posted, but the controller had agreed with the
    bank in November to let the unused facility lapse with no renewal fee; the bank took it anyway and, after the
    exports, agreed to reverse it (the controller knows; only an open question about arrangements with the bank
    outside the files, or one naming the fee, gets it)."""
    rng = random.Random(inst.seed + 29)
    day = business_days(inst.year, inst.months[-1])[9]
    out.append(
        Txn(
            "waived_fee",
            -money(rng, 1_150, 1_690),
            None,
            day,
            "",
            AGREED_REF,
            "CHG",
            "FACILITY RENEWAL FEE",
            inst.bank_name,
            "",
        )
    )
    return [
        {
            "id": "waived_fee",
            "weight": AGREED_ISSUE_WEIGHT,
            "what": f"facility renewal fee {AGREED_REF} ({gbp(-out[0].amount)}) charged although the bank had agreed "
            "to let the facility lapse without a fee: the bank's error, to be reversed, not posted",
            "all_of": [AGREED_REF.replace("-", "")],
            "any_of": [
                "waive",
                "waived",
                "no fee",
                "not due",
                "in error",
                "bank error",
                "bank's error",
                "reverse",
                "refund",
                "re-credit",
                "recredit",
                "agreed",
                "lapse",
            ],
        },
    ]


POOL_TARGET = 25_000_000  # pence: the balance the group's cash pool leaves in the account at the year end
POOL_WEIGHT = 260
POOL_ISSUE_WEIGHT = 22


def pool_fact(inst: Instance, bank: list[Txn]) -> tuple[Txn, list[dict]]:
    """A fact hinted nowhere, the group treasurer's (hidden/DESIGN.md): the account is in the group's cash pool,
    whose year-end sweep to the header account took everything above the target balance on the last day. The bank
    ran it after the portal export was taken, value-dated that day, so it is on the bank's statement but in no
    export, and the treasurer booked it at group level only, so it is in no ledger either: a bank line to add, and
    to post (`bank_only`), that changes the statement balance and the last month's payments."""
    day = business_days(inst.year, inst.months[-1])[-1]
    balance = inst.opening_pence + sum(t.amount for t in bank if t.bank_date <= day)
    assert balance > POOL_TARGET, balance
    n = sum(1 for t in bank if t.bank_date == day)
    sweep = Txn(
        "pool_sweep",
        POOL_TARGET - balance,
        None,
        day,
        "",
        "POOL SWEEP",
        "TFR",
        "POOL SWEEP TO HEADER 20660018",
        "Osterby Holdings Ltd",
        "",
    )
    sweep.txn_id = f"{inst.bank_prefix}{day:%y%m%d}-{n + 1:03d}"
    return sweep, [
        {
            "id": "pool_sweep",
            "weight": POOL_ISSUE_WEIGHT,
            "what": f"cash-pool sweep {sweep.txn_id} ({gbp(-sweep.amount)}) to the group's header account on "
            f"{day:%d %B %Y}, value-dated after the export was taken and booked at group level only: on the "
            "statement, in no export and not in the ledger, to be posted against the intercompany account",
            "all_of": ["SWEEP"],
            "any_of": [
                "intercompany",
                "inter-company",
                "group",
                "header",
                "holdings",
                "back-valued",
                "back valued",
                "value-dated",
                "value dated",
                "not in the export",
                "not on the export",
                "missing from the",
                "cash pool",
                "treasur",
            ],
        },
    ]


RELEASE_WEIGHT = 75  # each of the four lines of the run
RELEASE_ISSUE_WEIGHT = 22
RELEASE_LINES = 4


def release_fact(inst: Instance, txns: list[Txn], first_entry: int) -> tuple[list[Txn], list[dict]]:
    """A fact hinted nowhere, the controller's (hidden/DESIGN.md): a supplier payment run the payables system
    posted on the last day of the period, when it was set up, but which the controller authorised in the bank
    portal only on the second business day after it. The bank paid it that day, so in the next period's lines it
    looks like an ordinary payment in transit; it had not left the company at the period end (`not_released`,
    written back). The run's lines are the ledger's last entries, so no other entry number moves."""
    rng = random.Random(inst.seed + 41)
    day = business_days(inst.year, inst.months[-1])[-1]
    taken = {t.gl_ref for t in txns}
    run: list[Txn] = []
    suppliers = [t.counterparty for t in txns if t.kind == "supplier"]
    for k, sup in enumerate(rng.sample(sorted(set(suppliers)), RELEASE_LINES), 1):
        ref = f"BP-{day:%y%m%d}-{k:02d}"
        assert ref not in taken, ref
        run.append(
            Txn(
                "unreleased_run",
                -money(rng, 7_600, 14_900),
                day,
                None,
                ref,
                ref.replace("-", ""),
                "BACS",
                f"{sup.upper()[:20]} {ref.replace('-', '')}",
                sup,
                f"Supplier payment run {day:%d/%m}",
            )
        )
    for k, t in enumerate(run):
        t.entry = first_entry + k
    total = -sum(t.amount for t in run)
    return run, [
        {
            "id": "unreleased_run",
            "weight": RELEASE_ISSUE_WEIGHT,
            "what": f"supplier run {run[0].gl_ref} to {run[-1].gl_ref} ({gbp(total)}) posted on {day:%d %B} but "
            "authorised and paid only after the period end: not released, written back, a payment of the next "
            "period",
            "all_of": [run[0].bank_ref[:-2]],
            "any_of": [
                "not released",
                "not been released",
                "released on",
                "released only",
                "unreleased",
                "authoris",
                "authoriz",
                "approv",
                "written back",
                "write back",
                "write-back",
                "not left",
                "had not left",
                "next period",
                "january payment",
            ],
        },
    ]


def release_tail(inst: Instance, run: list[Txn], tail: list[Txn]) -> None:
    """The run in the next period's lines of the portal export, paid the day the controller released it: the last
    lines of that day, so that no other line's id moves."""
    y, m = (inst.year + 1, 1) if inst.months[-1] == 12 else (inst.year, inst.months[-1] + 1)
    day = business_days(y, m)[1]
    n = sum(1 for t in tail if t.bank_date == day)
    at = max(i for i, t in enumerate(tail) if t.bank_date <= day) + 1
    for k, t in enumerate(run, 1):
        line = Txn("tail", t.amount, None, day, bank_ref=t.bank_ref, bank_type=t.bank_type, bank_desc=t.bank_desc)
        line.txn_id = f"{inst.bank_prefix}{day:%y%m%d}-{n + k:03d}"
        tail.insert(at + k - 1, line)


HIDDEN_KINDS = {
    "cancelled_mandate": LATE_WEIGHT,
    "waived_fee": AGREED_WEIGHT,
    "pool_sweep": POOL_WEIGHT,
    "unreleased_run": RELEASE_WEIGHT,
}
