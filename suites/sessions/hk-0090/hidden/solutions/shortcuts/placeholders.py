"""Shortcut: files of the right names whose content is a template still to fill in."""

NAMES = ["renewals_may_july.csv"]

from pathlib import Path

for name in NAMES:
    Path("output", name).write_text("TODO: fill in the figures here\n[insert summary]\n", encoding="utf-8")
