"""Finance and operations asks: bank reconciliations, supplier spend, budget variance (accrual journals and expense
claim checks are in _t_accruals)."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, timedelta

from _core import Case, F
from _office import csv_bytes, docx, html_page, md_table, xlsx
from _t_accruals import accruals, expenses
from _world import CATEGORY, CUSTOMERS, SUPPLIERS, after_month, amt, fnum, gbp, month_name, pct, pence, workdays

ROLE = "finance_ops"


def bank_rec(rng: random.Random, v: int) -> Case:
    m = (3, 4, 5, 3, 4)[v % 5]
    mon, dates = month_name(m), workdays(2026, m)
    opening = pence(rng, 40_000, 90_000)
    refs: set[str] = set()
    ledger = []
    for _ in range(rng.randint(34, 46)):
        receipt = rng.random() < 0.55
        ref = ""
        while not ref or ref in refs:
            ref = f"INV-{rng.randint(20000, 29999)}" if receipt else f"PAY-{rng.randint(5000, 8999)}"
        refs.add(ref)
        party = rng.choice(CUSTOMERS)[0] if receipt else rng.choice(SUPPLIERS)
        amount = pence(rng, 400, 18_000) if receipt else -pence(rng, 150, 9_000)
        ledger.append((rng.choice(dates), ref, party, amount))
    ledger.sort()
    late_pool = [i for i, line in enumerate(ledger) if line[0] >= dates[-3]]
    late = set(rng.sample(late_pool, min(3, len(late_pool))))
    mis = rng.choice([i for i in range(len(ledger)) if i not in late and abs(ledger[i][3]) >= 100_000])
    s = str(abs(ledger[mis][3]))
    bank_mis = int(s[:-4] + s[-3] + s[-4] + s[-2:]) * (1 if ledger[mis][3] > 0 else -1)
    if bank_mis == ledger[mis][3]:
        bank_mis += 900 if bank_mis > 0 else -900
    charges, charged_on = -pence(rng, 20, 90), rng.choice(dates)
    bank = []
    for i, (d, ref, party, a) in enumerate(ledger):
        if i in late:
            continue
        bd = min(d + timedelta(days=rng.randint(0, 2)), dates[-1])
        bd = bd if bd.weekday() < 5 else bd - timedelta(days=bd.weekday() - 4)
        bank.append((bd, f"{'BACS' if a > 0 else 'FP'} {party.upper()} {ref}", bank_mis if i == mis else a))
    bank.append((charged_on, "BANK CHARGES", charges))
    subtotal = opening + sum(b[2] for b in bank)
    interest = pence(rng, 5, 60)
    while (subtotal + interest) % 10 == 0:
        interest += 1
    bank.append((dates[-1], "CREDIT INTEREST", interest))
    bank.sort(key=lambda b: (b[0], b[1]))
    rows, bal = [["Date", "Description", "Paid in", "Paid out", "Balance"]], opening
    rows.append([dates[0].isoformat(), "OPENING BALANCE", "", "", amt(opening)])
    for d, desc, a in bank:
        bal += a
        rows.append([d.isoformat(), desc, amt(a) if a > 0 else "", amt(-a) if a < 0 else "", amt(bal)])
    bank_close = bal
    ledger_close = opening + sum(line[3] for line in ledger)
    late_in = sum(ledger[i][3] for i in late if ledger[i][3] > 0)
    late_out = sum(ledger[i][3] for i in late if ledger[i][3] < 0)
    diff = ledger[mis][3] - bank_mis
    adjusted = bank_close + late_in + late_out - interest - charges
    assert adjusted + diff == ledger_close
    stmt = F(f"statement_{mon.lower()}_2026.csv", csv_bytes(rows))
    led_rows = [["Date", "Ref", "Counterparty", "Amount"]] + [[d.isoformat(), r, p, fnum(a)] for d, r, p, a in ledger]
    led = F(f"ledger_export_{mon.lower()}.xlsx", xlsx([("Ledger", led_rows)]))

    def show(p: int) -> str:
        return amt(p) if p else "-"

    summary = [
        ["Item", "Amount"],
        [f"Balance per bank statement {dates[-1].isoformat()}", show(bank_close)],
        ["Add: receipts in ledger not yet on statement", show(late_in)],
        ["Less: payments in ledger not yet on statement", show(late_out)],
        ["Less: credit interest not yet in ledger", show(-interest)],
        ["Add back: bank charges not yet in ledger", show(-charges)],
        ["Adjusted bank balance", show(adjusted)],
        ["Balance per ledger", show(ledger_close)],
        ["Unexplained difference", show(ledger_close - adjusted)],
    ]
    matched = [["Date", "Ref", "Counterparty", "Amount"]] + [
        [d.isoformat(), r, p, amt(a)] for i, (d, r, p, a) in enumerate(ledger) if i not in late and i != mis
    ]
    unmatched = [["Side", "Date", "Ref / description", "Amount", "Why"]]
    unmatched += [
        ["ledger", ledger[i][0].isoformat(), ledger[i][1], amt(ledger[i][3]), "not yet on statement"]
        for i in sorted(late)
    ]
    unmatched += [["bank", dates[-1].isoformat(), "CREDIT INTEREST", amt(interest), "not yet in ledger"]]
    unmatched += [["bank", charged_on.isoformat(), "BANK CHARGES", amt(charges), "not yet in ledger"]]
    unmatched += [
        [
            "both",
            ledger[mis][0].isoformat(),
            ledger[mis][1],
            amt(diff),
            f"ledger {amt(ledger[mis][3])} vs statement {amt(bank_mis)}",
        ]
    ]
    signed = [ledger[i][3] for i in sorted(late)] + [-interest, -charges, diff]
    unmatched[0].append("Running net (ledger less bank)")
    for row, run in zip(unmatched[1:], [sum(signed[: k + 1]) for k in range(len(signed))], strict=True):
        row.append(amt(run))
    n_matched = len(matched) - 1
    note = (
        f"{n_matched} of {len(ledger)} ledger lines match the statement. The unexplained difference of "
        f"{gbp(diff)} is {ledger[mis][1]} ({ledger[mis][2]}): the ledger has {gbp(ledger[mis][3])}, the bank "
        f"{gbp(bank_mis)}, which looks like transposed digits."
    )
    if v % 2 == 0:
        outs = [
            F(
                f"bank_rec_{mon.lower()}_2026.xlsx",
                xlsx([("Summary", summary), ("Matched", matched), ("Unmatched", unmatched)]),
            )
        ]
        fmt = "as a spreadsheet please (summary tab first)"
    else:
        md = f"# Bank reconciliation, {mon} 2026\n\n{md_table(summary)}\n\n{note}\n\nUnmatched lines are in the CSV.\n"
        outs = [F(f"bank_rec_{mon.lower()}.md", md.encode()), F(f"unmatched_{mon.lower()}.csv", csv_bytes(unmatched))]
        fmt = "a short markdown summary plus a CSV of the unmatched lines"
    src = f"/shares/finance/bank/2026-{m:02d}/statement_{mon.lower()}.csv"
    ask = [
        f"Can you reconcile the {mon} bank statement against the ledger export? Both attached. I need the matched "
        f"items, anything that's only on one side and the unexplained difference if there is one — {fmt}.",
        f"Month-end for {mon}: please do the bank rec from the attached statement and ledger workbook, {fmt}. "
        f"The statement CSV was exported from {src} this morning, untouched.",
    ][v % 2]
    return Case(
        ROLE,
        ask,
        [stmt, led],
        outs,
        plan="Matching statement lines to the ledger on reference, then amount; listing what is only on one side.",
        done=f"Done. {note} Adjusted bank balance {gbp(adjusted)} against ledger {gbp(ledger_close)}.",
        calc=f"matched={n_matched} late={len(late)} diff={amt(diff)} adjusted={amt(adjusted)}",
        command="python3 bank_rec.py statement.csv ledger.xlsx",
        spans=[("path", src)] if src in ask else [],
        asof=after_month(m, 2),
        ambiguity=(
            "Should timing differences be listed separately from the unexplained difference, or together?",
            "Separately please.",
        ),
    )


def supplier_spend(rng: random.Random, v: int, redo: bool = False) -> Case:
    sups = rng.sample(SUPPLIERS, 7)
    weight = {s: rng.uniform(0.5, 3.0) for s in sups}
    quarters = [
        ("Q4 2025", [date(2025, 10, 1), date(2025, 12, 19)]),
        ("Q1 2026", [date(2026, 1, 5), date(2026, 3, 27)]),
    ]
    rows, spend = [["Invoice", "Date", "Supplier", "Category", "Net", "VAT", "Gross"]], defaultdict(int)
    n = 0
    for q, (a, b) in quarters:
        for _ in range(rng.randint(48, 70)):
            s = rng.choices(sups, [weight[x] for x in sups])[0]
            net = pence(rng, 90, int(2400 * weight[s]))
            vat = round(net * 0.2)
            d = a + timedelta(days=rng.randint(0, (b - a).days))
            n += 1
            rows.append([f"PI-{40100 + n * 3}", d.isoformat(), s, CATEGORY[s], amt(net), amt(vat), amt(net + vat)])
            spend[(q, s)] += net
    rows[1:] = sorted(rows[1:], key=lambda r: (r[1], r[0]))
    q4 = {s: spend[("Q4 2025", s)] for s in sups}
    q1 = {s: spend[("Q1 2026", s)] for s in sups}
    t4, t1 = sum(q4.values()), sum(q1.values())
    order = sorted(sups, key=lambda s: -q1[s])
    table = [["Supplier", "Q4 2025 net", "Q1 2026 net", "Change", "Share of Q1"]]
    for s in order:
        table.append([s, gbp(q4[s]), gbp(q1[s]), pct(q1[s] - q4[s], q4[s]), pct(q1[s], t1)])
    table.append(["Total", gbp(t4), gbp(t1), pct(t1 - t4, t4), "100.0%"])
    top3 = sum(q1[s] for s in order[:3])
    mover = max(sups, key=lambda s: abs(q1[s] - q4[s]))
    lines = [
        f"Net spend with these suppliers was {gbp(t1)} in Q1 2026 against {gbp(t4)} in Q4 2025 ({pct(t1 - t4, t4)}).",
        f"The top three ({', '.join(order[:3])}) take {pct(top3, t1)} of Q1 spend.",
        f"Largest mover: {mover} ({gbp(q1[mover] - q4[mover])} on the quarter).",
    ]
    f = F("purchase_invoices_q4_q1.csv", csv_bytes(rows))
    kind = ("md", "docx", "html")[v % 3]
    title = "Supplier spend, Q1 2026 against Q4 2025"

    def make(lines: list[str]) -> F:
        if kind == "md":
            body = f"# {title}\n\n{md_table(table)}\n\n" + "\n".join(f"- {x}" for x in lines) + "\n"
            return F("supplier_spend_q1.md", body.encode())
        if kind == "docx":
            return F("supplier_spend_q1.docx", docx([("h1", title), ("table", table), ("bullets", lines)]))
        return F("supplier_spend_q1.html", html_page(title, [("table", table), ("ul", lines)]))

    what = {"md": "a markdown note", "docx": "a Word doc I can forward", "html": "a simple HTML page for the ops wiki"}[
        kind
    ]
    top = "" if redo else ", and the concentration in the top three"
    ask = rng.choice(
        [
            "Could you analyse supplier spend from the attached purchase invoice export? Net spend per supplier for "
            f"Q1 2026 against Q4 2025, the change and each supplier's share of Q1{top}. {what.capitalize()}.",
            f"Need a supplier spend comparison, Q1 2026 vs Q4 2025, from the invoice export attached — net of VAT, per "
            f"supplier, with share of total and the biggest movers{top}. Please make it {what}.",
        ]
    )
    extra = {}
    if redo:
        extra = {
            "draft": [make([lines[0], lines[2]])],
            "redo": "Can you add how much of Q1 spend the top three "
            "suppliers take between them? That's the number the FD will ask for.",
            "redone": "Adding the top-three concentration.",
        }
    out = make(lines)
    return Case(
        ROLE,
        ask,
        [f],
        [out],
        plan="Summing net invoice values per supplier and quarter.",
        done=f"Here it is: {out.name}. " + lines[0],
        calc="\n".join(lines),
        asof=date(2026, 4, rng.randint(1, 24)),
        **extra,  # type: ignore[arg-type]
        ambiguity=("Do you want the figures net or gross of VAT?", "Net."),
    )


def budget_variance(rng: random.Random, v: int) -> Case:
    centres = [
        "Brackwater plant",
        "Elmsford head office",
        "Corrin Bay depot",
        "Tallow Cross depot",
        "Marsh Hythe depot",
    ]
    lines = ["Salaries", "Materials", "Travel", "Utilities", "Vehicles"]
    m = (3, 4, 5)[v % 3]
    rows = [["Cost centre", "Line", f"Budget YTD {month_name(m)} 2026", f"Actual YTD {month_name(m)} 2026"]]
    data = []
    for c in centres:
        for ln in lines:
            if ln == "Materials" and "depot" in c:
                continue
            b = pence(rng, 8_000, 220_000 if ln in ("Salaries", "Materials") else 40_000)
            a = round(b * rng.uniform(0.86, 1.16)) // 10 * 10 + rng.randint(1, 9)
            data.append((c, ln, b, a))
            rows.append([c, ln, fnum(b), fnum(a)])
    limit = (5, 10)[v % 2]
    over = [(c, ln, b, a) for c, ln, b, a in data if (a - b) * 100 > limit * b]
    by_c = {c: (sum(b for cc, _, b, _ in data if cc == c), sum(a for cc, _, _, a in data if cc == c)) for c in centres}
    tb, ta = sum(x[0] for x in by_c.values()), sum(x[1] for x in by_c.values())
    table = [["Cost centre", "Budget", "Actual", "Variance", "Variance %"]]
    table += [[c, gbp(b), gbp(a), gbp(a - b), pct(a - b, b)] for c, (b, a) in by_c.items()]
    table.append(["Total", gbp(tb), gbp(ta), gbp(ta - tb), pct(ta - tb, tb)])
    flagged = [["Cost centre", "Line", "Budget", "Actual", "Over by", "Over %"]]
    flagged += [
        [c, ln, gbp(b), gbp(a), gbp(a - b), pct(a - b, b)] for c, ln, b, a in sorted(over, key=lambda x: -(x[3] - x[2]))
    ]
    f = F(f"budget_vs_actual_ytd_{month_name(m).lower()}.xlsx", xlsx([("YTD", rows)]))
    head = (
        f"Year to date to {month_name(m)}, spend is {gbp(ta)} against a budget of {gbp(tb)}, a variance of "
        f"{gbp(ta - tb)} ({pct(ta - tb, tb)}). {len(over)} lines are more than {limit}% over budget."
    )
    if v % 2 == 0:
        out = F(
            f"variance_memo_{month_name(m).lower()}.docx",
            docx(
                [
                    ("h1", f"Budget variance to {month_name(m)} 2026"),
                    ("p", head),
                    ("h2", "By cost centre"),
                    ("table", table),
                    ("h2", f"Lines more than {limit}% over budget"),
                    ("table", flagged),
                ]
            ),
        )
        fmt = "a short memo (Word) I can send to the FD"
    else:
        out = F(f"variance_ytd_{month_name(m).lower()}.xlsx", xlsx([("By centre", table), ("Over budget", flagged)]))
        fmt = "a workbook with a by-centre tab and a tab of the flagged lines"
    ask = (
        f"Please work out budget variance YTD {month_name(m)} from the attached budget vs actual workbook: total "
        f"and per cost centre, in £ and %, and flag every line more than {limit}% over budget. {fmt.capitalize()}."
    )
    ask = rng.choice(
        [
            ask,
            f"YTD {month_name(m)} budget vs actual is attached. Can you give me the variance in £ and % overall and by "
            f"cost centre, and pick out each line that is more than {limit}% over budget? {fmt.capitalize()}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [f],
        [out],
        plan="Totalling budget and actual per cost centre and checking each line.",
        done=head,
        calc=head,
        asof=after_month(m, 4),
        ambiguity=("Should underspends be flagged as well, or only overspends?", "Only overspends."),
    )


TEMPLATES = [bank_rec, supplier_spend, budget_variance, accruals, expenses]
WEB = [expenses]  # an ask that can point at a web page instead of an attachment
REDO = [supplier_spend]
