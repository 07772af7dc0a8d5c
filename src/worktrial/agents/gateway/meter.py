"""What the gateway spent: one record per request (in memory and as a JSONL line), totals, and the budget."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..providers.base import Usage
from ..providers.pricing import Price

# Why the gateway stops forwarding: the spend cap, the call cap, or an upstream that kept failing.
MAX_USD, MAX_CALLS, ERROR = "max_usd", "max_calls", "error"


@dataclass(frozen=True)
class CallRecord:
    """One request of the harness. `outcome`: ok | refused (budget) | failed (upstream error) | client_error."""

    n: int
    outcome: str
    dialect: str  # what the harness spoke: chat | responses | messages
    upstream: str  # what was sent upstream (the same, or chat after translation; "" when refused)
    model: str  # worktrial's model id
    served_by: str = ""
    status: int = 200  # what the harness got
    stream: bool = False
    usage: Usage = field(default_factory=Usage)
    usd: float = 0.0
    total_usd: float = 0.0
    wall_s: float = 0.0
    attempts: int = 0
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["usd"], data["total_usd"] = round(self.usd, 10), round(self.total_usd, 10)
        data["wall_s"] = round(self.wall_s, 3)
        return data


@dataclass
class GatewayMeter:
    """Thread-safe; `path` (a JSONL file) gets every record as it happens, `on_record` too."""

    model_id: str
    price: Price
    price_version: str
    path: Path | None = None
    max_usd: float | None = None
    max_calls: int | None = None
    on_record: Callable[[CallRecord], None] | None = None
    records: list[CallRecord] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    usd: float = 0.0
    calls: int = 0  # requests forwarded upstream (refused ones are not)
    error: str = ""  # the first upstream failure that could not be retried away
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def stop(self) -> str:
        """Empty while requests are forwarded; else why not: `error`, `max_usd` or `max_calls`."""
        if self.error:
            return ERROR
        if self.max_usd is not None and self.usd > 0 and self.usd >= self.max_usd:
            return MAX_USD
        if self.max_calls is not None and self.calls >= self.max_calls:
            return MAX_CALLS
        return ""

    def admit(self) -> str:
        """Take a slot for one upstream call; returns "" or the reason the call is refused."""
        with self._lock:
            reason = self.stop
            if not reason:
                self.calls += 1
            return reason

    def fail(self, detail: str) -> None:
        with self._lock:
            self.error = self.error or detail

    def record(self, outcome: str, dialect: str, upstream: str, **kw: Any) -> CallRecord:
        usage: Usage = kw.pop("usage", Usage())
        with self._lock:
            cost = self.price.cost(usage)
            self.usage += usage
            self.usd += cost
            rec = CallRecord(
                len(self.records), outcome, dialect, upstream, self.model_id, usage=usage, usd=cost,
                total_usd=self.usd, **kw,
            )  # fmt: skip
            self.records.append(rec)
            if self.path is not None:
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(rec.to_json()) + "\n")
        if self.on_record is not None:
            self.on_record(rec)
        return rec

    def totals(self) -> dict[str, Any]:
        with self._lock:
            outcomes = [r.outcome for r in self.records]
            return {
                "model": self.model_id,
                "price_table_version": self.price_version,
                "price_usd_per_mtok": asdict(self.price),
                "input_tokens": self.usage.input,
                "output_tokens": self.usage.output,
                "cache_read_tokens": self.usage.cache_read,
                "cache_write_tokens": self.usage.cache_write,
                "usd": round(self.usd, 8),
                "model_calls": outcomes.count("ok"),
                "gateway_requests": len(outcomes),
                "refused": outcomes.count("refused"),
                "failed": outcomes.count("failed"),
                "stop": self.stop,
            }


def read_records(path: Path) -> list[dict[str, Any]]:
    """The records a meter wrote to `path`."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
