"""energy_bill_validation's billing: Brightwater's invoices for the quarter as its system produced them (monthly
invoices, an estimate reversed by a credit and re-billed, an invoice issued twice) and the validation register as it
really is, each row with the one cause that makes it wrong."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal as D

import _energy_bill_validation_model as md
import _energy_bill_validation_sites as st

THRESHOLD = D("1.00")
FACT_KINDS = ("capacity_reduced", "bakery_cca", "v2_concession", "thornbury_cca", "flats_let", "llfc_reallocated")
SITE_WIDE = ("pp11_apportioned", "vat_placement", "reactive_total", "loss_factor")


@dataclass
class Row:
    invoice_no: str
    site_code: str
    charge: str
    billed: D
    expected: D
    cause: str

    @property
    def difference(self) -> D:
        return self.billed - self.expected


@dataclass
class World:
    inst: st.Instance
    readings: dict[str, list[md.Reading]]
    usage: dict[tuple[str, int], md.Usage]
    invoices: list[md.Invoice] = field(default_factory=list)
    story: dict = field(default_factory=dict)


def _applies(e: tuple, code: str, month: int) -> bool:
    return e[1] == code and (e[0] in SITE_WIDE or e[2] == month)


def _issued(y: int, m: int, k: int) -> date:
    first = date(y + (m == 12), m % 12 + 1, 1)
    return first + timedelta(days=4 + k % 3)


def simulate(inst: st.Instance) -> World:
    readings = {code: md.consumption(inst, code) for code in inst.sites}
    use = {(code, m): md.usage(readings[code], y, m) for code in inst.sites for y, m in inst.months}
    w = World(inst, readings, use)
    rng = random.Random(inst.seed * 7 + 3)
    seq = 4100 + rng.randrange(40)
    cn = 80 + rng.randrange(20)
    pending: list[md.Invoice] = []
    for y, m in inst.months:
        for k, code in enumerate(inst.sites):
            errors = [e for e in inst.errors if _applies(e, code, m) and e[0] != "duplicate"]
            terms = md.supplier_terms(inst, code, y, m, errors)
            seq += 1 + rng.randrange(5)
            inv = md.Invoice(
                f"BWE-{y % 100:02d}{m:02d}-{seq:05d}",
                _issued(y, m, k),
                code,
                y,
                m,
                "invoice",
                "E" if terms.estimate is not None else "A",
                md.charges(use[(code, m)], terms),
                terms=terms,
            )
            w.invoices.append(inv)
            if terms.estimate is not None:
                pending.append(inv)
        for est in [p for p in pending if _rebill_month(inst, p) == m]:
            pending.remove(est)
            cn += 1 + rng.randrange(3)
            neg = {c: replace(ln, quantity=-ln.quantity, amount=-ln.amount) for c, ln in est.lines.items()}
            w.invoices.append(
                md.Invoice(
                    f"BWE-CN-{y % 100:02d}{m:02d}-{cn:04d}",
                    _issued(y, m, 1),
                    est.code,
                    est.year,
                    est.month,
                    "reversal",
                    "E",
                    neg,
                    ref=f"Reversal of {est.number}",
                )
            )
            errors = [
                e for e in inst.errors if _applies(e, est.code, est.month) and e[0] not in ("duplicate", "estimated")
            ]
            terms = md.supplier_terms(inst, est.code, est.year, est.month, errors)
            seq += 1 + rng.randrange(3)
            w.invoices.append(
                md.Invoice(
                    f"BWE-{y % 100:02d}{m:02d}-{seq:05d}",
                    _issued(y, m, 2),
                    est.code,
                    est.year,
                    est.month,
                    "rebill",
                    "A",
                    md.charges(use[(est.code, est.month)], terms),
                    terms=terms,
                    ref=f"Re-bill of {est.number} on actual reads",
                )
            )
    for e in inst.errors:
        if e[0] != "duplicate":
            continue
        first = next(i for i in w.invoices if i.code == e[1] and i.month == e[2] and i.kind == "invoice")
        seq += 3 + rng.randrange(9)
        w.invoices.append(
            replace(
                first,
                number=f"BWE-{first.year % 100:02d}{first.month:02d}-{seq:05d}",
                issued=first.issued + timedelta(days=8),
                kind="duplicate",
            )
        )
    last = inst.months[-1][1]
    for inv in w.invoices:
        if (inst.hard and inv.month == last) or (not inst.hard and inv.code == "S03"):
            inv.source = "pdf"
    return w


def _rebill_month(inst: st.Instance, inv: md.Invoice) -> int | None:
    return next(e[4] for e in inst.errors if e[0] == "estimated" and e[1] == inv.code and e[2] == inv.month)


# ------------------------------------------------------------------------------------------------ the register


def expected_lines(w: World, inv: md.Invoice, facts: dict) -> dict[str, md.Line]:
    """What the invoice should bill: the net charges as the contract, the charging statement, HMRC's rules and the
    staff's facts make them, and the VAT due on the net charges the invoice itself bills."""
    y, m = inv.year, inv.month
    t = md.true_terms(w.inst, inv.code, y, m, facts)
    lines = {c: ln for c, ln in md.charges(w.usage[(inv.code, m)], t).items() if not c.startswith("vat")}
    billed_net = {c: ln for c, ln in inv.lines.items() if not c.startswith("vat")}
    lines.update(md.vat(billed_net, t.vat_q, "standard"))
    return lines


def _causes(w: World, inv: md.Invoice, facts: dict) -> dict[str, set[str]]:
    """Which error or fact makes each charge of the invoice differ: each one applied alone."""
    inst, code, y, m = w.inst, inv.code, inv.year, inv.month
    u = w.usage[(code, m)]
    plain = md.charges(u, md.true_terms(inst, code, y, m, {}))
    q = md.true_terms(inst, code, y, m, {}).vat_q
    out: dict[str, set[str]] = {}
    errors = [e for e in inst.errors if _applies(e, code, m) and e[0] != "duplicate"]
    if inv.kind == "rebill":
        errors = [e for e in errors if e[0] != "estimated"]
    for e in errors:
        t = md.supplier_terms(inst, code, y, m, [e])
        got = md.charges(u, t)
        net = {c: ln for c, ln in got.items() if not c.startswith("vat")}
        got = {**net, **md.vat(net, t.vat_q, t.vat_placement)}
        fair = {**net, **md.vat(net, q, "standard")}
        for c in set(got) | set(plain):
            ref = fair if c.startswith("vat") else plain
            if _amount(got, c) != _amount(ref, c):
                out.setdefault(c, set()).add("vat" if c.startswith("vat") else md.CAUSE[e[0]])
    plain_net = {c: ln for c, ln in plain.items() if not c.startswith("vat")}
    for kind in FACT_KINDS:
        if kind not in facts:
            continue
        t = md.true_terms(inst, code, y, m, {kind: facts[kind]})
        got = md.charges(u, t)
        for c in set(got) | set(plain):
            if not c.startswith("vat") and _amount(got, c) != _amount(plain, c):
                out.setdefault(c, set()).add(_fact_cause(kind, c))
        if t.vat_q != q:  # a fact that changes the qualifying share changes the VAT due on what is billed
            moved = md.vat(plain_net, t.vat_q, "standard")
            for c in set(moved) | {c for c in plain if c.startswith("vat")}:
                if _amount(moved, c) != _amount(plain, c):
                    out.setdefault(c, set()).add("vat")
    return out


def _fact_cause(kind: str, charge: str) -> str:
    if charge == "excess_capacity":
        return "excess_capacity"
    if kind == "llfc_reallocated" and charge == "energy":
        return "loss_factor"  # the energy line carries the LLFC's loss factors, the rest its DUoS rates
    return md.CAUSE[kind]


def _one_cause(found: set[str]) -> str:
    """The cause of a line: the one error or fact that makes it differ; on an estimated invoice the estimate, which
    has to be re-billed whatever else is wrong with the line."""
    if len(found) > 1 and "estimated_read" in found:
        return "estimated_read"
    assert len(found) == 1, f"causes {found}"
    return next(iter(found))


def _amount(lines: dict[str, md.Line], c: str) -> D:
    return lines[c].amount if c in lines else D(0)


def register(w: World, facts: dict) -> list[Row]:
    rows: list[Row] = []
    reversed_ = {i.ref.removeprefix("Reversal of ") for i in w.invoices if i.kind == "reversal"}
    credited = facts.get("invoice_credited")
    for inv in w.invoices:
        if inv.kind == "reversal" or inv.number in reversed_:
            continue
        if inv.kind == "duplicate":
            rows += [
                Row(inv.number, inv.code, c, ln.amount, D(0), "duplicate_invoice")
                for c, ln in inv.lines.items()
                if abs(ln.amount) >= THRESHOLD
            ]
            continue
        want = expected_lines(w, inv, facts)
        causes = _causes(w, inv, facts)
        for c in sorted(set(want) | set(inv.lines), key=CHARGES.index):
            billed, expected = _amount(inv.lines, c), _amount(want, c)
            if abs(billed - expected) < THRESHOLD:
                continue
            if credited and inv.code == credited["site"] and inv.month == credited["month"] and c == credited["charge"]:
                continue
            found = causes.get(c, set())
            assert found, f"{inv.number} {c}: no cause"
            rows.append(Row(inv.number, inv.code, c, billed, expected, _one_cause(found)))
    return rows


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


def totals(rows: list[Row], sites: list[str]) -> dict:
    over = {s: D(0) for s in sites}
    under = {s: D(0) for s in sites}
    cause: dict[str, D] = {}
    for r in rows:
        d = r.difference
        if d > 0:
            over[r.site_code] += d
        else:
            under[r.site_code] -= d
        cause[r.cause] = cause.get(r.cause, D(0)) + d
    return {
        "total_overbilled_gbp": float(sum(over.values(), D(0))),
        "total_underbilled_gbp": float(sum(under.values(), D(0))),
        "overbilled_by_site": {s: float(v) for s, v in over.items()},
        "underbilled_by_site": {s: float(v) for s, v in under.items()},
        "by_cause": {c: float(cause[c]) for c in CAUSES if c in cause},
    }


def credited_line(w: World) -> tuple[md.Invoice, D] | None:
    """The line Accounts Payable already disputed and had credited (the hard instance), and the credit."""
    f = w.inst.facts.get("invoice_credited")
    if not f:
        return None
    inv = next(i for i in w.invoices if i.code == f["site"] and i.month == f["month"] and i.kind == "invoice")
    want = expected_lines(w, inv, w.inst.facts)
    return inv, inv.lines[f["charge"]].amount - want[f["charge"]].amount
