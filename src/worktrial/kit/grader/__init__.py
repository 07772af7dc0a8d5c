"""What task graders and deliverable checks import on the host: bounded readers of /out, change detection,
metrics, traffic, figures of a delivered JSON file and the matters a note raises.

    from worktrial.kit.grader import Output, changed_rows, baseline_dir, Confusion, Money, Traffic

Nothing here imports the rest of worktrial, so a grader using it runs the same wherever grading runs it.
"""

from .changes import Changes, baseline_dir, changed_decisions, changed_rows, default_normalise
from .figures import figure_block, json_object
from .metrics import Confusion, Money, as_details, by_segment, clamp, share, tally
from .notes import matters_raised, names, names_matter, note_blocks, note_matters
from .outputs import Output, ReadLimits, Table, number
from .traffic import Traffic, edge_texts, keyed_uniform

__all__ = [
    "Changes",
    "Confusion",
    "Money",
    "Output",
    "ReadLimits",
    "Table",
    "Traffic",
    "as_details",
    "baseline_dir",
    "by_segment",
    "changed_decisions",
    "changed_rows",
    "clamp",
    "default_normalise",
    "edge_texts",
    "figure_block",
    "json_object",
    "keyed_uniform",
    "matters_raised",
    "names",
    "names_matter",
    "note_blocks",
    "note_matters",
    "number",
    "share",
    "tally",
]
