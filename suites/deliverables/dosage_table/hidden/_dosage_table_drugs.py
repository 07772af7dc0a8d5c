"""dosage_table's drug pool: the invented drugs, their regimens and the renal dose rules drawn from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

CLASSES = {
    "antibacterial": [
        "Community-acquired pneumonia",
        "Lower urinary tract infection",
        "Cellulitis",
        "Intra-abdominal infection",
        "Bone and joint infection",
    ],
    "antiviral": ["Herpes zoster", "Influenza treatment", "Genital herpes, first episode"],
    "analgesic": ["Moderate to severe acute pain", "Chronic musculoskeletal pain"],
    "acid suppressant": ["Gastro-oesophageal reflux disease", "Prophylaxis of stress ulceration"],
    "antihypertensive": ["Hypertension", "Heart failure with reduced ejection fraction"],
    "anticonvulsant": ["Focal seizures, adjunctive therapy", "Neuropathic pain"],
    "antiemetic": ["Postoperative nausea and vomiting", "Chemotherapy-induced nausea"],
    "antifungal": ["Oropharyngeal candidiasis", "Invasive aspergillosis, step-down therapy"],
}
POOL = [
    ("Velocillin", "antibacterial"),
    ("Carbazotam", "antibacterial"),
    ("Fenotrexin", "antibacterial"),
    ("Halvacycline", "antibacterial"),
    ("Mirapenem", "antibacterial"),
    ("Peloxacin", "antibacterial"),
    ("Zantrovir", "antiviral"),
    ("Ostravir", "antiviral"),
    ("Quinofen", "analgesic"),
    ("Tiramex", "analgesic"),
    ("Lumiprazole", "acid suppressant"),
    ("Sulvatone", "acid suppressant"),
    ("Rendalol", "antihypertensive"),
    ("Gantorel", "antihypertensive"),
    ("Cystrazine", "anticonvulsant"),
    ("Kelmarin", "anticonvulsant"),
    ("Idravex", "antiemetic"),
    ("Pramecil", "antiemetic"),
    ("Voriplen", "antifungal"),
    ("Ulvanide", "antifungal"),
    ("Xerodone", "analgesic"),
    ("Torvadine", "antihypertensive"),
    ("Ambrifen", "anticonvulsant"),
    ("Selvorin", "antibacterial"),
]

# (single dose in mg, interval in hours)
REGIMENS = [
    (500, 8),
    (250, 6),
    (1000, 12),
    (200, 8),
    (20, 24),
    (40, 12),
    (0.5, 24),
    (100, 12),
    (2000, 8),
    (5, 24),
    (10, 12),
    (750, 8),
    (400, 12),
    (150, 6),
    (300, 48),
    (600, 12),
    (60, 24),
    (0.25, 24),
    (1500, 12),
    (50, 6),
    (1000, 8),
    (8, 12),
]
WORD_FREQ = {6: "four times daily", 8: "three times daily", 12: "twice daily", 24: "once daily"}
LATIN_FREQ = {6: "qds", 8: "tds", 12: "bd", 24: "od"}


def mg_text(mg: float, unit: str) -> str:
    """A dose in the unit asked for: 'mg', 'g' or 'mcg'."""
    if unit == "g":
        return f"{mg / 1000:g} g"
    if unit == "mcg":
        return f"{mg * 1000:g} micrograms"
    return f"{mg:,g} mg" if mg < 1000 else f"{mg:,.0f} mg"


def natural_unit(mg: float) -> str:
    if mg < 1:
        return "mcg"
    return "g" if mg >= 1000 and (mg / 1000) * 2 == int((mg / 1000) * 2) else "mg"


def freq_text(hours: int, style: str) -> str:
    if hours == 48:
        return "every 48 hours" if style != "words" else "on alternate days"
    if style == "words":
        return WORD_FREQ[hours]
    if style == "latin":
        return LATIN_FREQ[hours]
    return f"every {hours} hours"


@dataclass
class Row:
    indication: str
    dose: float
    freq: int
    max_daily: float
    dose_style: str  # plain | range | loading
    freq_style: str  # hours | words | latin
    max_unit: str
    paed: str
    printed_max: str = ""  # the monograph's text when it differs from the true maximum (a keying error)

    @property
    def daily(self) -> float:
        return self.dose * 24 / self.freq

    def dose_text(self) -> str:
        unit = natural_unit(self.dose)
        f = freq_text(self.freq, self.freq_style)
        if self.dose_style == "range":
            low = self.dose / 2
            return f"{mg_text(low, natural_unit(low))} to {mg_text(self.dose, unit)} {f}"
        if self.dose_style == "loading":
            load = self.dose * 2
            return f"Loading dose {mg_text(load, natural_unit(load))}, then {mg_text(self.dose, unit)} {f}"
        return f"{mg_text(self.dose, unit)} {f}"

    def max_text(self) -> str:
        if self.printed_max:
            return self.printed_max
        return mg_text(self.max_daily, self.max_unit) + ("" if self.max_unit == "mcg" else " per day")


@dataclass
class Drug:
    name: str
    cls: str
    formulary: bool
    rows: list[Row]
    renal: dict | None = None  # band -> (rule, value, text)
    presentations: str = ""
    # what the client's staff know and the documents do not (hidden/DESIGN.md, "The client's staff")
    true_renal: dict | None = None  # the renal team's re-reviewed rules, where the guide prints the old ones
    renal_comment: str = ""  # the guide's comment line, when fixed rather than drawn
    listed: bool | None = None  # the current formulary status, when a committee decision postdates the document

    @property
    def in_table(self) -> bool:
        return self.formulary if self.listed is None else self.listed

    @property
    def rules(self) -> dict | None:
        return self.true_renal or self.renal


BANDS = ("30_50", "10_29", "below_10")
BAND_LABELS = {
    "30_50": ("CrCl 30-50 mL/min", "CrCl 30 to 50 mL/min"),
    "10_29": ("CrCl 10-29 mL/min", "CrCl 10 to 29 mL/min"),
    "below_10": ("CrCl less than 10 mL/min", "CrCl <10 mL/min"),
}


def nice(x: float) -> float:
    """Round a made-up maximum to a number a formulary would print."""
    for step in (1000, 500, 250, 100, 50, 25, 10, 5, 1, 0.5, 0.25, 0.125):
        if x >= step * 2:
            return round(x / step) * step
    return round(x, 3)


def renal_daily(row: Row, rule: tuple) -> float | str:
    kind, value = rule[0], rule[1]
    if kind == "avoid":
        return "avoid"
    if kind == "none":
        return row.daily
    if kind == "pct":
        return row.daily * value / 100
    if kind == "reduce":
        return row.daily * (100 - value) / 100
    if kind == "interval":
        return row.dose * 24 / value
    return min(row.daily, value)  # max per day


def make_rule(rng: random.Random, band: str, drug: Drug) -> tuple:
    longest = max(r.freq for r in drug.rows)
    intervals = [n for n in (12, 24, 48) if n > longest]
    options = {
        "30_50": ["none", "none", "pct75", "interval", "max"],
        "10_29": ["pct50", "reduce", "interval", "max", "avoid"],
        "below_10": ["avoid", "avoid", "pct25", "interval"],
    }[band]
    choice = rng.choice(options)
    if choice == "interval" and not intervals:
        choice = "pct50" if band != "30_50" else "none"
    if choice == "none":
        return ("none", 0, rng.choice(["No dose adjustment needed.", "Dose as in normal renal function."]))
    if choice.startswith("pct"):
        pct = int(choice[3:])
        return ("pct", pct, f"Give {pct}% of the usual dose at the usual interval.")
    if choice == "reduce":
        pct = rng.choice([25, 50])
        return ("reduce", pct, f"Reduce the dose by {pct}%.")
    if choice == "interval":
        n = intervals[0] if band != "below_10" else intervals[-1]
        return ("interval", n, f"Extend the dosing interval to every {n} hours (same dose).")
    if choice == "max":
        cap = nice(max(r.daily for r in drug.rows) * rng.choice([0.5, 0.6]))
        return ("max", cap, f"Maximum {mg_text(cap, natural_unit(cap))} per day.")
    return ("avoid", 0, rng.choice(["Avoid.", "Contraindicated - avoid."]))


def _le(value: float | str, previous: float | str) -> bool:
    if previous == "avoid":
        return value == "avoid"
    return value == "avoid" or value <= previous + 1e-9


def make_drugs(seed: int) -> list[Drug]:
    rng = random.Random(seed)
    picked = rng.sample(POOL, 14)
    regimens = rng.sample(REGIMENS, len(REGIMENS))
    dose_styles = ["plain", "plain", "range", "plain", "loading", "plain"]
    freq_styles = ["hours", "words", "latin", "words", "hours"]
    max_units = ["natural", "mg", "natural"]
    drugs, k = [], 0
    contradictions = set(rng.sample(range(16), 4))
    for i, (name, cls) in enumerate(picked):
        n_rows = 2 if i in (1, 4, 7, 10) else 1
        indications = rng.sample(CLASSES[cls], n_rows)
        rows = []
        for ind in indications:
            dose, freq = regimens[k % len(regimens)]
            daily = dose * 24 / freq
            if k in contradictions and i < 12:
                max_daily = nice(daily * rng.choice([0.5, 0.75]))
            else:
                max_daily = nice(daily * rng.choice([1, 1.5, 2]))
                max_daily = max(max_daily, daily)
            max_unit = max_units[k % len(max_units)]
            max_unit = natural_unit(max_daily) if max_unit == "natural" else ("mcg" if max_daily < 1 else "mg")
            style = dose_styles[k % len(dose_styles)]
            if style == "range" and natural_unit(dose / 2) == "mcg" and dose >= 1:
                style = "plain"
            paed_dose = nice(dose / 50) if dose >= 5 else round(dose / 20, 3)
            paed = (
                f"{mg_text(paed_dose, natural_unit(paed_dose))}/kg {freq_text(freq, 'hours')}"
                if rng.random() < 0.7
                else "Not licensed under 12 years"
            )
            rows.append(Row(ind, dose, freq, max_daily, style, freq_styles[k % len(freq_styles)], max_unit, paed))
            k += 1
        strengths = sorted({r.dose for r in rows} | {r.dose / 2 for r in rows if r.dose >= 10})
        presentations = "; ".join(f"{mg_text(s, natural_unit(s))} tablets" for s in strengths[:3])
        drugs.append(Drug(name, cls, i < 12, rows, presentations=presentations))
    # Renal rules for 9 of the 12 formulary drugs and one of the withdrawn ones; the rest need no adjustment.
    listed = [*rng.sample(range(12), 9), 12]
    for i in listed:
        d = drugs[i]
        d.renal = {}
        previous = [r.daily for r in d.rows]
        for band in BANDS:
            # Worse kidneys never allow more: every row's daily amount falls or stays, and avoid stays avoid.
            for _ in range(50):
                rule = make_rule(rng, band, d)
                values = [renal_daily(r, rule) for r in d.rows]
                if all(_le(v, p) for v, p in zip(values, previous, strict=True)):
                    break
            else:
                rule = ("avoid", 0, "Avoid.")
                values = ["avoid"] * len(d.rows)
            d.renal[band] = rule
            previous = values
    return drugs
