"""What task graders import on the host: bounded readers of /out, change detection, metrics, traffic.

    from worktrial.kit.grader import Output, changed_rows, baseline_dir, Confusion, Money, Traffic

Nothing here imports the rest of worktrial, so a grader using it runs the same wherever grading runs it.
"""

from .changes import Changes, baseline_dir, changed_decisions, changed_rows, default_normalise
from .metrics import Confusion, Money, as_details, by_segment, clamp, share, tally
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
    "keyed_uniform",
    "number",
    "share",
    "tally",
]
