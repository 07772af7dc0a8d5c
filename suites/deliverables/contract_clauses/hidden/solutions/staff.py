"""The open questions put to the client's staff before the register is finalised, and what their answers change.

No document hints at these facts, so each is asked of the person whose area it is, in that area's words: the
coordinator who exported the batch (has anything been signed since?), the Head of Procurement (anything agreed with
suppliers outside the signed agreements?), Legal's senior counsel (any framework or group agreement over these?)
and supplier management (has any supplier changed?). A generic question ("anything I should know?") put to everybody
is the other way of asking, which shortcuts/asks_everybody.py takes."""

import re

import worktrial_kit as kit

REF = r"[A-Z]+-[A-Z]+-\d{4}-\d{3}"
LAWS = ["England and Wales", "Northern Ireland", "Scotland", "Ireland", "Netherlands", "Germany", "New York"]

OPEN_QUESTIONS = [
    (
        "priya",
        "I'm about to finalise the contract register for the batch you exported. Has anything changed or been "
        "signed since the export that I should reflect?",
    ),
    (
        "martin",
        "Before I finalise the register: were any side letters or other arrangements agreed with any of these "
        "suppliers outside the signed agreements?",
    ),
    ("helena", "Are any of these agreements subject to a framework or master agreement with the supplier's group?"),
    (
        "tom",
        "Have any of the suppliers in this batch changed since signing - a novation, an assignment, a change of "
        "ownership or a new legal entity?",
    ),
]
GENERIC_QUESTIONS = [
    "Is there anything I should know before I finalise the register?",
    "Has anything changed since these files were exported?",
]


def law_in(text):
    """The first of the register's law names in `text` (Northern Ireland before Ireland)."""
    found = [(text.find(name), name) for name in LAWS if name in text]
    return min(found)[1] if found else None


def open_answers(rows, rate, generic=False):
    """Ask, and return {contract_id: {column: value}} for what the answers change. `rows` are the register rows as
    the documents give them (with the cap as stated, `cap`), `rate` the playbook's euro rate."""
    replies = []
    if generic:
        for person in kit.who():
            for question in GENERIC_QUESTIONS:
                r = kit.ask_when_in(person["id"], question, [])
                if r.answered:
                    replies.append((person["id"], r.text))
    else:
        for person, question in OPEN_QUESTIONS:
            r = kit.ask(person, question)
            if r.answered:
                replies.append((person, r.text))
    changes = {}
    for person, text in replies:
        for cid, change in read_answer(person, text, rows, rate).items():
            changes.setdefault(cid, {}).update(change)
    return changes


def read_answer(person, text, rows, rate):
    out = {}
    # a variation signed after the export: a new initial term and notice
    for m in re.finditer(rf"Variation No\. \d+ to ({REF})(.*?)(?=Variation No\.|$)", text, re.S):
        body, change = m.group(2), {}
        term = re.search(r"initial term to [a-z\- ]+ \((\d+)\) months", body)
        notice = re.search(r"notice of non-renewal to [a-z\- ]+ \((\d+)\) days", body)
        if term:
            change["term_months"] = int(term.group(1))
        if notice:
            change["notice_days"] = int(notice.group(1))
        out[m.group(1)] = change
    ref = re.search(rf"\b({REF})\b", text)
    # a side letter that limits the Supplier's liability
    cap = re.search(r"side letter.*?liability[^.]*? limited to £([\d,]+)", text, re.S)
    if ref and cap:
        out.setdefault(ref.group(1), {})["liability_cap"] = int(cap.group(1).replace(",", ""))
    # a group framework that prevails: its law, the Customer's termination right, and a floor under the cap
    if ref and re.search(r"framework prevails", text):
        cid, change = ref.group(1), {}
        law = re.search(r"governed by the laws of ([^,.;]+)", text)
        if law and law_in(law.group(1)):
            change["governing_law"] = law_in(law.group(1))
        if re.search(r"Customer may terminate it for convenience", text):
            change["termination_for_convenience"] = "yes"
        if re.search(r"in sterling", text):
            change.update(framework_cap(person, cid, rows, rate))
        out.setdefault(cid, {}).update(change)
    # a deed of novation: another counterparty, and another law
    novation = re.search(rf"Deed of Novation.*?\(({REF})\) from .+? to (.+?) with effect", text, re.S)
    if novation:
        change = {"counterparty": novation.group(2).strip()}
        law = re.search(r"governing law to the laws of ([^,.;]+)", text)
        if law and law_in(law.group(1)):
            change["governing_law"] = law_in(law.group(1))
        out.setdefault(novation.group(1), {}).update(change)
    return out


def framework_cap(person, cid, rows, rate):
    """Counsel wants the call-off's cap in sterling before she says which cap the framework leaves it with."""
    row = next((c for c in rows if c["contract_id"] == cid), None)
    if row is None or row["cap"][0] not in ("EUR", "GBP"):
        return {}
    kind, amount = row["cap"]
    sterling = amount * rate if kind == "EUR" else amount
    stated = (
        f"€{amount:,.0f}, which is £{sterling:,.0f} at the playbook's rate of £{rate}"
        if kind == "EUR"
        else f"£{amount:,.0f}"
    )
    r = kit.ask(person, f"The {row['counterparty']} call-off ({cid}) caps the Supplier's liability at {stated}.")
    cap = re.search(r"capped at £([\d,]+)", r.text) if r.answered else None
    return {"liability_cap": int(cap.group(1).replace(",", ""))} if cap else {}


def apply(rows, changes):
    for c in rows:
        for column, value in changes.get(c["contract_id"], {}).items():
            if column != "notice_days" or c["renewal"] == "auto":
                c[column] = value
