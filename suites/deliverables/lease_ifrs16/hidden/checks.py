"""Custom check of lease_ifrs16: the matters the notes raise."""

from __future__ import annotations

from worktrial.kit.grader import note_matters


def notes_issues(output, reference, params):
    """Share of the matters of `hidden/reference/issues.json` that `notes.md` raises: one paragraph or line that
    names the lease and says what is the matter with it."""
    return note_matters(output, reference, "notes.md")


def _num(text: str) -> float | None:
    t = text.strip().replace(",", "").replace("€", "").replace("£", "")
    if t.startswith("(") and t.endswith(")"):
        t = "-" + t[1:-1]
    try:
        v = float(t)
    except ValueError:
        return None
    return v if v == v and abs(v) != float("inf") else None


def _schedule(output) -> tuple[dict[str, dict], str]:
    """The delivered schedule's rows by upper-case lease id (first row wins), or an error text."""
    import csv
    import io

    try:
        _, data = output.read_one("lease_schedule.csv")
        text = data.decode("utf-8-sig")
        dialect = csv.Sniffer().sniff(text.splitlines()[0]) if text.strip() else csv.excel
        rows = list(csv.DictReader(io.StringIO(text), dialect=dialect))
    except Exception as e:  # a missing or malformed file is the worker's
        return {}, f"cannot read lease_schedule.csv: {type(e).__name__}: {e}"
    got: dict[str, dict] = {}
    for r in rows:
        r = {str(k or "").strip().lower(): str(v or "").strip() for k, v in r.items()}
        if r.get("lease_id"):
            got.setdefault(r["lease_id"].upper(), r)
    return got, ""


def _item_ok(have: str, column: str, expected: str) -> bool:
    if column == "treatment":
        return have.lower() == expected.lower()
    want, v = float(expected), _num(have)
    return v is not None and abs(v - want) <= max(5.0, 0.005 * abs(want))


def judgement_leases(output, reference, params):
    """The leases whose figures turn on a fact beyond the register (hidden/DESIGN.md), each a share by its `weight`
    (equal shares where the cases give none): its treatment, opening and closing liability, payments, interest,
    depreciation and ROU asset (0.5 % or 5.00)."""
    import csv
    import io

    _, ref = reference.read_one("judgement_cases.csv")
    cases = list(csv.DictReader(io.StringIO(ref.decode("utf-8"))))
    if not cases:
        return 0.0, "no judgement leases in this instance: nothing to check"
    got, err = _schedule(output)
    if err:
        return 0.0, err
    leases: dict[str, list[bool]] = {}
    weights: dict[str, float] = {}
    wrong: list[str] = []
    for c in cases:
        ok = _item_ok(got.get(c["lease_id"].upper(), {}).get(c["column"], ""), c["column"], c["expected"])
        leases.setdefault(c["lease_id"], []).append(ok)
        weights[c["lease_id"]] = float(c.get("weight") or 1)
        if not ok:
            wrong.append(f"{c['lease_id']} {c['column']}")
    score = sum(weights[k] * sum(v) / len(v) for k, v in leases.items()) / sum(weights.values())
    right = sum(all(v) for v in leases.values())
    ev = f"{right}/{len(leases)} leases entirely right"
    if wrong:
        ev += "; wrong: " + ", ".join(wrong[:6]) + (" …" if len(wrong) > 6 else "")
    return score, ev


def trap_leases(output, reference, params):
    """Accuracy on the leases that carry a trap (hidden/DESIGN.md), item by item: the treatment and, for leases on
    the balance sheet, the closing liability, ROU asset, interest and depreciation (0.5 % or 5.00 tolerance)."""
    import csv
    import io

    _, ref = reference.read_one("trap_cases.csv")
    cases = list(csv.DictReader(io.StringIO(ref.decode("utf-8"))))
    if not cases:
        return 0.0, "no trap cases in this instance: nothing to check"
    got, err = _schedule(output)
    if err:
        return 0.0, err
    wrong: dict[str, list[str]] = {}
    for c in cases:
        have = got.get(c["lease_id"].upper(), {}).get(c["column"], "")
        if not _item_ok(have, c["column"], c["expected"]):
            wrong.setdefault(c["trap"], []).append(f"{c['lease_id']} {c['column']} {have or '-'}≠{c['expected']}")
    n_wrong = sum(len(v) for v in wrong.values())
    ev = f"{len(cases) - n_wrong}/{len(cases)} trap items right"
    for trap, items in sorted(wrong.items()):
        ev += f"; {trap}: {', '.join(items[:2])}"
    return (len(cases) - n_wrong) / len(cases), ev
