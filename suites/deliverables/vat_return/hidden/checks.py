"""Custom checks of vat_return: the boxes, the build-up of output and input tax, bad debt relief, the schedule line by
line (weighted by the VAT at stake on each line) and the matters the note raises."""

from __future__ import annotations

import csv
import io
import math

from worktrial.kit.grader import json_object, note_matters

MONEY = 1.0  # boxes and components within GBP 1
LINE = 0.05  # a line's VAT within 5p
VALUE = 1.0  # a line's box 6 or box 7 value within GBP 1


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace(",", "").replace("£", "").replace("GBP", "").replace("%", "").strip()
        neg = text.startswith("(") and text.endswith(")")
        try:
            number = float(text.strip("()"))
        except ValueError:
            return None
        return (-number if neg else number) if math.isfinite(number) else None
    return None


def _flag(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "false", "no"):
        return value.strip().lower() in ("true", "yes")
    return None


def _get(doc, *path):
    for p in path:
        if not isinstance(doc, dict):
            return None
        doc = {str(k).strip().lower(): v for k, v in doc.items()}.get(str(p).lower())
    return doc


def _delivered(output):
    try:
        return json_object(output, "vat_return.json"), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read vat_return.json: {type(e).__name__}: {e}"


def _figures(output, reference, items):
    """items: (label, path, accepted values, tolerance); a flag is compared exactly."""
    got_doc, err = _delivered(output)
    if got_doc is None:
        return 0.0, err
    right, wrong = 0, []
    for label, path, accepted, tol in items:
        raw = _get(got_doc, *path)
        if isinstance(accepted[0], bool):
            ok = _flag(raw) is accepted[0]
        else:
            got = _number(raw)
            ok = got is not None and any(abs(got - a) <= tol for a in accepted)
        if ok:
            right += 1
        else:
            wrong.append(f"{label} (got {raw!r}, want {accepted[0]!r})")
    ev = f"{right}/{len(items)} figures right"
    if wrong:
        ev += "; wrong or missing: " + "; ".join(wrong)
    return right / len(items), ev


def _want(reference):
    return json_object(reference, "vat_return.json"), json_object(reference, "accepted.json")


def _box(output, reference, box):
    want, acc = _want(reference)
    values = acc.get(box) or [want["boxes"][box]]
    return _figures(output, reference, [(box, ("boxes", box), [float(v) for v in values], MONEY)])


def box1(output, reference, params):
    """Box 1, VAT due on sales and other outputs, within GBP 1."""
    return _box(output, reference, "box1")


def box4(output, reference, params):
    """Box 4, VAT reclaimed on purchases and other inputs, within GBP 1."""
    return _box(output, reference, "box4")


def box5(output, reference, params):
    """Box 5, the net VAT to pay, within GBP 1."""
    return _box(output, reference, "box5")


def box6(output, reference, params):
    """Box 6, the value of sales and other outputs, within GBP 1."""
    return _box(output, reference, "box6")


def box7(output, reference, params):
    """Box 7, the value of purchases and other inputs, within GBP 1 (blocked purchases at their net or gross value,
    the value of a bad debt in or out: HMRC's guidance leaves both open)."""
    return _box(output, reference, "box7")


def other_boxes(output, reference, params):
    """Boxes 2, 3, 8 and 9, each within GBP 1."""
    want, _ = _want(reference)
    return _figures(
        output,
        reference,
        [(b, ("boxes", b), [float(want["boxes"][b])], MONEY) for b in ("box2", "box3", "box8", "box9")],
    )


def output_tax(output, reference, params):
    """The build-up of output tax: own supplies, reverse charge, corrections of earlier returns, each within GBP 1."""
    want, _ = _want(reference)
    return _figures(
        output, reference, [(k, ("output_tax", k), [float(v)], MONEY) for k, v in want["output_tax"].items()]
    )


PE = (
    "directly_taxable",
    "directly_exempt",
    "residual",
    "recovery_percentage",
    "exempt_input_tax",
    "de_minimis",
    "recoverable",
)


def partial_exemption(output, reference, params):
    """The attribution of input tax, the standard method's recovery percentage, exempt input tax, the de minimis
    outcome and the input tax recovered (each within GBP 1; the percentage within 0.01)."""
    want, _ = _want(reference)
    items = []
    for k in PE:
        v = want["input_tax"][k]
        items.append(
            (
                k,
                ("input_tax", k),
                [v] if isinstance(v, bool) else [float(v)],
                0.01 if k == "recovery_percentage" else MONEY,
            )
        )
    return _figures(output, reference, items)


def bad_debt_relief(output, reference, params):
    """The bad debt relief claimed this quarter, within GBP 1."""
    want, _ = _want(reference)
    v = float(want["input_tax"]["bad_debt_relief"])
    return _figures(output, reference, [("bad_debt_relief", ("input_tax", "bad_debt_relief"), [v], MONEY)])


# ------------------------------------------------------------------------------------------------ the schedule


def _rows(tree, name="vat_schedule.csv"):
    _, data = tree.read_one(name)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    head = [h.strip().lower().replace(" ", "_").replace("-", "_") for h in next(reader, [])]
    out: dict[str, dict] = {}
    repeats = set()
    for r in reader:
        row = dict(zip(head, (c.strip() for c in r), strict=False))
        key = (row.get("line_id") or "").strip().upper()
        if not key:
            continue
        if key in out:
            repeats.add(key)
        out.setdefault(key, row)
    return out, repeats


def _schedule(output, reference, source):
    want, _ = _rows(reference)
    try:
        got, repeats = _rows(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read vat_schedule.csv: {type(e).__name__}: {e}"
    accepted = json_object(reference, "accepted.json").get("box7_lines", {})
    total = right = 0.0
    wrong = []
    for key, w in want.items():
        ref_out, ref_in = _number(w["output_vat"]) or 0.0, _number(w["input_vat"]) or 0.0
        if source == "outputs" and w["source"] != "sales" and not ref_out:
            continue
        if source == "inputs" and w["source"] != "purchases":
            continue
        weight = max(abs(ref_out) + abs(ref_in), abs(_number(w["vat"]) or 0.0), 1.0)
        total += weight
        g = got.get(key.upper())
        ok = g is not None and key.upper() not in repeats
        if ok and source == "outputs":
            for col, tol in (("output_vat", LINE), ("box6", VALUE)):
                v = _number(g.get(col, ""))
                ok = ok and v is not None and abs(v - (_number(w[col]) or 0.0)) <= tol
        elif ok:
            v = _number(g.get("input_vat", ""))
            ok = v is not None and abs(v - ref_in) <= LINE
            v7 = _number(g.get("box7", ""))
            values = [_number(w["box7"]) or 0.0] + [float(x) for x in accepted.get(key, [])]
            ok = ok and v7 is not None and any(abs(v7 - x) <= VALUE for x in values)
            att = w["attribution"].strip().lower()
            if ref_in or att == "blocked":
                ok = ok and (g.get("attribution") or "").strip().lower() == att
        if ok:
            right += weight
        else:
            wrong.append(key)
    extra = [k for k in got if k.startswith(("SL-", "PL-")) and k not in {x.upper() for x in want}]
    for k in extra:
        g = got[k]
        total += max(abs(_number(g.get("output_vat", "")) or 0.0) + abs(_number(g.get("input_vat", "")) or 0.0), 1.0)
    if not total:
        return 0.0, "nothing to check"
    ev = f"{right / total:.1%} of the VAT at stake on lines treated right"
    if wrong:
        ev += f"; {len(wrong)} lines wrong or missing, e.g. " + ", ".join(wrong[:10])
    if extra:
        ev += f"; {len(extra)} lines not in the ledgers, e.g. " + ", ".join(extra[:5])
    return right / total, ev


def schedule_outputs(output, reference, params):
    """Every sales line (and every purchase under a reverse charge): its output VAT in this return within 5p and its
    box 6 value within GBP 1, each line weighted by the VAT at stake on it."""
    return _schedule(output, reference, "outputs")


def schedule_inputs(output, reference, params):
    """Every purchase line: its input tax within 5p, its attribution and its box 7 value within GBP 1, each line
    weighted by the VAT at stake on it."""
    return _schedule(output, reference, "inputs")


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_finance_director.md")
