"""royalty_statements' documents: the publishing agreements and the amendment (docx), the receipts statement (a
small fixed-bytes PDF writer) and the e-mails (eml). The agreements state their terms as publishing agreements do:
royalties on the recommended retail price or on net receipts, escalators, the high-discount and export clauses, the
reserve against returns, the advance and (where agreed) joint accounting, sub-rights shares, the agency clause."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import docx
from _royalty_statements_catalogue import AGENCIES, COMPANY
from _royalty_statements_files import FIXED_TIME, normalise_zip
from _royalty_statements_model import World, d

from worktrial.kit.documents import LinePdf

WORDS = {
    2.5: "two and a half",
    5.0: "five",
    6.0: "six",
    7.5: "seven and a half",
    8.5: "eight and a half",
    10.0: "ten",
    12.5: "twelve and a half",
    15.0: "fifteen",
    20.0: "twenty",
    25.0: "twenty-five",
    30.0: "thirty",
    50.0: "fifty",
    52.5: "fifty-two and a half",
    55.0: "fifty-five",
    75.0: "seventy-five",
    80.0: "eighty",
    90.0: "ninety",
}
NUMBERS = {
    2000: "two thousand",
    3000: "three thousand",
    5000: "five thousand",
    10000: "ten thousand",
    20000: "twenty thousand",
}
COUNT_WORDS = {2: "two", 3: "three"}


def pct(x: float) -> str:
    return f"{x:g}% ({WORDS[x]} per cent)"


def copies(n: int) -> str:
    return f"{n:,} ({NUMBERS[n]})"


def long_date(s: str | date) -> str:
    v = d(s) if isinstance(s, str) else s
    return f"{v.day} {v.strftime('%B %Y')}"


def escalator(bands: list) -> str:
    if len(bands) == 1:
        return f"{pct(bands[0][1])} of the recommended retail price on all copies sold"
    parts = []
    for i, (size, rate) in enumerate(bands):
        if size is None:
            parts.append(f"{pct(rate)} of the recommended retail price on all copies sold thereafter")
        else:
            parts.append(
                f"{pct(rate)} of the recommended retail price on the {'first' if i == 0 else 'next'} "
                f"{copies(size)} copies sold"
            )
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def save_docx(doc, path: Path) -> None:
    doc.core_properties.author = COMPANY
    doc.core_properties.created = doc.core_properties.modified = datetime(*FIXED_TIME)
    doc.save(str(path))
    normalise_zip(path)


def _money_words(n: float) -> str:
    return f"£{n:,.0f}"


def contract_doc(w: World, c: dict, path: Path, draft: bool = False) -> None:
    a = w.authors[c["author"]]
    t = c["terms"]
    fmts = {e[0] for e in c["editions"]}
    doc = docx.Document()
    doc.add_heading("DRAFT - NOT SIGNED" if draft else "Publishing Agreement", 0)
    doc.add_paragraph(f"Agreement no. {c['cid']}")
    doc.add_paragraph(
        f'This Agreement is made on {long_date(c["signed"])} between {a["name"]} ("the Author") and '
        f'{COMPANY}, of 14 Quay Street, Bristol ("the Publishers"), concerning the work at present '
        f'entitled {c["title"]} ("the Work").'
    )
    doc.add_heading("1. Definitions", 1)
    doc.add_paragraph(
        '"Home market" means the United Kingdom of Great Britain and Northern Ireland and the Republic '
        'of Ireland; copies sold outside the home market are sold "for export".'
    )
    doc.add_paragraph(
        '"Net receipts" means the sums actually received by the Publishers from the sale of the '
        "relevant edition, after trade discounts and exclusive of VAT."
    )
    doc.add_paragraph(
        '"Recommended retail price" means the Publishers\' published price of the edition in the '
        'United Kingdom at the date of sale. "Accounting period" means each period of six months '
        "ending on 30 June or 31 December."
    )
    doc.add_heading("2. Grant of rights", 1)
    doc.add_paragraph(
        "The Author grants the Publishers the sole and exclusive right to produce and publish the Work "
        "in volume form, as an ebook and as an audiobook, in all languages throughout the world, for "
        "the full term of copyright, and to license the subsidiary rights listed in clause 7."
    )
    doc.add_heading("3. Delivery and publication", 1)
    doc.add_paragraph(
        "The Author shall deliver the complete typescript by the date agreed in writing. The "
        "Publishers shall publish the Work within eighteen months of accepting it, in such formats and "
        "at such prices as they think fit."
    )
    doc.add_heading("4. Advance", 1)
    total = sum(x[1] for x in c["advance"])
    stages = {
        "signature": "on signature of this Agreement",
        "delivery": "on delivery and acceptance of the complete typescript",
        "publication": "on first publication of the Work",
    }
    doc.add_paragraph(
        f"The Publishers shall pay the Author an advance of {_money_words(total)} on account of all sums "
        "accruing to the Author under this Agreement, payable as follows: "
        + "; ".join(f"{_money_words(x[1])} {stages[x[0]]}" for x in c["advance"])
        + "."
    )
    if c.get("joint") and c["joint"] < c["cid"]:
        other = w.contracts[c["joint"]]
        doc.add_paragraph(
            f"This Agreement and the agreement between the parties dated {long_date(other['signed'])} "
            f"for the work {other['title']} (agreement no. {other['cid']}) shall be accounted jointly: "
            "the advances paid under both shall be recouped from all sums accruing to the Author under "
            "either of them."
        )
    doc.add_heading("5. Royalties", 1)
    doc.add_paragraph(
        "The Publishers shall pay the Author the following royalties on copies of the Work sold, less copies returned:"
    )
    n = iter("abcdefghij")
    if t.get("hb"):
        doc.add_paragraph(f"({next(n)}) Hardback edition, home market: {escalator(t['hb'])}.")
    if t.get("pb"):
        doc.add_paragraph(f"({next(n)}) Paperback edition, home market: {escalator(t['pb'])}.")
    print_fmts = [f for f in ("HB", "PB") if t.get(f.lower())]
    names = {"HB": "hardback", "PB": "paperback"}
    doc.add_paragraph(
        f"({next(n)}) Export: on copies sold for export, "
        + " and ".join(f"{pct(t['export'][f])} of net receipts on the {names[f]} edition" for f in print_fmts)
        + "."
    )
    doc.add_paragraph(
        f"({next(n)}) High discount: on copies of the print editions sold in the home market at a "
        f"discount of {pct(t['hd_threshold'])} or more of the recommended retail price, "
        + " and ".join(f"{pct(t['hd'][f])} of net receipts on the {names[f]} edition" for f in print_fmts)
        + ". Copies so sold shall not count towards the numbers of copies at which the royalties in "
        "the home market increase."
    )
    doc.add_paragraph(f"({next(n)}) Ebook: {pct(t['ebook'])} of net receipts from sales of the ebook edition.")
    if t.get("audio") and "AU" in fmts:
        doc.add_paragraph(
            f"({next(n)}) Audio download: on the unabridged audio download edition produced by the "
            f"Publishers, {pct(t['audio'])} of net receipts."
        )
    else:
        doc.add_paragraph(
            f"({next(n)}) Audio: the Publishers shall not produce an audio edition of their own; "
            "audio rights shall be licensed under clause 7."
        )
    doc.add_paragraph(
        f"({next(n)}) No royalty shall be paid on copies given away for review or promotion, or destroyed."
    )
    doc.add_heading("6. Copies for the Author", 1)
    doc.add_paragraph(
        "The Author shall receive twelve free copies of each edition and may buy further copies at a "
        "discount of 50% for personal use, not for resale."
    )
    doc.add_heading("7. Subsidiary rights", 1)
    doc.add_paragraph(
        "The Publishers shall pay the Author the following shares of all sums received by the "
        "Publishers from the licensing of the following rights:"
    )
    table = doc.add_table(rows=1, cols=2)
    table.style = "Table Grid"
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Right", "Author's share"
    for right, label in (
        ("translation", "Translation rights"),
        ("serial", "First serial rights"),
        ("audio_licence", "Audio rights licensed to a third party"),
    ):
        cells = table.add_row().cells
        cells[0].text, cells[1].text = label, pct(t["sub"][right])
    doc.add_heading("8. Accounts", 1)
    rpct, periods = t["reserve"]
    span = (
        "the accounting period of its first publication and the next"
        if periods == 2
        else "the accounting period of its first publication and the two that follow"
    )
    doc.add_paragraph(
        "8.1 The Publishers shall make up accounts to 30 June and 31 December in each year and shall "
        "render statements and pay all sums due within three months of each of those dates."
    )
    doc.add_paragraph(
        f"8.2 The Publishers may withhold a reserve against returns of not more than {pct(rpct)} of the "
        f"royalties earned on each print edition in each of the first {COUNT_WORDS[periods]} accounting "
        f"periods in which that edition is on sale ({span}). Each sum so withheld shall be released "
        "in the accounting period following that in which it was withheld."
    )
    doc.add_paragraph(
        "8.3 Sums received in a foreign currency shall be converted into sterling at the rate at which "
        "the Publishers receive them."
    )
    doc.add_heading("9. Payments", 1)
    if a["agency"]:
        doc.add_paragraph(
            f"All sums due to the Author under this Agreement shall be paid to the Author's agent, "
            f"{a['agency']}, whose receipt shall be a full and sufficient discharge to the Publishers, "
            "and statements shall be sent to the agent."
        )
    else:
        doc.add_paragraph(
            "All sums due to the Author under this Agreement shall be paid by bank transfer to the "
            "account the Author notifies to the Publishers in writing."
        )
    doc.add_heading("10. Reversion", 1)
    doc.add_paragraph(
        "If the Work is out of print in all editions, or if fewer than 150 (one hundred and fifty) "
        "copies of all editions together are sold in each of two consecutive accounting periods, the "
        "Author may give written notice requiring the Publishers to reissue or promote the Work "
        "within six months, failing which all rights granted shall revert to the Author."
    )
    doc.add_heading("11. General", 1)
    doc.add_paragraph(
        "This Agreement may be varied only in writing signed by both parties. It is governed by the law "
        "of England and Wales."
    )
    if not draft:
        doc.add_paragraph(f"Signed for the Publishers: Dominic Achterberg, Managing Director.   Signed: {a['name']}.")
    save_docx(doc, path)


def amendment_doc(w: World, c: dict, path: Path) -> None:
    am = c["amended"]
    a = w.authors[c["author"]]
    doc = docx.Document()
    doc.add_heading("Amendment No. 1", 0)
    doc.add_paragraph(
        f"to the Publishing Agreement no. {c['cid']} dated {long_date(c['signed'])} between {a['name']} "
        f"and {COMPANY} for the work {c['title']}."
    )
    doc.add_paragraph(f"Dated {long_date(am['date'])}.")
    letter = "b" if c["terms"].get("hb") else "a"  # the paperback clause follows the hardback one
    doc.add_paragraph(
        f"With effect from {long_date(am['from'])} clause 5({letter}) of the Agreement is deleted and replaced by "
        f'the following: "({letter}) Paperback edition, home market: {escalator(am["pb"])}."'
    )
    doc.add_paragraph(
        "This amendment supersedes the royalty on the paperback edition stated in the Agreement for "
        "copies sold from that date. Every other term of the Agreement remains in force."
    )
    doc.add_paragraph(f"Signed for the Publishers: Dominic Achterberg, Managing Director.   Signed: {a['name']}.")
    save_docx(doc, path)


def write_contracts(w: World, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for cid, c in w.contracts.items():
        surname = w.authors[c["author"]]["name"].split()[-1].replace("'", "")
        slug = "-".join(c["title"].replace("'", "").replace(",", "").split())
        contract_doc(w, c, folder / f"{cid}_{surname}_{slug}.docx")
        if c.get("amended"):
            amendment_doc(w, c, folder / f"{cid}_{surname}_Amendment-1.docx")
    if w.inst["hard"]:  # the next book's agreement as drafted, never signed
        c = dict(w.contracts["KL-2022-014"])
        c.update(
            cid="KL-2027-001",
            title="Untitled second novel",
            signed="2027-01-20",
            advance=[
                ("signature", 9000, "2027-01-20"),
                ("delivery", 9000, "2027-01-20"),
                ("publication", 9000, "2027-01-20"),
            ],
        )
        contract_doc(w, c, folder / "KL-2027-001_Rennard_DRAFT-v2.docx", draft=True)


# ------------------------------------------------------------------------------------------- pdf and e-mail


_PRINT = LinePdf("Kestrel Lane Finance", "20270216090000", size=9, leading=12, origin=(40, 800))


def write_pdf(path: Path, lines: list[str], title: str, per_page: int = 60) -> None:
    """A print-out PDF (Courier, A4), one text line per line given; '\\f' starts a new page."""
    _PRINT.write(path, title, lines, per_page)


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (
        f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
        f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}"
    )
    path.write_text(text, encoding="utf-8")


__all__ = ["AGENCIES", "contract_doc", "write_contracts", "write_eml", "write_pdf"]
