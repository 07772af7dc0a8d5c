"""Reference solution: reconcile the bank exports with the ledger export and the last signed-off reconciliation,
build the cash-flow workbook and the memo, and raise what needs a decision. What only the client's people know it
asks them (staff_questions.py): each anomaly in the data to the person who would know, naming what it found, and
four open questions, each in its holder's area: the purchase ledger (changes since the exports), the controller
(what was agreed with the bank outside the files; whether every payment had been released by the year end) and the
group treasurer (money group treasury moved on the account)."""

import csv
import datetime as dt
import io
import re
import sys
from pathlib import Path

import docx
import openpyxl

sys.path.insert(0, "/solution")
import worktrial_kit as kit
from staff_questions import Staff, gbp, norm_ref

INPUT, OUTPUT = Path("input"), Path("output")
OUTPUT.mkdir(exist_ok=True)
# what a shortcut running this script skips (run with runpy and init_globals): "emails", "register", "fx",
# "tail", "stale", "ask" (the client's staff), "ask_open" (the four open questions), or one of them: "ask_since"
# (changes since the exports), "ask_bank" (arrangements with the bank), "ask_release" (payments released by the
# year end), "ask_pool" (group treasury); HEARD: replies a shortcut heard, read instead of asking
SKIP = set(globals().get("SKIP", ()))
STAFF = Staff(SKIP, globals().get("HEARD"))


def pence(x):
    if x is None or x == "":
        return 0
    if isinstance(x, str):
        x = float(x.replace(",", "").replace("£", "").strip() or 0)
    return round(float(x) * 100)


def as_date(v):
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    for fmt in ("%d/%m/%Y", "%Y-%m-%d", "%d-%b-%Y", "%d %b %Y", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(str(v).strip(), fmt).date()
        except ValueError:
            pass
    raise ValueError(f"unreadable date {v!r}")


# ---------------------------------------------------------------------------------------------- bank export
ws = openpyxl.load_workbook(INPUT / "bank_statement.xlsx", data_only=True).active
rows = [list(r) for r in ws.iter_rows(values_only=True)]
bank_opening = None
header_at = None
for i, r in enumerate(rows):
    label = str(r[0] or "").strip().lower()
    if label.startswith("opening balance"):
        bank_opening = pence(next(v for v in r[1:] if v not in (None, "")))
    if [str(v or "").strip().lower() for v in r[:2]] == ["date", "transaction id"]:
        header_at = i
        break
cols = {str(v).strip().lower(): j for j, v in enumerate(rows[header_at]) if v}
bank = []
for r in rows[header_at + 1 :]:
    if r[cols["transaction id"]] in (None, ""):
        continue
    amount = pence(r[cols["paid in"]]) - pence(r[cols["paid out"]])
    bank.append(
        {
            "id": str(r[cols["transaction id"]]).strip(),
            "date": as_date(r[cols["date"]]),
            "ref": r[cols["reference"]] or "",
            "desc": str(r[cols["description"]] or ""),
            "amount": amount,
        }
    )
# the new portal's export overlaps the old one: the same transaction ids appear in both
seen = {b["id"]: b for b in bank}
for path in sorted(INPUT.glob("*.csv")):
    if b"Transaction ID" not in path.read_bytes()[:200]:
        continue
    for r in kit.read_csv(path)[1]:
        r = {str(k).strip().lower(): (v or "").strip() for k, v in r.items()}
        tid = r.get("transaction id", "")
        if not tid:
            continue
        line = {
            "id": tid,
            "date": as_date(r["posting date"]),
            "ref": r.get("reference", ""),
            "desc": r.get("details", ""),
            "amount": pence(r["amount gbp"]),
        }
        if tid in seen:
            assert seen[tid]["amount"] == line["amount"], f"{tid} differs between the exports"
            continue
        seen[tid] = line
        line["balance"] = pence(r["balance gbp"])
        bank.append(line)
bank.sort(key=lambda b: (b["date"], b["id"]))

# ------------------------------------------------------------------------------------------- ledger export
wb = openpyxl.load_workbook(INPUT / "ledger_1010.xlsx", data_only=False)  # values typed in, not formula results
gl_ws = wb["GL 1010"]
grows = [list(r) for r in gl_ws.iter_rows(values_only=True)]
gcols = {str(v).strip().lower(): j for j, v in enumerate(grows[0]) if v}
gl_opening = None
gl = []
for r in grows[1:]:
    if str(r[gcols["narrative"]] or "").strip().lower() == "opening balance":
        gl_opening = pence(r[gcols["balance"]])
        continue
    if r[gcols["entry"]] in (None, ""):
        continue
    gl.append(
        {
            "entry": int(r[gcols["entry"]]),
            "date": as_date(r[gcols["date"]]),
            "ref": r[gcols["doc ref"]] or "",
            "counterparty": str(r[gcols["counterparty"]] or ""),
            "narrative": str(r[gcols["narrative"]] or ""),
            "amount": pence(r[gcols["debit"]]) - pence(r[gcols["credit"]]),
        }
    )
gl.sort(key=lambda g: g["entry"])
gl_closing = gl_opening + sum(g["amount"] for g in gl)

# the period is the ledger's: an export run after the period end also holds the next period's first days
last_gl = max(g["date"] for g in gl)
period_end = dt.date(last_gl.year + last_gl.month // 12, last_gl.month % 12 + 1, 1) - dt.timedelta(days=1)
after = [b for b in bank if b["date"] > period_end]
if "tail" not in SKIP:
    bank = [b for b in bank if b["date"] <= period_end]
bank_closing = bank_opening + sum(b["amount"] for b in bank)
last_balance = next((b["balance"] for b in reversed(bank) if "balance" in b), bank_closing)
assert bank_closing == last_balance or "tail" in SKIP, "bank lines do not add up to the portal's period-end balance"
# lines on the bank's statement that no export carries, known only to group treasury
bank += STAFF.pool_lines()
bank.sort(key=lambda b: (b["date"], b["id"]))
bank_closing = bank_opening + sum(b["amount"] for b in bank)

# e-mails: a bank's confirmation of a debit taken in error; a cheque cancelled after the last sign-off
bank_error_refs, cancelled_cheques = set(), {}
for path in sorted(INPUT.glob("*.eml")) if "emails" not in SKIP else []:
    text = path.read_text(encoding="utf-8", errors="replace")
    body = text.split("\n\n", 1)[-1]
    if re.search(r"in error", body, re.I):
        bank_error_refs |= {norm_ref(x) for x in re.findall(r"\b[A-Z]{2,4}-\d{4,}\b", body)}
    if re.search(r"write (it )?back|written back", body, re.I):
        chq = re.findall(r"CHQ-\d{6}", body)
        jnl = re.findall(r"JNL-\d+", body)
        if chq and jnl:
            cancelled_cheques[norm_ref(chq[0])] = norm_ref(jnl[0])

# the payables system's cheque register: a cheque despatched after the period end was not issued in it
held_refs = set()
for path in sorted(INPUT.glob("*.csv")) if "register" not in SKIP else []:
    raw = path.read_bytes()
    if b"Cheque no" not in raw[:200]:
        continue
    for r in csv.DictReader(io.StringIO(raw.decode("cp1252")), delimiter=";"):
        sent = as_date(r["Despatched"])
        if sent > period_end:
            held_refs.add(norm_ref("CHQ-" + r["Cheque no"].strip()))

# ----------------------------------------------------------------------------- last signed-off reconciliation
prior = []
for path in sorted(INPUT.glob("*.docx")):
    blocks = kit.docx_blocks(path)
    if not any(b.kind == "paragraph" and b.text.strip().lower().startswith("status: final") for b in blocks):
        continue  # a draft is not evidence
    for t in (b for b in blocks if b.kind == "table" and b.rows):
        head = [c.strip().lower() for c in t.rows[0]]
        if "ledger entry" not in head:
            continue
        for row in t.rows[1:]:
            cell = dict(zip(head, (c.strip() for c in row), strict=False))
            amt = cell["amount"].replace("£", "")
            prior.append(
                {
                    "entry": int(cell["ledger entry"]),
                    "date": as_date(cell["date"]),
                    "ref": cell["reference"],
                    "amount": pence(amt.replace("-", "")) * (-1 if amt.startswith("-") else 1),
                }
            )
assert prior, "no signed-off prior reconciliation found"
assert gl_opening is not None

# ------------------------------------------------------------------------------------------------ matching
units = []
used_gl = set()
bank_left = []
# a cheque of the last reconciliation cancelled afterwards and written back by journal: the two cancel out
for p in [p for p in prior if norm_ref(p["ref"]) in cancelled_cheques]:
    jnl_ref = cancelled_cheques[norm_ref(p["ref"])]
    jnl = next(g for g in gl if norm_ref(g["ref"]) == jnl_ref and g["amount"] == -p["amount"])
    prior.remove(p)
    used_gl.add(jnl["entry"])
    units += [(None, p, "reversed"), (None, jnl, "reversed")]
for b in bank:
    key = norm_ref(b["ref"])
    hit = None
    if key:
        hit = next(
            (g for g in gl if g["entry"] not in used_gl and norm_ref(g["ref"]) == key and g["amount"] == b["amount"]),
            None,
        )
    if hit:
        used_gl.add(hit["entry"])
        units.append((b, hit, "matched"))
    else:
        bank_left.append(b)
prior_left = list(prior)
bank_rest = []
for b in bank_left:
    hit = next((p for p in prior_left if norm_ref(p["ref"]) == norm_ref(b["ref"]) and p["amount"] == b["amount"]), None)
    if hit and norm_ref(b["ref"]):
        prior_left.remove(hit)
        units.append((b, hit, "prior_period"))
    else:
        bank_rest.append(b)
bank_left = bank_rest
still_left = []
for b in bank_left:
    key = norm_ref(b["ref"])
    hit = None
    if key:
        hit = next(
            (
                g
                for g in gl
                if g["entry"] not in used_gl and norm_ref(g["ref"]) == key and (g["amount"] > 0) == (b["amount"] > 0)
            ),
            None,
        )
    if hit:
        used_gl.add(hit["entry"])
        fx = ("EUR" in b["desc"].upper() or "EUR" in hit["narrative"].upper()) and "fx" not in SKIP
        units.append((b, hit, "fx_difference" if fx else "amount_mismatch"))
    else:
        still_left.append(b)
# a posting and its reversal (same reference, amounts that cancel) are not reconciling items
for g in gl:
    if g["entry"] in used_gl or not norm_ref(g["ref"]):
        continue
    contra = next(
        (
            h
            for h in gl
            if h["entry"] not in used_gl
            and h["entry"] != g["entry"]
            and norm_ref(h["ref"]) == norm_ref(g["ref"])
            and h["amount"] == -g["amount"]
        ),
        None,
    )
    if contra:
        used_gl.update((g["entry"], contra["entry"]))
        units += [(None, g, "reversed"), (None, contra, "reversed")]
matched_keys = {(norm_ref(g["ref"]), g["amount"]) for (_, g, s) in units if s == "matched"}
for p in prior_left:  # still outstanding from the last reconciliation
    units.append((None, p, "gl_only"))
for g in gl:
    if g["entry"] in used_gl:
        continue
    status = "duplicate_in_gl" if (norm_ref(g["ref"]), g["amount"]) in matched_keys else "gl_only"
    if status == "gl_only" and norm_ref(g["ref"]) in held_refs:
        status = "not_released"
    units.append((None, g, status))
for b in still_left:
    units.append((b, None, "bank_error" if norm_ref(b["ref"]) in bank_error_refs else "bank_only"))
units.sort(key=lambda u: ((u[0] or u[1])["date"], u[0]["id"] if u[0] else "", u[1]["entry"] if u[1] else 0))


# --------------------------------------------------------------------------------- what only the staff know
staff = STAFF.settle(units, period_end)


def total(pred):
    return sum(pred(b, g, s) for b, g, s in units)


receipts_transit = total(lambda b, g, s: g["amount"] if s == "gl_only" and g["amount"] > 0 else 0)
payments_outstanding = total(lambda b, g, s: g["amount"] if s == "gl_only" and g["amount"] < 0 else 0)
bank_only = total(lambda b, g, s: b["amount"] if s == "bank_only" else 0)
corrections = total(lambda b, g, s: b["amount"] - g["amount"] if s in ("amount_mismatch", "fx_difference") else 0)
dups = total(lambda b, g, s: -g["amount"] if s == "duplicate_in_gl" else 0)
bank_errors = total(lambda b, g, s: -b["amount"] if s == "bank_error" else 0)
not_released = total(lambda b, g, s: -g["amount"] if s == "not_released" else 0)
adjusted = bank_closing + receipts_transit + payments_outstanding + bank_errors
assert adjusted == gl_closing + bank_only + corrections + dups + not_released, "reconciliation does not balance"

# ------------------------------------------------------------------------------------------------ workbook
out = openpyxl.Workbook()
rec = out.active
rec.title = "Reconciliation"
rec.append(["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"])
for b, g, s in units:
    rec.append(
        [
            b["id"] if b else None,
            g["entry"] if g else None,
            (b["ref"] if b and b["ref"] else (g["ref"] if g else "")) or None,
            b["amount"] / 100 if b else None,
            g["amount"] / 100 if g else None,
            s,
        ]
    )
st = out.create_sheet("Statement")
st.append(["Item", "Amount"])
for label, value in [
    ("Balance per bank statement at period end", bank_closing / 100),
    ("Add: receipts in the ledger not yet on the statement", receipts_transit / 100),
    ("Less: payments in the ledger not yet on the statement", payments_outstanding / 100),
    ("Errors on the statement to be corrected by the bank", bank_errors / 100),
    ("Adjusted bank balance", "=B2+B3+B4+B5"),
    ("Balance per ledger at period end", gl_closing / 100),
    ("Bank items not yet in the ledger (net)", bank_only / 100),
    ("Corrections of amounts posted wrongly", corrections / 100),
    ("Duplicate postings reversed", dups / 100),
    ("Cheques not released by the period end, written back", not_released / 100),
    ("Adjusted ledger balance", "=SUM(B7:B11)"),
    ("Unreconciled difference", "=B6-B12"),
]:
    st.append([label, value])
st.column_dimensions["A"].width = 58
cf = out.create_sheet("CashFlow")
cf.append(["Month", "Opening balance", "Receipts", "Payments", "Net cash flow", "Closing balance"])
months = sorted({(b["date"].year, b["date"].month) for b in bank})
months = months[:6]  # a pass that keeps the next period's lines still reports six months
assert len(months) == 6, months
for k, (y, m) in enumerate(months):
    r = k + 2
    rec_ = sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == (y, m) and b["amount"] > 0)
    pay = -sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == (y, m) and b["amount"] < 0)
    cf.append(
        [
            f"{y}-{m:02d}",
            bank_opening / 100 if k == 0 else f"=F{r - 1}",
            rec_ / 100,
            pay / 100,
            f"=C{r}-D{r}",
            f"=B{r}+E{r}",
        ]
    )
cf.append(["Total", "=B2", "=SUM(C2:C7)", "=SUM(D2:D7)", "=SUM(E2:E7)", "=B8+E8"])
for row in cf.iter_rows(min_row=2, min_col=2, max_col=6):
    for c in row:
        c.number_format = "#,##0.00"
out.save(OUTPUT / "cashflow.xlsx")

# ---------------------------------------------------------------------------------------------------- memo

# what the ledger workbook's own formulas show
broken = []
for row in gl_ws.iter_rows(min_row=2):
    for c in row:
        if isinstance(c.value, str) and "#REF!" in c.value:
            broken.append(f"'GL 1010'!{c.coordinate}")
stale = []
summary = wb["Summary"] if "Summary" in wb.sheetnames else None
if summary is not None:
    month_rows = [c.row for c in summary["A"] if re.match(r"^[A-Z][a-z]+ \d{4}$", str(c.value or ""))]
    for c in summary[next(c.row for c in summary["A"] if str(c.value or "").strip().lower() == "total")]:
        m = re.match(r"^=SUM\([A-Z]+(\d+):[A-Z]+(\d+)\)$", str(c.value or ""))
        if m and (int(m.group(1)), int(m.group(2))) != (min(month_rows), max(month_rows)):
            stale.append(f"Summary!{c.coordinate} ({c.value})")

memo = docx.Document()
memo.add_heading("Bank reconciliation and cash flow", level=0)
memo.add_heading("Summary", level=1)
memo.add_paragraph(
    f"The bank account reconciles: the adjusted bank balance and the adjusted ledger balance are both "
    f"{gbp(adjusted)}, with no unreconciled difference. The statement closes at {gbp(bank_closing)}; the ledger "
    f"balance recomputed from the opening balance and the posted lines is {gbp(gl_closing)}. "
    f"{sum(1 for u in units if u[2] != 'matched')} items need attention."
)
memo.add_heading("Reconciling items", level=1)
table = memo.add_table(rows=1, cols=4)
for cell, text in zip(table.rows[0].cells, ["Bank line", "Ledger entry", "Status", "Amount"], strict=False):
    cell.text = text
for b, g, s in units:
    if s == "matched":
        continue
    amount = b["amount"] - g["amount"] if s == "amount_mismatch" else (b or g)["amount"]
    cells = table.add_row().cells
    cells[0].text = b["id"] if b else "-"
    cells[1].text = str(g["entry"]) if g else "-"
    cells[2].text = s.replace("_", " ")
    cells[3].text = gbp(amount)
memo.add_heading("Ledger workbook errors", level=1)
memo.add_paragraph(
    "The running balance in column H of 'GL 1010' refers to a deleted range (#REF!) from "
    f"{broken[0] if broken else '-'} onwards, so every later balance is an error. "
    + (
        f"The Summary total row sums a stale range that leaves out a month: {', '.join(stale)}; its closing "
        "balance is therefore wrong. "
        if stale
        else ""
    )
    + "All figures in this pack were recomputed from the posted lines instead."
)
# matters that need a decision, not just a posting
# a cheque is stale six months after its date (twelve is the crib sheet's wrong rule, kept for a shortcut)
six_months_before = dt.date(
    period_end.year - (period_end.month <= 6), (period_end.month - 7) % 12 + 1, min(period_end.day, 28)
)
if "stale" in SKIP:
    six_months_before = dt.date(period_end.year - 1, period_end.month, min(period_end.day, 28))
issues = []
for b, g, s in units:
    if s == "bank_only" and re.search(r"UNPAID|RETURNED|DISHONOU?RED", b["desc"].upper()):
        issues.append(
            f"Bank line {b['id']} ({b['desc']}, {gbp(b['amount'])}) is a customer's cheque for "
            f"{b['ref']} returned unpaid: the receipt was matched, so the customer's balance must be "
            "reinstated in the ledger and the debt chased."
        )
    if s == "gl_only" and g["amount"] < 0 and g["date"] < six_months_before:
        issues.append(
            f"Cheque {g['ref']} (ledger entry {g['entry']}, {g['date']:%d/%m/%Y}, {gbp(g['amount'])}) has "
            "been unpresented for more than six months and is stale: write it back to the ledger and "
            "contact the payee."
        )
cleared_after = {norm_ref(b["ref"]) for b in after}
for _b, g, s in units:
    if after and s == "gl_only" and g["amount"] > 0 and norm_ref(g["ref"]) not in cleared_after:
        issues.append(
            f"Receipt {g['ref']} (ledger entry {g['entry']}, {g['date']:%d/%m/%Y}, {gbp(g['amount'])}) has "
            "not been received: it is not on the statement a week into the next period, so it is "
            "unsupported and should be reversed until the money arrives."
        )
if any(s == "fx_difference" for b, g, s in units):
    issues.append(
        "The EUR receipts were booked at the invoice rate; the bank amounts are right and the exchange "
        f"differences ({gbp(sum(b['amount'] - g['amount'] for b, g, s in units if s == 'fx_difference'))}) "
        "have to be posted as exchange losses or gains."
    )
held = [g for b, g, s in units if s == "not_released" and norm_ref(g["ref"]) in held_refs]
if held:
    issues.append(
        f"Cheques {', '.join(g['ref'] for g in held)} ({gbp(-sum(g['amount'] for g in held))}) were entered "
        "at the period end but held, not despatched until after it (cheque register): they are written "
        "back, not unpresented cheques; the cut-off should be corrected in the ledger."
    )
settled = STAFF.settled_bank_lines()
for b, _g, s in units:
    if s == "bank_error" and b["id"] not in settled:
        issues.append(
            f"Bank line {b['id']} ({b['desc']}, {b['ref']}, {gbp(b['amount'])}) was collected in error "
            "under another customer's mandate; the bank has refunded it after the period end."
        )
issues += STAFF.matters()
memo.add_heading("Matters for your attention", level=1)
for text in issues or ["Nothing beyond the postings listed above."]:
    memo.add_paragraph(text, style="List Bullet")
memo.add_heading("Monthly cash flow", level=1)
for y, m in months:
    rec_ = sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == (y, m) and b["amount"] > 0)
    pay = -sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == (y, m) and b["amount"] < 0)
    memo.add_paragraph(
        f"{y}-{m:02d}: receipts {gbp(rec_)}, payments {gbp(pay)}, net {gbp(rec_ - pay)}.", style="List Bullet"
    )
memo.add_heading("Recommended actions", level=1)
memo.add_paragraph(
    "Post the bank-only items, correct the mis-keyed amounts, reverse the double postings, follow up "
    "the unpresented cheques and repair the ledger workbook's formulas before the period is closed."
)
memo.save(OUTPUT / "memo.docx")
print("reconciled at", gbp(adjusted))
