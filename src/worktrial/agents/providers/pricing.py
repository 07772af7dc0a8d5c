"""The price table (`worktrial/data/prices.toml`): USD per million tokens per model id, with a version."""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .base import Usage

PER = 1_000_000


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_read: float = 0.0
    cache_write: float = 0.0

    def cost(self, usage: Usage) -> float:
        return (
            usage.input * self.input
            + usage.output * self.output
            + usage.cache_read * self.cache_read
            + usage.cache_write * self.cache_write
        ) / PER

    @classmethod
    def parse(cls, text: str) -> Price:
        """`IN,OUT[,CACHE_READ[,CACHE_WRITE]]` in USD per million tokens (cache prices default to input)."""
        parts = [float(p) for p in text.split(",") if p.strip()]
        if not 2 <= len(parts) <= 4 or any(p < 0 for p in parts):
            raise ValueError(f"bad price {text!r}: want IN,OUT[,CACHE_READ[,CACHE_WRITE]] in USD per 1M tokens")
        cache_read = parts[2] if len(parts) > 2 else parts[0]
        cache_write = parts[3] if len(parts) > 3 else parts[0]
        return cls(parts[0], parts[1], cache_read, cache_write)


@dataclass(frozen=True)
class PriceTable:
    version: str
    models: dict[str, Price]

    def lookup(self, model_id: str) -> Price | None:
        candidates = [model_id]
        if model_id.startswith("openrouter/"):
            candidates.append(model_id.removeprefix("openrouter/"))
        for cand in candidates:
            if cand in self.models:
                return self.models[cand]
        for cand in candidates:
            for pattern, price in self.models.items():
                if any(ch in pattern for ch in "*?[") and fnmatch.fnmatchcase(cand, pattern):
                    return price
        return None

    @classmethod
    def from_toml(cls, text: str) -> PriceTable:
        data: dict[str, Any] = tomllib.loads(text)
        version = data.get("version")
        if not isinstance(version, str) or not version:
            raise ValueError("price table has no `version`")
        models = {
            mid: Price(
                float(p["input"]),
                float(p["output"]),
                float(p.get("cache_read", 0.0)),
                float(p.get("cache_write", 0.0)),
            )
            for mid, p in data.get("models", {}).items()
        }
        return cls(version, models)


@lru_cache(maxsize=1)
def price_table() -> PriceTable:
    text = resources.files("worktrial").joinpath("data/prices.toml").read_text(encoding="utf-8")
    return PriceTable.from_toml(text)
