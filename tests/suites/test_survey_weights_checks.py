"""survey_weights' hard instance: five facts only the staff hold, each graded by its own slice, gates that need
evidence, and two facts that no input hints at."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/survey_weights"
HARD = FAMILY / "variants/autumn_raking"
REF = HARD / "hidden/reference"


def _checks():
    spec = importlib.util.spec_from_file_location("survey_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """The one method the checks use of a delivered or reference tree."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def read_one(self, path: str) -> tuple[str, bytes]:
        f = self.root / path
        if not f.is_file():
            raise FileNotFoundError(path)
        return path, f.read_bytes()


def _score(delivered: Path) -> float:
    """The weighted score of the python checks (the family's other weighted check, the summary's shape, passes)."""
    checks = _checks()
    config = tomllib.loads((FAMILY / "task.toml").read_text())
    params = {**config["params"], **tomllib.loads((HARD / "variant.toml").read_text())["params"]}
    got = total = 0.0
    for check in config["grader"]["checks"]:
        weight = check.get("weight", 0)
        if not weight:
            continue
        total += weight
        if check["kind"] != "python":
            got += weight
            continue
        value, _ = getattr(checks, check["function"].split(":")[1])(Tree(delivered), Tree(REF), params)
        got += weight * value
    return got / total


FACTS = ("batch", "ages", "regions", "withdrawn", "boost")
HINTED_NOWHERE = ("withdrawn", "boost")


def test_each_fact_costs_its_own_slice() -> None:
    facts = json.loads((REF / "facts.json").read_text())
    assert len(facts["alternatives"]) == 2 ** len(FACTS) - 1
    assert _score(REF) == 1.0
    none = _score(REF / "alternatives/none")
    assert none <= 0.5
    for missed in FACTS:
        applied = "-".join(f for f in FACTS if f != missed)
        cost = 1.0 - _score(REF / "alternatives" / applied)
        # the facts hinted nowhere are worth about a fifth to a quarter each; the anomaly-hinted ones under a tenth
        low, high = (0.19, 0.25) if missed in HINTED_NOWHERE else (0.07, 0.1)
        assert low <= cost <= high, (missed, cost)
    # a worker who finds every anomaly-hinted fact and neither fact hinted nowhere stays at or below 0.55
    assert _score(REF / "alternatives/batch-ages-regions") <= 0.55


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text()
    facts = json.loads((REF / "facts.json").read_text())
    assert f"all {len(facts['batch_ids'])} of them" in people
    for band, value in facts["age_targets"]["current"].items():
        assert f"{band.replace(chr(0x2013), '-')}: {value:,}" in people
    assert f"{sum(facts['age_targets']['current'].values()):,}" in people
    published = sum(facts["age_targets"]["published"].values())
    assert published != sum(facts["age_targets"]["current"].values())
    assert all(int(v["corrected"]) == int(v["delivered"]) + 1 for v in facts["recoded"].values())
    # the hints are in the data, the facts are not
    text = (HARD / "workspace/input/responses.csv").read_text()
    assert "rejected" not in text.lower() and "2026-10-17" in text
    # the withdrawn interviews: listed by the one who holds the fact, and all valid own-panel interviews
    withdrawn = facts["withdrawn_ids"]
    assert len(withdrawn) == 24 and f"{', '.join(withdrawn[:-1])} and {withdrawn[-1]}." in people
    kept = {r["resp_id"] for r in csv.DictReader(io.StringIO((REF / "weighted_responses.csv").read_text()))}
    assert not kept & set(withdrawn)
    assert set(withdrawn) <= {
        r["resp_id"]
        for r in csv.DictReader(
            io.StringIO((REF / "alternatives/batch-ages-regions/weighted_responses.csv").read_text())
        )
    }


def test_the_boost_is_ordinary_in_the_data_and_its_holder_lists_it() -> None:
    """The boost's interviews are complete own-panel online interviews of ordinary length with ids that continue
    the file's, spread through the export; only the sender's answer gives their range."""
    facts = json.loads((REF / "facts.json").read_text())
    boost = facts["boost_ids"]
    people = (HARD / "hidden/people.toml").read_text()
    assert len(boost) == 120 and f"resp_id {boost[0]} to 82421" in people
    rows = list(csv.DictReader(io.StringIO((HARD / "workspace/input/responses.csv").read_text())))
    mine = [r for r in rows if r["resp_id"] in set(boost)]
    assert len({r["resp_id"] for r in mine}) == len(boost)
    assert all(r["sample_source"] == "LP" and 8 <= int(r["duration_min"]) <= 26 for r in mine)
    positions = [i for i, r in enumerate(rows) if r["resp_id"] in set(boost)]
    assert positions[0] < len(rows) / 10 and positions[-1] > 9 * len(rows) / 10
    assert not set(boost) & set(facts["withdrawn_ids"]) and not set(boost) & set(facts["batch_ids"])
    kept = {r["resp_id"] for r in csv.DictReader(io.StringIO((REF / "weighted_responses.csv").read_text()))}
    assert not kept & set(boost)
    from docx import Document

    doc = Document(HARD / "workspace/input/codebook.docx")
    words = " ".join(p.text for p in doc.paragraphs).lower()
    assert not any(w in words for w in ("boost", "priority services", "vulnerab"))


def test_a_scope_question_reaches_the_boost_and_the_open_change_question_does_not() -> None:
    from worktrial.tasks import load_family
    from worktrial.world.gates import Said, judge_topic
    from worktrial.world.routing import Router

    fam = load_family(FAMILY)
    people = fam.instance("autumn_raking", fam.config.instance_levels[-1]).people()
    router = Router(people)
    priya = people.person("priya")
    assert priya is not None
    topic = next(t for t in priya.topics if t.id == "study_scope")

    def opens(question: str) -> bool:
        routed = {t for t, _ in router.route("priya", question)}
        return "study_scope" in routed and judge_topic(people, priya, topic, Said([question], (), {})).ok

    assert opens("Is every complete interview in the file in scope for the tracker?")
    assert opens("Does the file include any boost sample?")
    assert not opens("Has anything changed since you sent me the files?")
    assert not opens("Should I rake or use cell weighting this wave?")


def test_the_fact_hinted_nowhere_is_ordinary_in_the_data() -> None:
    """Nothing in the inputs marks the withdrawn interviews: they are complete own-panel interviews of ordinary
    length, spread over the fieldwork, and no file speaks of consent or withdrawal."""
    facts = json.loads((REF / "facts.json").read_text())
    rows = list(csv.DictReader(io.StringIO((HARD / "workspace/input/responses.csv").read_text())))
    withdrawn = [r for r in rows if r["resp_id"] in set(facts["withdrawn_ids"])]
    assert len(withdrawn) == len(facts["withdrawn_ids"])
    assert all(r["status"].strip().lower() == "complete" and r["sample_source"] == "LP" for r in withdrawn)
    assert all(8 <= int(r["duration_min"]) <= 26 for r in withdrawn)
    assert len({r["interview_date"] for r in withdrawn}) >= 10
    from docx import Document

    doc = Document(HARD / "workspace/input/codebook.docx")
    words = " ".join(p.text for p in doc.paragraphs).lower()
    assert not any(w in words for w in ("consent", "withdr", "delet", "erasure"))


def test_the_open_question_reaches_the_fact_and_a_question_about_the_batch_does_not() -> None:
    from worktrial.tasks import load_family
    from worktrial.world.gates import Said, judge_topic
    from worktrial.world.routing import Router

    fam = load_family(FAMILY)
    people = fam.instance("autumn_raking", fam.config.instance_levels[-1]).people()
    router = Router(people)
    odile = people.person("odile")
    assert odile is not None
    topic = next(t for t in odile.topics if t.id == "since_delivery")

    def opens(question: str) -> bool:
        routed = {t for t, _ in router.route("odile", question)}
        return "since_delivery" in routed and judge_topic(people, odile, topic, Said([question], (), {})).ok

    assert opens("Has anything changed since you sent the data file?")
    assert opens("Is there anything else I should know before I finalise the tables?")
    assert not opens("46 Brightfield interviews on 17 October took under five minutes. Did they pass your checks?")
    assert not opens("What quality checks does Larkspur run on the data?")
    # the sender and the data processing executive point to her, without saying what she knows
    for who, topic_id in (("priya", "since_sent"), ("tomasz", "since_export")):
        person = people.person(who)
        assert person is not None
        answer = next(t.answer for t in person.topics if t.id == topic_id)
        assert "Odile Farrant" in answer and "consent" not in answer and "withdr" not in answer


def test_the_fair_instance_has_no_staff_and_the_hard_one_names_them() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("autumn_raking")
    assert not has_world(base) and has_world(hard)
    assert "Ravi Okonjo" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "variants/base/hidden/people.toml").exists()
