"""The question banks and grade boundaries of marking_scheme's instances, for hidden/build_inputs.py.

Each question's mark points are the scheme's rows; the right and wrong phrasings are what the generator writes into
a student's answer for a decided outcome per mark point.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Criterion:
    kind: str  # value | unit | keyword | choice
    marks: int
    point: str  # the "Mark point" cell
    accept: str  # the "Accept" cell


@dataclass
class Question:
    n: int
    prompt: str
    criteria: list[Criterion]
    # value questions: (working, value-text) pairs for a right and a wrong final answer
    right: list[tuple[str, str]] = field(default_factory=list)
    wrong: list[tuple[str, str]] = field(default_factory=list)
    units_right: list[str] = field(default_factory=list)
    units_wrong: list[str] = field(default_factory=list)
    method_right: list[str] = field(default_factory=list)  # keyword criterion of a calculation
    method_wrong: list[str] = field(default_factory=list)
    # keyword questions: per criterion, phrases that earn it and phrases that do not
    phrases: list[tuple[list[str], list[str]]] = field(default_factory=list)
    choices: tuple[str, list[str]] = ("", [])


def value_q(n, prompt, marks, accept, right, wrong, unit=None, method=None):
    crits = []
    mr, mw = [], []
    if method is not None:
        words, keywords, mr, mw = method
        crits.append(Criterion("keyword", 1, f"Keyword: {words}", "Any of: " + "; ".join(keywords)))
    crits.append(Criterion("value", marks, "Final answer (value)", accept))
    ur, uw = [], []
    if unit is not None:
        symbols, words, ur, uw = unit
        text = f"Symbols: {', '.join(symbols)}."
        if words:
            text += f" Words: {', '.join(words)}."
        crits.append(Criterion("unit", 1, "Unit", text))
    return Question(n, prompt, crits, right=right, wrong=wrong, units_right=ur, units_wrong=uw,
                    method_right=mr, method_wrong=mw)  # fmt: skip


def keyword_q(n, prompt, parts):
    crits = [
        Criterion("keyword", 1, f"Keyword: {what}", "Any of: " + "; ".join(accept)) for what, accept, _, _ in parts
    ]
    return Question(n, prompt, crits, phrases=[(r, w) for _, _, r, w in parts])


def choice_q(n, prompt, letter, wrong):
    return Question(n, prompt, [Criterion("choice", 1, "Multiple choice", letter)], choices=(letter, wrong))


PHYSICS = [
    value_q(1, "A resultant force acts on a 2.5 kg trolley, which accelerates at 4.8 m/s². Calculate the force.",
            2, "11.9 to 12.1",
            right=[("F = ma = 2.5 x 4.8", "12"), ("2.5 x 4.8", "12.0"), ("", "12")],
            wrong=[("2.5 + 4.8", "7.3"), ("4.8 / 2.5", "1.92"), ("2.5 x 4.8 x 9.8", "117.6")],
            unit=(["N"], ["newton", "newtons"], ["N", "newtons", "Newtons", "N."], ["", "n", "kg", "Nm", "J"])),
    value_q(2, "A 0.45 kg ball moves at 12.5 m/s. Calculate its kinetic energy.", 2, "35 to 35.2",
            right=[("Ek = 1/2 x m x v^2 = 0.5 x 0.45 x 12.5 x 12.5", "35.16"),
                   ("0.5 x 0.45 x 156.25", "35.2"), ("1/2 x 0.45 x 12.5^2", "35.156"), ("0.5 x 0.45 x 156.25", "35")],
            wrong=[("0.45 x 12.5 x 12.5", "70.3"), ("0.5 x 0.45 x 12.5", "2.8"), ("1/2 x 0.45 x 12.5^2", "35.9")],
            unit=(["J"], ["joule", "joules"], ["J", "joules", "J (joules)"], ["", "j", "N", "W", "kJ"])),
    keyword_q(3, "A skydiver opens her parachute and soon falls at a steady speed. Explain why.", [
        ("names the force opposing motion", ["air resistance", "drag"],
         ["the air resistance goes up a lot", "drag increases because the area is bigger", "Air Resistance rises"],
         ["the parachute slows her down", "the upward force gets bigger", "friction from the parachute increases"]),
        ("forces balanced", ["balanced", "equal", "resultant force is zero", "no resultant force"],
         ["until the forces are balanced", "until it is equal to her weight", "so there is no resultant force"],
         ["so she stops speeding up", "and then she falls slowly", "so gravity is cancelled out"]),
    ]),
    choice_q(4, "Which of these is a vector quantity? A speed  B mass  C velocity  D energy", "C", ["A", "B", "D"]),
    value_q(5, "A motor transfers 5000 J of energy in 45 s. Calculate its power.", 2, "111 to 111.2",
            right=[("5000 / 45", "111.1"), ("5000 / 45", "111"), ("5000/45", "111.11")],
            wrong=[("5000 x 45", "225000"), ("45 / 5000", "0.009"), ("5000 / 45", "110")],
            unit=(["W"], ["watt", "watts"], ["W", "watts", "Watts"], ["", "w", "J", "J/s"]),
            method=("power equation", ["P = E/t", "power = energy / time", "power = energy transferred / time"],
                    ["P = E/t", "power = energy / time", "P = E / t", "Power = Energy transferred / time"],
                    ["", "", "P = W / t", "E = P x t"])),
    value_q(6, "A spring (k = 25 N/m) is stretched by 0.06 m. Calculate the energy stored in it.", 2,
            "0.044 to 0.046",
            right=[("Ee = 1/2 x k x e^2 = 0.5 x 25 x 0.0036", "0.045"), ("0.5 x 25 x 0.06 x 0.06", "0.045")],
            wrong=[("25 x 0.06 x 0.06", "0.09"), ("0.5 x 25 x 0.06", "0.75"), ("0.5 x 25 x 0.06 x 0.06", "0.05")],
            unit=(["J"], ["joule", "joules"], ["J", "joules"], ["", "N", "J/m", "Nm"])),
    value_q(7, "Calculate the weight of a 65 kg student on Earth (g = 9.8 N/kg).", 2, "636 to 638; 650",
            right=[("W = mg = 65 x 9.8", "637"), ("65 x 10", "650"), ("65 x 9.8", "637.0")],
            wrong=[("65 / 9.8", "6.6"), ("65 + 9.8", "74.8"), ("65 x 9.8", "63.7")],
            unit=(["N"], ["newton", "newtons"], ["N", "newtons"], ["", "kg", "N/kg", "n"])),
    choice_q(8, "Which energy store increases when a spring is stretched? A kinetic  B elastic potential  "
                "C chemical  D thermal", "B", ["A", "C", "D"]),
    keyword_q(9, "Explain why a car's stopping distance is longer on a wet road.", [
        ("grip between tyres and road", ["friction", "grip"],
         ["there is less friction between the tyres and the road", "the tyres have less grip", "less Friction"],
         ["the road is slippery", "the tyres slide on the water", "the road is smooth when it rains"]),
        ("names the braking distance", ["braking distance"],
         ["so the braking distance is longer", "which makes the Braking Distance bigger"],
         ["so it takes longer to stop", "so the car travels further before stopping"]),
        ("thinking distance unchanged", ["thinking distance"],
         ["the thinking distance stays the same", "thinking distance is not affected"],
         ["the driver reacts just as fast", "reaction time is the same"]),
    ]),
]

CHEMISTRY = [
    value_q(1, "Calculate the relative formula mass (Mr) of calcium carbonate, CaCO3 (Ar: Ca 40, C 12, O 16).",
            2, "100",
            right=[("Mr = 40 + 12 + (3 x 16)", "100"), ("40 + 12 + 48", "100")],
            wrong=[("40 + 12 + 16", "68"), ("40 + 12 + 3 + 16", "71"), ("40 x 12 x 16", "7680")]),
    value_q(2, "Calculate the amount of carbon dioxide in 22 g of CO2 (Mr = 44).", 2, "0.5",
            right=[("n = m / Mr = 22 / 44", "0.5"), ("22/44", "0.50")],
            wrong=[("44 / 22", "2"), ("22 x 44", "968"), ("22 / 12", "1.83")],
            unit=(["mol"], ["mole", "moles"], ["mol", "moles", "Moles"], ["", "g", "mol/dm3", "M"])),
    value_q(3, "4.0 g of sodium hydroxide is dissolved to make 250 cm3 of solution. Calculate the concentration "
               "in g/dm3.", 2, "16",
            right=[("250 cm3 = 0.25 dm3, concentration = 4.0 / 0.25", "16"), ("4 / 0.25", "16.0")],
            wrong=[("4.0 / 250", "0.016"), ("4.0 x 0.25", "1"), ("4.0 / 2.5", "1.6")],
            unit=(["g/dm3", "g/dm^3", "g dm-3"], ["grams per dm3", "grams per cubic decimetre"],
                  ["g/dm3", "g/dm^3", "grams per dm3", "g dm-3"], ["", "g", "mol/dm3", "g/cm3", "dm3"])),
    choice_q(4, "Which is the unit of amount of substance? A g  B mol  C dm3  D g/mol", "B", ["A", "C", "D"]),
    value_q(5, "Calculate the mass of carbon dioxide made when 12.5 g of calcium carbonate decomposes "
               "(CaCO3 -> CaO + CO2).", 2, "5.5",
            right=[("moles CaCO3 = 12.5 / 100 = 0.125, mass CO2 = 0.125 x 44", "5.5"), ("12.5 / 100 x 44", "5.50")],
            wrong=[("12.5 x 44", "550"), ("12.5 / 44 x 100", "28.4"), ("12.5 - 5.6", "6.9")],
            unit=(["g"], ["gram", "grams"], ["g", "grams", "Grams"], ["", "G", "kg", "mol", "g/mol"])),
    keyword_q(6, "Magnesium ribbon is heated in an open crucible and its mass goes up. Explain why.", [
        ("names the gas that reacts", ["oxygen"],
         ["it reacts with oxygen", "Oxygen is added to it", "it combines with oxygen"],
         ["it gains atoms", "a gas joins on", "it takes in something"]),
        ("from the air", ["from the air", "in the air", "from air"],
         ["that comes from the air", "which is in the air", "taken from Air around it"],
         ["when it burns", "in the crucible", "as it is heated"]),
        ("names the product", ["magnesium oxide", "MgO"],
         ["to make magnesium oxide", "forming MgO", "and Magnesium Oxide is made"],
         ["to make a white powder", "forming ash", "so a new substance forms"]),
    ]),
    value_q(7, "A reaction should make 7.4 g of product but only 6.2 g is collected. Calculate the percentage "
               "yield.", 2, "83.7 to 83.8; 84",
            right=[("yield = 6.2 / 7.4 x 100", "83.8"), ("6.2/7.4 x 100", "84"), ("6.2 / 7.4 x 100", "83.78")],
            wrong=[("7.4 / 6.2 x 100", "119.4"), ("6.2 / 7.4", "0.84"), ("7.4 - 6.2", "1.2")],
            unit=(["%"], ["percent", "per cent"], ["%", "percent", " %"], ["", "g", "percentage points"])),
    keyword_q(8, "Give two reasons why the yield in question 7 is less than 100 %.", [
        ("product lost", ["lost", "spilled", "left behind"],
         ["some product was lost when filtering", "some was spilled", "some was left behind in the beaker"],
         ["the student was careless", "the scales were wrong", "it was not dry"]),
        ("reaction incomplete", ["reversible", "side reaction", "did not react completely", "incomplete"],
         ["the reaction is reversible", "a side reaction happened", "the reactants did not react completely",
          "the reaction was incomplete"],
         ["some reactant was impure", "the temperature was too low", "the reaction was too slow"]),
    ]),
]

# Grade boundaries: (grade, minimum total)
PHYSICS_BANDS = [("9", 21), ("8", 19), ("7", 17), ("6", 15), ("5", 13), ("4", 11), ("3", 8), ("2", 5), ("1", 3),
                 ("U", 0)]  # fmt: skip
CHEMISTRY_BANDS = [("9", 18), ("8", 16), ("7", 14), ("6", 12), ("5", 10), ("4", 8), ("3", 6), ("2", 4), ("1", 2),
                   ("U", 0)]  # fmt: skip
