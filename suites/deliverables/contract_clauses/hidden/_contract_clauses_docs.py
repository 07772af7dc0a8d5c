"""contract_clauses' documents: the agreements (Word, one printed to PDF) and the playbook, written with fixed
metadata so that a rebuild gives the same bytes. Used by hidden/build_inputs.py."""

from __future__ import annotations

import datetime as dt
import io
import re
import subprocess
import tempfile
import zipfile
from dataclasses import replace
from pathlib import Path

import docx
from _contract_clauses_model import LAW_PHRASES, Cap, Contract, Playbook, Terms, dur, money, words
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from pypdf import PdfReader, PdfWriter

FIXED = dt.datetime(2026, 1, 12, 9, 0, 0)
CUSTOMER = "Halvergate Foods Limited"


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
    return (
        f'The initial term of this Agreement is {words(years)} years from the Commencement Date (the "Initial Term").'
    )


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
        return (
            lead
            + f"shall not exceed an amount equal to {words(cap.amount)} per cent ({cap.amount}%) of the Annual Charges."
        )
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
        # the copy on file was scanned before the Supplier signed
        supplier_signs = "____________________" if c.countersigned_later else "authorised signatory."
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
        d.add_paragraph(
            f"({next(letters)})\tClause {number} is deleted and replaced with the following: \u2018{text}\u2019"
        )


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
