"""Shared runner of the shortcuts: the engine with some treatments switched to a hurried worker's."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import _engine as eng

FACTS = Path("/solution/facts")


def run(notes: str, **choices: bool) -> int:
    facts = eng.load_facts(FACTS if FACTS.exists() else Path(__file__).resolve().parent / "facts",
                           Path("input"))
    eng.write(eng.solve(facts, eng.Choices(**choices)), notes, Path("output"))
    return 0
