"""Custom checks of the survey_weights family.

Each function is called as f(output, reference, params) with read-only trees of the delivered output/ and of
hidden/reference/; it returns (value in [0, 1], evidence).

Where the client's staff hold facts that change the sample, the targets or the region codes (hidden/facts.json of
the reference, hidden/DESIGN.md), each fact is graded by its own check (`excluded_records`, `region_codes`,
`age_targets`, `withdrawn_records`, `boost_records`), and every other check compares the delivery with the
reference alternative that applies the same facts as the delivery did, so a missed fact costs its own slice and not every figure
downstream of it.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import defaultdict

SHARE_TOL = 0.2      # percentage points, for weighted region / age-band shares
PCT_TOL = 0.1        # percentage points, for the topline and the tables
WEIGHT_REL, WEIGHT_ABS = 0.005, 0.002
FACTS = ("batch", "ages", "regions", "withdrawn", "boost")  # the order of the alternatives' names


def _table(tree, path: str) -> tuple[list[str], list[dict[str, str]]]:
    _, data = tree.read_one(path)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = [r for r in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in r)]
    if not rows:
        return [], []
    head = [h.strip() for h in rows[0]]
    keys = [h.casefold() for h in head]
    return head, [dict(zip(keys, (c.strip() for c in r))) for r in rows[1:]]


def _num(x) -> float | None:
    """A finite number, or None: "nan" and "inf" are not answers (NaN would never miss a target)."""
    try:
        number = float(str(x).strip().replace(",", ""))
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _off(got: float | None, want: float, tol: float) -> bool:
    """True unless `got` is within `tol` of `want` (written so that NaN counts as off)."""
    return got is None or not abs(got - want) <= tol


class _Sub:
    """A folder of the reference tree read as a tree of its own."""

    def __init__(self, tree, prefix: str) -> None:
        self.tree, self.prefix = tree, prefix

    def read_one(self, path: str):
        return self.tree.read_one(self.prefix + path)


def _facts(reference) -> dict:
    try:
        return json.loads(reference.read_one("facts.json")[1])
    except Exception:
        return {}


def _delivered(output) -> list[dict[str, str]]:
    try:
        return _table(output, "weighted_responses.csv")[1]
    except Exception:
        return []


def _applied(output, facts: dict, rows=None) -> set[str]:
    """Which of the staff's facts the delivery applied, read from its weighted file."""
    rows = _delivered(output) if rows is None else rows
    if not facts or not rows:
        return set(FACTS)
    ids = {r.get("resp_id"): r for r in rows}
    done = set()
    batch = facts.get("batch_ids", [])
    if batch and sum(i in ids for i in batch) < len(batch) / 2:
        done.add("batch")
    withdrawn = facts.get("withdrawn_ids", [])
    if withdrawn and sum(i in ids for i in withdrawn) < len(withdrawn) / 2:
        done.add("withdrawn")
    boost = facts.get("boost_ids", [])
    if boost and sum(i in ids for i in boost) < len(boost) / 2:
        done.add("boost")
    recoded = [(ids[i].get("region"), v["corrected"]) for i, v in facts.get("recoded", {}).items() if i in ids]
    if recoded and sum(got == want for got, want in recoded) > len(recoded) / 2:
        done.add("regions")
    targets = facts.get("age_targets")
    if targets:
        bands = [(b, *_span(b)) for b in targets["current"]]
        shares = _shares(rows, bands)
        if shares is not None:
            def gap(which: str) -> float:
                tot = sum(targets[which].values())
                return sum(abs(shares.get("age " + b, 0.0) - 100 * v / tot) for b, v in targets[which].items())
            if gap("current") < gap("published"):
                done.add("ages")
    return done


def _span(label: str) -> tuple[int, int]:
    nums = [int(x) for x in re.findall(r"\d+", label)]
    return (nums[0], nums[1]) if len(nums) > 1 else (nums[0], 200)


def _alternative(output, reference):
    """The reference (or its alternative) that applies the same staff facts as the delivery."""
    facts = _facts(reference)
    done = _applied(output, facts)
    if not facts.get("alternatives") or done == set(FACTS):
        return reference, ""
    key = "-".join(f for f in FACTS if f in done) or "none"
    return _Sub(reference, f"alternatives/{key}/"), f" (compared with the reference that applies only: {key})"


def responses_intact(output, reference, params):
    """weighted_responses.csv keeps every original column, in order, with `weight` appended, and the complete
    interviews' values unchanged (no other records)."""
    try:
        head, got = _table(output, "weighted_responses.csv")
    except Exception as e:
        return 0.0, f"cannot read weighted_responses.csv: {e}"
    reference, _ = _alternative(output, reference)
    ref_head, want = _table(reference, "weighted_responses.csv")
    original = [h.casefold() for h in ref_head if h.casefold() != "weight"]
    notes = []
    header_ok = [h.casefold() for h in head] == original + ["weight"]
    if not header_ok:
        notes.append(f"columns {head[:14]} should be the input's columns then weight")
    by_id = {r.get("resp_id"): r for r in got}
    wanted_ids = {r["resp_id"] for r in want}
    matched, changed = 0, []
    for r in want:
        mine = by_id.get(r["resp_id"])
        if mine is not None and all(mine.get(c, None) == r[c] for c in original):
            matched += 1
        else:
            changed.append(r["resp_id"])
    extra = [i for i in by_id if i not in wanted_ids]
    share = matched / (len(want) + len(extra))
    if changed:
        notes.append(f"{len(changed)} complete interviews missing or altered (e.g. {changed[:3]})")
    if extra:
        notes.append(f"{len(extra)} records that are not complete interviews (e.g. {extra[:3]})")
    # The right header earns its share only with records under it: an empty table has nothing to check.
    value = 0.2 * header_ok + 0.8 * share if got else 0.0
    return value, "; ".join(notes) or "columns and records intact"


def _bands(params) -> list[tuple[str, int, int]]:
    out = []
    for part in str(params.get("age_bands", "")).split(","):
        lo, hi = part.strip().split("-")
        out.append((part.strip(), int(lo), int(hi)))
    return out


def _shares(rows, bands) -> dict[str, float] | None:
    tot = defaultdict(float)
    for r in rows:
        w, age = _num(r.get("weight")), _num(r.get("age"))
        if w is None or age is None:
            return None
        tot["region " + r.get("region", "")] += w
        band = next((b for b, lo, hi in bands if lo <= age <= hi), "?")
        tot["age " + band] += w
    s = sum(v for k, v in tot.items() if k.startswith("region "))
    return {k: 100 * v / s for k, v in tot.items()} if s else None


def weighted_margins(output, reference, params):
    """The delivered weights reproduce the population's region shares and age-band shares (scale-free)."""
    try:
        _, got = _table(output, "weighted_responses.csv")
    except Exception as e:
        return 0.0, f"cannot read weighted_responses.csv: {e}"
    if not got or "weight" not in got[0]:
        return 0.0, "no weight column"
    reference, _ = _alternative(output, reference)
    _, want = _table(reference, "weighted_responses.csv")
    bands = _bands(params)
    mine, theirs = _shares(got, bands), _shares(want, bands)
    if mine is None:
        return 0.0, "weights or ages are not numbers"
    misses = [f"{k} {mine.get(k, 0):.2f}% ≠ {v:.2f}%" for k, v in theirs.items()
              if _off(mine.get(k, 0.0), v, SHARE_TOL)]
    value = (len(theirs) - len(misses)) / len(theirs)
    return value, ("off target: " + "; ".join(misses[:5])) if misses else "every margin on target"


def _label(x: str) -> str:
    return " ".join(str(x).replace("\u2019", "'").split()).casefold()


def topline(output, reference, params):
    """summary.json: the weighted topline of the key question (per answer label) and the net score."""
    try:
        got = json.loads(output.read_one("summary.json")[1])
    except Exception as e:
        return 0.0, f"cannot read summary.json: {e}"
    reference, _ = _alternative(output, reference)
    want = json.loads(reference.read_one("summary.json")[1])
    tl = got.get("topline") if isinstance(got, dict) else None
    mine = {_label(k): v for k, v in tl.items()} if isinstance(tl, dict) else {}
    items, misses = 0, []
    for label, value in want["topline"].items():
        items += 1
        g = _num(mine.get(_label(label)))
        if _off(g, value, PCT_TOL):
            misses.append(f"{label}: {mine.get(_label(label))!r} ≠ {value:.2f}")
    items += 1
    g = _num(got.get("net_satisfaction")) if isinstance(got, dict) else None
    if _off(g, want["net_satisfaction"], PCT_TOL):
        misses.append(f"net_satisfaction {g!r} ≠ {want['net_satisfaction']:.2f}")
    return (items - len(misses)) / items, "; ".join(misses[:5]) or "topline agrees"


def weights(output, reference, params):
    """One weight per complete interview, within 0.5 % (or 0.002); records that are not complete interviews
    count as extra rows."""
    got = _delivered(output)
    if not got or "weight" not in got[0]:
        return 0.0, "no weighted file with a weight column"
    reference, note = _alternative(output, reference)
    _, want = _table(reference, "weighted_responses.csv")
    mine = {}
    for r in got:
        mine.setdefault(r.get("resp_id"), _num(r.get("weight")))
    wanted = {r["resp_id"] for r in want}
    ok, off = 0, []
    for r in want:
        w, g = float(r["weight"]), mine.get(r["resp_id"])
        if g is not None and abs(g - w) <= max(WEIGHT_ABS, WEIGHT_REL * abs(w)):
            ok += 1
        else:
            off.append(r["resp_id"])
    extra = len(got) - sum(1 for r in got if r.get("resp_id") in wanted)
    value = ok / (len(want) + extra)
    notes = []
    if off:
        notes.append(f"{len(off)} of {len(want)} weights off or missing (e.g. {off[:3]})")
    if extra:
        notes.append(f"{extra} rows that are not one complete interview each")
    return value, ("; ".join(notes) or "every weight agrees") + note


def _xlsx_rows(tree, path: str, sheet: str) -> list[dict[str, object]]:
    import openpyxl

    _, data = tree.read_one(path)
    wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    ws = next((w for w in wb.worksheets if w.title.strip().casefold() == sheet.casefold()), None)
    if ws is None:
        return []
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    if not rows:
        return []
    head = [str(h or "").strip().casefold() for h in rows[0]]
    return [dict(zip(head, r)) for r in rows[1:] if any(c not in (None, "") for c in r)]


def weighted_tables(output, reference, params):
    """Every question x answer x region (and Total): weighted percentage within 0.1 points, unweighted base exact."""
    try:
        got = _xlsx_rows(output, "tables.xlsx", "Tables")
    except Exception as e:
        return 0.0, f"cannot read tables.xlsx: {e}"
    reference, note = _alternative(output, reference)
    want = _xlsx_rows(reference, "tables.xlsx", "Tables")

    def key(r) -> tuple[str, str, str]:
        return tuple(_label(r.get(k, "")) for k in ("question", "answer", "region"))  # type: ignore[return-value]

    mine = {}
    for r in got:
        mine.setdefault(key(r), r)
    ok, off = 0, []
    for r in want:
        g = mine.get(key(r))
        pct, base = (_num(g.get("weighted_pct")), _num(g.get("base_n"))) if g else (None, None)
        if not _off(pct, float(r["weighted_pct"]), PCT_TOL) and base == float(r["base_n"]):
            ok += 1
        else:
            off.append("/".join(key(r)))
    value = ok / len(want) if want else 0.0
    return value, (f"{len(off)} of {len(want)} cells off or missing (e.g. {off[:3]})" if off
                   else "every cell agrees") + note


def _summary_field(output, reference, field: str):
    try:
        got = json.loads(output.read_one("summary.json")[1])
    except Exception:
        got = {}
    reference, note = _alternative(output, reference)
    want = json.loads(reference.read_one("summary.json")[1])
    return (got.get(field) if isinstance(got, dict) else None), want[field], note


def effective_sample_size(output, reference, params):
    """Kish's effective sample size, within 0.5 %."""
    got, want, note = _summary_field(output, reference, "effective_sample_size")
    g = _num(got)
    if _off(g, want, 0.005 * abs(want)):
        return 0.0, f"effective_sample_size {got!r} ≠ {want}" + note
    return 1.0, "effective sample size agrees" + note


def design_effect(output, reference, params):
    """n_complete over the effective sample size, within 0.5 %."""
    got, want, note = _summary_field(output, reference, "design_effect")
    g = _num(got)
    if _off(g, want, 0.005 * abs(want)):
        return 0.0, f"design_effect {got!r} ≠ {want}" + note
    return 1.0, "design effect agrees" + note


def counts_and_method(output, reference, params):
    """summary.json: key_question, n_complete and method as the reference (alternative) has them."""
    fields = ("key_question", "n_complete", "method")
    misses = []
    for f in fields:
        got, want, note = _summary_field(output, reference, f)
        same = _num(got) == _num(want) if f == "n_complete" else _label(got or "") == _label(want)
        if not same:
            misses.append(f"{f} {got!r} ≠ {want!r}")
    return (len(fields) - len(misses)) / len(fields), "; ".join(misses) or "counts and method agree"


# ------------------------------------------------------------------------ the staff's facts, one check each
def excluded_records(output, reference, params):
    """The records that are not valid interviews are left out (facts.json `excluded_ids`: where staff hold the
    fact, the interviews the agency's quality check rejected; otherwise the partial and test records), and every
    valid interview is kept."""
    rows = _delivered(output)
    if not rows:
        return 0.0, "no weighted file"
    facts = _facts(reference)
    excluded = facts.get("excluded_ids", [])
    _, want = _table(reference, "weighted_responses.csv")
    ids = {r.get("resp_id") for r in rows}
    kept_bad = [i for i in excluded if i in ids]
    missing = [r["resp_id"] for r in want if r["resp_id"] not in ids]
    value = (1 - len(kept_bad) / len(excluded) if excluded else 1.0) * (1 - len(missing) / len(want))
    notes = []
    if kept_bad:
        notes.append(f"{len(kept_bad)} records that are not valid interviews kept (e.g. {kept_bad[:3]})")
    if missing:
        notes.append(f"{len(missing)} valid interviews missing (e.g. {missing[:3]})")
    return max(0.0, value), "; ".join(notes) or "exactly the valid interviews"


def withdrawn_records(output, reference, params):
    """No record the client may no longer use is delivered (facts.json `withdrawn_ids`: where staff hold the fact,
    the interviews of the panel members who withdrew their consent after the file was sent; otherwise the records
    that are not valid interviews), and every valid interview is kept."""
    rows = _delivered(output)
    if not rows:
        return 0.0, "no weighted file"
    facts = _facts(reference)
    withdrawn = facts.get("withdrawn_ids") or facts.get("excluded_ids", [])
    _, want = _table(reference, "weighted_responses.csv")
    ids = {r.get("resp_id") for r in rows}
    kept = [i for i in withdrawn if i in ids]
    missing = [r["resp_id"] for r in want if r["resp_id"] not in ids]
    value = (1 - len(kept) / len(withdrawn) if withdrawn else 1.0) * (1 - len(missing) / len(want))
    notes = []
    if kept:
        notes.append(f"{len(kept)} records the client may no longer use are delivered (e.g. {kept[:3]})")
    if missing:
        notes.append(f"{len(missing)} valid interviews missing (e.g. {missing[:3]})")
    return max(0.0, value), "; ".join(notes) or "no record that may not be used"


def boost_records(output, reference, params):
    """Only the tracker's own sample is delivered (facts.json `boost_ids`: where staff hold the fact, the valid
    interviews of the client's Priority Services Register boost exported in the same file), and every valid
    interview is kept. Where no staff hold the fact (the fair instance), it grades each interview's weight, as
    `weights` does, so that it adds nothing a shortcut could collect by leaving out the partial records."""
    rows = _delivered(output)
    if not rows:
        return 0.0, "no weighted file"
    facts = _facts(reference)
    boost = facts.get("boost_ids")
    if not boost:
        return weights(output, reference, params)
    _, want = _table(reference, "weighted_responses.csv")
    ids = {r.get("resp_id") for r in rows}
    kept = [i for i in boost if i in ids]
    missing = [r["resp_id"] for r in want if r["resp_id"] not in ids]
    value = (1 - len(kept) / len(boost) if boost else 1.0) * (1 - len(missing) / len(want))
    notes = []
    if kept:
        notes.append(f"{len(kept)} interviews outside the tracker's sample are delivered (e.g. {kept[:3]})")
    if missing:
        notes.append(f"{len(missing)} valid interviews missing (e.g. {missing[:3]})")
    return max(0.0, value), "; ".join(notes) or "only the tracker's sample"


def region_codes(output, reference, params):
    """Each interview is in its right region: where staff hold the fact, the region codes the agency corrected
    (facts.json `recoded`) are delivered corrected; otherwise each region's bases in the tables are right."""
    facts = _facts(reference)
    recoded = facts.get("recoded")
    if recoded:
        ids = {r.get("resp_id"): r.get("region") for r in _delivered(output)}
        right = sum(ids.get(i) == v["corrected"] for i, v in recoded.items())
        value = right / len(recoded)
        return value, (f"{len(recoded) - right} of {len(recoded)} interviews in the wrong region"
                       if right < len(recoded) else "every interview in its region")
    try:
        got = _xlsx_rows(output, "tables.xlsx", "Tables")
    except Exception as e:
        return 0.0, f"cannot read tables.xlsx: {e}"
    want = _xlsx_rows(reference, "tables.xlsx", "Tables")
    bases = {(_label(r["question"]), _label(r["region"])): r["base_n"] for r in want}
    mine = {(_label(r.get("question", "")), _label(r.get("region", ""))): _num(r.get("base_n")) for r in got}
    right = sum(mine.get(k) == float(v) for k, v in bases.items())
    return right / len(bases), f"{right} of {len(bases)} question x region bases right"


def age_targets(output, reference, params):
    """The weighted age-band shares hit the population targets within 0.2 points: where staff hold the fact, the
    current market model's (facts.json `age_targets.current`), not the workbook's stale sheet."""
    rows = _delivered(output)
    if not rows or "weight" not in rows[0]:
        return 0.0, "no weight column"
    bands = _bands(params)
    mine = _shares(rows, bands)
    if mine is None:
        return 0.0, "weights or ages are not numbers"
    targets = _facts(reference).get("age_targets", {}).get("current")
    if targets:
        tot = sum(targets.values())
        by_lo = {_span(b)[0]: 100 * v / tot for b, v in targets.items()}
        want = {"age " + b: by_lo[lo] for b, lo, _ in bands}
    else:
        _, ref_rows = _table(reference, "weighted_responses.csv")
        theirs = _shares(ref_rows, bands) or {}
        want = {k: v for k, v in theirs.items() if k.startswith("age ")}
    misses = [f"{k} {mine.get(k, 0):.2f}% ≠ {v:.2f}%" for k, v in want.items() if _off(mine.get(k, 0.0), v, SHARE_TOL)]
    return (len(want) - len(misses)) / len(want), ("off target: " + "; ".join(misses)) if misses else "on target"
