"""The LLM judge of deliverables: yes/no rubric probes and the 5-dimension rubric (docs/judge.md).

Judges are pinned (provider, endpoint, model, prompt-template hash), cached on disk, retried with backoff, and
raise `JudgeUnavailable` on an outage, which grading reports as an error, never as a score.
"""

from .backend import Backoff, ChatBackend, ChatRequest, Structured
from .cache import AnswerCache
from .errors import BackendFailure, JudgeConfigError, JudgeUnavailable
from .evidence import Evidence, collect
from .llm import JudgePin, JudgeStats, LLMJudge, RubricRating
from .openai_backend import OpenAIBackend
from .parse import DimensionScore, parse_rubric, parse_yes_no
from .rubric import RubricJudge, score_rubric, weighted_score, with_rubric
from .spec import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, JudgeSpec, make_judge, parse_spec, spec_from_env

__all__ = [
    "ENV_API_KEY",
    "ENV_BASE_URL",
    "ENV_MODEL",
    "AnswerCache",
    "BackendFailure",
    "Backoff",
    "ChatBackend",
    "ChatRequest",
    "DimensionScore",
    "Evidence",
    "JudgeConfigError",
    "JudgePin",
    "JudgeSpec",
    "JudgeStats",
    "JudgeUnavailable",
    "LLMJudge",
    "OpenAIBackend",
    "RubricJudge",
    "RubricRating",
    "Structured",
    "collect",
    "make_judge",
    "parse_rubric",
    "parse_spec",
    "parse_yes_no",
    "score_rubric",
    "spec_from_env",
    "weighted_score",
    "with_rubric",
]
