"""tolerance_stackup reference: what it asks the client's staff (bin/ask) - the open questions each naming the
person's own area, and, once the stack is worked out, the figures shown to the manager and the designer, whose replies
point to Supplier Quality."""

from __future__ import annotations

import re
import sys
from pathlib import Path


def ask_staff() -> dict:
    known: dict = {}
    if not Path("bin/ask").exists():
        return known
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit

    r = kit.ask(
        "priya",
        "The ISA-160 assembly drawing gives the G2 gear-to-wall clearance at operating temperature "
        "and refers to test specification TS-160-3, which is not in the pack. What operating "
        "temperature should the G2 stack-up use?",
    )
    m = re.search(r"(\d+) ?°C", r.text) if r.answered else None
    if m:
        known["g2_temperature"] = float(m.group(1))
    r = kit.ask(
        "nadia",
        "For the C-160-02 cover there are inspection lots from two suppliers, Bellwood (in inch) and "
        "Kilnsey (in mm). Which supplier's lots represent the covers that will be built after the "
        "design freeze?",
    )
    if r.answered and re.search(r"Kilnsey only|only from Kilnsey|only Kilnsey", r.text):
        known["cover_supplier"] = "Kilnsey"
    r = kit.ask(
        "nadia",
        "Is there any inspection data on the ISA-160 parts that is not in the pack, for example "
        "on the purchased parts that have no supplier file?",
    )
    widths = {}
    for pn, mean, sd, n in re.findall(r"(6209[- ]?\w+)\D{0,40}?mean ([\d.]+) mm, s ([\d.]+) mm, n (\d+)", r.text):
        widths["BRG-" + pn.replace(" ", "-")] = [float(mean), float(sd), int(n)]
    if r.answered and widths:
        known["bearing_widths"] = widths
    r = kit.ask(
        "ravi",
        "The pack has only extracts of the drawings (dimension and GD&T tables). Do the notes on the "
        "full drawings change any dimension or add anything in the three stack-up loops?",
    )
    m = re.search(r"note (N\d)\D+?(S-160-\d\d)\D+?([\d.]+) ?mm ±([\d.]+) ?mm per side", r.text) if r.answered else None
    if m:
        known["plating"] = {
            "part": m.group(2),
            "ref": m.group(1),
            "nominal": float(m.group(3)),
            "tol": float(m.group(4)),
        }
    r = kit.ask(
        "gareth",
        "Before the design review: is the ISA-160 assembled on the line exactly as the BOM and the "
        "drawings show, or does the line do anything the drawings don't?",
    )
    m = re.search(r"(SH-160-\d\d)\D+([\d.]+) ?mm \(±([\d.]+)", r.text) if r.answered else None
    if m:
        known["shim"] = {"part": m.group(1), "nominal": float(m.group(2)), "tol": float(m.group(3))}
    return known


def ask_chain(first: str, question: str, then: str, follow_up: str, pattern: str) -> re.Match | None:
    """Show a figure to someone who may know where it goes wrong; if they name Supplier Quality, ask her."""
    import worktrial_kit as kit

    r = kit.ask(first, question)
    if not (r.answered and "Nadia" in r.text):
        return None
    r = kit.ask(then, follow_up)
    return re.search(pattern, r.text) if r.answered else None


def ask_with_figures(g1: dict, g3: dict) -> dict:
    known: dict = {}
    m = ask_chain(
        "helena",
        f"A first look at G1 before the review: the end float stack gives a mean of "
        f"{g1['mean_mm']:.2f} mm and a worst case of {g1['worst_case_max_mm']:.2f} mm at the top. "
        "Does that square with what you see of the ISA-160?",
        "nadia",
        "Helena says end of line has been rejecting ISA-160s for end float since November. Has "
        "anything changed in the supply of the GK-160-05 cover gasket?",
        r"(CN-\d+)\D+?([\d.]+) mm ±([\d.]+) mm",
    )
    if m:
        known["gasket"] = {
            "part": "GK-160-05",
            "nominal": float(m.group(2)),
            "tol": float(m.group(3)),
            "concession": m.group(1),
        }
    m = ask_chain(
        "ravi",
        f"G3 comes out at a worst case of {g3['worst_case_min_mm']:.4f} to "
        f"{g3['worst_case_max_mm']:.4f} mm and RSS down to {g3['rss_min_mm']:.4f} mm for the "
        "labyrinth clearance. Is that what you'd expect from the design?",
        "nadia",
        "Ravi says Tarnwick bore the housing's cover spigot bore H-160-01 D4 under a deviation. "
        "What tolerance are they allowed?",
        r"(DV-\d+).*?110\.000 \+([\d.]+)/0",
    )
    if m:
        known["deviation"] = {
            "part": "H-160-01",
            "ref": "D4",
            "upper": float(m.group(2)),
            "lower": 0.0,
            "id": m.group(1),
        }
    return known
