"""Every on-disk model refuses unknown keys and non-finite numbers, so no file can slip nan or inf through."""

from __future__ import annotations

import inspect
import math

import pytest
from pydantic import BaseModel, ValidationError

from worktrial.tasks import Budgets, PeopleConfig, checks, models, rubric


def _models() -> list[type[BaseModel]]:
    found = []
    for module in (models, checks, rubric):
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, BaseModel) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_model_is_strict(model: type[BaseModel]) -> None:
    assert model.model_config.get("extra") == "forbid"
    assert model.model_config.get("allow_inf_nan") is False


def test_enough_models_were_found() -> None:
    names = {m.__name__ for m in _models()}
    assert {"TaskConfig", "VariantConfig", "PeopleConfig", "InboxMessage", "TabularCheck", "RubricWeights"} <= names


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_numbers_are_refused(value: float) -> None:
    with pytest.raises(ValidationError, match="finite"):
        Budgets(max_usd=value)
    data = {"person": [{"id": "a", "name": "A", "role": "R", "over_factor": value}]}
    with pytest.raises(ValidationError, match="finite"):
        PeopleConfig.model_validate(data)
