"""vat_return: the checks score the reference fully and specific wrong deliveries low on the specific check; the rules
of UK VAT law the instruction only names decide graded figures (the recovery percentage rounded up, the de minimis
tests, bad debt relief from the due date, the reverse charges); in the hard instance (q3_full) five facts held by the
client's staff change the figures, each by its own slice (two hinted nowhere: an error in the June return and an
examination session not yet invoiced); garbage scores 0, never void."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, load_module, needs_bwrap

FAM = Family("vat_return", ("reference",))
FAMILY = FAM.root
_checks, _deliver, _grade = FAM.checks, FAM.deliver, FAM.grade
HARD = FAMILY / "variants/q3_full"


def _reference(root: Path) -> Tree:
    ref = root / "hidden/reference"
    return Tree({p.name: p.read_bytes() for p in ref.iterdir()})


def _return(root: Path) -> dict:
    return json.loads((root / "hidden/reference/vat_return.json").read_text(encoding="utf-8"))


def _inputs_text(root: Path) -> str:
    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix in (".docx", ".pdf"):
            parts.append(document_text(path))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
        elif path.suffix == ".xlsx":
            import openpyxl

            wb = openpyxl.load_workbook(path, data_only=True)
            parts += [
                " ".join(str(c) for c in row if c is not None) for ws in wb for row in ws.iter_rows(values_only=True)
            ]
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "the option has effect from 1 July 2026" in people
    assert "Thornbury Hotels is different: their framework agreement gives them 90 days" in people
    assert "Castellan Assessment Partners LLC of Boston, Massachusetts" in people
    assert "invoice SI-26-1244 (Merrow Utilities plc, 23 June 2026) had its VAT of £8,640.00" in people
    assert "the Kingsmoor University resit session ran from 14 to 18 September 2026" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "opted to tax",
        "has effect from",
        "boston",
        "90 days",
        "framework agreement",
        "si-26-1244",
        "8,640",
        "kingsmoor",
        "mail-forwarding",
        "no establishment",
    ):
        assert word not in text, word
    # what the files do show: a building whose VAT position is open, a supplier without a VAT number
    assert "the vat position of the letting to be settled" in text
    assert "castellan assessment partners" in text and "wire transfer" in text
    assert "jnl-0931" in text


def test_the_fair_instance_states_the_facts_and_nothing_of_it_reaches_the_hard_one() -> None:
    text = _inputs_text(FAMILY).casefold()
    for word in ("has effect from 1 july 2026", "no establishment in the uk", "kingsmoor", "si-26-0871"):
        assert word in text, word
    base = FAMILY / "workspace/input"
    for path in base.rglob("*"):
        if path.is_file():
            assert (HARD / "workspace/input" / path.relative_to(base)).exists(), path


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("q3_full")
    assert not has_world(base) and has_world(hard)
    assert "Rhiannon Pugh" in hard.brief() and "Nina Achterberg" in hard.brief() and "bin/ask" not in base.brief()
    assert "What I already know" in base.brief() and "What I already know" not in hard.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_design_puts_the_rules_where_they_decide_figures() -> None:
    base, hard = _return(FAMILY), _return(HARD)
    b, h = base["input_tax"], hard["input_tax"]
    # fair instance: de minimis only with the percentage rounded up to the next whole number
    exact = base["partial_exemption_values"]["exact_percentage"]
    assert b["recovery_percentage"] == pytest.approx(int(exact) + 1) and b["de_minimis"] is True
    assert b["exempt_input_tax"] <= 1875 < b["directly_exempt"] + b["residual"] * (1 - exact / 100)
    assert b["recoverable"] == pytest.approx(b["directly_taxable"] + b["directly_exempt"] + b["residual"], abs=0.02)
    # hard instance: not de minimis, the percentage rounded up
    assert (
        h["de_minimis"] is False
        and h["recovery_percentage"] == int(hard["partial_exemption_values"]["exact_percentage"]) + 1
    )
    assert hard["output_tax"]["corrections"] == 8640.0 and h["bad_debt_relief"] == 6240.0


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _reference(HARD)
    issues = json.loads(ref.files["issues.json"])
    total = sum(i.get("weight", 1) for i in issues)
    good = "\n\n".join(
        [
            "Voltedge invoiced under the domestic reverse charge, but we are an end user: no reverse charge.",
            "Pennant's invoice overcharged VAT; only 20% of the net is claimed.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_finance_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / total), evidence
    vague = "\n\n".join(["Voltedge.", "Pennant.", "Wharf Road.", "Deposits.", "Bad debts.", "Castellan."])
    assert checks.note_issues(Tree({"note_to_finance_director.md": vague.encode()}), ref, {})[0] == 0.0
    error = "The June return omitted the VAT of GBP 8,640.00 on invoice SI-26-1244; corrected in box 1."
    value, _ = checks.note_issues(Tree({"note_to_finance_director.md": error.encode()}), ref, {})
    assert value == pytest.approx(2 / total)


def test_the_schedule_checks_weigh_each_line_by_the_vat_at_stake() -> None:
    import csv
    import io

    checks = _checks()
    ref = _reference(FAMILY)
    rows = list(csv.DictReader(io.StringIO(ref.files["vat_schedule.csv"].decode())))
    purchases = [r for r in rows if r["source"] == "purchases" and float(r["input_vat"])]
    big = max(purchases, key=lambda r: float(r["input_vat"]))
    small = min(purchases, key=lambda r: abs(float(r["input_vat"])))

    def with_wrong(line: dict) -> float:
        out = io.StringIO()
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        for r in rows:
            w.writerow({**r, "input_vat": "0.00"} if r["line_id"] == line["line_id"] else r)
        return checks.schedule_inputs(Tree({"vat_schedule.csv": out.getvalue().encode()}), ref, {})[0]

    assert checks.schedule_inputs(ref, ref, {})[0] == 1.0 and checks.schedule_outputs(ref, ref, {})[0] == 1.0
    assert with_wrong(big) < 0.9 < 0.995 < with_wrong(small)
    twice = ref.files["vat_schedule.csv"] + ref.files["vat_schedule.csv"].split(b"\n", 1)[1]
    assert checks.schedule_inputs(Tree({"vat_schedule.csv": twice}), ref, {})[0] < 0.05


def test_box7_accepts_the_conventions_hmrc_leaves_open_and_nothing_else() -> None:
    checks = _checks()
    ref = _reference(FAMILY)
    want = _return(FAMILY)
    accepted = json.loads(ref.files["accepted.json"])
    for value, ok in [
        (accepted["box7"][1], True),
        (accepted["box7"][2], True),
        (want["boxes"]["box7"] + 0.6, True),
        (want["boxes"]["box7"] + 250, False),
        ("NaN", False),
    ]:
        got = {**want, "boxes": {**want["boxes"], "box7": value}}
        score, _ = checks.box7(Tree({"vat_return.json": json.dumps(got).encode()}), ref, {})
        assert score == (1.0 if ok else 0.0), value


def test_the_figure_checks_take_each_figure_on_its_own() -> None:
    checks = _checks()
    ref = _reference(HARD)
    want = _return(HARD)
    got = json.loads(json.dumps(want))
    got["input_tax"]["recovery_percentage"] = want["partial_exemption_values"]["exact_percentage"]
    got["input_tax"]["de_minimis"] = "false"
    got["output_tax"]["corrections"] = 0
    out = Tree({"vat_return.json": json.dumps(got).encode()})
    assert checks.partial_exemption(out, ref, {})[0] == pytest.approx(6 / 7)
    assert checks.output_tax(out, ref, {})[0] == pytest.approx(2 / 3)
    assert checks.box1(out, ref, {})[0] == 1.0
    assert checks.box5(Tree({"vat_return.json": b"[1, 2]"}), ref, {})[0] == 0.0


# ------------------------------------------------------------------------------------------------ graded runs


def _staff_facts() -> dict:
    build = load_module("vat_return_build_inputs", FAMILY / "hidden/build_inputs.py")
    story = build.model.simulate(build.INSTANCES["q3_full"])
    build.truth.tune(story)
    return build.staff_facts(story)


HINTED = ("option_to_tax", "debtor_terms", "overseas_supplier")  # each behind a gate on what the files show
NOWHERE = ("prior_error", "unbilled")  # hinted nowhere


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, "q3_full", _deliver(tmp_path, "q3_full", known, "all"))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = 1.0 - _grade(tmp_path, "q3_full", _deliver(tmp_path, "q3_full", without, f"no-{fact}"))[0]
    assert all(0.18 <= v <= 0.30 for v in lost.values()), lost
    # a worker who finds the three hinted facts and neither of the facts hinted nowhere
    found = {k: v for k, v in known.items() if k in HINTED}
    assert _grade(tmp_path, "q3_full", _deliver(tmp_path, "q3_full", found, "found"))[0] <= 0.6
    assert _grade(tmp_path, "q3_full", _deliver(tmp_path, "q3_full", None, "nobody"))[0] <= 0.45
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_plausible_wrong_methods_fail_on_the_rules_they_break(tmp_path: Path) -> None:
    score, parts = _grade(
        tmp_path, "base", _deliver(tmp_path, "base", None, "june", "shortcuts/last_quarter_method.py")
    )
    # June's method (two decimals, box 6 as the fraction, no de minimis test) loses the de minimis recovery
    assert parts["box4_input_tax"] == 0.0 and parts["partial_exemption"] < 0.6 and parts["box1_output_tax"] == 1.0
    assert score <= 0.8
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "codes", "shortcuts/system_codes.py"))
    # the system's codes: no VAT on deposits, invoice-date tax points, relief from the invoice date
    assert parts["box1_output_tax"] == 0.0 and parts["bad_debt_relief"] == 0.0 and parts["schedule_outputs"] < 0.97
    assert score <= 0.5


PATCHES = {
    # each trap missed alone, on the fair instance: (the patch to the reference, the checks it must drop)
    "deposits_without_vat": (
        "_s = reference.sale_row\n"
        "def sale_row(s):\n"
        "    r = _s(s)\n"
        "    return {**r, 'output_vat': 0.0, 'box6': 0.0} if s['kind'] == 'SA' else r\n"
        "reference.sale_row = sale_row\n",
        ("box1_output_tax", "output_tax_build_up", "schedule_outputs", "box6_outputs_value"),
    ),
    "two_decimal_percentage": (
        "_r = reference.recovery_percentage\n"
        "reference.recovery_percentage = lambda t, e, r: round(100 * t / (t + e), 2)\n",
        ("partial_exemption", "box4_input_tax", "box5_net_vat"),
    ),
    "relief_from_invoice_date": (
        "_b = reference.bad_debts\n"
        "def bad_debts(debtors, writeoffs, known):\n"
        "    return _b([{**d, 'terms': 0} for d in debtors], writeoffs, {})\n"
        "reference.bad_debts = bad_debts\n",
        ("bad_debt_relief", "box4_input_tax"),
    ),
    "contractor_reverse_charge_followed": (
        "_p = reference.purchase_row\nreference.purchase_row = lambda p, c, k, e, f: _p(p, c, k, set(), f)\n",
        ("box1_output_tax", "box4_input_tax", "schedule_inputs"),
    ),
    "codes_followed_for_blocked_vat": (
        "_p = reference.purchase_row\n"
        "def purchase_row(p, c, k, e, f):\n"
        "    r = _p(p, c, k, e, f)\n"
        "    if r['attribution'] == 'blocked':\n"
        "        return {**r, 'input_vat': p['vat'], 'attribution': 'residual'}\n"
        "    return r\n"
        "reference.purchase_row = purchase_row\n",
        ("box4_input_tax", "partial_exemption", "schedule_inputs"),
    ),
    "minibus_in_the_fraction": (
        "_v = reference.pe_values\n"
        "def pe_values(rows, u):\n"
        "    return _v([{**r, '_pe': 'taxable' if r.get('_pe') == 'excluded' else r.get('_pe')} for r in rows], u)\n"
        "reference.pe_values = pe_values\n",
        ("partial_exemption",),
    ),
}


@needs_bwrap
@pytest.mark.parametrize("trap", sorted(PATCHES))
def test_each_trap_missed_drops_its_own_checks(trap: str, tmp_path: Path) -> None:
    patch, dropped = PATCHES[trap]
    script = tmp_path / f"{trap}.py"
    script.write_text("import reference\n" + patch + "reference.ASK = False\nreference.main()\n")
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, trap, str(script)))
    assert all(parts[c] < 1.0 for c in dropped), (trap, parts)
    assert 0.5 < score < 1.0, (trap, score)


@needs_bwrap
def test_garbage_scores_zero_and_is_never_void(tmp_path: Path) -> None:
    out = tmp_path / "garbage"
    out.mkdir()
    (out / "vat_return.json").write_text('{"boxes": {"box1": "lots"}, "input_tax": [], "output_tax": null}')
    (out / "vat_schedule.csv").write_text("a,b\n1,2\n")
    (out / "note_to_finance_director.md").write_text("Nothing to report.\n")
    score, parts = _grade(tmp_path, "q3_full", out)
    gates = {
        "return_delivered",
        "schedule_delivered",
        "note_delivered",
        "schedule_is_csv",
        "return_opens",
        "no_placeholders",
        "no_crash_output",
    }
    assert score == 0.0 and all(v == 0.0 for k, v in parts.items() if k not in gates), parts
