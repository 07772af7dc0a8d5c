from __future__ import annotations

import pytest

from worktrial.tasks.evidence import Claim, Evidence, Figure
from worktrial.world import EvidenceState, MessageEvidence, RuleJudge, quantities, split_sentences
from worktrial.world.evidence import missing_lines

from .builders import EXPORT_EVIDENCE

judge = RuleJudge()
CAUSE = "The duplicate refunds happen because the export runs twice every night."


def verdict(message: str, evidence: Evidence = EXPORT_EVIDENCE) -> MessageEvidence:
    return judge.judge(evidence, message)


# ------------------------------------------------------------------ claims


@pytest.mark.parametrize(
    "message",
    [
        CAUSE,
        "Refunds get paid twice: the export job ran twice on each night since the migration.",
        "Refunds are paid twice since the export started twice a night after the migration.",
        "It is not the customers - duplicates appear because the export is run twice by two schedulers.",
    ],
)
def test_claim_in_other_words(message: str) -> None:
    assert "claim1" in verdict(message).met


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ("The duplicates are not because the export runs twice.", "negated"),
        ("Maybe duplicate refunds come from an export that runs twice.", "hedged"),
        ("I wonder whether the refunds export runs twice.", "hedged"),
        ("The vendor says the refund export runs twice, I have no data.", "reported"),
        ("Refunds. The export runs twice.", "two sentences, no reference back"),
        ("Checked: duplicates, refunds, export runs twice, cron, logs, the vendor.", "an enumeration"),
        ("duplicates refunds export runs twice cron logs fix", "keywords without a statement"),
        ("(duplicate refunds, export runs twice) please advise", "only in an aside"),
        ("The vendor says that on most nights the refund export job runs twice.", "reported, a long clause"),
        ("Do the duplicate refunds happen because the export runs twice?", "a yes/no question"),
        ("So is it that refunds are paid twice because the export runs twice?", "a yes/no question"),
    ],
)
def test_claim_not_asserted(message: str, why: str) -> None:
    assert "claim1" not in verdict(message).met, why


def test_a_request_with_the_claim_still_asserts_it() -> None:
    assert "claim1" in verdict("Could you confirm the fix? Refunds are paid twice because the export runs twice.").met
    assert "claim1" in verdict("Can you approve it, now that duplicate refunds come from the export running twice?").met


def test_compound_nouns_and_claims_as_a_noun_are_no_cues() -> None:
    concepts = [["no-match", "scams?"], ["reimburs\\w*", "paid"], ["since january"]]
    evidence = Evidence(claims=[Claim(describe="which scams are reimbursed", concepts=concepts)])
    assert "claim1" in verdict("Every no-match scam has been reimbursed since January.", evidence).met
    assert "claim1" in verdict("The claims team has reimbursed the scams since January.", evidence).met
    assert "claim1" in verdict("Our scam claims were paid since January.", evidence).met
    # still cues: a plain "no", and "claims" as a verb of reported speech
    assert "claim1" not in verdict("No scams were reimbursed since January.", evidence).met
    assert "claim1" not in verdict("Rafael claims the scams were reimbursed since January.", evidence).met


def test_a_pronoun_carries_one_concept_from_the_sentence_before() -> None:
    assert "claim1" in verdict("Look at the duplicate refunds. They appear since the export runs twice.").met
    # two concepts missing from the second sentence: no carry-over
    assert "claim1" not in verdict("Look at the refunds. They worry me. The export runs twice.").met


def test_a_cause_explained_over_two_full_sentences_is_asserted() -> None:
    step_by_step = (
        "I went through the nightly logs for the whole of February and the export job runs twice on every "
        "single night since the migration. That is exactly why the same customers keep getting their refunds "
        "paid twice, one payment per run."
    )
    assert "claim1" in verdict(step_by_step).met
    # fragments, a negated second step, or a step three sentences away do not carry the last concept
    assert "claim1" not in verdict("Refunds get paid out to customers twice. The export runs twice.").met
    first = step_by_step.split(". ")[0]
    assert "claim1" not in verdict(first + ".").met  # the first step alone names no refunds
    negated = first + ". But that is not why refunds go out twice to the same customers, it must be something else."
    assert "claim1" not in verdict(negated).met
    far = step_by_step.replace(" That is", " The vendor was slow to reply to us. Our team is small. That is")
    assert "claim1" not in verdict(far).met


# ------------------------------------------------------------------ figures


@pytest.mark.parametrize(
    ("message", "figure"),
    [
        ("Last week 41 refunds were paid twice.", "figure1"),
        ("About 40-42 duplicate refunds in one week.", "figure1"),
        ("Roughly 4 % of refunds were duplicates.", "figure2"),
        ("Around 3.5 to 4.5 percent of all refunds.", "figure2"),
        ("41 of the 1,000 refunds were paid twice.", "figure1"),
    ],
)
def test_figure_cited(message: str, figure: str) -> None:
    assert figure in verdict(message).met


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ("Last week 12 refunds were paid twice.", "out of range"),
        ("Somewhere between 0 and 100 duplicate refunds.", "a range wider than the accepted one"),
        ("41 tickets were closed last week.", "no context phrase in the sentence"),
        ("Refunds: 1 %, 2 %, 3 %, 4 %, 5 % are duplicates.", "a list of values"),
        ("Refunds went out on 2026-03-04 at 10:41 for RC40.", "dates, times and ids are no figures"),
        ("41 % of refunds were paid twice.", "a plain count cited as a percentage"),
    ],
)
def test_figure_not_cited(message: str, why: str) -> None:
    assert not [m for m in verdict(message).met if m.startswith("figure")], why


def test_units_convert_and_shares_are_read() -> None:
    grams = Figure(describe="the weight", min=3400, max=3600, unit="g", near=[["payload"]])
    share = Figure(describe="the share", min=60, max=70, unit="%", near=[["stops"]])
    rate = Figure(describe="the rate", min=2.1, max=2.6, unit=r"per 1,?000", near=[["stops"]])
    evidence = Evidence(figures=[grams, share, rate], figures_needed=1)
    assert verdict("The payload is 3.5 kg on RC1.", evidence).met == ("figure1",)
    assert verdict("20 of the 30 stops followed a multipack.", evidence).met == ("figure2",)
    assert verdict("Two thirds of the stops, 2/3 of them.", evidence).met == ("figure2",)
    assert verdict("Stops per 1,000 lines: 1.7 before, 2.4 after.", evidence).met == ("figure3",)


def test_quantities() -> None:
    found = [(q.low, q.high, q.unit) for q in quantities("from 1.7 to 2.4, about 15-20 %, EUR 1,800, three-fold")]
    assert found == [(1.7, 1.7, None), (2.4, 2.4, None), (15.0, 20.0, "%"), (1800.0, 1800.0, "eur"), (3.0, 3.0, "x")]
    assert [(q.low, q.high) for q in quantities("between 15 and 20 percent")] == [(15.0, 20.0)]
    assert quantities("on 2026-03-06 at 13:30, WI-OPS-22, the 3rd cell") == []


def test_counts_in_words_amounts_with_magnitudes_and_dates_that_are_not_counts() -> None:
    def found(text: str) -> list[tuple[float, str | None]]:
        return [(q.low, q.unit) for q in quantities(text)]

    assert found("five compliance samples at FE2, a dozen results") == [(5.0, None), (12.0, None)]
    assert found("two thirds of them, three-fold, two times") == [(66.667, "%"), (3.0, "x"), (2.0, "x")]
    assert found("a cap of £688k, EUR 11.3m, $2bn") == [(688000.0, None), (11300000.0, "eur"), (2e9, None)]
    assert found("5m of pipe, 40 k") == [(40.0, None)]  # no currency, no magnitude ("5m" is no count either)
    # a currency code written against the amount is still a currency; an id that starts with letters is no amount
    assert found("GBP489k lost, EUR1,800 a month") == [(489000.0, None), (1800.0, "eur")]
    assert found("GBP ~470k, £ c. 1.2m and EUR approx. 3k") == [(470000.0, None), (1.2e6, None), (3000.0, "eur")]
    assert found("runs RC1, WI-OPS-22 and eurostar2") == []
    # dates are not counts, so a count after a list of dates is still one figure, not a list
    assert found("samples on 20 Aug, 17 Sep, 15 Oct, 12 Nov and 22 Dec: 5 in all") == [(5.0, None)]
    assert found("on March 3rd and 5th of May there were 7") == [(7.0, None)]


def test_a_count_after_a_date_list_is_cited() -> None:
    evidence = Evidence(figures=[Figure(describe="samples at FE2", min=5, max=5, near=[["fe ?2"], ["samples?"]])])
    message = "FE2 has samples on 20 Aug, 17 Sep, 15 Oct, 12 Nov and 22 Dec, five in all."
    assert verdict(message, evidence).met == ("figure1",)


def test_sentences_keep_abbreviations_and_decimals() -> None:
    assert split_sentences("Approx. 2.5 kg, e.g. cat food. Next one? Yes; done\nnew line") == [
        "Approx. 2.5 kg, e.g. cat food.",
        "Next one?",
        "Yes;",
        "done",
        "new line",
    ]


# ------------------------------------------------------------------ counter-claims and state


def test_counter_claim_contradicts_unless_negated() -> None:
    wrong = verdict(f"{CAUSE} Also the customers claim twice, 41 refunds.")
    assert wrong == MessageEvidence((), ("against1",))
    assert verdict(f"The customers did not claim twice. {CAUSE}").against == ()


def test_state_accumulates_and_a_contradiction_withdraws() -> None:
    state = EvidenceState()
    state = state.after(verdict(CAUSE))
    assert not state.shown(EXPORT_EVIDENCE)
    state = state.after(verdict("Last week 41 refunds were paid twice."))
    assert state.shown(EXPORT_EVIDENCE)
    state = state.after(verdict("Actually it is fraud: customers claim twice."))
    assert not state.shown(EXPORT_EVIDENCE) and state.met == frozenset() and state.against == ("against1",)
    state = state.after(verdict(f"{CAUSE} 41 refunds were paid twice."))
    assert state.shown(EXPORT_EVIDENCE) and state.against == ()


def test_missing_lines_per_item_with_rebuttal_first_and_defaults() -> None:
    assert missing_lines(EXPORT_EVIDENCE, EvidenceState()) == [
        "What actually pays them twice?",
        "How many were paid twice?",
    ]
    contradicted = EvidenceState(frozenset(), ("against1",))
    assert missing_lines(EXPORT_EVIDENCE, contradicted)[0] == "Fraud checked every one of them - they were not."
    plain = Evidence(
        claims=[Claim(describe="what trips the curtain", concepts=[["trip"]])],
        figures=[Figure(describe="the share of stops", min=1, max=2)],
    )
    assert missing_lines(plain, EvidenceState(frozenset({"claim1"}))) == ["Show me the share of stops."]
    assert missing_lines(plain, EvidenceState())[0] == "Tell me what trips the curtain."


def test_a_wrong_figure_is_named_not_asked_for_again() -> None:
    wrong = verdict("Last week 25 refunds were paid twice.")
    assert "figure1" not in wrong.met and wrong.off == ("figure1",)
    assert MessageEvidence.from_json(wrong.to_json()) == wrong
    state = EvidenceState().after(verdict(CAUSE)).after(wrong)
    assert missing_lines(EXPORT_EVIDENCE, state) == [
        "I can't match the figure for how many returns were refunded twice last week in your message with what "
        "I have: check it."
    ]
    # the right figure in the next message meets it; a message without the figure says what is missing again
    assert state.after(verdict("Last week 41 refunds were paid twice.")).shown(EXPORT_EVIDENCE)
    assert missing_lines(EXPORT_EVIDENCE, state.after(verdict("Thanks."))) == ["How many were paid twice?"]
    # no value in the figure's context, or a right value beside a wrong one, is not off
    assert verdict("The refunds were paid twice.").off == ()
    assert verdict("Of 900 refunds last week, 41 were paid twice.").off == ()
    assert "off" not in verdict(CAUSE).to_json()  # ledgers without wrong figures are written as before


def test_evidence_schema_rejects_bad_tables() -> None:
    with pytest.raises(ValueError, match="at least one claim or figure"):
        Evidence()
    with pytest.raises(ValueError, match="figures_needed"):
        Evidence(figures=[Figure(describe="x", min=1, max=2)], figures_needed=2)
    with pytest.raises(ValueError, match="above max"):
        Figure(describe="x", min=3, max=2)
    with pytest.raises(ValueError, match="not a valid regular expression"):
        Claim(describe="x", concepts=[["(unclosed"]])
