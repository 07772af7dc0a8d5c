"""energy_bill_validation: the checks score the reference fully and specific wrong deliveries low on the specific
check; the domain's rules (settlement periods in clock time, kVA maximum demand, HMRC's 60% rule, an estimate reversed
by its re-bill) each decide figures; in the hard instance (winter_quarter) seven facts held by the client's staff
change the figures, each by its own slice (five hinted nowhere: the reduced capacities, Brightwater's concession,
Thornbury's cold store certificate, the Wexley flats let as treatment rooms and Corn Exchange's new LLFC); only the
hard instance has staff, and each instance's clock starts when its invoices arrive."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sys
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/energy_bill_validation"
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/winter_quarter"
SOLUTIONS = FAMILY / "hidden/solutions"


def _module(name: str, path: Path) -> Any:
    if name not in sys.modules:
        sys.path.insert(0, str(path.parent))
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def _checks() -> Any:
    return _module("energy_bill_validation_checks", FAMILY / "hidden/checks.py")


def _build() -> Any:
    return _module("energy_bill_validation_build_inputs", FAMILY / "hidden/build_inputs.py")


class _Tree:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, name: str) -> tuple[str, bytes]:
        if name not in self.files:
            raise FileNotFoundError(name)
        return name, self.files[name]


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

            for ws in openpyxl.load_workbook(path, data_only=True):
                parts += [" ".join(str(c) for c in row if c is not None) for row in ws.iter_rows(values_only=True)]
    return "\n".join(parts)


def test_the_clock_has_46_and_50_settlement_periods_on_the_change_days() -> None:
    _build()
    md = sys.modules["_energy_bill_validation_model"]
    rd = _module("ebv_read", SOLUTIONS / "ebv_read.py")
    assert len(md.settlement_periods(date(2026, 3, 29))) == 46
    assert len(md.settlement_periods(date(2026, 10, 25))) == 50
    assert len(md.settlement_periods(date(2026, 10, 26))) == 48
    for d in (date(2026, 3, 29), date(2026, 10, 25), date(2026, 7, 1)):
        for p in md.settlement_periods(d):
            assert rd.to_utc(p.local, p.occurrence) == p.utc
            assert rd.local_of(p.utc) == p.local
    assert rd.to_utc(datetime(2026, 3, 29, 1, 30)) is None  # the hour the spring change skips


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "Kingsgate (S06) from 300 kVA to 225 kVA and Meadowgate (S09) from 300 kVA to 230 kVA" in people
    assert "85% of the bakery's supply is for the CCA facility" in people
    assert "credit note BWE-CN-2701-0012 on 7 January 2027 for £8,811.51" in people
    assert "version 2 of Schedule 2 applies from 1 October 2026, not 15 October" in people
    assert "the certificate took effect on 1 November 2026 for 80% of Thornbury's supply" in people
    assert "from 1 November 2026 the flats are let on a commercial lease to Wexley Physio" in people
    assert (
        "re-allocated it from LLFC 580 (LV HH Metered) to LLFC 560 (LV Sub HH Metered) from 1 December 2026" in people
    )
    text = _inputs_text(HARD).casefold()
    for word in (
        *("225 kva", "230 kva", "bwe-cn-2701", "8,811.51", "concession", "1 october 2026", "85%", "tranche"),
        *("cold stor", "80%", "physio", "treatment room", "commercial lease", "re-allocat", "reallocat", "basement"),
    ):
        assert word not in text, word
    # the hints that are there: the bakery's certificate "with Sustainability", the amber units at the red rate
    assert "cca facility, certificate with sustainability" in text
    bill = (HARD / "workspace/input/invoices/brightwater_bill_data_2026Q4.csv").read_text(encoding="cp1252")
    amber = [r for r in bill.splitlines() if r.startswith("BWE-2610-04144") and ",DUA," in r]
    assert amber and ",21.450," in amber[0]  # the amber units at the red unit rate


def test_each_clock_starts_when_its_invoices_have_arrived() -> None:
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    for variant, root in (("base", BASE), ("winter_quarter", HARD)):
        start = datetime.fromisoformat(fam.instance(variant).world.start)
        mails = [
            datetime.strptime(m.group(1), "%a, %d %b %Y %H:%M")
            for path in sorted((root / "workspace/input/emails").glob("*.eml"))
            if (m := re.search(r"^Date: (.+?) [+-]\d{4}$", path.read_text(encoding="utf-8"), re.M))
        ]
        assert mails and max(mails) < start <= max(mails) + timedelta(days=7), (variant, start, max(mails))
    assert fam.instance("base").grading_clock.startswith("2026-04")


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("winter_quarter")
    assert not has_world(base) and has_world(hard)
    assert "Tomasz Brennan" in hard.brief() and "Graham Petts" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists() and not (BASE / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _Tree({"issues.json": (BASE / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "Excess reactive power is billed on every kVArh, without the 0.95 power factor allowance.",
            "Corn Exchange Buildings is 70% domestic: at 60% or more the whole supply qualifies.",
        ]
    )
    value, evidence = checks.note_issues(_Tree({"note_to_finance_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    vague = "\n\n".join(["Reactive power.", "Corn Exchange.", "Loss factors.", "Estimates.", "Duplicates."])
    value, _ = checks.note_issues(_Tree({"note_to_finance_director.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_totals_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = json.loads((HARD / "hidden/reference/totals.json").read_text(encoding="utf-8"))
    ref = _Tree({"totals.json": json.dumps(want).encode()})
    assert checks.headline(ref, ref, {})[0] == 1.0
    assert checks.by_site(ref, ref, {})[0] == 1.0 and checks.by_cause(ref, ref, {})[0] == 1.0
    got = json.loads(json.dumps(want))
    got["overbilled_by_site"]["S06"] += 135
    got["by_cause"]["duos_rate"] = 8811.51 + got["by_cause"]["duos_rate"]
    got["total_underbilled_gbp"] = "NaN"
    out = _Tree({"totals.json": json.dumps(got).encode()})
    assert checks.headline(out, ref, {})[0] == 0.5
    assert checks.by_site(out, ref, {})[0] == pytest.approx(17 / 18)
    n = len(want["by_cause"])
    assert checks.by_cause(out, ref, {})[0] == pytest.approx((n - 1) / n)
    got["by_cause"]["time_band"] = 50.0  # a cause the reference does not have
    assert checks.by_cause(_Tree({"totals.json": json.dumps(got).encode()}), ref, {})[0] == pytest.approx(
        (n - 1) / (n + 1)
    )
    for junk in (b"[1, 2]", b"{", b"\x00\xff"):
        assert checks.headline(_Tree({"totals.json": junk}), ref, {})[0] == 0.0
        assert checks.by_site(_Tree({"totals.json": junk}), ref, {})[0] == 0.0


def _deliver(tmp_path: Path, variant: str, name: str, known: dict | None, patch: Callable[[Any], None] | None = None):
    """Run the reference on a copy of the instance's inputs without the client's world: with `known` as the staff's
    answers (None: asking nobody), after `patch` has changed one step of its method."""
    work = tmp_path / name
    shutil.copytree(FAMILY / "variants" / variant / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    for mod in MODULES:
        sys.modules.pop(mod, None)
    sys.path.insert(0, str(SOLUTIONS))
    try:
        os.chdir(work)
        spec = importlib.util.spec_from_file_location("reference", SOLUTIONS / "reference.py")
        assert spec and spec.loader
        ref = importlib.util.module_from_spec(spec)
        sys.modules["reference"] = ref
        spec.loader.exec_module(ref)
        ref.ASK = False
        ref.KNOWN = known
        if patch:
            patch(ref)
        ref.main()
    finally:
        os.chdir(here)
        sys.path.remove(str(SOLUTIONS))
        for mod in MODULES:
            sys.modules.pop(mod, None)
    return work / "output"


MODULES = ("reference", "ebv_read", "ebv_note", "ebv_staff")


def _grade(tmp_path: Path, variant: str, output: Path) -> tuple[float, dict[str, float]]:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    instance = load_family(FAMILY).instance(variant)
    grader = instance.config.grader
    hidden = tmp_path / f"hidden-{variant}"
    if not hidden.exists():
        instance.materialise_tree("hidden", hidden)
    result = grade_deliverable(
        output,
        hidden / grader.reference_dir.removeprefix("hidden/"),
        grader.checks,
        limits=limits_of(grader),
        hidden=hidden,
        params=dict(instance.params),
    )
    assert not result.errors, result.errors
    return result.score, {c.name: c.value for c in result.components if c.value is not None}


def _staff_facts() -> dict:
    build = _build()
    return build.staff_facts(build.bl.simulate(build.st.INSTANCES["winter_quarter"]))


HINTED = ("bakery_cca", "invoice_credited")  # the certificate "with Sustainability", the amber units at the red rate
NOWHERE = ("capacity_reduced", "v2_concession", "thornbury_cca", "flats_let", "llfc_reallocated")  # hinted nowhere

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, "winter_quarter", _deliver(tmp_path, "winter_quarter", "all", known))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        out = _deliver(tmp_path, "winter_quarter", f"no-{fact}", without)
        lost[fact] = 1.0 - _grade(tmp_path, "winter_quarter", out)[0]
    assert all(0.1 <= v <= 0.3 for v in lost.values()), lost
    assert all(lost[f] >= 0.2 for f in ("flats_let", "llfc_reallocated")), lost  # each moves both headline totals
    # a worker who handles every trap in the files and finds the two hinted facts but none of those hinted nowhere
    found = {k: v for k, v in known.items() if k in HINTED}
    assert 0.4 <= _grade(tmp_path, "winter_quarter", _deliver(tmp_path, "winter_quarter", "found", found))[0] <= 0.55
    # ... who also asks the Facilities Manager whether anything changed at the sites, as the last playtest did
    found["capacity_reduced"] = known["capacity_reduced"]
    assert _grade(tmp_path, "winter_quarter", _deliver(tmp_path, "winter_quarter", "sites", found))[0] <= 0.6
    assert _grade(tmp_path, "winter_quarter", _deliver(tmp_path, "winter_quarter", "nobody", None))[0] <= 0.45
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", "base", None))[0] == 1.0


def _utc_as_clock_time(ref: Any) -> None:
    read = ref.rd.read_hh

    def read_hh(folder: Path, sites: dict) -> dict:
        data = read(folder, sites)
        for code, s in sites.items():
            if s["data"].startswith("Pulse"):
                data[code] = dict(sorted((u2, v) for u, v in data[code].items() if (u2 := ref.rd.to_utc(u))))
        return data

    ref.rd.read_hh = read_hh


def _kw_demand(ref: Any) -> None:
    usage = ref.Books.usage

    def kw(self: Any, code: str, y: int, m: int) -> dict:
        u = usage(self, code, y, m)
        u["md"] = ref.tenth(ref.D(repr(max(2 * p / 10 for p, _ in u["pairs"]))))
        return u

    ref.Books.usage = kw


def _no_sixty_percent_rule(ref: Any) -> None:
    ref.qualifying = lambda q: q


def _estimate_not_reversed(ref: Any) -> None:
    register = ref.register

    def reg(books: Any, known: dict) -> list:
        for inv in books.invoices:
            inv["ref"] = ""
        return register(books, known)

    ref.register = reg


def _version_1_all_month(ref: Any) -> None:
    read = ref.rd.read_schedules
    ref.rd.read_schedules = lambda folder: read(folder)[:1]


def _no_duplicates(ref: Any) -> None:
    ref.duplicates = lambda invoices: set()


def _bank_holidays_green(ref: Any) -> None:
    band = ref.rd.band_of
    holidays = {date(2026, 1, 1), date(2026, 12, 25), date(2026, 12, 28)}
    ref.rd.band_of = lambda bands, local, day: "green" if day in holidays else band(bands, local, day)


TRAPS: dict[str, tuple[Callable[[Any], None], str, tuple[str, ...]]] = {
    "utc_as_clock_time": (_utc_as_clock_time, "winter_quarter", ("register_amounts", "totals_by_site")),
    "kw_demand": (_kw_demand, "base", ("register_amounts", "totals_by_cause")),
    "no_sixty_percent_rule": (_no_sixty_percent_rule, "base", ("register_amounts", "note_raises_matters")),
    "estimate_not_reversed": (_estimate_not_reversed, "base", ("register_amounts", "headline_totals")),
    "version_1_all_month": (_version_1_all_month, "winter_quarter", ("register_amounts", "totals_by_cause")),
    "no_duplicates": (_no_duplicates, "base", ("register_amounts", "headline_totals")),
    "bank_holidays_green": (_bank_holidays_green, "winter_quarter", ("register_amounts", "totals_by_site")),
}


@needs_bwrap
@pytest.mark.parametrize("trap", sorted(TRAPS))
def test_each_trap_missed_drops_its_checks(trap: str, tmp_path: Path) -> None:
    patch, variant, drops = TRAPS[trap]
    known = _staff_facts() if variant == "winter_quarter" else None
    score, parts = _grade(tmp_path, variant, _deliver(tmp_path, variant, trap, known, patch))
    assert score < 0.95, (score, parts)
    for check in drops:
        assert parts[check] < 1.0, (check, parts)


@needs_bwrap
def test_garbage_and_empty_deliveries_score_zero_not_void(tmp_path: Path) -> None:
    for name, files in {
        "empty": {},
        "header_only": {
            "validation_register.csv": b"invoice_no,site_code,charge,billed_gbp,expected_gbp,difference_gbp,cause\n",
            "totals.json": b"{}",
            "note_to_finance_director.md": b"",
        },
        "junk": dict.fromkeys(
            ("validation_register.csv", "totals.json", "note_to_finance_director.md"), b"\x00\xff garbage NaN"
        ),
    }.items():
        out = tmp_path / name
        out.mkdir()
        for f, data in files.items():
            (out / f).write_bytes(data)
        assert _grade(tmp_path, "base", out)[0] == 0.0, name
