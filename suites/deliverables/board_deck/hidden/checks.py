"""Custom checks for board_deck: numbers read off the slides and figures.json compared per business unit.

Every function is called as f(output, reference, params) with read-only trees and returns (value, evidence).
Expected values come from the instance's hidden/reference/figures.json.
"""

from __future__ import annotations

import json
import re

from worktrial.grading.checks.files import FileProblem
from worktrial.grading.checks.formats import slides as open_slides

DECK = "board_deck.pptx"
FIGURES = "figures.json"
ROUNDED = 0.051  # a figure shown to one decimal place
CHANGE = 0.15  # a change % may be computed from slightly different rounding
NUMBER = re.compile(r"\(?[-+\u2212]?\d+(?:,\d{3})*(?:\.\d+)?%?\)?")
METRIC_WORDS = {
    "revenue": ("revenue", "sales"),
    "gross_margin": ("margin",),
    "churn": ("churn",),
    "cash": ("cash",),
}
TABLE_FIELDS = [
    "revenue_prior_eur_m",
    "revenue_eur_m",
    "revenue_change_pct",
    "gross_margin_prior_pct",
    "gross_margin_pct",
    "churn_prior_pct",
    "churn_pct",
]
JSON_FIELDS = [*TABLE_FIELDS, "closing_cash_eur_m", "closing_cash_prior_eur_m"]


# --------------------------------------------------------------------------------------------- helpers


def norm(text: str) -> str:
    text = str(text).replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-")
    return " ".join(text.split()).casefold()


def numbers(text: str) -> list[float]:
    out = []
    for tok in NUMBER.findall(text):
        # "(8.9%)" is an accounting negative; "(+3.9%)" keeps its sign
        neg = tok.startswith("(") and tok.endswith(")") and tok[1] not in "+-\u2212"
        tok = tok.strip("()").rstrip("%").replace(",", "").replace("\u2212", "-")
        try:
            v = float(tok)
        except ValueError:
            continue
        out.append(-abs(v) if neg else v)
    return out


def first_number(text: str) -> float | None:
    found = numbers(text)
    return found[0] if found else None


def reference_figures(reference) -> dict:
    _, data = reference.read_one(FIGURES)
    return json.loads(data.decode("utf-8"))


def load_deck(output):
    entry, data = output.read_one(DECK)
    return open_slides(data, entry.rel, output.limits)


def _walk(shapes):
    for sh in shapes:
        if getattr(sh, "shape_type", None) == 6:  # MSO_SHAPE_TYPE.GROUP
            yield from _walk(sh.shapes)
        else:
            yield sh


def slide_lines(slide) -> list[str]:
    """The slide's text as lines: paragraphs of text frames, table rows, and chart points."""
    lines: list[str] = []
    for sh in _walk(slide.shapes):
        if getattr(sh, "has_text_frame", False) and sh.has_text_frame:
            lines.extend(p.text for p in sh.text_frame.paragraphs if p.text.strip())
        if getattr(sh, "has_table", False) and sh.has_table:
            for row in sh.table.rows:
                lines.append(" | ".join(c.text for c in row.cells))
        if getattr(sh, "has_chart", False) and sh.has_chart:
            try:
                for plot in sh.chart.plots:
                    cats = [str(c) for c in plot.categories]
                    for series in plot.series:
                        for i, v in enumerate(series.values):
                            if v is not None:
                                cat = cats[i] if i < len(cats) else ""
                                lines.append(f"{cat} {series.name}: {v}")
            except Exception:  # a chart without a readable cache shows no numbers
                pass
    return lines


def slide_title(slide) -> str:
    t = slide.shapes.title
    return t.text_frame.text if t is not None and t.has_text_frame else ""


def find_slide(deck, wanted: str):
    w = norm(wanted)
    for slide in deck.slides:
        if w in norm(slide_title(slide)):
            return slide
    return None


def present(value: float, found: list[float], tol: float, signed: bool = False) -> bool:
    """Whether a number within tol of value is shown. Unsigned by default: on a slide "(41.2%)" is as likely a
    prior-quarter figure in brackets as an accounting negative, and "down 8.9%" is a change of -8.9."""
    if signed:
        return any(abs(n - value) <= tol for n in found)
    return any(abs(abs(n) - abs(value)) <= tol for n in found)


def _guard(fn):
    def wrapped(output, reference, params):
        try:
            return fn(output, reference, params)
        except FileProblem as e:
            return 0.0, str(e)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            return 0.0, f"cannot read the deliverable: {type(e).__name__}: {e}"

    wrapped.__name__ = fn.__name__
    return wrapped


def _numbers_on(output, title: str, wanted: list[tuple[str, float, float, bool]]):
    deck = load_deck(output)
    slide = find_slide(deck, title)
    if slide is None:
        return 0.0, f"no slide titled {title!r}"
    found = numbers("\n".join(slide_lines(slide)))
    missing = [f"{label} {value:.1f}" for label, value, tol, signed in wanted if not present(value, found, tol, signed)]
    value = 1 - len(missing) / len(wanted) if wanted else 1.0
    if missing:
        return value, f"{title!r}: missing " + "; ".join(missing[:8])
    return value, f"{title!r}: all {len(wanted)} figures shown"


# ---------------------------------------------------------------------------------------------- slides


@_guard
def title_slide(output, reference, params):
    ref = reference_figures(reference)
    deck = load_deck(output)
    if not len(deck.slides):
        return 0.0, "the deck has no slides"
    first = deck.slides[0]
    lines = slide_lines(first)
    text = norm(" ".join(lines))
    # the quarter under review belongs in the slide's title (the comparison quarter may be in the subtitle)
    title = norm(slide_title(first) or (lines[0] if lines else ""))
    missing = []
    if norm(params.get("organisation_short", "Halvard")) not in text:
        missing.append("the company name")
    if norm(ref["quarter"]) not in title:
        missing.append(f"{ref['quarter']!r} in its title")
    return 1 - len(missing) / 2, ("first slide lacks " + ", ".join(missing)) if missing else "title slide ok"


@_guard
def executive_summary(output, reference, params):
    g = reference_figures(reference)["group"]
    return _numbers_on(output, "Executive summary", [
        ("group revenue EUR m", g["revenue_eur_m"], ROUNDED, False),
        ("group revenue change %", g["revenue_change_pct"], CHANGE, False),
        ("group gross margin %", g["gross_margin_pct"], ROUNDED, False),
        ("group churn %", g["churn_pct"], ROUNDED, False),
        ("group closing cash EUR m", g["closing_cash_eur_m"], ROUNDED, False),
    ])  # fmt: skip


@_guard
def revenue_slide(output, reference, params):
    units = reference_figures(reference)["business_units"]
    wanted = []
    for u in units:
        wanted.append((f"{u['name']} revenue", u["revenue_eur_m"], ROUNDED, False))
        wanted.append((f"{u['name']} prior revenue", u["revenue_prior_eur_m"], ROUNDED, False))
    return _numbers_on(output, "Revenue by business unit", wanted)


@_guard
def margin_churn_slide(output, reference, params):
    units = reference_figures(reference)["business_units"]
    wanted = []
    for u in units:
        wanted.append((f"{u['name']} gross margin %", u["gross_margin_pct"], ROUNDED, False))
        wanted.append((f"{u['name']} churn %", u["churn_pct"], ROUNDED, False))
    return _numbers_on(output, "Gross margin and churn", wanted)


@_guard
def cash_slide(output, reference, params):
    ref = reference_figures(reference)
    wanted = [(f"{u['name']} closing cash", u["closing_cash_eur_m"], ROUNDED, False) for u in ref["business_units"]]
    wanted.append(("group closing cash", ref["group"]["closing_cash_eur_m"], ROUNDED, False))
    return _numbers_on(output, "Cash position", wanted)


@_guard
def qoq_table(output, reference, params):
    ref = reference_figures(reference)
    expected = {norm(u["name"]): u for u in ref["business_units"]}
    expected["group"] = ref["group"]
    deck = load_deck(output)
    slide = find_slide(deck, "Quarter-over-quarter summary")
    if slide is None:
        return 0.0, "no slide titled 'Quarter-over-quarter summary'"
    tables = [sh.table for sh in _walk(slide.shapes) if getattr(sh, "has_table", False) and sh.has_table]
    if not tables:
        return 0.0, "the 'Quarter-over-quarter summary' slide has no table"
    table = max(tables, key=lambda t: len(t.rows) * len(t.columns))
    rows = [[c.text for c in r.cells] for r in table.rows]
    if len(rows[0]) < 1 + len(TABLE_FIELDS):
        return 0.0, f"the table has {len(rows[0])} columns, expected {1 + len(TABLE_FIELDS)}"
    got: dict[str, list[str]] = {}
    extra = []
    for r in rows[1:]:
        label = norm(r[0])
        if not label and not any(c.strip() for c in r):
            continue
        key = "group" if label in ("group", "group total", "total") else label
        if key in expected and key not in got:
            got[key] = r
        else:
            extra.append(r[0].strip() or "(blank)")
    ok, problems = 0, []
    for key, fig in expected.items():
        row = got.get(key)
        if row is None:
            problems.append(f"row {key!r} missing")
            continue
        for j, field in enumerate(TABLE_FIELDS, start=1):
            v = first_number(row[j]) if j < len(row) else None
            tol = CHANGE if field == "revenue_change_pct" else ROUNDED
            if v is not None and field != "revenue_change_pct":
                v = abs(v)  # levels are positive; brackets around them are not a sign
            if v is not None and abs(v - fig[field]) <= tol:
                ok += 1
            else:
                problems.append(f"{key} {field}: {row[j].strip() if j < len(row) else '-'!s} vs {fig[field]:.1f}")
    total = len(expected) * len(TABLE_FIELDS) + len(extra) * len(TABLE_FIELDS)
    if extra:
        problems.append("extra rows: " + ", ".join(extra))
    value = ok / total if total else 0.0
    return value, (f"{ok}/{total} cells right; " + "; ".join(problems[:8])) if problems else "table matches"


@_guard
def risks_slide(output, reference, params):
    ref = reference_figures(reference)
    flags = [(r["business_unit"], r["metric"]) for r in ref["risks"]]
    flagged_units = {norm(u) for u, _ in flags}
    deck = load_deck(output)
    slide = find_slide(deck, "Key risks")
    if slide is None:
        return 0.0, "no slide titled 'Key risks'"
    lines = [norm(line) for line in slide_lines(slide)]
    if len(lines) > 0 and norm(slide_title(slide)) == lines[0]:
        lines = lines[1:]
    found, missing = 0, []
    for unit, metric in flags:
        if any(norm(unit) in line and any(w in line for w in METRIC_WORDS[metric]) for line in lines):
            found += 1
        else:
            missing.append(f"{unit}/{metric}")
    others = [u["name"] for u in ref["business_units"] if norm(u["name"]) not in flagged_units]
    others += [u.strip() for u in str(params.get("not_in_scope", "")).split(",") if u.strip()]
    wrong = [u for u in others if any(norm(u) in line for line in lines)]
    denominator = len(flags) + len(wrong)
    value = found / denominator if denominator else 1.0
    notes = []
    if missing:
        notes.append("missing " + ", ".join(missing))
    if wrong:
        notes.append("names units without a flag: " + ", ".join(wrong))
    return value, "; ".join(notes) or f"all {len(flags)} risk flags shown"


# ------------------------------------------------------------------------------------------ figures.json


def _figures(output) -> dict:
    _, data = output.read_one(FIGURES)
    doc = json.loads(data.decode("utf-8-sig"))
    if not isinstance(doc, dict):
        raise ValueError("figures.json is not an object")
    return doc


@_guard
def unit_figures(output, reference, params):
    ref = reference_figures(reference)
    try:
        got_list = _figures(output).get("business_units")
    except json.JSONDecodeError as e:
        return 0.0, f"figures.json is not JSON: {e}"
    if not isinstance(got_list, list):
        return 0.0, "business_units is not a list"
    got = {}
    extra = []
    for item in got_list:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            got.setdefault(norm(item["name"]), item)
    expected = {norm(u["name"]): u for u in ref["business_units"]}
    extra = [k for k in got if k not in expected]
    ok, problems = 0, []
    for key, fig in expected.items():
        item = got.get(key)
        if item is None:
            problems.append(f"{fig['name']} missing")
            continue
        for field in JSON_FIELDS:
            v = item.get(field)
            tol = CHANGE if field == "revenue_change_pct" else ROUNDED
            if isinstance(v, int | float) and not isinstance(v, bool) and abs(v - fig[field]) <= tol:
                ok += 1
            else:
                problems.append(f"{fig['name']}.{field} = {v!r}, expected {fig[field]:.2f}")
    total = (len(expected) + len(extra)) * len(JSON_FIELDS)
    if extra:
        problems.append("units that should not be there: " + ", ".join(extra))
    value = ok / total if total else 0.0
    return value, (f"{ok}/{total} right; " + "; ".join(problems[:8])) if problems else "all unit figures right"


@_guard
def risks_json(output, reference, params):
    ref = reference_figures(reference)
    want = {(norm(r["business_unit"]), norm(r["metric"])) for r in ref["risks"]}
    try:
        items = _figures(output).get("risks")
    except json.JSONDecodeError as e:
        return 0.0, f"figures.json is not JSON: {e}"
    if not isinstance(items, list):
        return 0.0, "risks is not a list"
    got = {
        (norm(i.get("business_unit", "")), norm(i.get("metric", "")))
        for i in items
        if isinstance(i, dict)
    }
    hit, extra = want & got, got - want
    denominator = len(want) + len(extra)
    value = len(hit) / denominator if denominator else 1.0
    missing = sorted("/".join(p) for p in want - got)
    wrong = sorted("/".join(p) for p in extra)
    notes = ([f"missing {missing}"] if missing else []) + ([f"not flags: {wrong}"] if wrong else [])
    return value, "; ".join(notes) or f"all {len(want)} risk flags"
