from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from worktrial.tasks.models import PeopleConfig, PilotConfig, WorldConfig
from worktrial.world import Ledger, PilotOutcome, Router, World

from .builders import cast

_routers: list[Router] = []


def router_for(people: PeopleConfig) -> Router:
    """One router per configuration object, shared across tests: topic embeddings are built once."""
    for router in _routers:
        if router.people is people:
            return router
    _routers.append(Router(people))
    return _routers[-1]


@pytest.fixture(scope="session")
def people() -> PeopleConfig:
    return cast()


def fake_pilot(run: int) -> PilotOutcome:
    return PilotOutcome(feedback=f"run {run}: staff saw 3 duplicate refunds", facts=[f"pilot_{run}"])


@pytest.fixture
def make_world(tmp_path: Path, people: PeopleConfig) -> Callable[..., World]:
    """make_world(name, people_config=..., pilot_runner=..., **world_fields): a World on a new ledger."""

    def build(name: str = "ledger", people_config: PeopleConfig | None = None, **world: Any) -> World:
        pilot = world.pop("pilot_runner", fake_pilot)
        config = people_config or people
        ledger = Ledger(tmp_path / f"{name}.jsonl")
        return World(config, WorldConfig(**world), ledger, router_for(config), pilot)

    return build


@pytest.fixture
def world(make_world: Callable[..., World]) -> World:
    return make_world(pilot=PilotConfig(max_runs=3, costs=[0.02, 0.05]))
