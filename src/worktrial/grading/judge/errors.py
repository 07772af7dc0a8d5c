"""Failures of the judge. None of them is ever a score: they make the grade `status=error`."""

from __future__ import annotations


class JudgeUnavailable(RuntimeError):
    """The judge could not give an answer: the server failed, or kept answering what cannot be parsed, after
    every retry; or it was asked for something it cannot do (images to a text-only model)."""

    def __init__(self, message: str, *, attempts: int = 0) -> None:
        super().__init__(message)
        self.attempts = attempts


class BackendFailure(RuntimeError):
    """One request to the model failed. `retryable`: another try may succeed (timeouts, 429, 5xx, cut
    connections, malformed replies); otherwise retrying is pointless (401, 404, a request the server refuses)."""

    def __init__(self, reason: str, *, retryable: bool, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.retryable = retryable
        self.retry_after = retry_after


class JudgeConfigError(ValueError):
    """A judge spec or option that cannot work (unknown provider, missing key or base URL)."""
