"""incident_report's hard instance: the staff hold the facts its logs only hint at and three they do not hint at,
their gates meet the standard, the report names what ended the impact, and missing any staff fact costs score."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/incident_report"
HARD = FAMILY / "variants/export_workers"


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """The one method the checks use of a delivered or reference tree."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read_one(self, path: str) -> tuple[str, bytes]:
        return path, (self.folder / path).read_bytes()


def _params(variant: str) -> dict[str, str]:
    family = tomllib.loads((FAMILY / "task.toml").read_text())["params"]
    return {**family, **tomllib.loads((FAMILY / f"variants/{variant}/variant.toml").read_text()).get("params", {})}


def test_the_report_must_name_what_ended_the_impact() -> None:
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    hard, base = Tree(HARD / "hidden/reference"), Tree(FAMILY / "variants/base/hidden/reference")
    assert checks.mitigation_named(hard, hard, _params("export_workers"))[0] == 1.0
    assert checks.mitigation_named(base, base, _params("base"))[0] == 1.0
    # the base report credits its rollback; under the hard instance's terms a report that credits the revert fails
    assert checks.mitigation_named(base, hard, _params("export_workers"))[0] == 0.0


def test_the_report_must_state_the_customers_charged_without_an_order() -> None:
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    hard, base = Tree(HARD / "hidden/reference"), Tree(FAMILY / "variants/base/hidden/reference")
    assert checks.customer_impact(hard, hard, _params("export_workers"))[0] == 1.0
    assert checks.customer_impact(base, base, _params("base"))[0] == 1.0
    # a report that states only what the logs show fails the hard instance's customer impact
    assert checks.customer_impact(base, hard, _params("export_workers"))[0] == 0.0


def test_the_people_know_what_the_logs_only_hint_at() -> None:
    build = _module("incident_build", FAMILY / "hidden/build_inputs.py")
    sc = build.SCENARIOS["export_workers"]
    people = (HARD / "hidden/people.toml").read_text()
    slow = sc["node_clock_slow"]["gw-b"]
    assert f"{slow // 60} min {slow % 60} s slow ({slow} seconds)" in people
    assert f"At {sc['termination']} UTC" in people
    first, last = build.LOAD_TEST_IPS[0], build.LOAD_TEST_IPS[-1]
    assert f"{first} to .{last.rsplit('.', 1)[1]}" in people
    charged = sc["charged_no_order"]
    assert f"{charged['orders']} customers were charged {charged['amount']}" in people
    gw = build.other_gateway(sc)
    assert (
        f"between {gw['from']} and {gw['until']} UTC {gw['node']} answered {gw['failed']} of its {gw['requests']}"
        in people
    )
    worst, tail = gw["worst"], gw["tail"]
    assert f"worst minute was {worst[0]}, {worst[1]} of {worst[2]}" in people
    assert f"failing {tail[0]} to {tail[1]} of about {tail[2]} requests a minute from 19:43 to 19:47" in people
    freeze = sc["change_freeze"]
    assert f"since Monday {freeze['from']} (it runs to {freeze['until']})" in people
    assert f"on Tuesday {freeze['granted']} for an exception" in people
    # Daan's evidence fact accepts the counts the logs give, and his answer repeats them
    ana = _module("incident_analysis", FAMILY / "hidden/solutions/_analysis.py")
    theirs = [r for r in _requests(ana) if r[2] in build.LOAD_TEST_IPS]
    n, bad = len(theirs), sum(r[4] >= 500 for r in theirs)
    assert f"{n} requests that day, {bad} of them" in people
    figures = {f["describe"]: f for f in tomllib.loads(people)["fact"][0]["evidence"]["figures"]}
    assert figures["how many requests the gateway logs show from those addresses"]["min"] <= n
    assert n <= figures["how many requests the gateway logs show from those addresses"]["max"]
    assert (
        figures["how many of their requests got a 5xx"]["min"]
        <= bad
        <= figures["how many of their requests got a 5xx"]["max"]
    )
    # none of the six is stated in any input; nothing in them points at the settlement (the one refund
    # webhook error at 18:44 is an unrelated distractor), the Belgian gateway or the change freeze
    inputs = HARD / "workspace/input"
    texts = [p.read_text() for p in inputs.rglob("*") if p.is_file() and p.suffix in (".log", ".txt")]
    texts += [_gunzip(p) for p in inputs.rglob("*.gz")]
    for said in (
        "187 s",
        "terminat",
        "soak",
        "load test",
        "clock",
        "ntp",
        "nologin",
        "settlement",
        "charged",
        "captured",
        f"{charged['orders']} customers",
        charged["amount"].split()[-1],
        "gw-c",
        "belgi",
        "antwerp",
        ".be/",
        "kestrellane.be",
        "checkout-api-be",
        "circuit breaker",
        "freeze",
        "exception",
        "advisory",
    ):
        assert not any(said in t.casefold() for t in texts), said


def _gunzip(path: Path) -> str:
    import gzip

    return gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")


def _requests(ana: ModuleType) -> list:
    """The analysis module's gateway requests of the hard inputs (it reads input/ from the working directory)."""
    import os

    here = os.getcwd()
    try:
        os.chdir(HARD / "workspace")
        return ana.gateway_requests()
    finally:
        os.chdir(here)


def test_only_the_hard_instance_has_staff(tmp_path: Path) -> None:
    from worktrial.run.workspace import has_world, materialise
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("export_workers")
    assert not has_world(base) and has_world(hard)
    assert not (FAMILY / "variants/base/hidden/people.toml").exists()
    materialise(hard, tmp_path / "hard")
    materialise(base, tmp_path / "base")
    assert "bin/ask --who" in (tmp_path / "hard/TASK.md").read_text() and (tmp_path / "hard/bin/ask").is_file()
    assert "bin/ask" not in (tmp_path / "base/TASK.md").read_text() and not (tmp_path / "base/bin").exists()


def test_without_the_staff_the_figures_are_wrong(tmp_path: Path) -> None:
    """The analysis run on the hard inputs with no staff facts (the asks_nobody shortcut) misses each fact's figures."""
    import json
    import shutil
    import subprocess

    shutil.copytree(HARD / "workspace/input", tmp_path / "input")
    (tmp_path / "output").mkdir()
    script = FAMILY / "hidden/solutions/_analysis.py"
    subprocess.run([sys.executable, str(script)], cwd=tmp_path, check=True, capture_output=True)
    got = json.loads((tmp_path / "output/impact.json").read_text())
    want = json.loads((HARD / "hidden/reference/impact.json").read_text())
    assert got["start"] < want["start"] and got["end"] != want["end"]  # gw-b's slow clock
    # the soak test counted as users, gw-c's failed requests left out
    assert abs(got["failed_requests"] - want["failed_requests"]) > 0.1 * want["failed_requests"]
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    out, ref = Tree(tmp_path / "output"), Tree(HARD / "hidden/reference")
    assert checks.mitigation_named(out, ref, _params("export_workers"))[0] == 0.0  # the revert credited
    assert checks.customer_impact(out, ref, _params("export_workers"))[0] == 0.0  # the settlement unknown
    score, evidence = checks.timeline_events(out, ref, {})
    assert score == 0.7 and "database 19:39:52" in evidence


def _deliver(tmp_path: Path, name: str, facts: dict) -> Path:
    """The analysis run on a copy of the hard inputs with `facts` (what the staff told), as the reference does."""
    work = tmp_path / name
    shutil.copytree(HARD / "workspace/input", work / "input")
    (work / "output").mkdir()
    script = FAMILY / "hidden/solutions/_analysis.py"
    subprocess.run([sys.executable, str(script), json.dumps(facts)], cwd=work, check=True, capture_output=True)
    return work / "output"


def _grade(tmp_path: Path, output: Path) -> tuple[float, dict[str, float]]:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    instance = load_family(FAMILY).instance("export_workers")
    grader = instance.config.grader
    hidden = tmp_path / "hidden"
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
    return result.score, {c.name: c.value for c in result.components if c.value is not None and not c.gate}


HINTED = ("clock_slow", "not_users", "mitigation")  # each shown by an anomaly in the logs
NOWHERE = ("charged_no_order", "other_gateway", "change_process")  # hinted nowhere: open questions only
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


@needs_bwrap
def test_missing_any_staff_fact_costs_score_and_the_hinted_ones_alone_stay_near_the_hard_target(
    tmp_path: Path,
) -> None:
    build = _module("incident_build", FAMILY / "hidden/build_inputs.py")
    known = build.staff_facts(build.SCENARIOS["export_workers"])
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, _deliver(tmp_path, "all", known))[0] == 1.0
    lost, parts_of = {}, {}
    for fact in known:
        score, parts = _grade(tmp_path, _deliver(tmp_path, f"no-{fact}", {k: v for k, v in known.items() if k != fact}))
        lost[fact], parts_of[fact] = 1.0 - score, parts
    assert all(v >= 0.05 for v in lost.values()), lost
    # each fact hinted nowhere moves what its check weighs: gw-c the failed requests, the window's end and the
    # duration; the freeze the root cause's change process; the settlement the customer impact
    gw = parts_of["other_gateway"]
    assert gw["impact_failed_requests"] == 0 and gw["impact_window"] == 0.5 and gw["impact_duration"] == 0, gw
    assert parts_of["change_process"]["report_change_process"] == 0, parts_of["change_process"]
    assert parts_of["charged_no_order"]["report_customer_impact"] == 0, parts_of["charged_no_order"]
    assert lost["other_gateway"] >= 0.25 and lost["charged_no_order"] >= 0.15, lost
    # a worker who handles every trap in the files and asks about every anomaly but asks nobody an open question
    hinted = _grade(tmp_path, _deliver(tmp_path, "hinted", {k: v for k, v in known.items() if k in HINTED}))[0]
    assert 0.45 <= hinted <= 0.55, hinted
    # and one who asks everybody openly but shows no anomaly: the gated facts weigh as much as those hinted nowhere
    nowhere = _grade(tmp_path, _deliver(tmp_path, "open", {k: v for k, v in known.items() if k in NOWHERE}))[0]
    assert nowhere <= 0.52, nowhere
    assert _grade(tmp_path, _deliver(tmp_path, "nobody", {}))[0] <= 0.4


OTHER_MATTERS = {  # questions about something else, to the person who holds a fact hinted nowhere
    "ruud": [
        "Whose is the traffic from 10.20.14.21-24 in the gateway logs? Is it user traffic?",
        "Is the 10.20.14.x traffic something I should exclude from the impact?",
        "The requests from 10.20.14.21-24 - are they from another site or a load generator?",
        "Do you know anything about the requests from 10.20.14.x? Are they included in the checkout traffic?",
        "gw-b's errors start three minutes before gw-a's. Is its clock off? Anything else I should know?",
        "How is traffic split between gw-a and gw-b?",
        "Is there any traffic missing from the logs around the restart?",
        "What else is there in the logs that isn't user traffic?",
    ],
    "ines": [
        "There's a refund webhook 409 at 18:44. Is that related to the outage?",
        "Are the Paynordic slow-response warnings anything to worry about?",
    ],
    "femke": [
        "Was the revert the thing that ended it, or something else?",
        "Is anything missing from the chat export?",
        "Should health checks be excluded, or anything else left out of the error rate?",
    ],
}
NOWHERE_TOPICS = {"belgian_gateway", "settlement", "freeze_exception"}


def test_no_one_volunteers_a_fact_hinted_nowhere_to_a_question_about_something_else() -> None:
    from worktrial.tasks import load_family
    from worktrial.world.evidence import EvidenceState, RuleJudge
    from worktrial.world.gates import Said, judge_topic
    from worktrial.world.routing import Router

    people = load_family(FAMILY).instance("export_workers").people()
    router, judge = Router(people), RuleJudge()
    before: list[str] = []
    for person_id, questions in OTHER_MATTERS.items():
        person = people.person(person_id)
        assert person is not None
        for question in questions:
            before.append(question)  # earlier messages count for a gate too: none of them may open it
            shown = {f.id: EvidenceState().after(judge.judge(f.evidence, question)) for f in people.facts}
            said = Said([q for q in before if q in questions], frozenset(), shown)
            for topic in person.topics:
                if topic.id in NOWHERE_TOPICS:
                    assert not judge_topic(people, person, topic, said).ok, (person_id, question)
            for topic_id, _ in router.route(person_id, question):
                topic = next(t for t in person.topics if t.id == topic_id)
                assert topic_id not in NOWHERE_TOPICS or not judge_topic(people, person, topic, said).ok
    ruud = people.person("ruud")
    assert ruud is not None and "Amsterdam" not in ruud.fallback
    for topic in ruud.topics:
        if topic.id != "belgian_gateway":
            assert not any(w in topic.answer.casefold() for w in ("gw-c", "belgi", "antwerp", "amsterdam")), topic.id
