"""Asks everybody everything: the same general questions to each of the client's staff, whatever their role, then
the reference's stack-up with whatever the answers gave. A fact hinted nowhere is given only to an open question that
names the person's own area (the build, the inspection data, the drawings), so these questions, which name none,
reach neither the line's shim, goods-in's bearing widths nor the shaft drawing's plating note; questions that name no
gap, part or supplier reach neither hinted fact, and none shows a G1 or a G3 figure, so neither the manager nor
the designer points to the gasket's concession or the spigot bore's deviation; the questions cost what they cost."""

import re
import runpy
import sys

sys.path.insert(0, "/solution")

import worktrial_kit as kit

QUESTIONS = [
    "Is there anything I should know before I finalise the stack-up for the review?",
    "Has anything changed since these files were produced?",
    "Are there any problems with the figures in the pack?",
    "Which conditions and limits should the stack-up use?",
    "Which revisions are current?",
    "What units are the files in?",
]


def main() -> int:
    text = ""
    for person in [p["id"] for p in kit.who()]:
        for q in QUESTIONS:
            r = kit.ask(person, q)
            if r.answered:
                text += "\n" + r.text
    known: dict = {}
    m = re.search(r"use (\d+) ?°C for G2", text)
    if m:
        known["g2_temperature"] = float(m.group(1))
    if re.search(r"Kilnsey only|only from Kilnsey|only Kilnsey", text):
        known["cover_supplier"] = "Kilnsey"
    widths = {
        "BRG-" + pn.replace(" ", "-"): [float(mean), float(sd), int(n)]
        for pn, mean, sd, n in re.findall(r"(6209[- ]?\w+)\D{0,40}?mean ([\d.]+) mm, s ([\d.]+) mm, n (\d+)", text)
    }
    if widths:
        known["bearing_widths"] = widths
    m = re.search(r"note (N\d)\D+?(S-160-\d\d)\D+?([\d.]+) ?mm ±([\d.]+) ?mm per side", text)
    if m:
        known["plating"] = {
            "part": m.group(2),
            "ref": m.group(1),
            "nominal": float(m.group(3)),
            "tol": float(m.group(4)),
        }
    m = re.search(r"(SH-160-\d\d)\D+([\d.]+) ?mm \(±([\d.]+)", text)
    if m:
        known["shim"] = {"part": m.group(1), "nominal": float(m.group(2)), "tol": float(m.group(3))}
    m = re.search(r"(CN-\d+)\D+?([\d.]+) mm ±([\d.]+) mm", text)
    if m:
        known["gasket"] = {
            "part": "GK-160-05",
            "nominal": float(m.group(2)),
            "tol": float(m.group(3)),
            "concession": m.group(1),
        }
    print("asks_everybody found:", sorted(known))
    runpy.run_path("/solution/reference.py", init_globals={"KNOWN": known}, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
