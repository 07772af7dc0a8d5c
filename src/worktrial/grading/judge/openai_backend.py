"""`ChatBackend` on the `openai` SDK: OpenAI, OpenRouter, vLLM, Ollama, llama.cpp and other servers speaking
the chat-completions API. The SDK's own retries are off: the judge retries, so that every try is counted."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .backend import ChatRequest, Structured
from .errors import BackendFailure

if TYPE_CHECKING:  # imported when first used: the SDK takes half a second to import
    import openai

RETRY_STATUS = frozenset({408, 409, 425, 429})


def _mime(image: bytes) -> str:
    return "image/jpeg" if image.startswith(b"\xff\xd8") else "image/png"


def request_body(request: ChatRequest, model: str, structured: Structured) -> dict[str, Any]:
    """The chat-completions request for `request` (messages, sampling, response format)."""
    user: str | list[dict[str, Any]] = request.user
    if request.images:
        user = [{"type": "text", "text": request.user}] + [
            {"type": "image_url", "image_url": {"url": f"data:{_mime(i)};base64,{base64.b64encode(i).decode()}"}}
            for i in request.images
        ]
    body: dict[str, Any] = {
        "model": model,
        "messages": [{"role": "system", "content": request.system}, {"role": "user", "content": user}],
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
    }
    if request.schema is not None and structured == "json_schema":
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": request.schema_name or "answer", "schema": dict(request.schema), "strict": True},
        }
    elif request.schema is not None and structured == "json_object":
        body["response_format"] = {"type": "json_object", "schema": dict(request.schema)}
    return body


def _retry_after(e: openai.APIStatusError) -> float | None:
    value = e.response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def classify(e: Exception) -> BackendFailure | None:
    """The SDK's exception as a `BackendFailure`, or None when it is not the server's doing."""
    import openai

    if isinstance(e, openai.APITimeoutError):
        return BackendFailure("timed out", retryable=True)
    if isinstance(e, openai.APIConnectionError):
        cause = e.__cause__ or e.__context__
        return BackendFailure(f"connection failed ({type(cause).__name__ if cause else 'no reply'})", retryable=True)
    if isinstance(e, openai.APIStatusError):
        status = int(e.status_code)
        detail = str(getattr(e, "message", "") or "")[:300]
        retryable = status in RETRY_STATUS or status >= 500
        return BackendFailure(f"HTTP {status}: {detail}", retryable=retryable, retry_after=_retry_after(e))
    if isinstance(e, openai.APIResponseValidationError | json.JSONDecodeError):
        return BackendFailure(f"malformed response ({str(e)[:200]})", retryable=True)
    if isinstance(e, openai.APIError):
        return BackendFailure(str(e)[:300], retryable=False)
    return None


def reply_text(completion: Any) -> str:
    """The text of the first choice; BackendFailure (retryable) when the completion has none."""
    try:
        content = completion.choices[0].message.content
    except (AttributeError, IndexError, TypeError):
        raise BackendFailure("malformed response (no choice with a message)", retryable=True) from None
    if not isinstance(content, str) or not content.strip():
        raise BackendFailure("empty reply", retryable=True)
    return content


@dataclass
class OpenAIBackend:
    """`base_url` may be a callable, read before every request (a local server restarted on a new port)."""

    model: str
    base_url: str | Callable[[], str] | None = None
    api_key: str | None = None
    provider: str = "openai-compatible"
    endpoint: str = ""
    structured: Structured = "off"
    vision: bool = True
    timeout_s: float = 120.0
    _clients: dict[str | None, openai.OpenAI] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _client(self) -> openai.OpenAI:
        import openai

        url = self.base_url() if callable(self.base_url) else self.base_url
        with self._lock:
            if url not in self._clients:
                self._clients[url] = openai.OpenAI(
                    base_url=url, api_key=self.api_key or "none", max_retries=0, timeout=self.timeout_s
                )
            return self._clients[url]

    def complete(self, request: ChatRequest) -> str:
        body = request_body(request, self.model, self.structured)
        try:
            completion = self._client().chat.completions.create(**body)
        except Exception as e:
            failure = classify(e)
            if failure is None:
                raise
            if self.api_key and len(self.api_key) >= 8:  # a server may echo the key back
                failure = BackendFailure(
                    str(failure).replace(self.api_key, "[key]"),
                    retryable=failure.retryable,
                    retry_after=failure.retry_after,
                )
            raise failure from e
        return reply_text(completion)

    def close(self) -> None:
        with self._lock:
            for client in self._clients.values():
                client.close()
            self._clients.clear()
