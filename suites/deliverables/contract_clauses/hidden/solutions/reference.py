"""Expert solution: read every contract (docx or pdf) and the playbook, apply signed amendments, ignore drafts,
write output/clauses.xlsx and output/risks.csv. Where the client's staff can be asked (bin/ask), each anomaly in a
document is put to the person who knows: an amendment without the Supplier's signature and two contract references
in one agreement to the contracts administrator, Annual Charges on indicative volumes to Procurement. Before the
register is finalised, each person is asked the open question of their own area (staff.py): the coordinator who
exported the batch whether anything changed since, the Head of Procurement whether anything was agreed with
suppliers outside the signed agreements, Legal's senior counsel whether a framework or group agreement prevails
over any of them (she then wants the call-off's cap in sterling, worked out here), and supplier management whether
any supplier has changed (a novation, a new entity)."""

import csv
import os
import re
import sys

import docx
import openpyxl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import staff
import worktrial_kit as kit

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
UNITS = {w: i for i, w in enumerate([*ONES.split(" "), "seventeen", "eighteen", "nineteen"])}
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
OPEN = globals().get("OPEN", True)  # asks_about_anomalies: False (no open question of anyone's area)
GENERIC = globals().get("GENERIC", False)  # asks_everybody: only generic open questions, to everybody
REF = r"[A-Z]+-[A-Z]+-\d{4}-\d{3}"
UNSIGNED = r"Signed for [^:]+: .{0,80}?Signed for [^:]+: _{5,}"

TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def words_to_int(text):
    total, current = 0, 0
    for token in re.split(r"[\s-]+", text.lower()):
        if token in UNITS:
            current += UNITS[token]
        elif token in TENS:
            current += TENS[token]
        elif token == "hundred":
            current *= 100
        elif token in ("and", ""):
            continue
        else:
            current = 0  # a word before the number ("period of"): start again
    return total + current


LAWS = [
    ("Northern Ireland", r"Northern Ireland"),
    ("England and Wales", r"England and Wales|English"),
    ("Scotland", r"Scotland|Scots|Scottish"),
    ("Ireland", r"Ireland|Irish"),
    ("Netherlands", r"Netherlands|Dutch"),
    ("Germany", r"Germany|German"),
    ("New York", r"New York"),
]


def canonical_law(phrase):
    for name, rx in LAWS:
        if re.search(rx, phrase):
            return name
    return phrase.strip()


def last(matches):
    matches = list(matches)
    return matches[-1] if matches else None


def staff_available():
    return ASK and (kit.workspace() / "bin" / "ask").exists()


def anomalies_asked():
    return staff_available() and not GENERIC


def amendments_in_force(text, cid, supplier):
    """Drop a signed-looking amendment whose Supplier signature line is blank, unless the contracts administrator
    confirms that it was countersigned."""
    parts = re.split(r"(?=(?<!Proposed )Amendment No\. \d+ This Amendment)", text)
    kept = [parts[0]]
    for part in parts[1:]:
        if re.search(UNSIGNED, part):
            number = re.match(r"Amendment No\. (\d+)", part).group(1)
            date = re.search(r"is dated (\d+ \w+ \d{4})", part).group(1)
            confirmed = False
            if anomalies_asked():
                question = (
                    f"Amendment No. {number} to {cid} ({supplier}), dated {date}, is signed for Halvergate, but the "
                    "Supplier's signature line on the copy in the batch is blank. Was it countersigned, and is it in "
                    "force?"
                )
                r = kit.ask_when_in("owen", question, ["mon"])
                confirmed = r.answered and re.search(r"\bin force\b", r.text) and "not in force" not in r.text
            if not confirmed:
                continue  # the playbook: not signed by both parties, no effect
        kept.append(part)
    return " ".join(kept)


def register_id(text, cid):
    """The reference to log: the printed one, unless the schedule's register number differs and the contracts
    administrator says which is right."""
    m = re.search(rf"register no\.\s*({REF})", text)
    if not m or m.group(1) == cid or not anomalies_asked():
        return cid
    other = m.group(1)
    supplier = re.search(r"\(2\)\s*(.+?),\s+an?\s", text).group(1).strip()
    r = kit.ask_when_in(
        "owen",
        f"The signed {supplier} agreement says Contract reference {cid} on its front page, but its Schedule 1 "
        f"shows Halvergate register no. {other}. Which reference should I log?",
        ["mon"],
    )
    if r.answered:
        named = re.search(rf"({REF}) is right", r.text)
        if named and named.group(1) in (cid, other):
            return named.group(1)
    return cid


def annual_charges(text, cid, supplier):
    """The Annual Charges of Schedule 1, or Procurement's re-based figure when the schedule says they are
    indicative."""
    m = re.search(r"Annual Charges[\s|:]*£\s?([\d,]+)([^|]*)", text)
    if not m:
        return None
    charges = float(m.group(1).replace(",", ""))
    if "indicative" in m.group(2) and anomalies_asked():
        r = kit.ask_when_in(
            "farah",
            f"Schedule 1 of the {supplier} agreement ({cid}) gives Annual Charges of £{m.group(1)} on "
            "indicative volumes. "
            "Were they re-based once the volumes were known, and what are the Annual Charges now?",
            ["fri"],
        )
        new = re.search(r"re-based the Annual Charges[^£]*£([\d,]+)", r.text) if r.answered else None
        if new:
            charges = float(new.group(1).replace(",", ""))
    return charges


def parse_contract(text):
    text = kit.plain(text)
    text = re.split(r"Proposed Amendment", text)[0]  # an unsigned draft has no effect
    out = {}
    cid = re.search(rf"Contract reference:\s*({REF})", text).group(1)
    supplier = re.search(r"\(2\)\s*(.+?),\s+an?\s", text).group(1).strip()
    text = amendments_in_force(text, cid, supplier)
    out["contract_id"] = register_id(text, cid)
    out["counterparty"] = re.search(r"\(2\)\s*(.+?),\s+an?\s", text).group(1).strip()
    law = last(re.finditer(r"governed by (?:and construed in accordance with )?(.+?)\.(?:\s|$)", text))
    out["governing_law"] = canonical_law(law.group(1))
    term = last(
        re.finditer(
            r"(?:initial term of|period of|initial term of this Agreement is) ([a-z][a-z\- ]*?)(?: \((\d+)\))? "
            r'(months?|years?)(?: from the Commencement Date)? \(the "Initial Term"\)',
            text,
            re.I,
        )
    )
    n = int(term.group(2)) if term.group(2) else words_to_int(term.group(1))
    out["term_months"] = n * 12 if term.group(3).lower().startswith("year") else n
    events = [(m.start(), "auto") for m in re.finditer(r"shall (?:automatically renew|renew automatically)", text)]
    events += [
        (m.start(), "manual")
        for m in re.finditer(r"shall expire automatically at the end of the Initial Term|no automatic renewal", text)
    ]
    pos, renewal = max(events) if events else (0, "manual")
    out["renewal"] = renewal
    out["notice_days"] = None
    if renewal == "auto":
        m = re.search(r"(?:not less than|at least) (?:[a-z\- ]+ )?\((\d+)\) (days?|months?)", text[pos : pos + 500])
        out["notice_days"] = int(m.group(1)) * (30 if m.group(2).startswith("month") else 1)
    tfc = [
        (m.start(), "yes")
        for m in re.finditer(
            r"The Customer may terminate this Agreement (?:for convenience|at any time without cause)", text
        )
    ]
    tfc += [
        (m.start(), "no")
        for m in re.finditer(
            r"Neither party may terminate this Agreement for convenience|The Customer shall have no equivalent right",
            text,
        )
    ]
    out["termination_for_convenience"] = max(tfc)[1] if tfc else "no"
    caps = [
        (m.start(), m)
        for m in re.finditer(
            r"(?:the Supplier's|each party's) total aggregate liability[^.]*?shall not exceed "
            r"(?:an amount equal to [a-z\- ]+ per cent \((\d+)%\) of the Annual Charges|([£€])\s?([\d,]+))",
            text,
            re.I,
        )
    ]
    caps += [
        (m.start(), None)
        for m in re.finditer(r"the Supplier's liability under this Agreement shall be unlimited", text, re.I)
    ]
    _, cap = max(caps, key=lambda c: c[0])
    out["annual_charges"] = annual_charges(text, cid, supplier)
    if cap is None:
        out["cap"] = ("unlimited", None)
    elif cap.group(1):
        out["cap"] = ("pct", float(cap.group(1)))
    else:
        out["cap"] = ("EUR" if cap.group(2) == "€" else "GBP", float(cap.group(3).replace(",", "")))
    return out


def parse_playbook(path):
    d = docx.Document(path)
    text = kit.plain("\n".join(p.text for p in d.paragraphs))
    rules = {}
    for table in d.tables:
        for row in table.rows:
            cells = [kit.plain(c.text) for c in row.cells]
            if len(cells) < 3 or not re.match(r"^[A-Z]+-\d+$", cells[0]):
                continue
            rid, topic, standard = cells[0], cells[1].lower(), cells[2]
            if "governing law" in topic:
                laws = re.search(r"governed by the laws of (.+?)\.", standard).group(1)
                rules["law"] = (rid, [s.strip() for s in re.split(r",| or ", laws) if s.strip()])
            elif "initial term" in topic:
                rules["term"] = (rid, int(re.search(r"not exceed (\d+) months", standard).group(1)))
            elif "renewal" in topic:
                rules["notice"] = (rid, int(re.search(r"not exceed (\d+) days", standard).group(1)))
            elif "liability" in topic:
                rules["cap"] = (rid, float(re.search(r"at least £([\d,]+)", standard).group(1).replace(",", "")))
            elif "convenience" in topic:
                rules["tfc"] = (rid, int(re.search(r"exceeds (\d+) months", standard).group(1)))
    rate = float(re.search(r"£\s?(\d+(?:\.\d+)?) per €\s?1", text).group(1))
    return rules, rate


def main():
    rules, rate = parse_playbook("input/playbook.docx")
    rows = []
    seen = set()
    for path in kit.documents_in("input/contracts"):
        text = kit.document_text(path)
        if text in seen:  # the same agreement sent twice
            continue
        seen.add(text)
        c = parse_contract(text)
        kind, amount = c["cap"]
        if kind == "unlimited":
            cap = "unlimited"
        elif kind == "pct":
            cap = round(c["annual_charges"] * amount / 100, 2)
        elif kind == "EUR":
            cap = round(amount * rate, 2)
        else:
            cap = amount
        c["liability_cap"] = int(cap) if isinstance(cap, float) and cap.is_integer() else cap
        rows.append(c)
    if staff_available() and (OPEN or GENERIC):
        staff.apply(rows, staff.open_answers(rows, rate, generic=GENERIC))
    rows.sort(key=lambda c: c["contract_id"])

    os.makedirs("output", exist_ok=True)
    headers = [
        "contract_id",
        "counterparty",
        "governing_law",
        "term_months",
        "renewal",
        "notice_days",
        "liability_cap",
        "termination_for_convenience",
    ]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Clauses"
    ws.append(headers)
    for c in rows:
        ws.append([c[h] for h in headers])
    for col, width in zip("ABCDEFGH", (18, 38, 20, 12, 10, 12, 14, 28), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    wb.save("output/clauses.xlsx")

    findings = []
    for c in rows:
        found = []
        rid, allowed = rules["law"]
        if c["governing_law"] not in allowed:
            found.append((rid, f"governed by the laws of {c['governing_law']}"))
        rid, limit = rules["term"]
        if c["term_months"] > limit:
            found.append((rid, f"initial term {c['term_months']} months exceeds {limit}"))
        rid, limit = rules["notice"]
        if c["renewal"] == "auto" and c["notice_days"] > limit:
            found.append((rid, f"automatic renewal with {c['notice_days']} days' notice exceeds {limit}"))
        rid, floor = rules["cap"]
        if c["liability_cap"] != "unlimited" and c["liability_cap"] < floor:
            found.append((rid, f"Supplier cap £{c['liability_cap']:,.0f} is below £{floor:,.0f}"))
        rid, over = rules["tfc"]
        if c["term_months"] > over and c["termination_for_convenience"] == "no":
            found.append((rid, f"no Customer termination for convenience; initial term {c['term_months']} months"))
        findings += [(c["contract_id"], r, f) for r, f in sorted(found)]
    with open("output/risks.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["contract_id", "rule_id", "finding"])
        w.writerows(findings)


main()
