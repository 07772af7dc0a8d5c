"""contract_clauses' contract model: the terms as signed, the amendment, the draft and the facts the hard
instance's staff hold; what each contract comes to under a playbook (the register row, the breaches) and which
contracts the key_terms check grades. Used by hidden/build_inputs.py."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# ---------------------------------------------------------------------------------------------- number words

# fmt: off
_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]
# fmt: on
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    rest = n % 100
    return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " and " + words(rest))


def dur(n: int, unit: str) -> str:
    return f"{words(n)} ({n}) {unit}"


def money(amount: int, currency: str = "GBP") -> str:
    return ("£" if currency == "GBP" else "€") + f"{amount:,}"


# ---------------------------------------------------------------------------------------------- contract model

LAW_PHRASES = {
    "England and Wales": ("the laws of England and Wales", "English law"),
    "Scotland": ("the laws of Scotland", "Scots law"),
    "Northern Ireland": ("the laws of Northern Ireland", "the laws of Northern Ireland"),
    "Ireland": ("the laws of the Republic of Ireland", "Irish law"),
    "Netherlands": ("the laws of the Netherlands", "Dutch law"),
    "Germany": ("the laws of the Federal Republic of Germany", "German law"),
    "New York": ("the laws of the State of New York", "the laws of the State of New York"),
}


@dataclass(frozen=True)
class Cap:
    kind: str  # fixed | mutual | pct | unlimited
    amount: int = 0  # fixed, mutual: the amount; pct: the percentage
    currency: str = "GBP"


@dataclass(frozen=True)
class Terms:
    term_months: int
    term_style: str  # months | years | words_years
    renewal: str  # auto | manual
    notice: int = 0  # auto: the notice period in `notice_unit`
    notice_unit: str = "days"
    renewal_style: int = 0
    tfc: str = "customer"  # customer | customer_without_cause | neither | supplier_only
    cap: Cap = Cap("fixed", 1_000_000)


@dataclass(frozen=True)
class Contract:
    cid: str
    file: str
    title: str
    supplier: str
    supplier_reg: str
    supplier_addr: str
    dated: str
    subject: str
    law: str
    law_style: int
    courts: str
    annual_charges: int
    terms: Terms
    customer_cap: int | None = None
    amendment: dict = field(default_factory=dict)  # field name -> new value (term/renewal/cap/tfc)
    amendment_date: str = ""
    draft: dict = field(default_factory=dict)  # an unsigned proposal: must be ignored
    pdf: bool = False
    # Facts the client's staff hold (hidden/people.toml of the hard instance); the documents only hint at them.
    register_id: str = ""  # the register's number when the printed reference is wrong (Schedule 1 shows it)
    countersigned_later: bool = False  # the amendment's copy lacks the Supplier's signature; it was countersigned
    charges_note: str = ""  # Schedule 1 says the Annual Charges are indicative
    rebased_charges: int | None = None  # the Annual Charges as re-based by a signed change note
    late_change: dict = field(default_factory=dict)  # signed after the batch was exported: in no file, no hint
    late_change_date: str = ""
    # Three more facts hinted nowhere, each held by one person: a side letter that limits the Supplier's liability
    # (Procurement's head), a group framework agreement that prevails over the agreement (Legal), and a deed of
    # novation that moved the agreement to another company under another law (supplier management).
    side_letter_cap: Cap | None = None
    side_letter_date: str = ""
    framework: dict = field(default_factory=dict)  # {"law", "tfc", "cap_floor"}: the framework's terms prevail
    novated_to: str = ""  # the counterparty after the deed of novation
    novation_law: str = ""  # the law the deed put the agreement under
    novation_date: str = ""

    @property
    def reg_id(self) -> str:
        return self.register_id or self.cid

    @property
    def party(self) -> str:
        """The counterparty in force: the company the agreement was novated to, if it was."""
        return self.novated_to or self.supplier

    @property
    def governing(self) -> str:
        """The governing law in force: the deed of novation's, else the framework's, else the agreement's."""
        return self.novation_law or self.framework.get("law") or self.law

    @property
    def hidden_facts(self) -> list[str]:
        """The facts about this contract that no input hints at (the hard instance's staff hold them)."""
        held = [
            ("late_change", bool(self.late_change)),
            ("side_letter", self.side_letter_cap is not None),
            ("framework", bool(self.framework)),
            ("novation", bool(self.novated_to)),
        ]
        return [name for name, hit in held if hit]

    @property
    def charges(self) -> int:
        return self.rebased_charges or self.annual_charges

    @property
    def cap_kinds(self) -> set[str]:
        caps = [self.terms.cap, *([self.amendment["cap"]] if "cap" in self.amendment else [])]
        return {cap.kind for cap in caps} | {cap.currency for cap in caps}

    @property
    def effective(self) -> Terms:
        t = self.terms
        a = self.amendment
        if "term" in a:
            t = replace(t, term_months=a["term"], term_style="months")
        if "renewal" in a:
            t = replace(t, **a["renewal"])
        if "cap" in a:
            t = replace(t, cap=a["cap"])
        if "tfc" in a:
            t = replace(t, tfc=a["tfc"])
        late = self.late_change
        if "term" in late:
            t = replace(t, term_months=late["term"], term_style="months")
        if "renewal" in late:
            t = replace(t, **late["renewal"])
        if self.side_letter_cap is not None:
            t = replace(t, cap=self.side_letter_cap)
        if "tfc" in self.framework:
            t = replace(t, tfc=self.framework["tfc"])
        return t


def cap_value(c: Contract, eur_rate: float) -> int | float | str:
    cap = c.effective.cap
    if cap.kind == "unlimited":
        return "unlimited"
    if cap.kind == "pct":
        value = round(c.charges * cap.amount / 100, 2)
    elif cap.currency == "EUR":
        value = round(cap.amount * eur_rate, 2)
    else:
        value = cap.amount
    floor = c.framework.get("cap_floor", 0)  # the framework lifts a lower cap to its floor
    return floor if value < floor else value


def notice_days(t: Terms) -> int | None:
    if t.renewal != "auto":
        return None
    return t.notice * 30 if t.notice_unit == "months" else t.notice


def tfc_value(t: Terms) -> str:
    return "yes" if t.tfc in ("customer", "customer_without_cause") else "no"


@dataclass(frozen=True)
class Rule:
    rid: str
    topic: str
    standard: str
    escalation: str


@dataclass(frozen=True)
class Playbook:
    version: str
    approved: str
    laws: tuple[str, ...]
    max_term: int
    max_notice: int
    min_cap: int
    tfc_over: int
    eur_rate: float
    ids: dict  # topic key -> rule id

    def rules(self) -> list[Rule]:
        laws = ", ".join(self.laws[:-1]) + " or " + self.laws[-1]
        rules = {
            "law": Rule(
                self.ids["law"],
                "Governing law",
                f"The contract must be governed by the laws of {laws}.",
                "Legal Counsel",
            ),
            "term": Rule(
                self.ids["term"],
                "Initial term",
                f"The initial term must not exceed {self.max_term} months.",
                "Procurement Director",
            ),
            "notice": Rule(
                self.ids["notice"],
                "Automatic renewal",
                "Where the contract renews automatically, the notice period needed to prevent renewal must not "
                f"exceed {self.max_notice} days. Contracts that do not renew automatically meet this rule.",
                "Category Manager",
            ),
            "cap": Rule(
                self.ids["cap"],
                "Supplier liability cap",
                f"The Supplier's aggregate liability cap must be at least {money(self.min_cap)}. An uncapped "
                "Supplier liability is acceptable.",
                "Legal Counsel and Head of Risk",
            ),
            "tfc": Rule(
                self.ids["tfc"],
                "Termination for convenience",
                "The Customer must have a right to terminate for convenience where the initial term exceeds "
                f"{self.tfc_over} months.",
                "Procurement Director",
            ),
            "pay": Rule(
                self.ids["pay"],
                "Payment terms",
                "Payment terms should be no shorter than 30 days from receipt of a valid invoice. (Not part of the "
                "clause extraction review; checked by Accounts Payable.)",
                "Finance Business Partner",
            ),
            "data": Rule(
                self.ids["data"],
                "Data protection",
                "Where the Supplier processes personal data, a data processing addendum must be attached. (Reviewed "
                "separately by the Data Protection Officer.)",
                "Data Protection Officer",
            ),
        }
        return sorted(rules.values(), key=lambda r: r.rid)


def risks(c: Contract, pb: Playbook) -> list[tuple[str, str, str]]:
    t = c.effective
    out = []
    if c.governing not in pb.laws:
        out.append((pb.ids["law"], f"governed by the laws of {c.governing}"))
    if t.term_months > pb.max_term:
        out.append((pb.ids["term"], f"initial term {t.term_months} months exceeds {pb.max_term}"))
    nd = notice_days(t)
    if nd is not None and nd > pb.max_notice:
        out.append((pb.ids["notice"], f"automatic renewal with {nd} days' notice exceeds {pb.max_notice}"))
    cap = cap_value(c, pb.eur_rate)
    if cap != "unlimited" and cap < pb.min_cap:
        out.append((pb.ids["cap"], f"Supplier cap {money(int(cap))} is below {money(pb.min_cap)}"))
    if t.term_months > pb.tfc_over and tfc_value(t) == "no":
        out.append((pb.ids["tfc"], f"no Customer termination for convenience; initial term {t.term_months} months"))
    return [(c.reg_id, rid, finding) for rid, finding in sorted(out)]


# What a key contract weighs in checks.py:key_terms: a fact an anomaly in a document points to, one slice; a fact
# no input hints at, more - Brightwater's late variation two (it decides two escalations), the other three 1.5.
HIDDEN_WEIGHT = {"late_change": 2.0, "side_letter": 1.5, "framework": 1.5, "novation": 1.5}


def key_terms(contracts: list[Contract]) -> list[dict]:
    """The contracts whose row and breaches decide the instance's hardest cases, graded one slice each
    (checks.py:key_terms). The hard instance's are the facts its staff hold; the fair instance's are the
    documented traps (amendments, the draft, euro and percentage caps)."""
    held = [c for c in contracts if c.register_id or c.countersigned_later or c.rebased_charges or c.hidden_facts]
    out = []
    for c in held or [c for c in contracts if c.amendment or c.draft or c.cap_kinds & {"pct", "EUR"}]:
        if c.register_id:
            why = f"the register's number is {c.register_id}; the printed {c.cid} is a typing error"
        elif c.countersigned_later:
            why = "the amendment was countersigned by the Supplier after the copy on file was scanned: it is in force"
        elif c.rebased_charges:
            why = f"a signed change note re-based the Annual Charges to {money(c.rebased_charges)}"
        elif c.late_change:
            why = f"a variation signed on {c.late_change_date}, after the batch was exported, is in force"
        elif c.side_letter_cap is not None:
            cap = money(c.side_letter_cap.amount)
            why = f"a side letter of {c.side_letter_date} limits the Supplier's liability to {cap}"
        elif c.framework:
            why = "a group framework agreement prevails: its governing law, termination right and liability floor apply"
        elif c.novated_to:
            why = f"novated to {c.novated_to} on {c.novation_date}, under the laws of {c.novation_law}"
        else:
            traps = [
                ("a signed amendment applied", bool(c.amendment)),
                ("the unsigned draft ignored", bool(c.draft)),
                ("a euro cap converted", "EUR" in c.cap_kinds),
                ("a percentage cap converted", "pct" in c.cap_kinds),
            ]
            why = ", ".join(t for t, hit in traps if hit)
        item = {"id": c.reg_id, "why": why, "absent": [c.cid] if c.register_id else []}
        weight = max((HIDDEN_WEIGHT[f] for f in c.hidden_facts), default=1.0)
        out.append(item | ({"weight": int(weight) if weight.is_integer() else weight} if weight != 1 else {}))
    return out
