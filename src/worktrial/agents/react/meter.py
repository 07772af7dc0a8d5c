"""Tokens and dollars: per call (a `model_call` event) and in total (`AgentResult.usage`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..base import Trajectory
from ..providers.base import ModelResponse, Usage
from ..providers.pricing import Price


@dataclass
class Meter:
    model_id: str
    price: Price
    price_version: str
    harness: str
    harness_version: str
    usage: Usage = field(default_factory=Usage)
    usd: float = 0.0
    calls: int = 0

    def record(self, trajectory: Trajectory, response: ModelResponse, step: int, purpose: str, wall_s: float) -> float:
        cost = self.price.cost(response.usage)
        self.usage += response.usage
        self.usd += cost
        self.calls += 1
        trajectory.add(
            "model_call",
            step=step,
            purpose=purpose,
            model=self.model_id,
            served_by=response.model,
            finish_reason=response.raw_finish_reason,
            usage=asdict(response.usage),
            usd=round(cost, 8),
            total_usd=round(self.usd, 8),
            wall_s=round(wall_s, 3),
            text=response.text[:2000],
            tool_calls=[{"name": c.name, "arguments": c.raw_arguments[:2000]} for c in response.tool_calls],
        )
        return cost

    def totals(self) -> dict[str, Any]:
        return {
            "model": self.model_id,
            "harness": self.harness,
            "harness_version": self.harness_version,
            "price_table_version": self.price_version,
            "price_usd_per_mtok": asdict(self.price),
            "input_tokens": self.usage.input,
            "output_tokens": self.usage.output,
            "cache_read_tokens": self.usage.cache_read,
            "cache_write_tokens": self.usage.cache_write,
            "usd": round(self.usd, 8),
            "model_calls": self.calls,
        }
