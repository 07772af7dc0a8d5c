"""Analysis: statistics and summaries over stored trials."""

from .stats import FLOOR, AgentSummary, TrialScore, bootstrap_ci, summarise_agent, summarise_job

__all__ = ["FLOOR", "AgentSummary", "TrialScore", "bootstrap_ci", "summarise_agent", "summarise_job"]
