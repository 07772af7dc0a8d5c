"""Which SDK failures are worth another try. Both official SDKs share the same error hierarchy."""

from __future__ import annotations

import json
from dataclasses import replace
from types import ModuleType

from .retry import Failure, MalformedResponse

RETRY_STATUS = frozenset({408, 409, 425, 429})


def _retry_after(headers: object) -> float | None:
    get = getattr(headers, "get", None)
    if get is None:
        return None
    value = get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except (TypeError, ValueError):
        return None


def classify_sdk_error(sdk: ModuleType, e: Exception) -> Failure | None:
    """Map an exception raised by `sdk` (the `openai` or `anthropic` module) to a `Failure`, or None."""
    if isinstance(e, sdk.APITimeoutError):
        return Failure("timed out", True)
    if isinstance(e, sdk.APIConnectionError):
        cause = e.__cause__ or e.__context__
        return Failure(f"connection failed ({type(cause).__name__ if cause else 'no reply'})", True)
    if isinstance(e, sdk.APIStatusError):
        status = int(e.status_code)
        retryable = status in RETRY_STATUS or status >= 500
        detail = str(getattr(e, "message", "") or "")[:300]
        return Failure(
            f"HTTP {status}: {detail}", retryable, status, _retry_after(getattr(e.response, "headers", None))
        )
    if isinstance(e, sdk.APIResponseValidationError | MalformedResponse | json.JSONDecodeError):
        return Failure(f"malformed response ({str(e)[:200]})", True)
    if isinstance(e, sdk.APIError):
        return Failure(str(e)[:300], False)
    return None


def redacted(failure: Failure | None, secret: str) -> Failure | None:
    """The failure with every occurrence of `secret` (an API key a server may echo back) masked."""
    if failure is None or len(secret) < 8 or secret not in failure.reason:
        return failure
    return replace(failure, reason=failure.reason.replace(secret, "[key]"))
