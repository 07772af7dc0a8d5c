"""The simulated client organisation: people, their topics, simulated time, inbox, pilot, ledger.

Everything here is deterministic: the same configuration and the same worker actions give the same replies,
costs and ledger bytes on every run. See docs/world.md.
"""

from __future__ import annotations

from pathlib import Path

from .clock import SimClock, describe_time, format_time, parse_duration, parse_time
from .embed import warm_up
from .evidence import EvidenceJudge, EvidenceState, MessageEvidence, RuleJudge, split_sentences
from .gatecheck import CaseResult, GateReport, load_gate_checks, run_gate_checks
from .gates import GateResult, Said, judge_topic
from .ledger import GENESIS, Ledger, LedgerCheck, LedgerError, LedgerSummary, summarise, verify_ledger
from .numbers import Quantity, quantities
from .people import MAX_QUESTION_CHARS, PilotOutcome, PilotRunner, Reply, World
from .routing import Router, RouteWeights
from .service import MAX_CONNECTIONS, MAX_REQUEST_BYTES, WorldService, handle_request


def clients_dir() -> Path:
    """Folder holding the `ask` and `pilot` scripts that are copied into each workspace's bin/."""
    return Path(__file__).resolve().parent / "clients"


__all__ = [
    "GENESIS",
    "MAX_CONNECTIONS",
    "MAX_QUESTION_CHARS",
    "MAX_REQUEST_BYTES",
    "CaseResult",
    "EvidenceJudge",
    "EvidenceState",
    "GateReport",
    "GateResult",
    "Ledger",
    "LedgerCheck",
    "LedgerError",
    "LedgerSummary",
    "MessageEvidence",
    "PilotOutcome",
    "PilotRunner",
    "Quantity",
    "Reply",
    "RouteWeights",
    "Router",
    "RuleJudge",
    "Said",
    "SimClock",
    "World",
    "WorldService",
    "clients_dir",
    "describe_time",
    "format_time",
    "handle_request",
    "judge_topic",
    "load_gate_checks",
    "parse_duration",
    "parse_time",
    "quantities",
    "run_gate_checks",
    "split_sentences",
    "summarise",
    "verify_ledger",
    "warm_up",
]
