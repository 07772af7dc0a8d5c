"""discharge_permit_compliance: the checks score the reference fully and specific wrong deliveries low on the specific
check; in the hard instance (eastern_area) nine facts held by the client's staff change the decisions, each by its
own slice (four hinted nowhere: the laboratory's suspended accreditation, the storm samples the agency agreed to
disregard, the flow meter that read low all year and the storm overflow spills the telemetry missed during a capital
scheme; two more reached only by showing a figure worked out from the data to someone whose area does not obviously
hold them: the appeal against the refusal of INV-25-041 that the Head of Compliance won, and the contractor's incident
at Elmsford Vale the agency agreed to disregard, which the Area Operations Manager refers to the Capital Delivery
Manager); only the hard instance has staff; a malformed delivery scores 0 with evidence, never an error."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap, ref_bytes

FAM = Family("discharge_permit_compliance", ("dpc_read", "dpc_assess", "dpc_note"))
FAMILY = FAM.root
_checks, _deliver, _grade = FAM.checks, FAM.deliver, FAM.grade
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/eastern_area"
OUTPUTS = ("sample_register.csv", "conditions_assessment.csv", "compliance_summary.json", "issues.json")


def _summary(root: Path) -> dict:
    return json.loads(ref_bytes(root, "compliance_summary.json"))


def _conditions(root: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(ref_bytes(root, "conditions_assessment.csv").decode())))


def _row(rows: list[dict], works: str, det: str, cond: str, since: str = "2025-01-01") -> dict:
    return next(
        r
        for r in rows
        if (r["works_id"], r["determinand"], r["condition"], r["valid_from"]) == (works, det, cond, since)
    )


def test_the_people_know_what_the_inputs_do_not_say() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "suspended our accreditation for ammonia and total phosphorus" in people
    assert "from 1 to 30 September 2025" in people
    assert "disregard two samples as caused by an unusual situation: W25-020901" in people
    assert "agreed FE2 in writing as the compliance sampling point from 1 October 2025" in people
    assert "A25-E-0119 at Dunnock Beck (BOD 71 mg/l) is withdrawn" in people
    assert "the true daily volumes are the recorded ones multiplied by 1.361" in people
    assert "on 15 September at 31.0 l/s and on 29 September at 33.5 l/s" in people
    assert "The REA upheld the appeal on 23 January 2026" in people
    assert "agreed by letter of 30 October 2025 to disregard W25-020812" in people
    text = inputs_text(HARD).casefold()
    for word in (
        "suspended our",
        "corrin",
        "agreed to disregard",
        "1 october",
        "humus tank",
        "was withdrawn",
        "transit temperature",
        "1.361",
        "600 mm",
        "transmitter",
        "site diary",
        "disconnected",
        "inlet channel",
        "pryce",
        "appeal",
        "upheld",
        "filter media",
        "30 october",
    ):
        assert word not in text, word
    # the hints that are there: requests awaiting the agency, the other sampling point, a provisional audit result
    assert "awaiting rea decision" in text and ",fe2," in text and "provisional" in text
    assert "bin/ask" not in (FAMILY / "instruction.md").read_text()


def test_a_fact_hinted_nowhere_is_not_volunteered_to_a_question_about_something_else(tmp_path: Path) -> None:
    from worktrial.tasks import load_family
    from worktrial.world.ledger import Ledger
    from worktrial.world.people import World

    instance = load_family(FAMILY).instance("eastern_area")
    world = World(instance.people(), instance.config.world, Ledger(tmp_path / "ledger.jsonl"))

    def facts(person: str, question: str) -> set[str]:
        world.ask(person, question)
        return set(world.ledger.entries[-1].get("facts", []))

    # questions about something else (the first blind playtest's, among them)
    assert "storm_agreement" not in facts(
        "imran",
        "The REA audit schedule marks Dunnock Beck A25-E-0119 (12 May 2025) BOD 71 mg/l as provisional pending AQC "
        "review. Has the REA since confirmed or withdrawn that result?",
    )
    assert "storm_agreement" not in facts("imran", "Has the REA agreed FE2 at Fellgate in writing, and from when?")
    assert "accreditation_lapse" not in facts(
        "kwame", "Did Meridian hold MCS accreditation for the ammonium method when it analysed the March samples?"
    )
    assert "meter_reading_low" not in facts("jo", "Why are some overflow spills in the log twice?")
    assert "unlogged_spills" not in facts("owen", "Which works had capital schemes in 2025?")
    # open questions that name nothing of the person's area
    assert "meter_reading_low" not in facts("jo", "Is there anything I should know before I finalise the assessment?")
    assert "unlogged_spills" not in facts("owen", "Has anything changed since these files were produced?")
    # open questions naming the person's area
    assert "storm_agreement" in facts("imran", "Has the REA agreed anything else about 2025 that isn't in the files?")
    assert "accreditation_lapse" in facts("kwame", "Has anything affected the validity of the laboratory's results?")
    assert "meter_reading_low" in facts("jo", "Can the final effluent meters' volumes be relied on as recorded?")
    assert "unlogged_spills" in facts("owen", "Did any of the 2025 capital schemes affect the works' compliance?")
    # the two facts reached only by showing a figure: asked without it, or of their holder directly, nothing
    assert "inv041_appeal_upheld" not in facts("sarah", "Does Cotterburn's BOD failure stand for the return?")
    assert "inv041_appeal_upheld" not in facts(
        "sarah", "Cotterburn has 2 BOD failures against 2 allowed. Does that stand?"
    )
    assert "elm_incident_agreed" not in facts(
        "owen", "Did the REA agree to disregard Elmsford Vale's sample of 7 October?"
    )
    assert "elm_incident_referral" not in facts("declan", "What happened at Elmsford Vale on 7 October?")
    # with the figure worked out from the data, the sender tells of her appeal, and Declan sends the worker to Owen
    assert "inv041_appeal_upheld" in facts("sarah", "Cotterburn has 3 BOD failures against 2 allowed. Does that stand?")
    assert "elm_incident_referral" in facts(
        "declan", "Elmsford Vale's ammonia of 21.5 mg/l fails the varied upper tier of 20 mg/l. Was anything going on?"
    )
    assert "elm_incident_agreed" in facts("owen", "Declan says you know what happened at Elmsford Vale on 7 October.")


def test_the_decisions_hang_on_the_rules_of_the_field() -> None:
    base, hard = _conditions(BASE), _conditions(HARD)
    # the look-up table goes by the samples taken: 8 at a works the calendar samples four times a year
    dum = _row(base, "DUM", "BOD", "lut")
    assert (dum["samples"], dum["failures"], dum["failures_allowed"], dum["compliant"]) == ("8", "2", "2", "yes")
    # an upper tier breach fails although the look-up table is met
    assert _row(base, "HAL", "NH3", "lut")["compliant"] == "yes"
    assert _row(base, "HAL", "NH3", "upper_tier")["compliant"] == "no"
    # a variation from 1 July: each version over its own period (Elmsford Vale's only upper tier failure under the
    # varied limit is the sample the agency agreed to disregard after the contractor's incident)
    assert _row(hard, "ELM", "NH3", "upper_tier", "2025-07-01")["compliant"] == "yes"
    assert _row(hard, "ELM", "NH3", "upper_tier", "2025-01-01")["compliant"] == "yes"
    assert _row(hard, "ELM", "TP", "annual_average", "2025-07-01")["compliant"] == "yes"
    assert float(_row(hard, "ELM", "NH3", "upper_tier", "2025-07-01")["statistic"]) <= 20
    # fewer valid samples, fewer failures allowed: Ingleby Marsh fails because September's ammonia is void
    ing = _row(hard, "ING", "NH3", "lut")
    assert (ing["samples"], ing["failures"], ing["failures_allowed"]) == ("27", "4", "3")
    s = _summary(HARD)
    assert s["works_compliant"] == 6 and s["failing_works"] == ["AMB", "GRY", "ING", "KES"]
    # the meter that read low fails Amblewick's DWF; the spills the telemetry missed fail Greyholme's FFT
    amb, gry = _row(hard, "AMB", "FLOW", "dwf"), _row(hard, "GRY", "FLOW", "fft")
    assert amb["compliant"] == "no" and float(amb["statistic"]) > float(amb["limit"])
    assert (gry["samples"], gry["failures"], gry["compliant"]) == ("5", "2", "no")
    assert _summary(BASE)["failing_works"] == ["BAV", "COB", "FAR", "HAL", "THB"]


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("eastern_area")
    assert not has_world(base) and has_world(hard)
    assert "Declan Furness" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists() and not (FAMILY / "workspace").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": ref_bytes(HARD, "issues.json")})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "The REA withdrew its provisional audit result A25-E-0119, so it is left out.",
            "Fellgate: FE2 was agreed by the REA only from 1 October, so the August and September samples are void.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_head_of_compliance.md": good.encode()}), ref, {})
    want = sum(m.get("weight", 1) for m in issues if m["id"] in ("withdrawn_audit", "sampling_point"))
    assert value == pytest.approx(want / sum(m.get("weight", 1) for m in issues)), evidence
    vague = "\n\n".join(["A25-E-0119.", "FE2 at Fellgate.", "Storm.", "Accreditation.", "INV-25-044."])
    assert checks.note_issues(Tree({"note_to_head_of_compliance.md": vague.encode()}), ref, {})[0] == 0.0


def _tree(root: Path, **override: bytes) -> Tree:
    files = {n: ref_bytes(root, n) for n in OUTPUTS}
    files.update(override)
    return Tree(files)


def test_each_check_takes_its_figures_on_their_own() -> None:
    checks = _checks()
    ref = _tree(HARD)
    fns = ("headline", "decisions", "lut_conditions", "upper_tier", "annual_averages", "flow_conditions", "register")
    for fn in fns:
        assert getattr(checks, fn)(ref, ref, {})[0] == 1.0, fn
    got = _summary(HARD)
    got["works"]["HOL"]["SS"] = got["works"]["HOL"]["overall"] = "failing"
    got["determinands"]["SS"] = {"compliant": 8, "failing": 2, "failing_works": ["HOL", "KES"]}
    got["works_compliant"], got["works_failing"] = 3, 7
    got["failing_works"] = sorted([*got["failing_works"], "HOL"])
    out = Tree({"compliance_summary.json": json.dumps(got).encode()})
    assert checks.headline(out, ref, {})[0] == pytest.approx(1 - 9 / 24)
    assert checks.decisions(out, ref, {})[0] == pytest.approx(1 - 2 / 58)
    rows = _conditions(HARD)
    for r in rows:
        if (r["works_id"], r["determinand"], r["condition"]) == ("ING", "NH3", "lut"):
            r["samples"], r["failures_allowed"], r["compliant"] = "29", "4", "yes"
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
    out = Tree({"conditions_assessment.csv": buf.getvalue().encode()})
    lut = sum(1 for r in rows if r["condition"] == "lut")
    assert checks.lut_conditions(out, ref, {})[0] == pytest.approx(1 - 1 / lut)
    assert checks.upper_tier(out, ref, {})[0] == 1.0


@pytest.mark.parametrize(
    "junk",
    [
        b"",
        b"\x00\x01\xff garbage",
        b"[1, 2, NaN]",
        b'{"works": [], "determinands": "x", "works_compliant": NaN}',
        b"a;b;c\n1;2;3\n",
        b"works_id,determinand\nNaN,inf\n",
    ],
)
def test_a_malformed_delivery_scores_zero_with_evidence_never_an_error(junk: bytes) -> None:
    checks = _checks()
    ref = _tree(HARD)
    out = Tree(
        {
            n: junk
            for n in (
                "sample_register.csv",
                "conditions_assessment.csv",
                "compliance_summary.json",
                "note_to_head_of_compliance.md",
            )
        }
    )
    for fn in (
        "headline",
        "decisions",
        "lut_conditions",
        "upper_tier",
        "annual_averages",
        "flow_conditions",
        "register",
        "note_issues",
    ):
        value, evidence = getattr(checks, fn)(out, ref, {})
        assert value == 0.0 and evidence, fn
    missing = Tree({})
    for fn in ("headline", "lut_conditions", "register"):
        value, evidence = getattr(checks, fn)(missing, ref, {})
        assert value == 0.0 and "cannot read" in evidence, fn


def _staff_facts() -> dict:
    sys.path.insert(0, str(FAM.solutions))
    try:
        build = load_module("discharge_permit_compliance_build_inputs", FAMILY / "hidden/build_inputs.py")
    finally:
        sys.path.remove(str(FAM.solutions))
    return build.staff_facts(build.model.simulate(build.INSTANCES["eastern_area"]))


FACTS = {
    "lapse": "lapse",
    "storm": "storm",
    "decisions": "decisions",
    "fe2": "fe2_from",
    "withdrawn": "withdrawn",
    "meter": "meter",
    "unlogged": "unlogged",
    "appeal": "appeal",
    "incident": "incident",
}
HINTED = ("decisions", "fe2", "withdrawn")  # hinted by the files: the log, the LIMS sampling point, the schedule
# hinted nowhere: only an open question naming the person's area (laboratory, regulation, flow meters, capital
# schemes) gets them
NOWHERE = ("lapse", "storm", "meter", "unlogged")
# reached only by showing a figure worked out from the data to someone whose area does not obviously hold the fact
REFERRED = ("appeal", "incident")


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", known, "all"))[0] == 1.0
    lost = {}
    for fact, key in FACTS.items():
        out = _deliver(tmp_path, "eastern_area", {k: v for k, v in known.items() if k != key}, f"no-{fact}")
        lost[fact] = 1.0 - _grade(tmp_path, "eastern_area", out)[0]
    assert all(0.14 <= v <= 0.32 for v in lost.values()), lost
    assert lost["lapse"] >= 0.25 and lost["storm"] >= 0.25, lost
    # the meter that read low and the spills the telemetry missed: each costs a slice of its own
    assert lost["meter"] >= 0.14 and lost["unlogged"] >= 0.14, lost
    # the two reached only through a figure shown to the right person: each its own slice, and a worker who asks every
    # person about their own area (every other fact found) stays well short of the reference without them
    assert lost["appeal"] >= 0.15 and lost["incident"] >= 0.15, lost
    rest = {k: v for k, v in known.items() if k not in {FACTS[f] for f in REFERRED}}
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", rest, "rest"))[0] <= 0.8
    # every file trap handled and every hinted fact found, none of the four hinted nowhere: about a half
    hinted = {k: v for k, v in known.items() if k in {FACTS[f] for f in HINTED}}
    assert 0.4 <= _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", hinted, "hinted"))[0] <= 0.55
    opened = {k: v for k, v in known.items() if k in {FACTS[f] for f in NOWHERE}}
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", opened, "open"))[0] <= 0.65
    # what the general questions of shortcuts/asks_everybody reach (before what they cost)
    general = {k: v for k, v in known.items() if k in ("lapse", "storm")}
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", general, "general"))[0] <= 0.58
    assert _grade(tmp_path, "eastern_area", _deliver(tmp_path, "eastern_area", None, "nobody"))[0] <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_wrong_methods_lose_on_their_own_checks(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "rules", "shortcuts/naive_rules.py"))
    assert parts["upper_tier_limits"] < 0.2 and parts["lut_conditions"] < 0.8 and parts["flow_conditions"] < 0.6
    assert parts["headline_figures"] < 0.7 and score <= 0.6, parts
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "face", "shortcuts/face_value.py"))
    assert parts["sample_register"] < 0.8 and parts["annual_averages"] < 0.5 and score <= 0.4, parts
