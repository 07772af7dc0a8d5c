"""Custom checks of cashflow_reconcile: the reconciling items themselves, and the memo's key figures."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile

import docx
import openpyxl

from worktrial.kit.grader import matters_raised


def _num(v):
    if v is None:
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    s = str(v).strip().replace(",", "").replace("£", "").replace(" ", "")
    if not s:
        return None
    neg = s.startswith("(") and s.endswith(")")
    try:
        x = float(s.strip("()"))
    except ValueError:
        return None
    return -x if neg else x


def _key(v):
    if v is None:
        return ""
    x = _num(v)
    if x is not None and x.is_integer():
        return str(int(x))
    return str(v).strip()


def _items(rows):
    """Reconciling items (everything not `matched`) as {(bank id, ledger entry, status): (bank amt, gl amt)}."""
    out = {}
    for r in rows:
        status = str(r.get("status") or "").strip().lower()
        if not status or status == "matched":
            continue
        out[(_key(r.get("bank_txn_id")), _key(r.get("gl_entry")), status)] = (
            _num(r.get("bank_amount")), _num(r.get("gl_amount")))
    return out


def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 0.005


def _weights(reference) -> dict:
    """Each reference item's weight (hidden/reference/item_weights.json): judgement items weigh more than
    routine timing differences. Keys are (bank id, ledger entry, status)."""
    try:
        _, data = reference.read_one("item_weights.json")
    except (KeyError, FileNotFoundError):
        return {}
    return {tuple(k.split("|")): float(v) for k, v in json.loads(data).items()}


def unmatched_items(output, reference, params):
    """Weighted F1 of the delivered reconciling items (status, both ids and both amounts must agree); an item
    that needs a judgement weighs three times a routine one, an unexpected delivered item weighs one."""
    try:
        _, data = output.read_one("cashflow.xlsx")
        wb = openpyxl.load_workbook(io.BytesIO(data), data_only=True, read_only=True)
        ws = next((s for s in wb.worksheets if s.title.strip().lower() == "reconciliation"), None)
        if ws is None:
            return 0.0, f"no Reconciliation sheet (sheets: {wb.sheetnames})"
        raw = [list(r) for r in ws.iter_rows(values_only=True)]
    except (KeyError, FileNotFoundError, OSError, zipfile.BadZipFile, ValueError) as e:
        return 0.0, f"cannot read cashflow.xlsx: {e}"
    except Exception as e:  # any other parse failure of a delivered file is the worker's
        return 0.0, f"cannot read cashflow.xlsx: {type(e).__name__}: {e}"
    raw = [r for r in raw if any(v not in (None, "") for v in r)]
    if not raw:
        return 0.0, "the Reconciliation sheet is empty"
    header = [str(v or "").strip().lower() for v in raw[0]]
    got = _items([dict(zip(header, r)) for r in raw[1:]])
    _, ref = reference.read_one("reconciliation.csv")
    want = _items(list(csv.DictReader(io.StringIO(ref.decode("utf-8")))))
    hits = [k for k in want if k in got and all(_same(a, b) for a, b in zip(got[k], want[k]))]
    if not got and not want:
        return 0.0, "no reconciling items expected or delivered: nothing to check"
    weight = _weights(reference)

    def w(k):
        return weight.get(k, 1.0)

    f1 = 2 * sum(w(k) for k in hits) / (sum(w(k) for k in got) + sum(w(k) for k in want))
    missing = [f"{k[2]} {k[0] or '-'}/{k[1] or '-'}" for k in want if k not in hits]
    extra = [f"{k[2]} {k[0] or '-'}/{k[1] or '-'}" for k in got if k not in want]
    ev = f"{len(hits)}/{len(want)} reconciling items right, {len(got)} delivered"
    if missing:
        ev += f"; missing or wrong: {', '.join(missing[:5])}"
    if extra:
        ev += f"; not expected: {', '.join(extra[:5])}"
    return f1, ev


_NUMBER = re.compile(r"\(?-?[£$]?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?[£$]?\s?\d+(?:\.\d+)?\)?")


def _memo_numbers(data: bytes) -> list[float]:
    d = docx.Document(io.BytesIO(data))
    parts = [p.text for p in d.paragraphs]
    for t in d.tables:
        for row in t.rows:
            parts.extend(c.text for c in row.cells)
    found = []
    for m in _NUMBER.finditer("\n".join(parts)):
        x = _num(m.group(0).replace("-£", "-").replace("£", "").replace("$", ""))
        if x is not None:
            found.append(abs(x))
    return found


def memo_figures(output, reference, params):
    """The memo states the adjusted (reconciled) balance and the recomputed ledger balance (to the pound)."""
    try:
        _, data = output.read_one("memo.docx")
        numbers = _memo_numbers(data)
    except Exception as e:  # a missing or unreadable memo is the worker's
        return 0.0, f"cannot read memo.docx: {type(e).__name__}: {e}"
    _, ref = reference.read_one("figures.json")
    fig = json.loads(ref)
    wanted = {"adjusted balance": fig["adjusted_bank"], "ledger balance recomputed": fig["ledger_closing"]}
    ok = {name: any(abs(n - abs(v)) <= 0.5 for n in numbers) for name, v in wanted.items()}
    ev = "; ".join(f"{name} {wanted[name]:,.2f} {'stated' if hit else 'not found'}" for name, hit in ok.items())
    return sum(ok.values()) / len(ok), ev


def _memo_blocks(data: bytes) -> list[str]:
    """The memo's paragraphs and table rows, each as one upper-case text block."""
    d = docx.Document(io.BytesIO(data))
    blocks = [p.text for p in d.paragraphs]
    for t in d.tables:
        for row in t.rows:
            blocks.append(" ".join(c.text for c in row.cells))
    return [b.upper() for b in blocks if b.strip()]


def _compact(text: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", text.upper())


def memo_issues(output, reference, params):
    """Weighted share of the matters the reference raises that the memo raises too: one paragraph or table row that
    names the item (its reference or cheque number, punctuation ignored) and says what is wrong with it. A matter
    weighs its `weight` (1 unless given: a matter only a person can settle weighs more)."""
    _, ref = reference.read_one("issues.json")
    issues = json.loads(ref)
    if not issues:
        return 0.0, "no issues to raise in this instance: nothing to check"
    try:
        _, data = output.read_one("memo.docx")
        blocks = _memo_blocks(data)
    except Exception as e:  # a missing or unreadable memo is the worker's
        return 0.0, f"cannot read memo.docx: {type(e).__name__}: {e}"
    return matters_raised(blocks, issues, hit=_memo_names)


def _memo_names(block, issue):
    """The block names the item (punctuation ignored) and says, in capitals as the memo is read, what is wrong."""
    return all(_compact(x) in _compact(block) for x in issue["all_of"]) and any(
        w.upper() in block for w in issue["any_of"]
    )
