"""lease_ifrs16's hard instance holds seven facts only the client's staff know: the gates meet the standard, the
facts are in no input, four leave an anomaly there and three (ML-E002 ended early, ML-P001's deed of variation, the
January rents paid in December) are hinted nowhere and need an open question, the reference and the notes grade
them, and the fair instance has no staff."""

from __future__ import annotations

import json
import sys
import tomllib
from email import message_from_bytes
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/lease_ifrs16"
HARD = FAMILY / "variants/hard"
HINTED = {"side_letter", "early_access", "signed_rent", "resale_estimate"}
NOWHERE = {"line_returned", "deed_of_variation", "rents_prepaid"}
STAFF = HINTED | NOWHERE


def _facts(name: str) -> dict:
    return json.loads((FAMILY / f"hidden/solutions/facts/{name}.json").read_text())


def _mails() -> str:
    return " ".join(
        message_from_bytes(p.read_bytes()).get_payload(decode=True).decode()
        for p in sorted((HARD / "workspace/input/emails").glob("*.eml"))
    )


def test_only_the_hard_instance_has_staff_facts() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("hard")
    assert not has_world(base) and has_world(hard)
    assert "Selma Oosthuizen" in hard.brief() and "bin/ask" not in base.brief()
    assert not _facts("base").get("staff")
    assert {s["id"] for s in _facts("hard")["staff"]} == STAFF


def test_the_hard_workspace_says_how_to_reach_the_staff(tmp_path: Path) -> None:
    from worktrial.run.workspace import materialise
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    materialise(fam.instance("hard"), tmp_path / "hard")
    materialise(fam.instance("base"), tmp_path / "base")
    assert "bin/ask --who" in (tmp_path / "hard/TASK.md").read_text() and (tmp_path / "hard/bin/ask").is_file()
    assert "bin/ask" not in (tmp_path / "base/TASK.md").read_text() and not (tmp_path / "base/bin").exists()


def test_each_fact_is_held_by_its_person_and_hinted_only_by_an_anomaly() -> None:
    """The answers carry what the truth changes; the inputs show only the anomaly, never the fact."""
    facts = _facts("hard")
    staff = {s["id"]: s for s in facts["staff"]}
    people = tomllib.loads((HARD / "hidden/people.toml").read_text())
    answers = {t["id"]: (p["id"], t) for p in people["person"] for t in p["topics"]}
    for sid, s in staff.items():
        if sid in NOWHERE:
            continue
        person, topic = answers[sid]
        assert person == s["person"] and topic.get("gate"), sid
        assert s["marker"].lower() in topic["answer"].lower() and s["lease"] in topic["about"], sid
    mails = _mails()
    assert "side letter" not in mails.lower() and "next spring" in mails  # the notice planned after its deadline
    assert "keys" not in mails and "carry on over the holidays" in mails  # works on a site not yet let
    by_id = {x["id"]: x for x in facts["leases"]}
    signed = by_id[staff["signed_rent"]["lease"]]
    assert signed["rent"] != signed["register_rent"] == staff["signed_rent"]["truth"]["rent"]
    assert f"EUR {signed['rent']:,.2f}" in answers["signed_rent"][1]["answer"]
    assert f"EUR {signed['register_rent']:,.2f}" in answers["signed_rent"][1]["answer"]
    rvg = by_id[staff["resale_estimate"]["lease"]]
    assert not rvg["events"] and staff["resale_estimate"]["truth"]["events"][0]["kind"] == "rvg"
    assert (
        f"EUR {rvg['rvg_full'] - staff['resale_estimate']['truth']['events'][0]['payable']:,.0f}"
        in (answers["resale_estimate"][1]["answer"])
    )


def test_the_ended_line_is_hinted_nowhere_in_the_inputs() -> None:
    """No file shows that ML-E002 ended early: the register still runs it to 2031 with its purchase option, the only
    e-mail on it is Operations' of February, and neither the brief nor any input names the Operations Director."""
    import openpyxl

    from worktrial.kit.solution.documents import document_text
    from worktrial.tasks import load_family

    facts = _facts("hard")
    s = next(s for s in facts["staff"] if s["id"] == "line_returned")
    lid = s["lease"]
    assert lid == facts["roles"]["purchase"] and s["weight"] == 3
    lease = next(x for x in facts["leases"] if x["id"] == lid)
    assert not lease["events"] and lease["purchase_price"] and lease["comm_m"] + lease["term"] > 2031 * 12
    inputs = HARD / "workspace/input"
    texts = [_mails(), load_family(FAMILY).instance("hard").brief()]
    for p in sorted(inputs.iterdir()):
        if p.suffix in (".docx", ".pdf"):
            texts.append(document_text(p))
        elif p.suffix == ".xlsx":
            rows = openpyxl.load_workbook(p).active.iter_rows(values_only=True)
            texts.append(" ".join(str(v) for r in rows for v in r if v is not None))
        elif p.suffix == ".csv":
            texts.append(p.read_text())
    assert len(texts) == 2 + 7  # the mails and the brief; the register, schedule, extracts, policy, notices, tables
    low = " ".join(texts).lower()
    for word in (
        "30 november",
        "27 november",
        "hessel",
        "damsma",
        f"eur {s['truth']['events'][0]['fee']:,.2f}",
        "larger line",
        "handed back",
        "took the old line back",
    ):
        assert word not in low, word
    mails = [m for m in sorted((inputs / "emails").glob("*.eml")) if lid in m.read_text()]
    assert [m.name for m in mails] == ["2026-02-03_packaging_line.eml"]


def test_the_ended_line_needs_an_open_question_to_operations() -> None:
    """Hessel gives ML-E002's early end to an open question about changes since the files (or one naming the line),
    not to a question about other equipment; Pieter's answer to the open question sends it on to him."""
    from worktrial.tasks import load_family
    from worktrial.world import Router
    from worktrial.world.gates import Said, judge_topic

    people = load_family(FAMILY).instance("hard").people()
    router = Router(people)
    hessel = people.person("hessel")
    assert hessel is not None
    topic = next(t for t in hessel.topics if t.id == "line_returned")

    def given(message: str) -> bool:
        routed = [t for t, _ in router.route("hessel", message)]
        return "line_returned" in routed and judge_topic(people, hessel, topic, Said([message], frozenset(), {})).ok

    assert given("Has anything changed on the equipment leases since the register was exported?")
    assert given("Is there anything I should know before I finalise?")
    assert given("Is the purchase option on ML-E002 still going to be exercised?")
    assert not given("Are the laptops in the register leased per unit?")
    assert not given("Do the floor scrubber rates include servicing?")
    holders = [p.id for p in people.people if any("e002_ended_early" in t.facts for t in p.topics)]
    assert holders == ["hessel"]
    assert [t for t, _ in router.route("pieter", "Has anything changed since you sent me the files?")] == ["since_sent"]
    pieter = people.person("pieter")
    assert pieter is not None
    assert "Hessel Damsma" in next(t.answer for t in pieter.topics if t.id == "since_sent")
    assert "Hessel Damsma" in pieter.fallback


def test_each_fact_changes_graded_figures_and_notes() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("lease_engine", FAMILY / "hidden/solutions/_engine.py")
    assert spec and spec.loader
    eng = importlib.util.module_from_spec(spec)
    sys.modules["lease_engine"] = eng  # its dataclass looks its module up
    spec.loader.exec_module(eng)
    facts = _facts("hard")
    ids = {s["id"] for s in facts["staff"]}
    full = eng.solve(eng.with_staff(facts, ids))
    ref = json.loads((HARD / "hidden/reference/summary.json").read_text())
    assert full["summary"] == ref
    for s in facts["staff"]:
        part = eng.solve(eng.with_staff(facts, ids - {s["id"]}))
        row = next(r for r in part["rows"] if r["lease_id"] == s["lease"])
        want = next(r for r in full["rows"] if r["lease_id"] == s["lease"])
        assert row["closing_liability"] != want["closing_liability"], s["id"]
        assert part["summary"]["maturity_analysis"] != ref["maturity_analysis"], s["id"]
    issues = {i["id"] for i in json.loads((HARD / "hidden/reference/issues.json").read_text())}
    assert issues >= STAFF and "not_commenced" not in issues
    judged = (HARD / "hidden/reference/judgement_cases.csv").read_text().splitlines()[1:]
    assert {line.split(",")[0] for line in judged} == STAFF  # the judgement check grades each fact lease by lease
    weights = {line.split(",")[0]: line.split(",")[-1] for line in judged}
    assert weights == {k: "3" if k in NOWHERE else "1" for k in STAFF}  # the facts hinted nowhere count three times
    by_id = {r["lease_id"]: r for r in full["rows"]}
    assert by_id[facts["roles"]["purchase"]]["treatment"] == "terminated"
    matters = json.loads((HARD / "hidden/reference/issues.json").read_text())
    signed = next(i for i in matters if i["id"] == "signed_rent")
    assert signed["all_of"] == [next(s["lease"] for s in facts["staff"] if s["id"] == "signed_rent")]
