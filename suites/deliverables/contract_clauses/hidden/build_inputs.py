"""Builds every instance of contract_clauses: the contracts and playbook in workspace/input/, the answers in
hidden/reference/. Deterministic: run it again and the files come out byte for byte the same.

    python hidden/build_inputs.py            (from the family folder or anywhere; needs python-docx, openpyxl,
                                              pypdf and LibreOffice's soffice on PATH)
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path

import docx
import openpyxl
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from pypdf import PdfReader, PdfWriter

FAMILY = Path(__file__).resolve().parent.parent
FIXED = dt.datetime(2026, 1, 12, 9, 0, 0)
CUSTOMER = "Halvergate Foods Limited"
HEADERS = [
    "contract_id",
    "counterparty",
    "governing_law",
    "term_months",
    "renewal",
    "notice_days",
    "liability_cap",
    "termination_for_convenience",
]

# ---------------------------------------------------------------------------------------------- number words

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


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

    @property
    def reg_id(self) -> str:
        return self.register_id or self.cid

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
        return t


def term_sentence(t: Terms) -> str:
    if t.term_style == "months":
        return (
            "This Agreement shall commence on the Commencement Date and shall continue for an initial term of "
            f'{dur(t.term_months, "months")} (the "Initial Term").'
        )
    years = t.term_months // 12
    if t.term_style == "years":
        return (
            "This Agreement shall commence on the Commencement Date and shall continue for a period of "
            f'{dur(years, "years" if years > 1 else "year")} (the "Initial Term").'
        )
    return f'The initial term of this Agreement is {words(years)} years from the Commencement Date (the "Initial Term").'


def renewal_sentence(t: Terms) -> str:
    if t.renewal == "auto":
        notice = f"{dur(t.notice, t.notice_unit)}'"
        if t.renewal_style == 0:
            return (
                "Upon expiry of the Initial Term, this Agreement shall automatically renew for successive periods "
                f'of twelve (12) months (each a "Renewal Term") unless either party gives the other not less than '
                f"{notice} written notice of non-renewal before the end of the Initial Term or the then-current "
                "Renewal Term."
            )
        return (
            "This Agreement shall renew automatically for further periods of one (1) year unless either party "
            f"serves at least {notice} written notice on the other expiring at the end of the Initial Term or "
            "of any further period."
        )
    if t.renewal_style == 0:
        return (
            "This Agreement shall expire automatically at the end of the Initial Term unless the parties agree in "
            "writing to extend it."
        )
    return (
        "There shall be no automatic renewal of this Agreement. Any extension of this Agreement must be agreed in "
        "writing and signed by both parties."
    )


def tfc_sentence(t: Terms) -> str:
    return {
        "customer": "The Customer may terminate this Agreement for convenience at any time by giving the Supplier "
        "not less than sixty (60) days' written notice.",
        "customer_without_cause": "The Customer may terminate this Agreement at any time without cause on three (3) "
        "months' written notice to the Supplier.",
        "neither": "Neither party may terminate this Agreement for convenience.",
        "supplier_only": "The Supplier may terminate this Agreement for convenience by giving the Customer not less "
        "than six (6) months' written notice. The Customer shall have no equivalent right.",
    }[t.tfc]


def cap_sentence(cap: Cap) -> str:
    lead = (
        "Subject to clause 7.1, the Supplier's total aggregate liability arising under or in connection with this "
        "Agreement, whether in contract, tort (including negligence), breach of statutory duty or otherwise, "
    )
    if cap.kind == "fixed":
        return lead + f"shall not exceed {money(cap.amount, cap.currency)}."
    if cap.kind == "mutual":
        return (
            "Subject to clause 7.1, each party's total aggregate liability arising under or in connection with this "
            f"Agreement, whether in contract, tort (including negligence) or otherwise, shall not exceed "
            f"{money(cap.amount, cap.currency)}."
        )
    if cap.kind == "pct":
        return lead + f"shall not exceed an amount equal to {words(cap.amount)} per cent ({cap.amount}%) of the Annual Charges."
    return (
        "Subject to clause 7.1, the Supplier's liability under this Agreement shall be unlimited, and nothing in "
        "this clause 7 shall operate to limit it."
    )


def law_sentence(c: Contract) -> str:
    a, b = LAW_PHRASES[c.law]
    if c.law_style == 0:
        return (
            "This Agreement and any dispute or claim (including non-contractual disputes or claims) arising out of "
            f"or in connection with it or its subject matter shall be governed by and construed in accordance with {a}."
        )
    return f"This Agreement shall be governed by {b}."


def cap_value(c: Contract, eur_rate: float) -> int | float | str:
    cap = c.effective.cap
    if cap.kind == "unlimited":
        return "unlimited"
    if cap.kind == "pct":
        return round(c.charges * cap.amount / 100, 2)
    if cap.currency == "EUR":
        return round(cap.amount * eur_rate, 2)
    return cap.amount


def notice_days(t: Terms) -> int | None:
    if t.renewal != "auto":
        return None
    return t.notice * 30 if t.notice_unit == "months" else t.notice


def tfc_value(t: Terms) -> str:
    return "yes" if t.tfc in ("customer", "customer_without_cause") else "no"


# ---------------------------------------------------------------------------------------------- documents


def _fixed_props(d: docx.document.Document, title: str) -> None:
    p = d.core_properties
    p.author = "Halvergate Foods Legal"
    p.last_modified_by = "Halvergate Foods Legal"
    p.title = title
    p.created = FIXED
    p.modified = FIXED
    p.revision = 1


def _base_doc() -> docx.document.Document:
    d = docx.Document()
    style = d.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(10.5)
    return d


def clause(d, number: str, text: str) -> None:
    d.add_paragraph(f"{number}\t{text}")


def contract_doc(c: Contract) -> docx.document.Document:
    t = c.terms
    d = _base_doc()
    _fixed_props(d, f"{c.title} {c.cid}")
    h = d.add_heading(c.title.upper(), 0)
    h.alignment = WD_ALIGN_PARAGRAPH.CENTER
    d.add_paragraph(f"Contract reference: {c.cid}")
    d.add_paragraph(f"THIS AGREEMENT is dated {c.dated}.")
    d.add_paragraph("PARTIES")
    d.add_paragraph(
        f"(1)\t{CUSTOMER}, a company incorporated in England and Wales (company number 04417265) whose registered "
        'office is at Halvergate House, 2 Mill Lane, Norwich NR3 1QT (the "Customer"); and'
    )
    d.add_paragraph(
        f'(2)\t{c.supplier}, {c.supplier_reg} whose registered office is at {c.supplier_addr} (the "Supplier").'
    )
    d.add_paragraph(
        f"BACKGROUND: The Customer wishes to obtain {c.subject} from the Supplier, and the Supplier has agreed to "
        "provide them on the terms of this Agreement."
    )
    d.add_heading("1. Definitions and interpretation", 1)
    clause(
        d,
        "1.1",
        '"Annual Charges" means the charges payable by the Customer in each Contract Year, as set out in Schedule 1. '
        '"Commencement Date" means the date of this Agreement. "Contract Year" means each period of twelve (12) '
        "months starting on the Commencement Date or an anniversary of it.",
    )
    clause(d, "1.2", "Clause headings do not affect the interpretation of this Agreement.")
    d.add_heading("2. Term", 1)
    clause(d, "2.1", term_sentence(t))
    d.add_heading("3. Renewal", 1)
    clause(d, "3.1", renewal_sentence(t))
    d.add_heading("4. Supply", 1)
    clause(
        d,
        "4.1",
        f"The Supplier shall supply {c.subject} in accordance with the specifications and service levels in "
        "Schedule 1 and with good industry practice.",
    )
    clause(
        d,
        "4.2",
        "The Supplier shall notify the Customer without delay, and in any event within five (5) days, of any "
        "circumstance likely to delay delivery.",
    )
    d.add_heading("5. Charges and payment", 1)
    clause(d, "5.1", "The Customer shall pay the Annual Charges in monthly instalments in arrears.")
    clause(
        d,
        "5.2",
        "The Customer shall pay each valid invoice within thirty (30) days of receipt. The Supplier may review "
        "its prices not more than once in any twelve (12) month period.",
    )
    d.add_heading("6. Termination", 1)
    clause(
        d,
        "6.1",
        "Either party may terminate this Agreement with immediate effect by written notice if the other party "
        "commits a material breach which is not remedied within thirty (30) days of being notified of it.",
    )
    clause(d, "6.2", tfc_sentence(t))
    clause(
        d,
        "6.3",
        "Either party may terminate this Agreement with immediate effect if the other party becomes insolvent or "
        "ceases to carry on business.",
    )
    d.add_heading("7. Limitation of liability", 1)
    clause(
        d,
        "7.1",
        "Nothing in this Agreement limits or excludes liability for death or personal injury caused by negligence, "
        "for fraud or fraudulent misrepresentation, or for any liability which cannot lawfully be limited.",
    )
    clause(d, "7.2", cap_sentence(t.cap))
    n = 3
    if c.customer_cap is not None:
        clause(
            d,
            "7.3",
            "Subject to clause 7.1, the Customer's total aggregate liability arising under or in connection with "
            f"this Agreement shall not exceed {money(c.customer_cap)}.",
        )
        n = 4
    clause(
        d,
        f"7.{n}",
        "Neither party shall be liable for any indirect or consequential loss, or for loss of profit, revenue or "
        "goodwill.",
    )
    d.add_heading("8. Confidentiality", 1)
    clause(
        d,
        "8.1",
        "Each party shall keep the other party's confidential information confidential during this Agreement and "
        "for a period of five (5) years after its termination or expiry.",
    )
    d.add_heading("9. Force majeure", 1)
    clause(
        d,
        "9.1",
        "Neither party shall be liable for delay caused by events beyond its reasonable control. If such an event "
        "continues for more than ninety (90) days, the party not affected may terminate this Agreement by written "
        "notice.",
    )
    d.add_heading("10. Governing law and jurisdiction", 1)
    clause(d, "10.1", law_sentence(c))
    clause(d, "10.2", c.courts)
    d.add_paragraph("This Agreement has been entered into on the date stated at the beginning of it.")
    sig = d.add_table(rows=2, cols=2)
    sig.style = "Table Grid"
    sig.cell(0, 0).text = f"Signed for and on behalf of {CUSTOMER}"
    sig.cell(0, 1).text = f"Signed for and on behalf of {c.supplier}"
    sig.cell(1, 0).text = "Director: M. Okonedo-Hale"
    sig.cell(1, 1).text = "Director: " + ("R. Tanswell", "J. Vermeulen", "A. Kerrigan")[sum(map(ord, c.supplier)) % 3]
    d.add_page_break()
    d.add_heading("Schedule 1 - Commercial terms", 1)
    sched = d.add_table(rows=1, cols=2)
    sched.style = "Table Grid"
    sched.cell(0, 0).text = "Item"
    sched.cell(0, 1).text = "Detail"
    for item, detail in (
        ("Goods / services", c.subject[0].upper() + c.subject[1:]),
        ("Annual Charges", f"{money(c.annual_charges)} (excluding VAT)" + (c.charges_note and f", {c.charges_note}")),
        ("Invoicing", "Monthly in arrears, by e-invoice to accounts.payable@halvergate-foods.example"),
        ("Service credit cap", "10% of the monthly charges"),
        ("Contract managers", "Customer: Head of Procurement; Supplier: Key Account Director"),
        *((("Halvergate register no.", c.register_id),) if c.register_id else ()),
    ):
        row = sched.add_row()
        row.cells[0].text = item
        row.cells[1].text = detail
    if c.amendment:
        d.add_page_break()
        d.add_heading("Amendment No. 1", 1)
        d.add_paragraph(
            f"This Amendment No. 1 is dated {c.amendment_date} and is made between {CUSTOMER} and {c.supplier}. "
            f"It amends the Agreement with contract reference {c.cid}. With effect from the date of this "
            "Amendment, the Agreement is amended as follows:"
        )
        _changes(d, c.amendment, c.terms)
        d.add_paragraph("All other terms of the Agreement remain in full force and effect.")
        if c.countersigned_later:  # the copy on file was scanned before the Supplier signed
            supplier_signs = "____________________"
        else:
            supplier_signs = "authorised signatory."
        d.add_paragraph(f"Signed for {CUSTOMER}: M. Okonedo-Hale, Director. Signed for {c.supplier}: {supplier_signs}")
    if c.draft:
        d.add_page_break()
        number = 2 if c.amendment else 1
        d.add_heading(f"Proposed Amendment No. {number} (draft for discussion - not agreed, not signed)", 1)
        d.add_paragraph(
            f"The Supplier has proposed the following change for discussion. It has not been agreed or executed by "
            f"{CUSTOMER} and has no effect:"
        )
        _changes(d, c.draft, c.effective)
    return d


def _changes(d, changes: dict, before: Terms) -> None:
    letters = iter("abcdef")
    for key, value in changes.items():
        if key == "term":
            number, text = "2.1", term_sentence(replace(before, term_months=value, term_style="months"))
        elif key == "renewal":
            number, text = "3.1", renewal_sentence(replace(before, **value))
        elif key == "cap":
            number, text = "7.2", cap_sentence(value)
        else:
            number, text = "6.2", tfc_sentence(replace(before, tfc=value))
        d.add_paragraph(f"({next(letters)})\tClause {number} is deleted and replaced with the following: \u2018{text}\u2019")


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


def playbook_doc(pb: Playbook) -> docx.document.Document:
    d = _base_doc()
    _fixed_props(d, "Supplier Contracts Playbook")
    d.add_heading(f"{CUSTOMER} - Supplier Contracts Playbook", 0)
    d.add_paragraph(f"Version {pb.version} - approved by the General Counsel, {pb.approved}. Internal use only.")
    d.add_heading("1. Purpose", 1)
    d.add_paragraph(
        "This playbook sets out Halvergate's standard positions for supply and services agreements. Every departure "
        "from a standard position is a risk: it must be logged against the rule it breaches and escalated as shown."
    )
    d.add_heading("2. Conventions", 1)
    d.add_paragraph(
        f"Currency. Liability caps are assessed in pounds sterling. A cap stated in euro is converted at "
        f"\u00a3{pb.eur_rate:.2f} per \u20ac1. A cap stated as a percentage of the Annual Charges is that percentage "
        "of the Annual Charges set out in the contract's commercial schedule."
    )
    d.add_paragraph("Notice periods. A notice period stated in months counts as 30 days for each month.")
    d.add_paragraph(
        "Amendments. Where a contract has been amended by a signed amendment, the amended terms are the ones "
        "assessed. Proposals and drafts that have not been signed by both parties have no effect."
    )
    d.add_heading("3. Standard positions", 1)
    rules = pb.rules()
    table = d.add_table(rows=1, cols=4)
    table.style = "Table Grid"
    for i, h in enumerate(("Rule", "Topic", "Standard position", "Escalate to")):
        table.cell(0, i).text = h
    for r in rules:
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[2].text, cells[3].text = r.rid, r.topic, r.standard, r.escalation
    d.add_heading("4. Review log", 1)
    d.add_paragraph(
        "Reviewers record each breach with the contract reference, the rule number and a short finding. One "
        "contract can breach several rules."
    )
    return d


def risks(c: Contract, pb: Playbook) -> list[tuple[str, str, str]]:
    t = c.effective
    out = []
    if c.law not in pb.laws:
        out.append((pb.ids["law"], f"governed by the laws of {c.law}"))
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


# ---------------------------------------------------------------------------------------------- files


def save_docx(d, path: Path) -> None:
    buf = io.BytesIO()
    d.save(buf)
    path.write_bytes(_fixed_zip(buf.getvalue()))


_DROP = ("word/stylesWithEffects.xml", "docProps/thumbnail.jpeg")


def _fixed_zip(data: bytes) -> bytes:
    """The same archive with fixed member timestamps, so that the bytes do not depend on the clock, and without
    the optional parts of python-docx's template that only add size (Word does not need them)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename in _DROP:
                continue
            body = src.read(info.filename)
            if info.filename.endswith(".rels") or info.filename == "[Content_Types].xml":
                text = body.decode("utf-8")
                for part in _DROP:
                    name = part.rsplit("/", 1)[-1]
                    text = re.sub(r"<(?:Relationship|Override)\b[^>]*" + re.escape(name) + r'"[^>]*/>', "", text)
                body = text.encode("utf-8")
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2026-01-12T09:00:00Z", body)
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 1, 12, 9, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            dst.writestr(fixed, body, compresslevel=9)
    return out.getvalue()


def docx_to_pdf(d, path: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="cc-build-") as tmp:
        src = Path(tmp) / (path.stem + ".docx")
        d.save(src)
        profile = Path(tmp) / "profile"
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                tmp,
                str(src),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        writer = PdfWriter(clone_from=PdfReader(Path(tmp) / (path.stem + ".pdf")))
    writer.metadata = None
    writer.add_metadata({"/Title": path.stem.replace("_", " "), "/CreationDate": "D:20260112090000Z"})
    writer._ID = None
    buf = io.BytesIO()
    writer.write(buf)
    path.write_bytes(buf.getvalue())


def write_reference(contracts: list[Contract], pb: Playbook, ref: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "Halvergate Foods Legal"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Clauses"
    ws.append(HEADERS)
    for c in sorted(contracts, key=lambda c: c.reg_id):
        t = c.effective
        ws.append(
            [c.reg_id, c.supplier, c.law, t.term_months, t.renewal, notice_days(t), cap_value(c, pb.eur_rate), tfc_value(t)]
        )
    buf = io.BytesIO()
    wb.save(buf)
    (ref / "clauses.xlsx").write_bytes(_fixed_zip(buf.getvalue()))
    with open(ref / "risks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["contract_id", "rule_id", "finding"])
        for c in sorted(contracts, key=lambda c: c.reg_id):
            w.writerows(risks(c, pb))
    (ref / "key_terms.json").write_text(json.dumps(key_terms(contracts), indent=2) + "\n", encoding="utf-8")


def key_terms(contracts: list[Contract]) -> list[dict]:
    """The contracts whose row and breaches decide the instance's hardest cases, graded one slice each
    (checks.py:key_terms). The hard instance's are the facts its staff hold; the fair instance's are the
    documented traps (amendments, the draft, euro and percentage caps)."""
    held = [c for c in contracts if c.register_id or c.countersigned_later or c.rebased_charges or c.late_change]
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
        else:
            traps = [
                ("a signed amendment applied", bool(c.amendment)),
                ("the unsigned draft ignored", bool(c.draft)),
                ("a euro cap converted", "EUR" in c.cap_kinds),
                ("a percentage cap converted", "pct" in c.cap_kinds),
            ]
            why = ", ".join(t for t, hit in traps if hit)
        item = {"id": c.reg_id, "why": why, "absent": [c.cid] if c.register_id else []}
        # the late change is the one fact nothing in the files points to: it decides two escalations, so it
        # weighs as much as two of the others (checks.py:key_terms)
        out.append(item | ({"weight": 2} if c.late_change else {}))
    return out


def build(instance: str, contracts: list[Contract], pb: Playbook, copies: dict[str, str] | None = None) -> None:
    """`copies`: file name -> the file of a contract that procurement sent twice (the same bytes)."""
    root = FAMILY / "variants" / instance
    inp = root / "workspace" / "input"
    ref = root / "hidden" / "reference"
    for folder in (inp, ref):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    (inp / "contracts").mkdir()
    save_docx(playbook_doc(pb), inp / "playbook.docx")
    for c in contracts:
        d = contract_doc(c)
        if c.pdf:
            docx_to_pdf(d, inp / "contracts" / c.file)
        else:
            save_docx(d, inp / "contracts" / c.file)
    for name, original in (copies or {}).items():
        (inp / "contracts" / name).write_bytes((inp / "contracts" / original).read_bytes())
    write_reference(contracts, pb, ref)


# ---------------------------------------------------------------------------------------------- instances

E_W_COURTS = "The courts of England and Wales shall have exclusive jurisdiction to settle any dispute arising out of or in connection with this Agreement."

BASE_PLAYBOOK = Playbook(
    version="4.0",
    approved="January 2026",
    laws=("England and Wales", "Scotland"),
    max_term=36,
    max_notice=90,
    min_cap=1_000_000,
    tfc_over=12,
    eur_rate=0.85,
    ids={"law": "PB-01", "term": "PB-02", "notice": "PB-03", "cap": "PB-04", "tfc": "PB-05", "pay": "PB-06", "data": "PB-07"},
)

BASE = [
    Contract(
        cid="HF-SUP-2026-003",
        file="HF-SUP-2026-003_Brackenfield_Packaging.docx",
        title="Supply Agreement",
        supplier="Brackenfield Packaging Ltd",
        supplier_reg="a company incorporated in England and Wales (company number 08816402)",
        supplier_addr="Unit 4, Brackenfield Trading Estate, Alfreton DE55 6FL",
        dated="6 January 2026",
        subject="corrugated transit cases and shelf-ready trays",
        law="England and Wales",
        law_style=1,
        courts=E_W_COURTS,
        annual_charges=1_480_000,
        terms=Terms(36, "months", "auto", 90, "days", 0, "customer", Cap("fixed", 2_000_000)),
        customer_cap=250_000,
    ),
    Contract(
        cid="HF-SUP-2026-007",
        file="HF-SUP-2026-007_Kempenaar_Koeltransport.docx",
        title="Logistics Services Agreement",
        supplier="Kempenaar Koeltransport B.V.",
        supplier_reg="a private limited company incorporated in the Netherlands (KvK 61022874)",
        supplier_addr="Havenweg 112, 3295 BD 's-Gravendeel, the Netherlands",
        dated="13 January 2026",
        subject="temperature-controlled road haulage between the Netherlands and Norwich",
        law="Netherlands",
        law_style=0,
        courts="The competent courts of Rotterdam shall have exclusive jurisdiction.",
        annual_charges=2_150_000,
        terms=Terms(36, "years", "auto", 6, "months", 1, "neither", Cap("fixed", 1_500_000, "EUR")),
    ),
    Contract(
        cid="HF-SUP-2026-011",
        file="HF-SUP-2026-011_Linthwaite_Ingredients.docx",
        title="Ingredients Supply Agreement",
        supplier="Linthwaite Ingredients Limited",
        supplier_reg="a company incorporated in Scotland (company number SC512338)",
        supplier_addr="14 Carron Wharf, Grangemouth FK3 8UE",
        dated="20 January 2026",
        subject="oat flakes, malted barley flour and rapeseed oil",
        law="Scotland",
        law_style=0,
        courts="Each party irrevocably submits to the non-exclusive jurisdiction of the courts of England and Wales.",
        annual_charges=640_000,
        terms=Terms(24, "months", "manual", renewal_style=1, tfc="customer_without_cause", cap=Cap("pct", 150)),
        amendment={"cap": Cap("fixed", 1_200_000)},
        amendment_date="4 March 2026",
    ),
    Contract(
        cid="HF-SUP-2026-015",
        file="HF-SUP-2026-015_Pelham_and_Rowe.docx",
        title="Maintenance Services Agreement",
        supplier="Pelham & Rowe Engineering Ltd",
        supplier_reg="a company incorporated in England and Wales (company number 05530917)",
        supplier_addr="Pelham Works, Station Road, Dereham NR19 1DF",
        dated="27 January 2026",
        subject="planned and reactive maintenance of the baking and packing lines",
        law="England and Wales",
        law_style=0,
        courts=E_W_COURTS,
        annual_charges=870_000,
        terms=Terms(36, "months", "auto", 3, "months", 0, "supplier_only", Cap("mutual", 1_500_000)),
        amendment={"term": 48},
        amendment_date="2 March 2026",
    ),
    Contract(
        cid="HF-SUP-2026-019",
        file="Signed_copy_Gresford_Labels.pdf",
        title="Supply Agreement",
        supplier="Gresford Labels Ltd",
        supplier_reg="a company incorporated in Northern Ireland (company number NI634201)",
        supplier_addr="7 Ballinderry Road, Lisburn BT28 2SA",
        dated="3 February 2026",
        subject="self-adhesive product labels and printed sleeves",
        law="Northern Ireland",
        law_style=0,
        courts="The courts of Northern Ireland shall have exclusive jurisdiction.",
        annual_charges=410_000,
        terms=Terms(12, "months", "auto", 30, "days", 1, "neither", Cap("fixed", 500_000)),
        amendment={"cap": Cap("fixed", 1_250_000)},
        amendment_date="16 February 2026",
        pdf=True,
    ),
    Contract(
        cid="HF-SUP-2026-022",
        file="HF-SUP-2026-022_Copperfield_Waste.docx",
        title="Waste Management Services Agreement",
        supplier="Copperfield Waste Services Ltd",
        supplier_reg="a company incorporated in England and Wales (company number 07204455)",
        supplier_addr="Copperfield Depot, Hellesdon Road, Norwich NR6 5QB",
        dated="10 February 2026",
        subject="collection, recycling and disposal of food and packaging waste",
        law="England and Wales",
        law_style=0,
        courts=E_W_COURTS,
        annual_charges=315_000,
        terms=Terms(24, "words_years", "auto", 120, "days", 0, "customer", Cap("unlimited")),
        customer_cap=100_000,
        draft={"renewal": {"renewal": "auto", "notice": 60, "notice_unit": "days", "renewal_style": 0}},
    ),
    Contract(
        cid="HF-SUP-2026-026",
        file="HF-SUP-2026-026_Marrick_Data_Systems.docx",
        title="Software Licence and Support Agreement",
        supplier="Marrick Data Systems Inc.",
        supplier_reg="a corporation incorporated in the State of Delaware, USA",
        supplier_addr="400 Hudson Plaza, Suite 1200, New York, NY 10013, USA",
        dated="17 February 2026",
        subject="licences for and support of the Marrick demand-planning software",
        law="New York",
        law_style=0,
        courts="The state and federal courts located in New York County shall have exclusive jurisdiction.",
        annual_charges=310_000,
        terms=Terms(60, "months", "manual", renewal_style=0, tfc="customer", cap=Cap("pct", 100)),
    ),
    Contract(
        cid="HF-SUP-2026-030",
        file="HF-SUP-2026-030_Thornbury_Pallet_Pool.docx",
        title="Equipment Hire Agreement",
        supplier="Thornbury Pallet Pool Ltd",
        supplier_reg="a company incorporated in Scotland (company number SC398120)",
        supplier_addr="Thornbury Yard, 3 Kelvin Way, Livingston EH54 5DB",
        dated="24 February 2026",
        subject="hire, collection and repair of pooled wooden pallets",
        law="Scotland",
        law_style=1,
        courts="The Scottish courts shall have exclusive jurisdiction.",
        annual_charges=540_000,
        terms=Terms(18, "months", "auto", 60, "days", 0, "neither", Cap("fixed", 1_000_000)),
        amendment={"renewal": {"renewal": "manual", "renewal_style": 0}},
        amendment_date="9 March 2026",
    ),
]

SPRING_PLAYBOOK = Playbook(
    version="5.0",
    approved="April 2026",
    laws=("England and Wales", "Scotland", "Northern Ireland"),
    max_term=24,
    max_notice=60,
    min_cap=750_000,
    tfc_over=24,
    eur_rate=0.86,
    ids={"pay": "PB-01", "law": "PB-02", "cap": "PB-03", "term": "PB-04", "notice": "PB-05", "tfc": "PB-06", "data": "PB-07"},
)

SPRING = [
    Contract(
        cid="HF-SUP-2026-041",
        file="HF-SUP-2026-041_Aldermoor_Dairy.docx",
        title="Supply Agreement",
        supplier="Aldermoor Dairy Co-operative Limited",
        supplier_reg="a registered society in England (society number 31877R)",
        supplier_addr="Aldermoor Farm Dairy, Swaffham PE37 8AQ",
        dated="7 April 2026",
        subject="pasteurised butter and cream for the biscuit lines",
        law="England and Wales",
        law_style=0,
        courts=E_W_COURTS,
        annual_charges=1_320_000,
        terms=Terms(24, "months", "auto", 60, "days", 0, "customer", Cap("fixed", 900_000)),
        amendment={"term": 36, "cap": Cap("fixed", 1_200_000)},
        amendment_date="30 April 2026",
        countersigned_later=True,
    ),
    Contract(
        cid="HF-SUP-2026-044",
        file="HF-SUP-2026-044_Rheinfeld_Verpackung.docx",
        title="Supply Agreement",
        supplier="Rheinfeld Verpackung GmbH",
        supplier_reg="a company incorporated in Germany (Amtsgericht Duisburg HRB 30417)",
        supplier_addr="Hafenstrasse 21, 47119 Duisburg, Germany",
        dated="14 April 2026",
        subject="printed flow-wrap films and laminates",
        law="Germany",
        law_style=1,
        courts="The courts of Duisburg shall have exclusive jurisdiction.",
        annual_charges=1_060_000,
        terms=Terms(36, "years", "auto", 3, "months", 0, "neither", Cap("fixed", 800_000, "EUR")),
    ),
    Contract(
        cid="HF-SUP-2026-047",
        file="HF-SUP-2026-047_Kilbride_Seafoods.docx",
        title="Ingredients Supply Agreement",
        supplier="Kilbride Seafoods Limited",
        supplier_reg="a company incorporated in Scotland (company number SC450912)",
        supplier_addr="Harbour Road, Peterhead AB42 1DU",
        dated="21 April 2026",
        subject="smoked haddock and salmon trimmings for the savoury range",
        law="Scotland",
        law_style=0,
        courts="The Court of Session in Edinburgh shall have exclusive jurisdiction.",
        annual_charges=290_000,
        terms=Terms(12, "months", "manual", renewal_style=0, tfc="neither", cap=Cap("pct", 200)),
        amendment={"renewal": {"renewal": "auto", "notice": 90, "notice_unit": "days", "renewal_style": 0}},
        amendment_date="15 May 2026",
        charges_note="on indicative 2026 season volumes",
        rebased_charges=395_000,
    ),
    Contract(
        cid="HF-SUP-2026-052",
        file="HF-SUP-2026-052_Ennis_Valley_Produce.docx",
        title="Supply Agreement",
        supplier="Ennis Valley Produce Limited",
        supplier_reg="a company incorporated in Ireland (company number 584120)",
        supplier_addr="Clonroad Business Park, Ennis, Co. Clare V95 T2K7, Ireland",
        dated="28 April 2026",
        subject="dried fruit and candied peel",
        law="Ireland",
        law_style=1,
        courts="The courts of Ireland shall have exclusive jurisdiction.",
        annual_charges=455_000,
        terms=Terms(18, "months", "auto", 30, "days", 1, "customer", Cap("mutual", 1_000_000)),
        customer_cap=150_000,
    ),
    Contract(
        cid="HF-SUP-2026-055",
        file="Harrowgate_FM_signed.pdf",
        title="Facilities Management Agreement",
        supplier="Harrowgate Facilities Management Ltd",
        supplier_reg="a company incorporated in Northern Ireland (company number NI612087)",
        supplier_addr="22 Lanyon Quay, Belfast BT1 3LG",
        dated="5 May 2026",
        subject="cleaning, security and grounds maintenance at the Norwich and Lisburn sites",
        law="Northern Ireland",
        law_style=0,
        courts="The courts of Northern Ireland shall have exclusive jurisdiction.",
        annual_charges=780_000,
        terms=Terms(30, "months", "auto", 90, "days", 0, "supplier_only", Cap("fixed", 2_500_000)),
        pdf=True,
        register_id="HF-SUP-2026-035",
    ),
    Contract(
        cid="HF-SUP-2026-058",
        file="HF-SUP-2026-058_Sowerby_Flexible_Films.docx",
        title="Supply Agreement",
        supplier="Sowerby Flexible Films Ltd",
        supplier_reg="a company incorporated in England and Wales (company number 09911254)",
        supplier_addr="Canal Side Mills, Sowerby Bridge HX6 2AG",
        dated="12 May 2026",
        subject="compostable film for the multipack range",
        law="England and Wales",
        law_style=0,
        courts=E_W_COURTS,
        annual_charges=520_000,
        terms=Terms(24, "months", "auto", 120, "days", 1, "neither", Cap("unlimited")),
        amendment={"renewal": {"renewal": "auto", "notice": 45, "notice_unit": "days", "renewal_style": 0}},
        amendment_date="1 June 2026",
    ),
    Contract(
        cid="HF-SUP-2026-061",
        file="HF-SUP-2026-061_Corvane_Analytics.docx",
        title="Services Agreement",
        supplier="Corvane Analytics Ltd",
        supplier_reg="a company incorporated in Scotland (company number SC602341)",
        supplier_addr="5 Quartermile Place, Edinburgh EH3 9GL",
        dated="19 May 2026",
        subject="shelf-availability analytics and category insight services",
        law="Scotland",
        law_style=1,
        courts="The Scottish courts shall have exclusive jurisdiction.",
        annual_charges=180_000,
        terms=Terms(24, "words_years", "manual", renewal_style=1, tfc="customer", cap=Cap("fixed", 500_000)),
        amendment={"cap": Cap("fixed", 800_000)},
        amendment_date="8 June 2026",
        draft={"cap": Cap("fixed", 400_000)},
    ),
    Contract(
        cid="HF-SUP-2026-064",
        file="HF-SUP-2026-064_Brightwater_Logistics.docx",
        title="Warehousing Services Agreement",
        supplier="Brightwater Logistics LLP",
        supplier_reg="a limited liability partnership registered in England and Wales (number OC398812)",
        supplier_addr="Brightwater Park, Thetford IP24 1HZ",
        dated="26 May 2026",
        subject="ambient warehousing and national distribution",
        law="England and Wales",
        law_style=0,
        courts="Each party irrevocably submits to the non-exclusive jurisdiction of the Scottish courts.",
        annual_charges=1_150_000,
        terms=Terms(48, "months", "auto", 6, "months", 1, "customer_without_cause", Cap("pct", 100)),
        # the Commercial Board (9 June) would not approve 48 months on six months' notice; Variation No. 1 was
        # signed on the platform on 12 June, two days after Procurement exported the batch
        late_change={"term": 24, "renewal": {"notice": 60, "notice_unit": "days"}},
        late_change_date="12 June 2026",
    ),
]


# procurement forwarded one agreement twice, once under the signing platform's name
SPRING_COPIES = {"Ennis Valley Produce - executed (2).docx": "HF-SUP-2026-052_Ennis_Valley_Produce.docx"}


def main() -> None:
    build("base", BASE, BASE_PLAYBOOK)
    build("spring", SPRING, SPRING_PLAYBOOK, SPRING_COPIES)
    for instance in ("base", "spring"):
        ref = FAMILY / "variants" / instance / "hidden" / "reference"
        print(instance, (ref / "risks.csv").read_text().count("\n") - 1, "risks")


if __name__ == "__main__":
    main()
