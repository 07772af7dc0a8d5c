"""oprisk_capital's own checks on the group instance: the window graded year by year, the BI components one by
one, and the notes' matters with alternative wordings."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/oprisk_capital"
REF = FAMILY / "variants/coop/hidden/reference"


def _checks():
    spec = importlib.util.spec_from_file_location("oprisk_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """The one method the checks use of a delivered or reference tree."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, path: str) -> tuple[str, bytes]:
        if path not in self.files:
            raise FileNotFoundError(path)
        return path, self.files[path]


def _reference() -> Tree:
    return Tree({p.name: p.read_bytes() for p in REF.iterdir()})


def _capital(doc: dict) -> Tree:
    return Tree({"capital.json": json.dumps(doc).encode()})


def test_the_window_is_graded_year_by_year() -> None:
    checks, ref = _checks(), _reference()
    doc = json.loads((REF / "capital.json").read_text())
    assert len(doc["annual_net_losses"]) == 10
    assert checks.annual_losses(_capital(doc), ref, {})[0] == 1.0
    shuffled = [
        {"events": float(a["events"]), "year": str(a["year"]), "net_loss": round(a["net_loss"])}
        for a in reversed(doc["annual_net_losses"])
    ]
    assert checks.annual_losses(_capital({**doc, "annual_net_losses": shuffled}), ref, {})[0] == 1.0
    five = {**doc, "annual_net_losses": doc["annual_net_losses"][5:]}
    score, evidence = checks.annual_losses(_capital(five), ref, {})
    assert score == 0.5 and "2015" in evidence
    assert checks.annual_losses(Tree({"capital.json": b"[1, 2]"}), ref, {})[0] == 0.0


def test_bi_components_earn_a_quarter_each() -> None:
    checks, ref = _checks(), _reference()
    doc = json.loads((REF / "capital.json").read_text())
    assert checks.bi_components(_capital(doc), ref, {})[0] == 1.0
    unconsolidated = {**doc, "services_component": doc["services_component"] + 28e6}
    assert checks.bi_components(_capital(unconsolidated), ref, {})[0] == 0.75


def test_every_matter_of_the_group_instance_can_be_raised_and_missed() -> None:
    checks, ref = _checks(), _reference()
    issues = json.loads((REF / "issues.json").read_text())
    assert {i["id"] for i in issues} >= {"ten_year_window", "supervisor_threshold", "signed_letter", "summary_bi"}
    refused = next(i for i in issues if i["id"] == "signed_letter")["all_of"][0].upper()
    paid = ", ".join(x.upper() for x in next(i for i in issues if i["id"] == "unrecorded_claims")["all_of"][0])
    note = "\n\n".join(
        [
            "CYBER-EXTORT is not in Appendix A of version 2.1.",
            "The standard excludes market-risk boundary events; OPE25 keeps them, so they were included.",
            "Window: ten years of good data exist, so the standard's five-year window was not used.",
            "Threshold: the supervisor's letter sets EUR 100,000 for a BI above EUR 1 bn.",
            f"The letter on file is a draft: the signed letter approves the exclusion of {refused}.",
            "The Varnholt events were migrated net of insurance; their migration recoveries were not deducted again.",
            "G-2022-05 and G-2023-06 are one linked event, merged by the committee.",
            "Account 5300 holds the outsourcing fees remapped from 5210 since July 2023; they were excluded.",
            f"The insurers' settlement received on 20 December 2024 is not in the register: {paid}.",
            "Aldebrook Zahlungsdienste GmbH (AZD) is consolidated but missing from the export; its items were added.",
            "Amendment 1 of 9 December 2024 assigns shared-service losses without a beneficiary to RB, not CI.",
            "The Board summary's BI of EUR 1,769.8 m is wrong: intragroup items were not eliminated.",
        ]
    )
    out = Tree({"notes.md": note.encode()})
    assert checks.notes_issues(out, ref, {})[0] == 1.0
    without_summary = Tree({"notes.md": note.rsplit("\n\n", 1)[0].encode()})
    score, evidence = checks.notes_issues(without_summary, ref, {})
    assert score == 11 / 12 and "Board summary" in evidence


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    """Mareike's amounts are the ones the books moved; the Group IDs the notes must name are those Piet gives."""
    import sys

    sys.path.insert(0, str(FAMILY / "hidden"))
    import group_books as gb

    people = (FAMILY / "variants/coop/hidden/people.toml").read_text()
    for year in (2023, 2024):
        assert f"EUR {gb.remapped(year):,.2f} in {year}" in people
    issues = {i["id"]: i for i in json.loads((REF / "issues.json").read_text())}
    assert {"migrated_net", "merged_group", "remapped_account", "signed_letter"} <= set(issues)
    for gid in issues["merged_group"]["all_of"]:
        assert gid.upper() in people
    assert issues["signed_letter"]["all_of"][0].upper() in people  # the event Katja's signed letter approves


def test_the_fair_instance_has_no_staff_and_the_hard_one_names_them() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, coop = fam.instance("base"), fam.instance("coop")
    assert not has_world(base) and has_world(coop)
    assert "Mette Lindahl" in coop.brief() and "bin/ask" not in base.brief()


def _held():
    import sys

    sys.path.insert(0, str(FAMILY / "hidden"))
    import _oprisk_capital_staff as held

    return held


def test_the_facts_hinted_nowhere_are_the_ones_the_truth_uses() -> None:
    """Lena's settlement names the events whose net loss it reduces, Mareike's answer gives the company the truth
    consolidates, Jonas's amendment gives the line the reference assigns; none of it is in an input."""
    held = _held()
    people = (FAMILY / "variants/coop/hidden/people.toml").read_text()
    issues = {i["id"]: i for i in json.loads((REF / "issues.json").read_text())}
    assert {"unrecorded_claims", "azd_scope", "shared_amendment"} <= set(issues)
    paid = [x.upper() for x in issues["unrecorded_claims"]["all_of"][0]]
    assert len(paid) == held.N_CLAIMS
    for eid in paid:
        assert f"{eid} EUR " in people
    assert held.azd_answer() in people
    assert f"({held.UNASSIGNED_LINE}) " in people
    inputs = FAMILY / "variants/coop/workspace/input"
    texts = [p.read_bytes() for p in inputs.iterdir() if p.suffix in (".csv", ".eml")]
    assert not any(b"AZD" in t or b"Zahlungsdienste" in t or b"blanket bond" in t for t in texts)


def test_the_amendment_changes_graded_rule_cases() -> None:
    """The standard's CI for unassigned shared-service losses, as a worker who did not ask delivers it, loses the
    rule cases of those entries and nothing else of the classification."""
    import csv
    import io

    checks, ref = _checks(), _reference()
    cases = list(csv.DictReader(io.StringIO((REF / "rule_cases.csv").read_text())))
    rows = list(csv.DictReader(io.StringIO((REF / "classified_events.csv").read_text())))
    unassigned_ids = _unassigned_shared()
    assert len(unassigned_ids) >= 20

    def deliver(fallback: str) -> Tree:
        buf = io.StringIO()
        w = csv.DictWriter(buf, ["event_id", "event_type", "business_line"], lineterminator="\n")
        w.writeheader()
        for r in rows:
            line = fallback if r["event_id"] in unassigned_ids else r["business_line"]
            w.writerow({**r, "business_line": line})
        return Tree({"classified_events.csv": buf.getvalue().encode()})

    assert checks.rule_cases(deliver("RB"), ref, {})[0] == 1.0
    score, evidence = checks.rule_cases(deliver("CI"), ref, {})
    assert score == (len(cases) - len(unassigned_ids)) / len(cases) and "5.2 shared services" in evidence


def _unassigned_shared() -> set[str]:
    """Register entries booked to a shared-service cost centre with no beneficiary business line."""
    import openpyxl

    wb = openpyxl.load_workbook(FAMILY / "variants/coop/workspace/input/loss_register.xlsx", read_only=True)
    rows = list(wb["Loss events"].iter_rows(values_only=True))
    col = {str(h): i for i, h in enumerate(rows[0])}
    return {
        str(r[0])
        for r in rows[1:]
        if r[0] and 7000 <= int(r[col["Cost centre"]]) <= 7999 and not r[col["Beneficiary business line"]]
    }
