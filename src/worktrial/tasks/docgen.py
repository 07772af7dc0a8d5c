"""Render the field tables of docs/task-format.md from the pydantic models, so the docs cannot drift."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .evidence import Claim, Evidence, Figure
from .gate_checks import GateCase
from .models import (
    AnchorConfig,
    Budgets,
    Fact,
    GateCondition,
    GraderConfig,
    InboxMessage,
    PeopleConfig,
    Person,
    PilotConfig,
    SystemConfig,
    TaskConfig,
    Topic,
    VariantConfig,
    WorldConfig,
)
from .rubric import RubricConfig, RubricWeights

SECTIONS: list[tuple[str, type[BaseModel]]] = [
    ("task.toml (top level)", TaskConfig),
    ("task.toml [budgets]", Budgets),
    ("task.toml [system]", SystemConfig),
    ("task.toml [world]", WorldConfig),
    ("task.toml [world.pilot]", PilotConfig),
    ("task.toml [grader]", GraderConfig),
    ("task.toml [grader.rubric]", RubricConfig),
    ("task.toml [grader.rubric.weights]", RubricWeights),
    ("task.toml [anchors]", AnchorConfig),
    ("variants/<id>/variant.toml", VariantConfig),
    ("hidden/people.toml (top level)", PeopleConfig),
    ("hidden/people.toml [[person]]", Person),
    ("hidden/people.toml [[person.topics]]", Topic),
    ("hidden/people.toml [[person.topics.gate]]", GateCondition),
    ("hidden/people.toml [[inbox]]", InboxMessage),
    ("hidden/people.toml [[fact]]", Fact),
    ("hidden/people.toml [fact.evidence]", Evidence),
    ("hidden/people.toml [[fact.evidence.claims]] and [[fact.evidence.against]]", Claim),
    ("hidden/people.toml [[fact.evidence.figures]]", Figure),
    ("hidden/gate_checks.toml [[case]]", GateCase),
]


def _default_value(info: FieldInfo) -> Any:
    factory: Any = info.default_factory
    return factory() if factory is not None else info.default


def _default(info: FieldInfo) -> str:
    return "required" if info.is_required() else f"`{_default_value(info)!r}`"


def field_table(model: type[BaseModel]) -> str:
    lines = ["| field | default | meaning |", "|---|---|---|"]
    for name, info in model.model_fields.items():
        key = info.alias or name
        if not info.is_required() and isinstance(_default_value(info), BaseModel):
            continue  # nested sections have their own table
        desc = (info.description or "").replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{key}` | {_default(info).replace('|', chr(92) + '|')} | {desc} |")
    return "\n".join(lines)


def render_reference() -> str:
    return "\n\n".join(f"### {title}\n\n{field_table(model)}" for title, model in SECTIONS) + "\n"


if __name__ == "__main__":
    print(render_reference())
