"""What the complaints and flags say: text templates by true category, channel and kind (Wenmouth Courier).

`compose(t, category, kind, channel, story, language, production)` writes the subject and body of one item
from the truth the world model has already decided, so the text carries the signals a triage rule can read
(legal words, accuracy words, regulator references) in the proportions a real intake has: most defamation
complaints name a solicitor or libel, some only say "untrue" and "reputation"; complaints about court reports
rarely use a legal word at all; noise often says "wrong" or "lies". Production text is reworded and has typos.
"""

from __future__ import annotations

import re

from worktrial.kit.grader import Traffic

NAMES = [
    "Dawn Halloran",
    "Gary Pettifer",
    "Nadia Osei",
    "Colin Marsh-Tyler",
    "Rhiannon Pugh",
    "Imran Bashir",
    "Lesley Coote",
    "Marek Nowicki",
    "Sandra Whitbread",
    "Owen Llewellyn",
    "Fay Okonkwo",
    "Derek Stannard",
]
PLACES = ["Wenmouth", "Dalehurst", "Brackley Moor", "Kessingham", "Holt Fen", "Saltry", "Upper Caddon"]
TEAMS = ["Wenmouth Rovers", "Dalehurst Town", "Kessingham Athletic", "Saltry Wanderers"]
PARTIES = ["Dale Independents", "Wenmouth First", "the Progressive Alliance", "the Civic Party"]
CRIMES = ["fraud", "theft from my employer", "dealing drugs", "benefit fraud", "assault", "fly-tipping"]
BUSINESSES = ["garage", "cafe", "building firm", "care home", "taxi firm", "dental practice"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
TOPICS = ["the bypass", "potholes", "the hospital car park", "council tax", "the new bins", "the Saltry ferry"]
CLAUSES = [
    ("1", "Accuracy"),
    ("2", "Privacy"),
    ("3", "Harassment"),
    ("9", "Reporting of crime"),
    ("12", "Discrimination"),
]

# (subject, body) templates. Slots in braces are filled by `_fill`. Comments say which signals they carry.
DEFAMATION_READER = [
    # explicit legal words
    (
        "Formal complaint",
        "Your article about me is defamatory. You have accused me of {crime} and my solicitor will be writing to you.",
    ),
    (
        "Legal notice",
        "We act for {name}. The article of {day1} contains false and defamatory allegations about our client. We "
        "require its removal and an apology within 7 days.",
    ),
    (
        "Re: your story",
        "This is libel. The story says my {business} in {place} is being investigated. Take it down today or I will "
        "sue.",
    ),
    (
        "Complaint",
        "The story is untrue and defamatory - you have accused me of {crime}. I have passed it to my lawyer.",
    ),
    (
        "Article about my family",
        "Legal action will follow unless this false story about my husband is removed. He has never been charged "
        "with anything.",
    ),
    ("", "I am instructing a solicitor over what you printed about my {business}. None of it is true."),
    ("Defamation", "Your reporter has called {name} a {crime} suspect. That is defamatory and we want a retraction."),
    # only accuracy and reputation words: no legal term
    (
        "Your article",
        "You have printed that I was sacked for {crime}. That is completely untrue and it has destroyed my "
        "reputation in {place}.",
    ),
    (
        "Complaint",
        "Your story says my {business} was shut down by inspectors. That is false, customers are cancelling and my "
        "good name is ruined.",
    ),
]
DEFAMATION_SOCIAL = [
    ("", "@WenmouthCourier this is libel, see you in court"),
    ("", "@WenmouthCourier delete this or my lawyer will be in touch"),
    ("", "@WenmouthCourier you've called {name} a criminal. That's false and defamatory"),
    ("", "@WenmouthCourier my solicitor has your article. Take it down"),
    ("", "@WenmouthCourier accusing me of {crime} with zero evidence. Untrue. My reputation is wrecked"),
]
COURT_READER = [
    # about court reports: contempt, reporting restrictions, anonymity - rarely a legal keyword
    ("Court report", "The trial is still going on and your report reads as if he has already been found guilty."),
    ("My son", "You have named my {age}-year-old son. He is a child and his case is in the youth court."),
    ("", "The jury has not returned a verdict yet but your headline says he did it."),
    (
        "Please remove the photo",
        "Your photo shows the street where the victim lives. Everyone in {place} knows who she is now.",
    ),
    (
        "Complaint",
        "The judge said the victim could not be identified. Your article gives her age, her school and her street.",
    ),
    (
        "Report of the hearing",
        "You have reported what the defendant said while the jury was out - they were not supposed to hear it.",
    ),
    ("", "You have printed the name of the woman who made the complaint. She is entitled to lifelong anonymity."),
    (
        "Error in court report",
        "This report is wrong - the hearing isn't finished and you've printed evidence the jury never heard.",
    ),
    (
        "My brother",
        "My brother's case was adjourned and your article says he pleaded guilty. He did not, he pleaded not guilty.",
    ),
    ("Inquest", "The inquest has not concluded and your article says how my father died as if it were fact."),
    ("", "Your report gives the method in detail. The family asked you not to, and the coroner warned about it."),
]
YOUTH_READER = [
    # about youth court reports: a child identified by the details - hardly ever a legal word, often none at all
    ("My son", "Everyone at his school knows it's him from your story - his age, our street and his football club."),
    ("", "You've put the name of his school in the report. He is {age}. How is that allowed?"),
    ("Photo", "The picture with your story shows our front door. The whole estate knows it's my daughter now."),
    (
        "Please take this down",
        "My nephew is {age} and your report says which year he's in and where he works weekends.",
    ),
    ("", "The boy in your youth court story is my son. You have printed his nickname and his mum's shop in {place}."),
    ("Complaint", "Your report says the girl is the daughter of the {business} owner on {place} high street."),
    ("Identified", "Her classmates have shared your article with her name underneath. She is {age}."),
    ("", "Why does your article say which care home the lad lives in? Everyone there can tell who it is."),
]
NSC_REFERRAL = [
    (
        "NSC ref {ref}",
        "NSC ref {ref}. The Council has received a complaint about your article '{headline}' under Clause {clause} "
        "({clause_name}). Please acknowledge and respond to the complainant.",
    ),
    ("NSC ref {ref}", "NSC ref {ref}: complaint forwarded for your response. Details attached."),
    (
        "News Standards Council {ref}",
        "News Standards Council - complaint {ref} regarding '{headline}'. The complainant says the article is "
        "inaccurate (Clause 1). Please acknowledge receipt.",
    ),
    (
        "NSC referral {ref}",
        "Referral {ref} under Clause {clause} ({clause_name}) of the Code. The complainant has not received a reply "
        "from the publication.",
    ),
]
HUB_REFERRAL = [
    (
        "Complaints Hub case {hub}",
        "Complaints Hub case {hub}: a complaint about '{headline}' has been referred to you under the Code. "
        "Acknowledge within the Code's deadline.",
    ),
    ("Case {hub}", "Case {hub}. Referred complaint, Clause {clause}. Publisher response required."),
    (
        "Complaints Hub",
        "The News Standards Council's Complaints Hub forwards case {hub} about '{headline}' (Clause {clause}, "
        "{clause_name}).",
    ),
    (
        "Case {hub} - referred complaint",
        "Referred under the Editors' Code, Clause {clause}. Please confirm receipt to the Hub.",
    ),
]
FACTUAL_READER = [
    ("Report an error", "Wrong score: it was {n1}-{n2}, not {n2}-{n1} as your report says."),
    ("Spelling", "You have spelled my name wrong - it is {name}."),
    ("Wrong day", "The article says the meeting is on {day1}. It is on {day2}, please correct it."),
    ("Caption", "The photo caption names the wrong person. That is {name}, not {name2}."),
    ("Date", "Your story gives the wrong date for the {topic} consultation: it closes on {day2}."),
    ("Figures", "The figure of {num} is incorrect. The council report says {num2}."),
    ("", "Small error: {place} is in the Dale district, not the Fen district."),
    ("Headline", "There's a mistake in the headline - it should be {num2} jobs, not {num}."),
    ("Please correct", "Your article is incorrect: the school is merging with {place} Primary, not closing."),
    ("", "The opening times in your piece are out of date, the library now opens at 9."),
    ("Election result", "Your results table is wrong: {party} got {num2} votes, not {num}."),
    ("Police appeal", "The police appeal number in your story is wrong, it should end {n1}{n2}{n2}."),
    ("Crime figures", "Your crime figures for {place} are incorrect - the police report says {num2}, not {num}."),
    ("Court listing", "The court listing has the wrong day, the case is on {day2}."),
]
FACTUAL_SOCIAL = [
    ("", "@WenmouthCourier it was {n1}-{n2} not {n2}-{n1}, sort it out"),
    ("", "@WenmouthCourier wrong photo on the {place} story, that's not her"),
    ("", "@WenmouthCourier the match is on {day2} not {day1}"),
]
FACTUAL_STAFF = [
    ("Desk flag", "Subs flag: headline says {num} jobs, copy says {num2}. Please check."),
    ("Desk flag", "Flag: wrong byline on the {place} story - should be {name}."),
    ("Picture desk", "Caption error, wrong name on photo 3 of the {place} gallery."),
    ("Desk flag", "The {team} score is wrong in the online version."),
    ("Sub-editor", "Online version still carries the old figure ({num}); print was corrected to {num2}."),
]
FACTUAL_CMSFLAG = [
    ("CMS flag", "[{user}] headline/copy mismatch: {num} vs {num2}"),
    ("CMS flag", "[{user}] caption names {name2}, picture is {name}"),
    ("CMS flag", "[{user}] date in standfirst ({day1}) contradicts copy ({day2})"),
    ("CMS flag", "[{user}] result table: {team} {n1}, copy says {n2}"),
]
NONE_READER = [
    ("Complaint", "Your coverage of {party} is biased and wrong. Cancel my subscription."),
    ("", "Why do you never report on {topic}?"),
    ("Delivery", "My paper wasn't delivered this morning again."),
    ("Thank you", "Great article on the {place} food bank, thank you."),
    ("", "You lot are always against {team}."),
    ("Lies", "Lies, lies, lies. Nobody in {place} believes the Courier any more."),
    ("Columnist", "I disagree with your columnist completely. He is wrong about {topic}."),
    ("Website", "Too many adverts on your website, it's unreadable on my phone."),
    ("Notices", "How do I place a death notice in Friday's paper?"),
    ("Fake news", "This is fake news and you know it. Shame on you."),
    ("Opinion", "Your editorial on {topic} is a disgrace. Wrong, wrong, wrong."),
    ("Subscription", "I was charged twice for my digital subscription this month."),
    ("Crime", "Why don't the police do something about {topic} instead of you writing about it?"),
    ("", "Nothing but crime stories in the Courier these days. Depressing."),
    ("Victims", "Spare a thought for the victims instead of sensational headlines."),
    ("Court reporting", "Why do you report every little court case in {place}? Nobody cares."),
]
NONE_POLITICS = [
    ("Election coverage", "Your election coverage is a disgrace, totally one-sided for {party}."),
    ("", "Why did you give the {party} candidate a whole page and ours a paragraph?"),
    ("Bias", "The Courier is a mouthpiece for {party}. False balance again."),
    ("", "Stop printing {party} press releases as news. Biased rubbish."),
    ("Hustings", "You didn't even mention the hustings in {place}. Pathetic."),
]
NONE_SOCIAL = [
    ("", "lol @WenmouthCourier"),
    ("", "@WenmouthCourier fake news"),
    ("", "@WenmouthCourier clickbait again"),
    ("", "who writes this stuff @WenmouthCourier"),
    ("", "@WenmouthCourier wrong again lads"),
    ("", "@WenmouthCourier absolute lies"),
    ("", "@WenmouthCourier great pics from the carnival"),
    ("", "@WenmouthCourier biased as ever on {party}"),
]
NONE_STAFF = [("Desk flag", "Not an error after all - ignore my earlier note on the {place} story.")]
FOREIGN = {  # the web form accepts other languages; production only
    ("pl", "LEGAL"): [
        "Artykul o mnie jest nieprawdziwy i znieslawiajacy. Moj prawnik sie z Wami skontaktuje.",
        "Proces wciaz trwa, a Wasz artykul sugeruje, ze on jest winny.",
    ],
    ("pl", "FACTUAL"): [
        "W artykule jest blad: spotkanie jest we wtorek, nie w czwartek.",
        "Zle nazwisko pod zdjeciem. To jest {name}.",
    ],
    ("pl", "NONE"): ["Dlaczego gazeta nie dotarla dzis rano?", "Wasza strona ma za duzo reklam."],
    ("cy", "LEGAL"): [
        "Mae'r erthygl amdanaf yn anwir ac yn enllibus. Bydd fy nghyfreithiwr yn cysylltu.",
        "Mae'r achos yn dal i fynd ymlaen ac mae eich adroddiad yn dweud ei fod yn euog.",
    ],
    ("cy", "FACTUAL"): [
        "Mae camgymeriad yn yr erthygl: mae'r cyfarfod ddydd Mawrth, nid dydd Iau.",
        "Mae'r sgor yn anghywir, {n1}-{n2} oedd hi.",
    ],
    ("cy", "NONE"): ["Ni chyrhaeddodd y papur y bore 'ma.", "Rydych chi bob amser yn erbyn {team}."],
}
# production wording drift: the same complaint in words history has not seen
SYNONYMS = {
    "solicitor": ["legal team", "solicitors", "lawyers"],
    "defamatory": ["libellous", "defamatory"],
    "untrue": ["not true", "simply untrue", "a lie"],
    "false": ["not true", "false"],
    "wrong": ["incorrect", "not right", "wrong"],
    "I will sue": ["I will see you in court", "I will take legal action"],
    "my lawyer": ["my barrister", "my legal advisers"],
    "mistake": ["error", "slip"],
}


def _fill(t: Traffic, template: str, story: dict) -> str:
    n1, n2 = t.rng.randint(0, 4), t.rng.randint(0, 4)
    if n1 == n2:
        n2 = n1 + 1
    num = t.rng.choice([12, 14, 40, 140, 250, 1200, 3400])
    name, name2 = t.sample(NAMES, 2)
    clause, clause_name = t.choice(CLAUSES)
    day1, day2 = t.sample(DAYS, 2)
    values = {
        "name": name,
        "name2": name2,
        "place": t.choice(PLACES),
        "team": t.choice(TEAMS),
        "party": t.choice(PARTIES),
        "crime": t.choice(CRIMES),
        "business": t.choice(BUSINESSES),
        "day1": day1,
        "day2": day2,
        "topic": t.choice(TOPICS),
        "age": t.rng.randint(14, 17),
        "n1": n1,
        "n2": n2,
        "num": num,
        "num2": num + t.choice([-2, 10, 100, -8]),
        "ref": f"2026/{t.rng.randint(100, 999):04d}",
        "hub": f"CH-{t.rng.randint(10000, 99999)}",
        "headline": story.get("headline", "your article") or "your article",
        "clause": clause,
        "clause_name": clause_name,
        "user": t.choice(["jmoss", "kpatel", "nightsubs2", "adeakin"]),
    }
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def _pool(category: str, kind: str, channel: str, section: str) -> list[tuple[str, str]]:
    social = channel == "SOCIAL"
    if category == "STANDARDS":
        return HUB_REFERRAL if kind == "hub" else NSC_REFERRAL
    if category == "LEGAL":
        if kind == "court":
            return COURT_READER
        if kind == "youth":
            return YOUTH_READER
        return DEFAMATION_SOCIAL if social else DEFAMATION_READER
    if category == "FACTUAL":
        if kind == "cmsflag":
            return FACTUAL_CMSFLAG
        if kind == "staff":
            return FACTUAL_STAFF
        return FACTUAL_SOCIAL if social else FACTUAL_READER
    if kind == "staff":
        return NONE_STAFF
    if social:
        return NONE_SOCIAL
    return NONE_POLITICS + NONE_READER[:4] if section == "POLITICS" else NONE_READER


def _fits(template: tuple[str, str], section: str) -> bool:
    """Scores belong to sport, votes to politics, listings to court copy, the coroner to inquests."""
    subject, body = template
    text = f"{subject} {body}".lower()
    courts = section in ("COURTS", "CRIME-COURTS")
    if "{n1}-{n2}" in text or "score" in text or "result table" in text or "match" in text:
        return section in ("SPORT", "")
    if "votes" in text:
        return section == "POLITICS"
    if "court listing" in text or "jury" in text or "trial" in text or "hearing" in text:
        return courts or section == ""
    if "inquest" in text or "coroner" in text:
        return section == "INQUESTS"
    return True


def compose(
    t: Traffic, category: str, kind: str, channel: str, story: dict, language: str, production: bool
) -> tuple[str, str]:
    """(subject, body) of one item whose truth is (category, kind)."""
    if language != "en":
        key = (language, "LEGAL" if category == "LEGAL" else category if category == "FACTUAL" else "NONE")
        return "", _fill(t, t.choice(FOREIGN[key]), story)
    section = str(story.get("section", ""))
    pool = [tpl for tpl in _pool(category, kind, channel, section) if _fits(tpl, section)]
    subject, body = t.choice(pool or _pool(category, kind, channel, section))
    subject, body = _fill(t, subject, story), _fill(t, body, story)
    if production:
        body = t.typo(t.reword(body, SYNONYMS, rate=0.35), rate=0.012)
    return subject, body
