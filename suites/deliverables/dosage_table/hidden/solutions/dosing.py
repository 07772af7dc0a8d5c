"""The dosage_table story shared by its calibration solutions: the formulary's monographs, dose wordings and the
renal dosing guide's rules. Reading Word and PDF files comes from the kit (worktrial_kit)."""

import re

import worktrial_kit as kit

AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(mg|g|micrograms?|mcg)\b", re.I)
FREQ_WORDS = [
    (r"\bevery (\d+) hours\b", None),
    (r"\bfour times (?:daily|a day)\b|\bqds\b|\bqid\b", 6),
    (r"\bthree times (?:daily|a day)\b|\btds\b|\btid\b", 8),
    (r"\btwice (?:daily|a day)\b|\bbd\b|\bbid\b", 12),
    (r"\bonce (?:daily|a day)\b|\bod\b|\bat night\b|\bnocte\b", 24),
    (r"\balternate days\b", 48),
]
BANDS = ("30_50", "10_29", "below_10")
BAND_RX = {
    "30_50": r"CrCl 30\s*(?:-|\u2013|to)\s*50 mL/min:",
    "10_29": r"CrCl 10\s*(?:-|\u2013|to)\s*29 mL/min:",
    "below_10": r"CrCl (?:less than|below|<)\s*10 mL/min:",
}


def to_mg(number, unit):
    value = float(number.replace(",", ""))
    unit = unit.lower()
    if unit == "g":
        return value * 1000
    if unit.startswith("microgram") or unit == "mcg":
        return value / 1000
    return value


def amounts_mg(text):
    return [to_mg(n, u) for n, u in AMOUNT.findall(text)]


def frequency_h(text):
    for rx, hours in FREQ_WORDS:
        m = re.search(rx, text, re.I)
        if m:
            return int(m.group(1)) if hours is None else hours
    return None


def single_dose_mg(text):
    """The regular single dose: after any loading dose, the upper end of a range."""
    text = re.sub(r"^\s*loading dose [^,]+,\s*then\s+", "", text, flags=re.I)
    return max(amounts_mg(text))


def read_formulary(path="input/formulary.docx"):
    """[(drug, on_formulary, [(indication, adult dose text, paediatric text, max text)])] in document order."""
    drugs, current = [], None
    for block in kit.docx_blocks(path):
        if block.kind == "paragraph":
            if block.style.lower() == "heading 2":
                current = [block.text.strip(), True, []]
                drugs.append(current)
            elif current is not None and block.text.startswith("Formulary status:"):
                current[1] = "non-formulary" not in block.text.lower()
        elif current is not None:
            header = [c.strip().lower() for c in block.rows[0]]
            col = {name: i for i, name in enumerate(header)}
            for row in block.rows[1:]:
                cells = [c.strip() for c in row]
                current[2].append(
                    (
                        cells[col["indication"]],
                        cells[col["adult dose"]],
                        cells[col["paediatric dose"]],
                        cells[col["maximum adult daily dose"]],
                    )
                )
    return drugs


def read_renal(names, path="input/renal_dosing_guide.pdf"):
    """{drug: {band: rule text}} for the drugs the guide lists."""
    lines = kit.pdf_text(path).splitlines()
    blocks, current = {}, None
    for line in lines:
        if line.strip() in names:
            current = line.strip()
            blocks[current] = []
        elif current is not None:
            blocks[current].append(line)
    rules = {}
    for drug, block in blocks.items():
        text = kit.plain(" ".join(block))
        rules[drug] = {}
        for band in BANDS:
            m = re.search(BAND_RX[band] + r"\s*(.+?)(?=CrCl [^:]*mL/min:|Comment:|$)", text)
            if m:
                rules[drug][band] = m.group(1).strip()
    return rules


def renal_daily(rule, dose, freq):
    """The daily amount in mg under a band's rule, or 'avoid'."""
    daily = dose * 24 / freq
    if rule is None:
        return daily
    if re.search(r"\bavoid\b|contraindicated", rule, re.I):
        return "avoid"
    m = re.search(r"reduce (?:the )?dose by (\d+(?:\.\d+)?)%", rule, re.I)
    if m:
        return daily * (100 - float(m.group(1))) / 100
    m = re.search(r"(\d+(?:\.\d+)?)% of the usual dose", rule, re.I)
    if m:
        return daily * float(m.group(1)) / 100
    m = re.search(r"interval to every (\d+) hours", rule, re.I)
    if m:
        return dose * 24 / int(m.group(1))
    m = re.search(r"maximum (.+?) (?:per day|daily)", rule, re.I)
    if m:
        return min(daily, max(amounts_mg(m.group(1))))
    return daily


def clean(x):
    x = round(x, 4)
    return int(x) if float(x).is_integer() else x
