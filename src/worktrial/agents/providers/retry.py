"""Retries with exponential backoff around one provider call."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from .base import ProviderError

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """`retries` more tries after the first; the n-th waits `base_delay_s * factor**n` (capped, with jitter)."""

    retries: int = 5
    base_delay_s: float = 1.0
    factor: float = 2.0
    max_delay_s: float = 60.0
    jitter: float = 0.1  # each delay is stretched by up to this fraction

    def delay(self, n: int, retry_after: float | None = None) -> float:
        d = min(self.max_delay_s, self.base_delay_s * self.factor**n)
        if retry_after is not None:
            d = min(self.max_delay_s, max(d, retry_after))
        return d * (1 + self.jitter * random.random())


@dataclass(frozen=True)
class Failure:
    """What went wrong in one try, as a provider classifies it."""

    reason: str
    retryable: bool
    status: int | None = None
    retry_after: float | None = None


class MalformedResponse(ValueError):
    """The server answered, but not with a response of the expected shape."""


async def with_retries(
    attempt: Callable[[], Awaitable[T]],
    classify: Callable[[Exception], Failure | None],
    policy: RetryPolicy,
    what: str,
) -> T:
    """Run `attempt` until it succeeds; retry what `classify` calls retryable, then raise `ProviderError`.

    `classify` returns None for exceptions that are not the provider's (they propagate unchanged).
    """
    n = 0
    while True:
        try:
            return await attempt()
        except Exception as e:
            failure = classify(e)
            if failure is None:
                raise
            if not failure.retryable or n >= policy.retries:
                raise ProviderError(
                    f"{what}: {failure.reason} (after {n + 1} tries)", attempts=n + 1, status=failure.status
                ) from e
            delay = policy.delay(n, failure.retry_after)
            log.warning("%s: %s; retry %d/%d in %.2fs", what, failure.reason, n + 1, policy.retries, delay)
            n += 1
            await asyncio.sleep(delay)
